// One change at a time to a file that several processes share (two proxies, a proxy and the CLI editing
// servers.json): a lock file beside it, created exclusively ('wx', 0600) with the holder's pid. A lock
// whose holder is gone (no such process) or that is older than any change takes is stale and taken over;
// a live one is waited for, briefly, then the change is refused with a sentence naming the holder.
import { readFile, rm, stat, open } from 'node:fs/promises';
import { errorCode } from './private-file.js';

export interface FileLockOptions {
  /** How long to wait for another process's lock before giving up. */
  waitMs?: number;
  /** A lock older than this is left over from a process that died mid-change (no change takes this long). */
  staleMs?: number;
  /** Whether a process of this id is running (tests pass their own). */
  alive?: (pid: number) => boolean;
}

/** Another process held the lock for longer than the wait. */
export class FileLockBusy extends Error {
  constructor(
    readonly path: string,
    readonly holder: number | undefined,
  ) {
    super(
      `${path} is being changed by another mcpscope process${holder !== undefined ? ` (pid ${holder})` : ''}: try again in a moment` +
        `, or remove ${path}.lock if no mcpscope is running.`,
    );
  }
}

const DEFAULT_WAIT_MS = 2000;
const DEFAULT_STALE_MS = 10_000;
const RETRY_MS = 25;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === 'EPERM';
  }
}

async function holderOf(lock: string): Promise<{ pid: number | undefined; ageMs: number } | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(lock, 'utf8'), stat(lock)]);
    const pid = Number.parseInt(text, 10);
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : undefined, ageMs: Date.now() - info.mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

async function tryCreate(lock: string): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx', 0o600);
    await handle.writeFile(String(process.pid), 'utf8');
    await handle.close();
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/** Runs `change` holding `<path>.lock`; the directory must exist. Throws FileLockBusy when another process keeps it. */
export async function withFileLock<T>(path: string, change: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const lock = `${path}.lock`;
  const alive = options.alive ?? processAlive;
  const deadline = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  let holder: number | undefined;
  while (!(await tryCreate(lock))) {
    const held = await holderOf(lock);
    if (held === undefined) continue;
    holder = held.pid;
    const stale = held.ageMs > (options.staleMs ?? DEFAULT_STALE_MS) || (held.pid !== undefined && held.pid !== process.pid && !alive(held.pid));
    if (stale) {
      await rm(lock, { force: true });
      continue;
    }
    if (Date.now() >= deadline) throw new FileLockBusy(path, holder);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  try {
    return await change();
  } finally {
    await rm(lock, { force: true });
  }
}
