// Process groups: each stdio server runs detached as the leader of its own
// group, so signalling -pgid reaches its children and grandchildren too. A
// server's mark (server-mark.ts) reaches the ones that left the group (setsid).
import { spawnSync } from 'node:child_process';
import type { Reaper } from './reaper.js';
import { findServerProcesses, scanProcesses, serverProcessesIn, signalEach, type ProcessSeen } from './server-mark.js';

const isWindows = process.platform === 'win32';
/** Process group id → the mark its server carries (if any). */
const liveGroups = new Map<number, string | undefined>();
let reaper: Reaper | undefined;

/** From now on, tell `r` about every server, so that it can stop them if this process dies. */
export function reportGroupsTo(r: Reaper): void {
  reaper = r;
  for (const [pgid, mark] of liveGroups) r.track(pgid, mark);
}

export function trackGroup(pgid: number, mark?: string): void {
  liveGroups.set(pgid, mark);
  reaper?.track(pgid, mark);
}

export function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
  reaper?.untrack(pgid);
}

/** The group's processes, plus those outside it that carry its mark (Linux; undefined elsewhere). */
function groupProcesses(pgid: number, seen: readonly ProcessSeen[] | undefined = scanProcesses(liveGroups.get(pgid) !== undefined)): number[] | undefined {
  const mark = liveGroups.get(pgid);
  return seen && serverProcessesIn(seen, new Set([pgid]), new Set(mark === undefined ? [] : [mark]));
}

/** Send a signal to the process group itself (Windows: end the process tree); false when none is left. */
function signalProcessGroup(pgid: number, signal: NodeJS.Signals): boolean {
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

/** Send a signal to every process of the group and of its mark; false when none is left. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  const reached = signalProcessGroup(pgid, signal);
  if (isWindows || liveGroups.get(pgid) === undefined) return reached;
  const marked = groupProcesses(pgid) ?? [];
  signalEach(marked, signal);
  return reached || marked.length > 0;
}

/** Whether any process of the group (or of its mark) still runs. Zombies waiting to be reaped do not count. */
export function groupAlive(pgid: number, seen?: readonly ProcessSeen[]): boolean {
  const live = isWindows ? undefined : groupProcesses(pgid, seen ?? scanProcesses(liveGroups.get(pgid) !== undefined));
  if (live !== undefined) return live.length > 0;
  try {
    process.kill(isWindows ? pgid : -pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** How often groups being stopped are looked at. A scan of /proc is synchronous: one per poll serves every group. */
export const GROUP_POLL_MS = 100;

interface ExitWaiter {
  pgid: number;
  deadline: number;
  resolve: (gone: boolean) => void;
}
const exitWaiters = new Set<ExitWaiter>();
let exitPoller: NodeJS.Timeout | undefined;

function pollGroups(): void {
  const withMarks = [...exitWaiters].some((w) => liveGroups.get(w.pgid) !== undefined);
  const seen = isWindows ? undefined : scanProcesses(withMarks);
  const now = Date.now();
  for (const w of exitWaiters) {
    const alive = groupAlive(w.pgid, seen);
    if (alive && now < w.deadline) continue;
    exitWaiters.delete(w);
    w.resolve(!alive);
  }
  if (exitWaiters.size === 0) {
    clearInterval(exitPoller);
    exitPoller = undefined;
  }
}

/** Resolves true once the group is gone, false when `ms` passed first. */
export function waitForGroupExit(pgid: number, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    exitWaiters.add({ pgid, deadline: Date.now() + ms, resolve });
    exitPoller ??= setInterval(pollGroups, GROUP_POLL_MS);
  });
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

/** Synchronous last resort for process.on('exit'): SIGKILL every group still tracked, and every marked process. */
export function killAllProcessGroups(): void {
  if (!isWindows) {
    const marks = [...liveGroups.values()].filter((m): m is string => m !== undefined);
    signalEach(findServerProcesses(new Set(liveGroups.keys()), new Set(marks)) ?? [], 'SIGKILL');
  }
  for (const pgid of liveGroups.keys()) signalProcessGroup(pgid, 'SIGKILL');
  liveGroups.clear();
}
