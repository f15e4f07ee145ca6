import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultModelKeysFile } from './keys-file.js';
import { ModelKeys } from './keys.js';

const ANTHROPIC_KEY = 'sk-ant-api03-0123456789abcdefghij-Zz99';
const OPENAI_KEY = 'sk-proj-abcdefghijklmnopqrstuvwx-Yy88';
const posix = process.platform !== 'win32';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-model-keys-'));
  file = join(dir, 'mcpscope', 'model-keys.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('ModelKeys', () => {
  it('reads keys and endpoints from the providers’ usual variables, and never shows a key', async () => {
    const keys = await ModelKeys.open({ env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } });
    const listing = keys.listing();
    expect(listing.persistent).toBe(false);
    expect(listing.providers.map((p) => [p.provider, p.key?.source, p.key?.masked, p.baseUrlSource, p.ready])).toEqual([
      ['anthropic', 'env', 'sk-ant-…Zz99', 'default', true],
      ['openai', 'env', 'sk-proj-…Yy88', 'env', true],
      ['openai-compatible', undefined, undefined, 'none', false],
    ]);
    expect(listing.providers[0]!.key?.variable).toBe('ANTHROPIC_API_KEY');
    expect(JSON.stringify(listing)).not.toContain(ANTHROPIC_KEY);
    expect(JSON.stringify(listing)).not.toContain(OPENAI_KEY);
    expect(keys.settings('openai')).toEqual({ apiKey: OPENAI_KEY, keySource: 'env', baseUrl: 'http://127.0.0.1:9/v1', models: ['gpt-5', 'gpt-5-mini'] });
  });

  it('says a provider without a key is not ready, and a local endpoint needs none', async () => {
    const keys = await ModelKeys.open({ env: {} });
    expect(keys.view('anthropic').ready).toBe(false);
    expect(await keys.configure('openai-compatible', { baseUrl: 'http://127.0.0.1:11434/v1/', models: ['llama3.2', ' ', 'llama3.2'] })).toEqual({
      ok: true,
      view: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', baseUrlSource: 'set', models: ['llama3.2'], ready: true },
    });
  });

  it('keeps a typed key in memory only, over the environment’s, and forgetting it falls back to the environment', async () => {
    const keys = await ModelKeys.open({ env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY } });
    const typed = 'sk-ant-typed-0123456789abcdef-Qq11';
    expect(await keys.setKey('anthropic', `  ${typed}\n`)).toMatchObject({ ok: true, view: { key: { source: 'typed', masked: 'sk-ant-…Qq11' } } });
    expect(keys.settings('anthropic').apiKey).toBe(typed);
    expect(await keys.forgetKey('anthropic')).toMatchObject({ ok: true, view: { key: { source: 'env' } } });
    expect(await keys.forgetKey('anthropic')).toEqual({
      ok: false,
      error: "The anthropic key comes from ANTHROPIC_API_KEY in mcpscope's environment: unset it and restart mcpscope to stop using it.",
    });
  });

  it('refuses an empty key, one with a space inside, and an endpoint that is not http(s) or carries a password', async () => {
    const keys = await ModelKeys.open({ env: {} });
    expect(await keys.setKey('openai', '  ')).toEqual({ ok: false, error: 'Type the API key: the field is empty.' });
    expect(await keys.setKey('openai', 'sk-one two')).toMatchObject({ ok: false, error: expect.stringMatching(/space or a line break/) });
    expect(await keys.configure('openai', { baseUrl: 'file:///etc/passwd' })).toMatchObject({ ok: false, error: expect.stringMatching(/http: or https:/) });
    expect(await keys.configure('openai', { baseUrl: 'http://me:pw@127.0.0.1/v1' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no user name or password/),
    });
    expect(await keys.configure('openai', { baseUrl: 'llama' })).toMatchObject({ ok: false, error: expect.stringMatching(/is not a URL/) });
    expect(await keys.configure('openai', { models: 'gpt-5' })).toMatchObject({ ok: false });
  });

  it('with a file (--remember-credentials), keeps typed keys 0600 across restarts and forgetAll removes it', async () => {
    const keys = await ModelKeys.open({ file, env: {} });
    expect(await keys.setKey('openai', OPENAI_KEY)).toMatchObject({ ok: true, view: { key: { source: 'stored' } } });
    await keys.configure('openai-compatible', { baseUrl: 'http://127.0.0.1:1234/v1' });
    if (posix) expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await ModelKeys.open({ file, env: {} });
    expect(again.listing()).toMatchObject({ persistent: true, file });
    expect(again.settings('openai').apiKey).toBe(OPENAI_KEY);
    expect(again.view('openai-compatible').baseUrl).toBe('http://127.0.0.1:1234/v1');
    await again.forgetAll();
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(again.view('openai').key).toBeUndefined();
  });

  it.runIf(posix)('refuses a file other users can read, says what to do, and never overwrites it', async () => {
    await (await ModelKeys.open({ file, env: {} })).setKey('openai', OPENAI_KEY);
    await chmod(file, 0o644);
    const keys = await ModelKeys.open({ file, env: {} });
    expect(keys.problem).toMatch(/can be read by other users \(mode 644\).*chmod 600/);
    expect(keys.listing()).toMatchObject({ persistent: false, problem: keys.problem });
    expect(keys.settings('openai').apiKey).toBeUndefined();
    await keys.setKey('anthropic', ANTHROPIC_KEY);
    expect(keys.view('anthropic').key?.source).toBe('typed');
    expect(await readFile(file, 'utf8')).not.toContain(ANTHROPIC_KEY);
  });

  it('reports a corrupt file and one of the wrong shape, leaving each untouched', async () => {
    await (await ModelKeys.open({ file, env: {} })).setKey('openai', OPENAI_KEY);
    for (const [text, problem] of [
      ['{"version":1,', /is not valid JSON/],
      ['{"version":1,"providers":{"gemini":{}}}', /wrong: providers\.gemini/],
      ['{"version":1,"providers":{"openai":{"apiKey":7}}}', /wrong: providers\.openai/],
    ] as const) {
      await writeFile(file, text, { mode: 0o600 });
      const keys = await ModelKeys.open({ file, env: {} });
      expect(keys.problem).toMatch(problem);
      await keys.setKey('openai', OPENAI_KEY);
      expect(await readFile(file, 'utf8')).toBe(text);
    }
  });

  it('masks every key it knows in a provider’s words', async () => {
    const keys = await ModelKeys.open({ env: { OPENAI_API_KEY: OPENAI_KEY } });
    await keys.setKey('anthropic', ANTHROPIC_KEY);
    const masked = keys.secrets().mask(`Incorrect API key provided: ${OPENAI_KEY}; also ${ANTHROPIC_KEY}`);
    expect(masked).not.toContain(OPENAI_KEY);
    expect(masked).not.toContain(ANTHROPIC_KEY);
  });

  it('lives beside credentials.json in the config directory', () => {
    expect(defaultModelKeysFile({ XDG_CONFIG_HOME: '/x' }, '/home/me')).toBe(join('/x', 'mcpscope', 'model-keys.json'));
  });
});
