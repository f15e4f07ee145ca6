// <configDir>/proxy.json: how a running proxy is found (its pid, address and
// token), by `mcpscope wrap` above all. The proxy writes it once it listens
// (0600 in the 0700 directory, atomically) and removes it at close only while
// it is still its own; a second proxy replaces it: the newest is the one found.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../src/protocol/wire.js';
import { configDir, readPrivateFile, readPrivateFileSync, replacePrivateFile, type PrivateFileRead } from '../files/private-file.js';

export interface ProxyFile {
  mcpscope: 'proxy';
  version: 1;
  pid: number;
  /** The address it listens on, as a URL's host part (brackets for IPv6). */
  host: string;
  port: number;
  token: string;
  /** ISO time it started listening. */
  startedAt: string;
}

/** ~/.config/mcpscope/proxy.json (or under $XDG_CONFIG_HOME). */
export function proxyFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'proxy.json');
}

export function writeProxyFile(path: string, file: ProxyFile): Promise<void> {
  return replacePrivateFile(path, `${JSON.stringify(file, null, 2)}\n`, 'proxy');
}

function proxyFileFrom(text: string): ProxyFile | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(v) || v.mcpscope !== 'proxy' || v.version !== 1) return undefined;
  const { pid, host, port, token, startedAt } = v;
  if (typeof pid !== 'number' || typeof host !== 'string' || typeof token !== 'string' || typeof startedAt !== 'string') return undefined;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535 || token === '') return undefined;
  return { mcpscope: 'proxy', version: 1, pid, host, port, token, startedAt };
}

/** What the file says: a proxy, none (no file), or why it cannot be used, in words that follow its path. */
export type ProxyFileRead = { kind: 'proxy'; proxy: ProxyFile } | { kind: 'none' } | { kind: 'unusable'; why: string };

function readOf(read: PrivateFileRead): ProxyFileRead {
  if (!read.ok) {
    const r = read.refusal;
    switch (r.kind) {
      case 'not-regular':
        return { kind: 'unusable', why: `is not a regular file${r.what}` };
      case 'became-link':
        return { kind: 'unusable', why: 'is a symbolic link' };
      case 'other-owner':
        return { kind: 'unusable', why: `belongs to another user (uid ${r.uid})` };
      case 'readable-by-others':
        return { kind: 'unusable', why: `can be read by other users (mode ${r.mode}), so its token is not trusted` };
      default:
        return { kind: 'unusable', why: `cannot be read (${r.reason})` };
    }
  }
  if (read.text === undefined) return { kind: 'none' };
  const proxy = proxyFileFrom(read.text);
  return proxy === undefined ? { kind: 'unusable', why: 'is not a proxy file mcpscope wrote (it may be damaged)' } : { kind: 'proxy', proxy };
}

export async function readProxyFile(path: string): Promise<ProxyFileRead> {
  return readOf(await readPrivateFile(path));
}

/** Remove the file if it still names this proxy (a newer one may have replaced it). Synchronous: it runs on the way out. */
export function removeOwnProxyFile(path: string, own: Pick<ProxyFile, 'pid' | 'token'>): void {
  const read = readOf(readPrivateFileSync(path));
  if (read.kind !== 'proxy' || read.proxy.pid !== own.pid || read.proxy.token !== own.token) return;
  try {
    rmSync(path, { force: true });
  } catch {
    // Gone already, or the folder became unwritable: nothing else to do on the way out.
  }
}
