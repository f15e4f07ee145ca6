// The proxy says where it is in proxy.json while it listens, for mcpscope wrap.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proxyFilePath } from '../node/proxy-file/proxy-file.js';
import { startProxy } from './server.js';
import { builtProxyMain, get, requireBuilt, startBuiltProxy, waitFor } from '../test/fixtures/proxy-helpers.js';

const TOKEN = 'proxy-file-test-token-0123';

describe("the proxy's proxy.json", () => {
  it('is written once listening (pid, host, port, token) and removed at close', async () => {
    const path = proxyFilePath({ XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'mcpscope-pf-')) });
    const proxy = await startProxy({ port: 0, token: TOKEN, proxyFile: path, warn: () => {} });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      mcpscope: 'proxy',
      version: 1,
      pid: process.pid,
      host: '127.0.0.1',
      port: proxy.port,
      token: TOKEN,
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await proxy.close();
    expect(existsSync(path)).toBe(false);
  });

  it("of a second proxy replaces the first's, which leaves it in place at close", async () => {
    const path = proxyFilePath({ XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'mcpscope-pf-')) });
    const first = await startProxy({ port: 0, token: TOKEN, proxyFile: path, warn: () => {} });
    const second = await startProxy({ port: 0, token: 'the-second-proxy-token-01', proxyFile: path, warn: () => {} });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ port: second.port });
    await first.close();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ port: second.port });
    await second.close();
    expect(existsSync(path)).toBe(false);
  });

  it('that cannot be written is one warning, and the proxy serves all the same', async () => {
    const warned: string[] = [];
    // Its folder would be inside a file.
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-pf-')), 'a-file');
    writeFileSync(file, '');
    const proxy = await startProxy({ port: 0, token: TOKEN, proxyFile: join(file, 'proxy.json'), warn: (l) => warned.push(l) });
    expect(warned).toEqual([
      `mcpscope: cannot write ${join(file, 'proxy.json')} (a file is where its folder should be), so mcpscope wrap will not find this proxy; the page works as usual.`,
    ]);
    expect((await get(proxy.port, '/api/config', { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    await proxy.close();
  });

  it('of npm start is in the config directory, and gone after SIGTERM', async () => {
    requireBuilt(builtProxyMain);
    const home = mkdtempSync(join(tmpdir(), 'mcpscope-pf-'));
    const stops: Array<() => unknown> = [];
    const { run, exited } = startBuiltProxy(['--port', '0', '--no-open'], { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1', XDG_CONFIG_HOME: home }, stops);
    await waitFor(() => /mcpscope ready/.test(run.out), 20_000, 'the ready line');
    const path = proxyFilePath({ XDG_CONFIG_HOME: home });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ token: TOKEN, port: Number(/:(\d+)\//.exec(run.out)![1]) });
    for (const stop of stops) stop();
    expect(await exited).toBe(0);
    expect(existsSync(path)).toBe(false);
  });
});
