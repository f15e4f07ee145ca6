// The reaper process (started by reaper.ts). Its stdin carries "track <pgid>
// [<mark>]" and "untrack <pgid>" lines from the proxy; when stdin ends — the
// proxy exited or was killed — it stops every server still tracked, with
// everything those servers started: SIGTERM, a grace period, then SIGKILL.
import { isServerMark, scanProcesses, serverProcessesIn, signalEach } from './server-mark.js';

const GRACE_MS = 1000;
const KILL_WAIT_MS = 1000;
const POLL_MS = 50;

/** Process group id → the mark of its server. */
const groups = new Map<number, string | undefined>();

function apply(line: string): void {
  const [verb, pgidText, mark] = line.split(' ');
  const pgid = Number(pgidText);
  // Never 0 or 1: kill(-1) would reach every process of the user.
  if (!Number.isSafeInteger(pgid) || pgid <= 1) return;
  if (verb === 'track') groups.set(pgid, mark !== undefined && isServerMark(mark) ? mark : undefined);
  else if (verb === 'untrack') groups.delete(pgid);
}

/**
 * Linux: the pids left (own user only); elsewhere undefined, and whole groups are signalled instead.
 * A marked server's group counts only while its leader (pid = pgid) still carries the mark: once
 * the group empties its id can be reused, and an unrelated process must never join the kill set.
 */
function remaining(): number[] | undefined {
  const marks = [...groups.values()].filter((m): m is string => m !== undefined);
  const seen = scanProcesses(marks.length > 0);
  if (seen === undefined) return undefined;
  const leaders = new Map(seen.map((p) => [p.pid, p]));
  const ours = [...groups].filter(([pgid, mark]) => mark === undefined || leaders.get(pgid)?.marks.includes(mark)).map(([pgid]) => pgid);
  return serverProcessesIn(seen, new Set(ours), new Set(marks));
}

function signalAll(signal: NodeJS.Signals): void {
  const pids = remaining();
  if (pids !== undefined) {
    signalEach(pids, signal);
    return;
  }
  for (const pgid of groups.keys()) signalEach([-pgid], signal);
}

function anyLeft(): boolean {
  const pids = remaining();
  if (pids !== undefined) return pids.length > 0;
  return [...groups.keys()].some((pgid) => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  });
}

async function gone(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (anyLeft()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

async function reapAll(): Promise<void> {
  if (groups.size === 0 || !anyLeft()) return;
  signalAll('SIGTERM');
  if (await gone(GRACE_MS)) return;
  signalAll('SIGKILL');
  await gone(KILL_WAIT_MS);
}

let pending = '';
let reaping = false;
const finish = (): void => {
  if (reaping) return;
  reaping = true;
  void reapAll().finally(() => process.exit(0));
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) apply(line);
});
process.stdin.once('end', finish);
process.stdin.once('error', finish);
