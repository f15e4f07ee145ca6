// `mcpscope diff` URL sides with request headers: --header for both, --header-a and --header-b for one;
// each header reaches its side's server and no other, and its value never shows in the output.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../test/fixtures/cli-helpers.js';
import { startScriptedServer, type ScriptedServer } from '../test/fixtures/http-mcp-server.js';

const TOKEN = 'tok-5ecret';
let guarded: ScriptedServer;
let open: ScriptedServer;
beforeAll(async () => {
  [guarded, open] = await Promise.all([
    startScriptedServer({ reply: 'json', auth: { token: TOKEN, wwwAuthenticate: 'Bearer' } }),
    startScriptedServer({ reply: 'json' }),
  ]);
});
afterAll(async () => {
  await Promise.all([guarded?.close(), open?.close()]);
});

/** The Authorization values a server was sent. */
const sent = (s: ScriptedServer) => new Set(s.requests.map((r) => r.headers.authorization));

describe('mcpscope diff --header', { timeout: 30_000 }, () => {
  it('--header goes to both URL sides; the heading names it with its value masked', async () => {
    guarded.requests.length = 0;
    const r = await cli('diff', '--header', `Authorization: Bearer ${TOKEN}`, '--header', 'X-Team: qa', guarded.url, guarded.url);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`A (old)  ${guarded.url} (Authorization: Bearer •••• (10 characters hidden), X-Team: •••• (2 characters hidden)): scripted 1.0.0`);
    expect(r.out).not.toContain(TOKEN);
    expect(sent(guarded)).toEqual(new Set([`Bearer ${TOKEN}`]));
    expect(guarded.requests.every((req) => req.headers['x-team'] === 'qa')).toBe(true);
    const json = await cli('diff', '--json', '--header', `Authorization: Bearer ${TOKEN}`, guarded.url, guarded.url);
    expect(json.code).toBe(0);
    expect(json.out).not.toContain(TOKEN);
  });

  it('--header-a and --header-b go to their side only', async () => {
    guarded.requests.length = 0;
    open.requests.length = 0;
    const r = await cli('diff', '--header-a', `Authorization: Bearer ${TOKEN}`, '--header-b', 'X-Team: qa', guarded.url, open.url);
    expect(r.code).toBe(0);
    expect(sent(guarded)).toEqual(new Set([`Bearer ${TOKEN}`]));
    expect(sent(open)).toEqual(new Set([undefined]));
    expect(open.requests.every((req) => req.headers['x-team'] === 'qa')).toBe(true);
    expect(guarded.requests.some((req) => req.headers['x-team'] !== undefined)).toBe(false);
    // Without it, A is refused: the side and the status named.
    const without = await cli('diff', guarded.url, open.url);
    expect(without.code).toBe(2);
    expect(without.err).toMatch(/A \(old\): .*401/);
  });

  it('refuses a header for a side that is not a URL, and a bad header', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-diff-header-'));
    const snapshot = join(dir, 'before.json');
    expect((await cli('diff', '--save', snapshot, open.url)).code).toBe(0);
    const b = await cli('diff', '--header-b', 'X-Team: qa', open.url, snapshot);
    expect(b).toMatchObject({ code: 2, err: `mcpscope: B (new): --header-b is for a URL side, and ${snapshot} is a snapshot file.` });
    const both = await cli('diff', '--header', 'X-Team: qa', snapshot, snapshot);
    expect(both).toMatchObject({
      code: 2,
      err: 'mcpscope: --header is for a side named by its URL, and neither side is one (a named server has its own headers).',
    });
    const config = join(dir, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { old: { url: open.url } } }));
    const named = await cli('diff', '--config', config, '--header-a', 'X-Team: qa', 'old', open.url);
    expect(named.err).toBe('mcpscope: A (old): --header-a is for a URL side, and old is a named server, whose headers are its own.');
    const bad = await cli('diff', '--header-a', 'no colon', open.url, open.url);
    expect(bad).toMatchObject({ code: 2, err: expect.stringContaining('--header-a: "no colon" is not a header: write it as "Name: value".') });
    expect((await cli('diff', '--save', snapshot, '--header-b', 'X: y', open.url)).err).toContain('--header-b is for B, and --save takes one server');
  });
});
