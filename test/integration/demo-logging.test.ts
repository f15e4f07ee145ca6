// The demo server's log_each_level tool against the session engine over a real
// stdio pipe: one message per level, and only those at or above the level set.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientSession, Linter, NdjsonDecoder, readLogMessage } from '../../src/protocol/index.js';

const demo = fileURLToPath(new URL('../../dist/node/examples/servers/demo-server.js', import.meta.url));
let child: ChildProcessWithoutNullStreams | undefined;

beforeAll(() => {
  if (!existsSync(demo)) throw new Error('Build first: npm run build (the demo server is missing from dist/node).');
});
afterEach(() => child?.kill('SIGKILL'));

function start(): { session: ClientSession; levels: string[]; linter: Linter } {
  const server = spawn(process.execPath, [demo], { stdio: ['pipe', 'pipe', 'pipe'] });
  child = server;
  const linter = new Linter({ offeredVersion: '2025-11-25' });
  const session = new ClientSession({
    send: (raw) => {
      linter.frame('client', raw);
      server.stdin.write(`${raw}\n`);
    },
  });
  const levels: string[] = [];
  session.on((e) => {
    if (e.type === 'notification' && e.method === 'notifications/message') levels.push(readLogMessage(e.params).level);
  });
  const decoder = new NdjsonDecoder();
  server.stdout.on('data', (chunk: Buffer) => {
    for (const e of decoder.push(chunk)) {
      if (e.type !== 'message') continue;
      linter.frame('server', e.text);
      session.receive(e.text);
    }
  });
  server.stderr.resume();
  return { session, levels, linter };
}

describe('demo server logging', () => {
  it('logs once per level, then only at and above the level set, all clean by the lint rules', async () => {
    const { session, levels, linter } = start();
    expect((await session.initialize('2025-11-25')).ok).toBe(true);
    expect(session.info?.capabilities).toHaveProperty('logging');
    const call = () => session.request('tools/call', { name: 'log_each_level', arguments: { logger: 'probe' } });
    expect((await call()).status).toBe('result');
    expect(levels).toEqual(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
    levels.length = 0;
    expect(await session.request('logging/setLevel', { level: 'warning' })).toMatchObject({ status: 'result', result: {} });
    expect((await call()).status).toBe('result');
    expect(levels).toEqual(['warning', 'error', 'critical', 'alert', 'emergency']);
    // An invalid level is refused with -32602, as the spec says.
    expect(await session.request('logging/setLevel', { level: 'loud' })).toMatchObject({ status: 'error', error: { code: -32602 } });
    expect(linter.findings.filter((f) => f.subject === 'server')).toEqual([]);
  });
});
