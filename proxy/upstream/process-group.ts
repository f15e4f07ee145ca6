// Process groups: each stdio server runs detached as the leader of its own
// group, so signalling -pgid reaches its children and grandchildren too.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const isWindows = process.platform === 'win32';
const liveGroups = new Set<number>();

export function trackGroup(pgid: number): void {
  liveGroups.add(pgid);
}

export function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
}

/** Send a signal to every process of the group; false when none is left. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  if (isWindows) {
    // No process groups or SIGTERM on Windows: end the whole tree.
    const r = spawnSync('taskkill', ['/pid', String(pgid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return r.status === 0;
  }
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Members of the group that are not zombies (Linux only; undefined elsewhere). */
function liveMembersOnLinux(pgid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  let count = 0;
  try {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue; // exited while we looked
      }
      // Fields after "(comm)": state ppid pgrp …; comm may contain spaces or parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') count++;
    }
  } catch {
    return undefined;
  }
  return count;
}

/** Whether any process of the group still runs. Zombies waiting to be reaped do not count. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(isWindows ? pgid : -pgid, 0);
  } catch {
    return false;
  }
  const live = liveMembersOnLinux(pgid);
  return live === undefined ? true : live > 0;
}

/** Poll until the group is gone; resolves false when `ms` passed first. */
export async function waitForGroupExit(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** SIGTERM the group, wait, then SIGKILL it. Resolves once it is gone (or was SIGKILLed). */
export async function reapGroup(pgid: number, graceMs: number): Promise<void> {
  if (groupAlive(pgid)) {
    signalGroup(pgid, 'SIGTERM');
    if (!(await waitForGroupExit(pgid, graceMs))) {
      signalGroup(pgid, 'SIGKILL');
      await waitForGroupExit(pgid, 1000);
    }
  }
  untrackGroup(pgid);
}

/** Synchronous last resort for process.on('exit'): SIGKILL every group still tracked. */
export function killAllProcessGroups(): void {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
  liveGroups.clear();
}
