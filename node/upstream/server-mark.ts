// Server marks: each stdio server gets a random environment variable, which its
// children and grandchildren inherit even when they leave its process group
// (setsid). On Linux /proc/<pid>/environ shows it, so every process of one
// server can still be found once its group is gone, or the proxy itself died.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';

export const SERVER_MARK_VARIABLE = 'MCPSCOPE_SERVER_MARK';

/** 128 random bits as hex: no other process can carry it by chance. */
export function newServerMark(): string {
  return randomBytes(16).toString('hex');
}

/** The marks in an environment block (NUL-separated NAME=value entries). */
function marksIn(environ: string): string[] {
  const prefix = `${SERVER_MARK_VARIABLE}=`;
  return environ.split('\0').flatMap((entry) => (entry.startsWith(prefix) ? [entry.slice(prefix.length)] : []));
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return undefined; // exited while we looked, or not ours to read
  }
}

/** pid → its start time and the marks in its environment: reading every environ on each poll doubles the cost of a scan. */
const marksSeen = new Map<number, { startTime: string; marks: string[] }>();

function marksOf(pid: number, startTime: string): string[] {
  const seen = marksSeen.get(pid);
  if (seen?.startTime === startTime) return seen.marks;
  const environ = readOrUndefined(`/proc/${pid}/environ`);
  const marks = environ === undefined ? [] : marksIn(environ);
  marksSeen.set(pid, { startTime, marks });
  return marks;
}

/** A live (not zombie) process of this user, as one scan of /proc saw it. */
export interface ProcessSeen {
  pid: number;
  pgid: number;
  /** The server marks in its environment (empty when the scan was asked for none). */
  marks: readonly string[];
}

/** Linux: every live process of this user but this one, with its marks if `withMarks`. Undefined where there is no /proc. */
export function scanProcesses(withMarks: boolean): ProcessSeen[] | undefined {
  if (process.platform !== 'linux' || process.getuid === undefined) return undefined;
  const uid = process.getuid();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const seen: ProcessSeen[] = [];
  const alive = new Set<number>();
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    alive.add(Number(name));
    const stat = readOrUndefined(`/proc/${name}/stat`);
    if (stat === undefined) continue;
    // Fields after "(comm)": state ppid pgrp … starttime (the 20th); comm may contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') continue;
    try {
      if (statSync(`/proc/${name}`).uid !== uid) continue; // only ever our own processes
    } catch {
      continue;
    }
    const pid = Number(name);
    seen.push({ pid, pgid: Number(fields[2]), marks: withMarks ? marksOf(pid, fields[19] ?? '') : [] });
  }
  for (const pid of marksSeen.keys()) if (!alive.has(pid)) marksSeen.delete(pid);
  return seen;
}

/** The pids among `seen` that are in one of `groups` or carry exactly one of `marks`. */
export function serverProcessesIn(seen: readonly ProcessSeen[], groups: ReadonlySet<number>, marks: ReadonlySet<string>): number[] {
  return seen.filter((p) => groups.has(p.pgid) || p.marks.some((m) => marks.has(m))).map((p) => p.pid);
}

/**
 * Linux: the pids of live (not zombie) processes of this user that are in one of
 * `groups` or carry exactly one of `marks`. Undefined where there is no /proc.
 */
export function findServerProcesses(groups: ReadonlySet<number>, marks: ReadonlySet<string>): number[] | undefined {
  const seen = scanProcesses(marks.size > 0);
  return seen && serverProcessesIn(seen, groups, marks);
}

/** Send `signal` to each pid; the ones that exited meanwhile are skipped. */
export function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}
