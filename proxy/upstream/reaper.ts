// The reaper: a small watchdog process that outlives a proxy killed by SIGKILL
// (which runs no cleanup of its own) and then stops the servers it left. It
// learns each server's process group and mark on its stdin; that pipe reaching
// end-of-file means the proxy is gone. See reaper-main.ts for its side.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVER_MARK_VARIABLE } from './server-mark.js';

export interface Reaper {
  track(pgid: number, mark: string | undefined): void;
  untrack(pgid: number): void;
}

export interface ReaperOptions {
  /** The compiled reaper-main.js (default: next to this module). */
  script?: string;
  /** Where a warning goes when the reaper cannot run; default stderr. */
  warn?: (line: string) => void;
}

const defaultScript = fileURLToPath(new URL('./reaper-main.js', import.meta.url));

/** Start the reaper. Undefined on Windows (taskkill /T ends whole trees) and where its script is missing. */
export function startReaper(options: ReaperOptions = {}): Reaper | undefined {
  const script = options.script ?? defaultScript;
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (process.platform === 'win32' || !existsSync(script)) return undefined;
  // Its own environment carries no server mark, or the reaper of an outer mcpscope would count it as a server.
  const env = { ...process.env };
  delete env[SERVER_MARK_VARIABLE];
  // Detached: in a session of its own, a Ctrl-C or a signal to the proxy's group does not reach it.
  const child = spawn(process.execPath, [script], { detached: true, stdio: ['pipe', 'ignore', 'ignore'], env, shell: false, windowsHide: true });
  let stopped = false;
  const lost = (why: string): void => {
    if (stopped) return;
    stopped = true;
    warn(`mcpscope: warning: the reaper process ${why}, so servers may outlive mcpscope if it is killed with SIGKILL. Restart mcpscope to get it back.`);
  };
  child.once('error', (err) => lost(`could not start (${err.message})`));
  child.once('exit', (code, signal) => lost(`stopped (${signal ?? `code ${code}`})`));
  child.stdin.on('error', () => {}); // it exited: reported above
  // Neither the process nor its pipe keeps the proxy running.
  child.unref();
  if (child.stdin instanceof Socket) child.stdin.unref();
  const write = (line: string): void => {
    if (!stopped) child.stdin.write(`${line}\n`);
  };
  return {
    track: (pgid, mark) => write(mark === undefined ? `track ${pgid}` : `track ${pgid} ${mark}`),
    untrack: (pgid) => write(`untrack ${pgid}`),
  };
}
