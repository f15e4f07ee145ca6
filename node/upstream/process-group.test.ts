// Stopping several servers at once: their groups are watched with one shared
// scan of /proc per poll, never one scan per group every few milliseconds
// (each scan is synchronous and holds up every session of the proxy).
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, pidGone } from '../../test/fixtures/proxy-helpers.js';

const procScans = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    readdirSync: ((path: Parameters<typeof fs.readdirSync>[0], ...rest: unknown[]) => {
      if (path === '/proc') procScans.count++;
      // Same call, same arguments: only counted.
      return (fs.readdirSync as (...a: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.readdirSync,
  };
});

const { GROUP_POLL_MS, trackGroup, untrackGroup, waitForGroupExit } = await import('./process-group.js');
const { SERVER_MARK_VARIABLE, newServerMark } = await import('./server-mark.js');

const started: number[] = [];

/** An undying process leading a group of its own, carrying a fresh mark; resolves once it is ready. */
async function server(): Promise<{ pid: number; mark: string }> {
  const mark = newServerMark();
  const child = spawn(process.execPath, [fixture('undying.mjs')], {
    detached: true,
    env: { PATH: process.env.PATH ?? '', [SERVER_MARK_VARIABLE]: mark },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  started.push(child.pid!);
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.stdout.destroy();
  return { pid: child.pid!, mark };
}

afterEach(() => {
  for (const pid of started.splice(0)) {
    untrackGroup(pid);
    if (!pidGone(pid)) process.kill(pid, 'SIGKILL');
  }
});

describe.runIf(process.platform === 'linux')('waitForGroupExit', () => {
  it('watches many groups with one /proc scan per poll, and sees each go', async () => {
    const servers = await Promise.all([server(), server(), server(), server()]);
    for (const s of servers) trackGroup(s.pid, s.mark);
    procScans.count = 0;
    const waitMs = 600;
    const t0 = Date.now();
    const stillThere = await Promise.all(servers.slice(1).map((s) => waitForGroupExit(s.pid, waitMs)));
    const elapsed = Date.now() - t0;
    expect(stillThere).toEqual([false, false, false]);
    // One scan per poll for all three; a scan per group every 25 ms would be over 60.
    expect(procScans.count).toBeLessThanOrEqual(Math.ceil(elapsed / GROUP_POLL_MS) + 1);

    const first = servers[0]!;
    const gone = waitForGroupExit(first.pid, 5000);
    process.kill(first.pid, 'SIGKILL');
    expect(await gone).toBe(true);
  });
});
