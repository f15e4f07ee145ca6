// The forwarding path: the host's stdin to the server's stdin, the server's
// stdout and stderr to the host's, as raw Buffers through stream pipes (a slow
// reader pauses the writer, so memory stays bounded). The tap is handed each
// chunk after it was given to the pipe; it may keep the Buffer (nothing writes
// into it again) but never slows or changes what is forwarded.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';

/** Who wrote a chunk: the host (on the server's stdin), or the server (on its stdout or stderr). */
export type ChunkSource = 'host' | 'server' | 'stderr';

export interface PassthroughTap {
  chunk(source: ChunkSource, bytes: Buffer): void;
}

/** How the server ended: its exit code, or the signal that ended it. */
export type ServerExit = { code: number; signal: null } | { code: null; signal: NodeJS.Signals };

export type PassthroughEnd =
  | ({ started: true; pid: number } & ServerExit)
  /** The command could not be started; `code` is what a shell would have exited with. */
  | { started: false; reason: string; code: number };

export interface PassthroughOptions {
  command: string;
  args: readonly string[];
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  tap: PassthroughTap;
  /** Called once the server runs. */
  onStart?: (pid: number) => void;
}

/** The signals a host sends to stop a server; each is passed on to the server, once. */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Why the command did not start, and the exit code a shell gives for it (127 not found, 126 not executable). */
export function spawnFailure(err: NodeJS.ErrnoException, command: string): { reason: string; code: number } {
  switch (err.code) {
    case 'ENOENT':
      return { reason: `The command "${command}" was not found. Check the command after "--": it must be a program on PATH or a path to one.`, code: 127 };
    case 'EACCES':
      return {
        reason: `The command "${command}" cannot be run: permission denied. Make it executable (chmod +x) or run it through its interpreter.`,
        code: 126,
      };
    default:
      return { reason: `The command "${command}" could not be started: ${err.message}.`, code: 1 };
  }
}

export function runPassthrough(o: PassthroughOptions): Promise<PassthroughEnd> {
  return new Promise((resolve) => {
    // No shell; the environment and working directory are the wrapper's, unchanged. Its own process group, so
    // that a signal a terminal sends to the wrapper's group reaches the server once, through the wrapper.
    const child = spawn(o.command, [...o.args], { stdio: ['pipe', 'pipe', 'pipe'], detached: true, windowsHide: true });
    const forward = (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    const stopForwarding = () => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
    };
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);

    child.once('error', (err: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return; // an error of a running child (a failed kill): its exit still comes
      stopForwarding();
      resolve({ started: false, ...spawnFailure(err, o.command) });
    });
    child.once('spawn', () => {
      const pid = child.pid!;
      o.onStart?.(pid);
      // The pipe writes first, then the tap sees the chunk: recording never delays forwarding.
      o.stdin.pipe(child.stdin);
      o.stdin.on('data', (bytes: Buffer) => o.tap.chunk('host', bytes));
      child.stdout.pipe(o.stdout);
      child.stdout.on('data', (bytes: Buffer) => o.tap.chunk('server', bytes));
      child.stderr.pipe(o.stderr);
      child.stderr.on('data', (bytes: Buffer) => o.tap.chunk('stderr', bytes));
      // The server exited while the host still writes: what it writes goes nowhere, as it would without us.
      child.stdin.on('error', () => o.stdin.unpipe(child.stdin));
      // The host stopped reading: the server's next write fails, as it would without us.
      o.stdout.on('error', () => child.stdout.destroy());
      o.stderr.on('error', () => child.stderr.destroy());
      o.stdin.on('error', () => child.stdin.end());
      child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
        stopForwarding();
        o.stdin.unpipe(child.stdin);
        const exit: ServerExit = signal !== null ? { code: null, signal } : { code: code ?? 1, signal: null };
        whenWritten(o.stdout, () => resolve({ started: true, pid, ...exit }));
      });
    });
  });
}

/** Once what was piped to `stream` has been handed to the system (or the stream failed). */
function whenWritten(stream: Writable, done: () => void): void {
  if (stream.writableLength === 0 || stream.destroyed || stream.errored) return done();
  const finish = () => {
    stream.off('drain', finish);
    stream.off('error', finish);
    done();
  };
  stream.on('drain', finish);
  stream.on('error', finish);
}

/** End this process as the server ended: the same exit code, or the same signal raised on itself. */
export function exitLike(exit: ServerExit): void {
  if (exit.signal === null) {
    process.exit(exit.code);
  }
  process.kill(process.pid, exit.signal);
  // A signal whose default action does not end a process (or one that is caught): exit as a shell reports it.
  setTimeout(() => process.exit(128 + (constants.signals[exit.signal] ?? 0)), 100);
}
