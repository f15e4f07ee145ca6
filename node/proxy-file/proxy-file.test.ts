import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proxyFilePath, readProxyFile, removeOwnProxyFile, writeProxyFile, type ProxyFile } from './proxy-file.js';

const home = () => mkdtempSync(join(tmpdir(), 'mcpscope-proxy-file-'));
const proxy = (over: Partial<ProxyFile> = {}): ProxyFile => ({
  mcpscope: 'proxy',
  version: 1,
  pid: 4242,
  host: '127.0.0.1',
  port: 6290,
  token: 'a-token-of-the-proxy-0123',
  startedAt: '2026-12-02T01:00:00.000Z',
  ...over,
});

describe('proxy.json', () => {
  it('is proxy.json in the config directory', () => {
    expect(proxyFilePath({ XDG_CONFIG_HOME: '/x/y' })).toBe('/x/y/mcpscope/proxy.json');
  });

  it('is written 0600 in a 0700 folder, and read back', async () => {
    const path = proxyFilePath({ XDG_CONFIG_HOME: home() });
    await writeProxyFile(path, proxy());
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    expect(await readProxyFile(path)).toEqual({ kind: 'proxy', proxy: proxy() });
  });

  it('is replaced by a newer proxy, whose file the older one then leaves alone', async () => {
    const path = proxyFilePath({ XDG_CONFIG_HOME: home() });
    await writeProxyFile(path, proxy());
    await writeProxyFile(path, proxy({ pid: 5151, port: 7000 }));
    removeOwnProxyFile(path, { pid: 4242, token: proxy().token });
    expect(await readProxyFile(path)).toMatchObject({ kind: 'proxy', proxy: { pid: 5151, port: 7000 } });
    // Same pid, another token (a proxy restarted in the same process): not its own either.
    removeOwnProxyFile(path, { pid: 5151, token: 'another-token-0123456789' });
    expect(existsSync(path)).toBe(true);
    removeOwnProxyFile(path, { pid: 5151, token: proxy().token });
    expect(existsSync(path)).toBe(false);
  });

  it('is none when there is no file, and unusable, in words, when it cannot be trusted or read', async () => {
    const dir = join(home(), 'mcpscope');
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, 'proxy.json');
    expect(await readProxyFile(path)).toEqual({ kind: 'none' });

    writeFileSync(path, JSON.stringify(proxy()), { mode: 0o644 });
    chmodSync(path, 0o644);
    expect(await readProxyFile(path)).toEqual({ kind: 'unusable', why: 'can be read by other users (mode 644), so its token is not trusted' });

    chmodSync(path, 0o600);
    writeFileSync(path, '{"mcpscope":"proxy","version":1,"port":"x"}');
    expect(await readProxyFile(path)).toEqual({ kind: 'unusable', why: 'is not a proxy file mcpscope wrote (it may be damaged)' });
    writeFileSync(path, 'not json');
    expect(await readProxyFile(path)).toMatchObject({ kind: 'unusable' });

    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    // Read without waiting for a writer.
    expect(await readProxyFile(fifo)).toEqual({ kind: 'unusable', why: 'is not a regular file (it is a FIFO, a named pipe)' });
    removeOwnProxyFile(fifo, { pid: 4242, token: proxy().token });
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('not json');
  });
});
