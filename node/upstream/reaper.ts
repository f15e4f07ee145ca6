// The reaper: a small watchdog process that outlives a proxy killed by SIGKILL
// (which runs no cleanup of its own) and then stops the servers it left. It
// learns each server's process group and mark on its stdin; that pipe reaching
// end-of-file means the proxy is gone. Its program is reaper-script.ts.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { REAPER_SCRIPT } from './reaper-script.js';
import { SERVER_MARK_VARIABLE } from './server-mark.js';

export interface Reaper {
  track(pgid: number, mark: string | undefined): void;
  untrack(pgid: number): void;
}

export interface ReaperOptions {
  /** Where a warning goes when the reaper cannot run; default stderr. */
  warn?: (line: string) => void;
}

/**
 * The reaper process, its stdin a pipe. The shell gets the fixed script and nothing else on its command line:
 * no value from a user or a server ever reaches a shell.
 */
export function startReaperProcess(): ChildProcessByStdio<Writable, null, null> {
  // Its own environment carries no server mark, or the reaper of an outer mcpscope would count it as a server.
  const env = { ...process.env };
  delete env[SERVER_MARK_VARIABLE];
  // Detached: in a session of its own, a Ctrl-C or a signal to the proxy's group does not reach it.
  return spawn('/bin/sh', ['-c', REAPER_SCRIPT, 'mcpscope-reaper'], { detached: true, stdio: ['pipe', 'ignore', 'ignore'], env, shell: false });
}

/** Start the reaper. Undefined on Windows, where taskkill /T ends whole trees. */
export function startReaper(options: ReaperOptions = {}): Reaper | undefined {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (process.platform === 'win32') return undefined;
  const child = startReaperProcess();
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
