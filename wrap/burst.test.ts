// A server that writes 100,000 frames as fast as it can, to a host that at
// first does not read: every byte arrives, in order, and the wrapper's memory
// stays bounded (the slow host slows the server; the recorder drops, counted,
// rather than grow) — with no proxy, and with a proxy and a page following live.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { followFeed, type Feed } from '../test/fixtures/live-helpers.js';
import { builtProxyMain, delay, requireBuilt, startBuiltProxy, waitFor } from '../test/fixtures/proxy-helpers.js';
import { builtWrap, fixture, runWrap, scratch } from '../test/fixtures/wrap-helpers.js';

const FRAMES = 100_000;
/** Resident memory the wrapper may reach: Node itself is ~45 MB; the queues are bounded at 8 MiB each. */
const RSS_LIMIT_MB = 150;

const TOKEN = 'burst-test-token-0123456789';
const stops: Array<() => unknown> = [];

beforeAll(() => {
  requireBuilt(builtWrap);
  requireBuilt(builtProxyMain);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A proxy (npm start) writing proxy.json in `configHome`, and a page following its wrapped sessions. */
async function proxyAndPage(configHome: string): Promise<Feed> {
  const { run } = startBuiltProxy(['--port', '0', '--no-open'], { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1', XDG_CONFIG_HOME: configHome }, stops);
  await waitFor(() => /mcpscope ready/.test(run.out), 20_000, 'the proxy ready');
  const feed = await followFeed(Number(/127\.0\.0\.1:(\d+)/.exec(run.out)![1]), TOKEN);
  stops.push(() => feed.close());
  return feed;
}

function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined; // gone
  }
}

describe('a 100,000-frame burst through mcpscope wrap', () => {
  it.each([
    ['', false],
    [' with a proxy and a page following live', true],
  ])(
    'forwards every byte, keeps memory bounded, and records each frame or counts what it could not%s',
    async (_, following) => {
      const dir = scratch();
      const feed = following ? await proxyAndPage(dir) : undefined;
      const capture = join(dir, 'burst.jsonl');
      const run = runWrap(['--capture', capture, '--', process.execPath, fixture('burst-server.mjs'), String(FRAMES)], dir);
      const pid = run.child.pid!;
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 10);
      // The host does not read for a while: the server must wait, not the wrapper's memory grow.
      run.child.stdout.pause();
      await delay(1000);
      const whilePaused = run.stdout().length;
      run.child.stdout.resume();
      const expected = Array.from(
        { length: FRAMES },
        (_, i) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"frame ${i} of ${FRAMES}"}}\n`,
      ).join('');
      await waitFor(() => run.stdout().length >= expected.length, 60_000, 'every frame');
      peak = Math.max(peak, rssMb(pid) ?? 0);
      run.child.stdin.end();
      expect(await run.exited).toEqual({ code: 0, signal: null });
      clearInterval(sampler);

      const got = run.stdout();
      expect(got.length).toBe(Buffer.byteLength(expected));
      expect(createHash('sha256').update(got).digest('hex')).toBe(createHash('sha256').update(expected).digest('hex'));
      expect(whilePaused).toBeLessThan(expected.length / 10);
      console.log(`wrap burst: ${FRAMES} frames, ${(got.length / 1024 / 1024).toFixed(1)} MiB; peak RSS of the wrapper ${peak.toFixed(1)} MB`);
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThan(RSS_LIMIT_MB);

      // Each frame recorded, or the gap counted in a line of its own.
      const opened = await readLogFile(new File([readFileSync(capture)], 'burst.jsonl'));
      if (!opened.ok) throw new Error(opened.error);
      const recorded = opened.log.entries.filter((e) => e.direction === 'in' && e.kind === 'notification').length;
      const gaps = opened.log.entries.filter((e) => e.direction === 'system' && /not recorded|could not be written/.test(e.raw));
      expect(recorded === FRAMES || gaps.length > 0).toBe(true);
      console.log(`wrap burst: ${recorded} frames recorded, ${gaps.length} gap line(s)`);
      if (feed === undefined) return;

      // The page saw the session end, with records batched: a few hundred messages, not one per frame.
      await waitFor(() => feed.sessions()[0]?.state === 'ended', 20_000, 'the session to end in the page');
      const session = feed.sessions()[0]!;
      const live = feed.records(session.id);
      const messages = feed.messages.filter((m) => m.type === 'records').length;
      console.log(
        `wrap burst live: ${session.received} records received by the proxy, ${session.lost} not kept or lost, ${live.length} in ${messages} messages to the page`,
      );
      expect(session.received).toBeGreaterThan(1000);
      expect(live.at(-1)?.raw).toBe('The server exited with code 0.');
      expect(messages).toBeLessThan(Math.max(400, live.length / 100));
    },
    180_000,
  );
});
