// The stdio transport: the server is a subprocess speaking NDJSON on
// stdin/stdout, logging on stderr. It runs detached, as the leader of its own
// process group, so shutting it down reaches its grandchildren too.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { LineSplitter, NdjsonDecoder, StderrTail, decodeLine, type DecodedLine, type StdioTransportConfig } from '../../src/protocol/wire.js';
import { serverEnvironment } from './environment.js';
import { reapGroup, signalGroup, trackGroup } from './process-group.js';
import { SERVER_MARK_VARIABLE, newServerMark } from './server-mark.js';
import type { Upstream, UpstreamListener, UpstreamStarted } from './types.js';

export const DEFAULT_GRACE_MS = 2000;
/** stderr is for log lines: one longer than this is skipped and reported (stdout keeps the 64 MiB limit). */
const STDERR_MAX_LINE_BYTES = 1024 * 1024;
/** How long to wait for stdout/stderr to close once the process group is gone. */
const FLUSH_WAIT_MS = 500;

export interface StdioUpstreamOptions {
  /** Wait after closing stdin, and again after SIGTERM, before escalating. */
  graceMs?: number;
  maxLineBytes?: number;
  /** Where the safe default variables come from (process.env by default). */
  baseEnv?: NodeJS.ProcessEnv;
  /** Where the person typed the command and directory, for the "what to do" part of start-up errors (the Connect form's fields by default). */
  where?: LaunchWording;
}

/** Names, in the asker's words, for where the command and the working directory were given. */
export interface LaunchWording {
  command: string;
  cwd: string;
}

export const FORM_WORDING: LaunchWording = { command: 'the Command field', cwd: 'the Working directory field' };

export function spawnErrorMessage(err: NodeJS.ErrnoException, command: string, where: LaunchWording = FORM_WORDING): string {
  switch (err.code) {
    case 'ENOENT':
      return `Command not found: "${command}". Check ${where.command}: it must be a program on PATH or a path to one.`;
    case 'EACCES':
      return `Permission denied: "${command}" is not executable. Make it executable (chmod +x) or run it through its interpreter.`;
    default:
      return `Could not start "${command}": ${err.message}.`;
  }
}

async function checkCwd(cwd: string, where: LaunchWording): Promise<void> {
  try {
    if ((await stat(cwd)).isDirectory()) return;
  } catch {
    throw new Error(`The working directory "${cwd}" does not exist. Check ${where.cwd}.`);
  }
  throw new Error(`The working directory "${cwd}" is not a directory. Check ${where.cwd}.`);
}

export function exitReason(code: number | null, signal: string | null, stopped: boolean): string {
  if (stopped) return 'Stopped by mcpscope.';
  if (signal !== null) return `The server was killed by signal ${signal}.`;
  if (code === 0) return 'The server exited normally (code 0).';
  return `The server exited with code ${code ?? 'unknown'}.`;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class StdioUpstream implements Upstream {
  private child: ChildProcessWithoutNullStreams | undefined;
  private starting: Promise<UpstreamStarted> | undefined;
  private stopping: Promise<void> | undefined;
  private stopRequested = false;
  private exitInfo: { code: number | null; signal: string | null } | undefined;
  private readonly tail = new StderrTail();
  private resolveExited!: () => void;
  private readonly exited = new Promise<void>((resolve) => (this.resolveExited = resolve));
  private resolveClosed!: () => void;
  private readonly closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));
  private readonly graceMs: number;

  constructor(
    private readonly config: StdioTransportConfig,
    private readonly listener: UpstreamListener,
    private readonly options: StdioUpstreamOptions,
  ) {
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  }

  start(): Promise<UpstreamStarted> {
    this.starting ??= this.spawnServer();
    return this.starting;
  }

  private async spawnServer(): Promise<UpstreamStarted> {
    const { command, args, env, cwd } = this.config;
    const where = this.options.where ?? FORM_WORDING;
    if (cwd !== undefined) await checkCwd(cwd, where);
    let child: ChildProcessWithoutNullStreams;
    // Inherited by everything the server starts, even past setsid: how its leftovers are found.
    const mark = newServerMark();
    try {
      child = spawn(command, args, {
        shell: false,
        cwd,
        env: { ...serverEnvironment(env, this.options.baseEnv), [SERVER_MARK_VARIABLE]: mark },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        windowsHide: true,
      });
    } catch (err) {
      throw new Error(spawnErrorMessage(err as NodeJS.ErrnoException, command, where), { cause: err });
    }
    return new Promise((resolve, reject) => {
      child.once('error', (err: NodeJS.ErrnoException) => {
        child.stdin.destroy();
        child.stdout.destroy();
        child.stderr.destroy();
        reject(new Error(spawnErrorMessage(err, command, where)));
      });
      child.once('spawn', () => {
        const pid = child.pid!;
        this.child = child;
        trackGroup(pid, mark);
        child.removeAllListeners('error');
        child.on('error', () => {}); // later errors (a failed kill) surface through exit/close
        this.wire(child, pid);
        resolve({ pid });
      });
    });
  }

  private wire(child: ChildProcessWithoutNullStreams, pid: number): void {
    const decoder = new NdjsonDecoder({ maxLineBytes: this.options.maxLineBytes });
    const stderrLines = new LineSplitter(Math.min(this.options.maxLineBytes ?? STDERR_MAX_LINE_BYTES, STDERR_MAX_LINE_BYTES));
    let streamsClosed = false;

    const onStdout = (events: ReturnType<NdjsonDecoder['push']>): void => {
      for (const e of events) {
        if (e.type === 'oversize') this.listener({ type: 'oversize', bytes: e.bytes, limit: e.limit });
        else this.listener(e);
      }
    };
    const onStderr = (lines: ReturnType<LineSplitter['push']>): void => {
      for (const l of lines) {
        const decoded: DecodedLine =
          l.type === 'oversize'
            ? { text: `[mcpscope: a stderr line of ${l.bytes} bytes was skipped: over the limit]`, invalidUtf8: false }
            : decodeLine(l.bytes);
        this.tail.push(decoded.text);
        const { text: line, ...bytes } = decoded;
        this.listener({ type: 'stderr', line, ...bytes });
      }
    };

    child.stdout.on('data', (chunk: Buffer) => onStdout(decoder.push(chunk)));
    child.stdout.once('end', () => onStdout(decoder.end()));
    child.stderr.on('data', (chunk: Buffer) => onStderr(stderrLines.push(chunk)));
    child.stderr.once('end', () => onStderr(stderrLines.end()));
    child.stdin.on('error', () => {}); // EPIPE after exit: send() reports it to its caller
    child.stdout.on('error', () => {});
    child.stderr.on('error', () => {});
    child.once('close', () => (streamsClosed = true));

    child.once('exit', (code, signal) => {
      this.exitInfo = { code, signal };
      this.resolveExited();
      void (async () => {
        try {
          await this.finishExit(pid, code, signal, () => streamsClosed, child);
        } catch {
          // Reporting the exit must never take the proxy down; the close event still goes out.
          this.listener({ type: 'close', code, signal, reason: exitReason(code, signal, this.stopRequested), stderrTail: [] });
        } finally {
          this.resolveClosed();
        }
      })();
    });
  }

  /** After exit: reap leftovers, let the pipes drain, then report the close. */
  private async finishExit(
    pid: number,
    code: number | null,
    signal: NodeJS.Signals | null,
    streamsClosed: () => boolean,
    child: { stdout: { destroy(): void }; stderr: { destroy(): void } },
  ): Promise<void> {
    // Leftover children of the server would be orphaned (and may hold its pipes open).
    await reapGroup(pid, this.graceMs);
    // Paused pipes are no reason to wait longer: Node resumes a child's stdout and stderr when
    // it exits (child_process flushStdio), and the bridge holds what comes within its limits.
    const deadline = Date.now() + FLUSH_WAIT_MS;
    while (!streamsClosed() && Date.now() < deadline) await delay(10);
    if (!streamsClosed()) {
      child.stdout.destroy();
      child.stderr.destroy();
    }
    this.listener({ type: 'close', code, signal, reason: exitReason(code, signal, this.stopRequested), stderrTail: this.tail.lines() });
  }

  // stderr too: a server can flood it as easily as stdout, and unread it would pile up in memory.
  pauseReading(): void {
    this.child?.stdout.pause();
    this.child?.stderr.pause();
  }

  resumeReading(): void {
    this.child?.stdout.resume();
    this.child?.stderr.resume();
  }

  send(raw: string): Promise<void> {
    const stdin = this.child?.stdin;
    if (stdin === undefined || this.exitInfo !== undefined || this.stopRequested || !stdin.writable) {
      return Promise.reject(new Error('The server is not running: its stdin is closed. Start it again to send more.'));
    }
    return new Promise((resolve, reject) => {
      stdin.write(`${raw}\n`, (err) => {
        if (err) reject(new Error(`Could not write to the server's stdin: ${err.message}.`));
        else resolve();
      });
    });
  }

  shutdown(): Promise<void> {
    this.stopping ??= this.stop();
    return this.stopping;
  }

  // As the MCP spec says: close stdin, wait; SIGTERM, wait; SIGKILL.
  private async stop(): Promise<void> {
    if (this.starting === undefined) return;
    try {
      await this.starting;
    } catch {
      return; // never ran
    }
    const child = this.child!;
    if (this.exitInfo === undefined) this.stopRequested = true;
    child.stdin.end();
    const exitedWithin = async (ms: number): Promise<boolean> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
      const done = await Promise.race([this.exited.then(() => true), timeout]);
      clearTimeout(timer);
      return done;
    };
    if (!(await exitedWithin(this.graceMs))) {
      signalGroup(child.pid!, 'SIGTERM');
      if (!(await exitedWithin(this.graceMs))) {
        signalGroup(child.pid!, 'SIGKILL');
        await exitedWithin(2000);
      }
    }
    await Promise.race([this.closed, delay(this.graceMs + FLUSH_WAIT_MS + 2000)]);
  }
}

export function createStdioUpstream(config: StdioTransportConfig, listener: UpstreamListener, options: StdioUpstreamOptions = {}): Upstream {
  return new StdioUpstream(config, listener, options);
}
