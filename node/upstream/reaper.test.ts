// The reaper process and the marks it goes by: it stops exactly the servers it
// was told about, with everything carrying their marks, and nothing else.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, pidGone, waitFor } from '../../test/fixtures/proxy-helpers.js';
import { startReaperProcess } from './reaper.js';
import { SERVER_MARK_VARIABLE, findServerProcesses, newServerMark } from './server-mark.js';

const started: number[] = [];

/** An undying process with this environment, in a process group (and session) of its own; resolves once it is ready. */
async function undying(env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, [fixture('undying.mjs')], {
    detached: true,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.unref();
  started.push(child.pid!);
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.stdout.destroy();
  return child.pid!;
}

afterEach(() => {
  for (const pid of started.splice(0)) if (!pidGone(pid)) process.kill(pid, 'SIGKILL');
});

describe.runIf(process.platform === 'linux')('findServerProcesses', () => {
  it('finds the members of a group, and the processes that carry exactly a given mark', async () => {
    const mark = newServerMark();
    const marked = await undying({ [SERVER_MARK_VARIABLE]: mark });
    const longer = await undying({ [SERVER_MARK_VARIABLE]: `${mark}0` });
    const otherName = await undying({ [`X${SERVER_MARK_VARIABLE}`]: mark });
    const grouped = await undying({});

    const found = findServerProcesses(new Set([grouped]), new Set([mark]))!;
    expect(found.sort()).toEqual([marked, grouped].sort());
    expect(found).not.toContain(longer);
    expect(found).not.toContain(otherName);
    expect(findServerProcesses(new Set(), new Set())).toEqual([]);
  });
});

describe.runIf(process.platform === 'linux')('the reaper process', () => {
  it('when its stdin ends, stops the tracked groups and marked processes, even past SIGTERM, and nothing else', async () => {
    const mark = newServerMark();
    const server = await undying({ [SERVER_MARK_VARIABLE]: mark });
    const escaped = await undying({ [SERVER_MARK_VARIABLE]: mark }); // a setsid grandchild of that server
    const untracked = await undying({ [SERVER_MARK_VARIABLE]: newServerMark() });
    const bystander = await undying({});
    const reaper = startReaperProcess();
    const exited = new Promise<number | null>((resolve) => reaper.once('exit', (code) => resolve(code)));
    reaper.stdin.write(`track ${server} ${mark}\ntrack ${untracked}\ntrack 1\ntrack 0\ntrack -${bystander}\n`);
    reaper.stdin.write(`untrack ${untracked}\n`);
    reaper.stdin.end();

    expect(await exited).toBe(0);
    expect(pidGone(server)).toBe(true);
    expect(pidGone(escaped)).toBe(true);
    expect(pidGone(untracked)).toBe(false);
    expect(pidGone(bystander)).toBe(false);
    expect(pidGone(process.pid)).toBe(false);
  });

  it("spares a process whose group id only looks like a tracked server's: a reused pgid, without the server's mark", async () => {
    const mark = newServerMark();
    const server = await undying({ [SERVER_MARK_VARIABLE]: mark });
    // The group of a tracked server emptied and its id went to an unrelated process of the same user.
    const reusedGroup = await undying({});
    const reaper = startReaperProcess();
    const exited = new Promise<number | null>((resolve) => reaper.once('exit', (code) => resolve(code)));
    reaper.stdin.end(`track ${server} ${mark}\ntrack ${reusedGroup} ${mark}\n`);
    expect(await exited).toBe(0);
    expect(pidGone(server)).toBe(true);
    expect(pidGone(reusedGroup)).toBe(false);
  });

  it('exits at once when nothing is tracked', async () => {
    const reaper = startReaperProcess();
    const exited = new Promise<number | null>((resolve) => reaper.once('exit', (code) => resolve(code)));
    reaper.stdin.end();
    expect(await exited).toBe(0);
    await waitFor(() => pidGone(reaper.pid!), 1000, 'the reaper to be gone');
  });

  it('takes only well-formed lines: a pgid of digits above 1, a mark of 32 hex digits', async () => {
    const server = await undying({});
    const bystander = await undying({});
    const reaper = startReaperProcess();
    const exited = new Promise<number | null>((resolve) => reaper.once('exit', (code) => resolve(code)));
    const lines = [
      `track 0${bystander}`,
      `track ${bystander}x`,
      `track ${bystander}0000000000`,
      `kill ${bystander}`,
      `track ${server} NOT-A-MARK`,
      'track $(id)',
      'track *',
    ];
    reaper.stdin.end(`${lines.join('\n')}\n`);
    expect(await exited).toBe(0);
    expect(pidGone(server)).toBe(true); // tracked as a group without a mark
    expect(pidGone(bystander)).toBe(false);
  });

  it('is a small process while it waits: a shell, not a second Node runtime', async () => {
    const reaper = startReaperProcess();
    started.push(reaper.pid!);
    reaper.stdin.write(`track ${await undying({})} ${newServerMark()}\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${reaper.pid}/status`, 'utf8'))![1]);
    expect(rssKb).toBeLessThan(8 * 1024);
    reaper.stdin.end();
  });
});
