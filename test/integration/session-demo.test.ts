// The session engine and the NDJSON framing against the real demo server,
// over a real stdio pipe: no proxy, no browser.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientSession, NdjsonDecoder, pingVerdict } from '../../src/protocol/index.js';

const demo = fileURLToPath(new URL('../../dist/node/examples/servers/demo-server.js', import.meta.url));

interface Harness {
  child: ChildProcessWithoutNullStreams;
  session: ClientSession;
  stderr: string[];
}

let running: Harness[] = [];

function start(options: { requestTimeoutMs?: number } = {}): Harness {
  const child = spawn(process.execPath, [demo], { stdio: ['pipe', 'pipe', 'pipe'] });
  const session = new ClientSession({ send: (raw) => child.stdin.write(`${raw}\n`), ...options });
  const decoder = new NdjsonDecoder();
  child.stdout.on('data', (chunk: Buffer) => {
    for (const e of decoder.push(chunk)) if (e.type === 'message') session.receive(e.text);
  });
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s: string) => stderr.push(...s.split('\n').filter(Boolean)));
  child.on('exit', (code, signal) => session.close(`The server exited (code ${code}, signal ${signal}).`));
  const h = { child, session, stderr };
  running.push(h);
  return h;
}

beforeAll(() => {
  if (!existsSync(demo)) throw new Error('Build first: npm run build (the demo server is missing from dist/node).');
});

afterEach(() => {
  for (const h of running) h.child.kill('SIGKILL');
  running = [];
});

describe('ClientSession against the demo server', () => {
  it('initializes, negotiates the offered version, and gets a Compliant ping', async () => {
    const { session } = start();
    const init = await session.initialize('2025-06-18');
    expect(init.ok).toBe(true);
    expect(session.info).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'mcpscope-demo' } });
    expect(session.info?.capabilities).toHaveProperty('tools');
    const outcome = await session.request('ping');
    expect(pingVerdict(outcome)).toEqual({ compliant: true, failures: [] });
  });

  it('follows tools/list pagination to the end', async () => {
    const { session } = start();
    await session.initialize();
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const o = await session.request('tools/list', cursor ? { cursor } : {});
      if (o.status !== 'result') throw new Error(o.status);
      const r = o.result as { tools: Array<{ name: string }>; nextCursor?: string };
      names.push(...r.tools.map((t) => t.name));
      cursor = r.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(names).toEqual(expect.arrayContaining(['add', 'multiply', 'echo', 'create_order', 'slow_count']));
  });

  it('delivers progress, and a timeout cancels the call on the server', async () => {
    const { session, stderr } = start();
    await session.initialize();
    const progress: number[] = [];
    const done = await session.request(
      'tools/call',
      { name: 'slow_count', arguments: { steps: 3, delayMs: 20 } },
      { onProgress: (u) => progress.push(u.progress) },
    );
    expect(done.status).toBe('result');
    expect(progress).toEqual([1, 2, 3]);

    const timedOut = await session.request('tools/call', { name: 'slow_count', arguments: { steps: 5, delayMs: 200 } }, { timeoutMs: 100 });
    expect(timedOut.status).toBe('timeout');
    await expect.poll(() => stderr.join('\n')).toMatch(/slow_count \(request \d+\) received notifications\/cancelled: Timed out after/);
  });

  it('fails pending requests at once when the server dies', async () => {
    const { session, child } = start();
    await session.initialize();
    const pending = session.request('tools/call', { name: 'slow_count', arguments: { steps: 50, delayMs: 1000 } });
    const t0 = Date.now();
    child.kill('SIGKILL');
    const o = await pending;
    expect(o).toMatchObject({ status: 'closed', message: expect.stringMatching(/SIGKILL/) });
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});
