// A server that writes 100,000 frames as fast as it can, to a host that at
// first does not read: every byte arrives, in order, and the wrapper's memory
// stays bounded (the slow host slows the server; the recorder drops, counted,
// rather than grow).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { delay, requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';
import { builtWrap, fixture, runWrap, scratch } from '../test/fixtures/wrap-helpers.js';

const FRAMES = 100_000;
/** Resident memory the wrapper may reach: Node itself is ~45 MB; the queues are bounded at 8 MiB each. */
const RSS_LIMIT_MB = 150;

beforeAll(() => requireBuilt(builtWrap));

function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined; // gone
  }
}

describe('a 100,000-frame burst through mcpscope wrap', () => {
  it('forwards every byte, keeps memory bounded, and records each frame or counts what it could not', async () => {
    const dir = scratch();
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
  }, 120_000);
});
