// The capture on disk: a file only its owner can read (0600; the default ones
// in a 0700 folder of the config directory). Writing never waits: what the
// disk has not taken yet is bounded, and past that, or once the file failed
// (unwritable, a directory, a full disk), records are counted and dropped, and
// the person is told once on stderr. The session goes on either way.
import { createWriteStream, lstatSync, mkdirSync, statSync, type Stats, type WriteStream } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { configDir } from '../node/files/private-file.js';
import type { RecordSink } from './recorder.js';

/** What may wait for the disk before records are dropped. */
const DEFAULT_MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** How long the wrapper waits at exit for the disk to take the last records. */
const END_WAIT_MS = 2000;

/** ~/.config/mcpscope/captures (or under $XDG_CONFIG_HOME). */
export function capturesDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'captures');
}

/** Programs that run the server named by their first word that is not an option. */
const LAUNCHERS = new Set(['node', 'nodejs', 'python', 'python3', 'deno', 'bun', 'npx', 'uvx', 'uv', 'pnpm', 'pnpx', 'bunx', 'yarn']);

/** A name for the server when --name is not given: the command's file name, or the script a launcher runs. */
export function serverName(command: string, args: readonly string[]): string {
  const bare = (path: string) => basename(path, extname(path));
  // A script or package name, not the code of `node -e …`.
  const script = LAUNCHERS.has(bare(command).toLowerCase()) ? args.find((a) => /^[\w@.:/\\-]+$/.test(a) && !a.startsWith('-')) : undefined;
  return bare(script ?? command) || 'server';
}

/** NAME-2025-06-01-143005-PID.jsonl (local time; the pid keeps apart the servers a host starts in the same second). */
export function captureFileName(name: string, at: Date, pid: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'server';
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${safe}-${date}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}-${pid}.jsonl`;
}

/**
 * Where a capture asked for at `path` goes: there, unless a file is there already (an earlier session, or
 * another server the host started with the same --capture), which is never replaced: then beside it, named
 * with this process's id. Anything else at `path` (a device, a FIFO, a directory) is opened, or refused, as it is.
 */
export function unusedPath(path: string, pid: number = process.pid): string {
  try {
    if (!lstatSync(path).isFile()) return path;
  } catch {
    return path;
  }
  const ext = extname(path);
  return join(dirname(path), `${basename(path, ext)}-${pid}${ext}`);
}

export interface CaptureFileOptions {
  /** The default file: create its folder (0700). */
  fresh?: boolean;
  /** One line on stderr, said at most once. */
  say: (line: string) => void;
  maxPendingBytes?: number;
}

export class CaptureFile implements RecordSink {
  /** Records not written (the disk was behind, or the file failed). */
  dropped = 0;
  private stream: WriteStream | undefined;
  private failed = false;
  private told = false;
  private readonly maxPendingBytes: number;

  constructor(
    readonly path: string,
    private readonly o: CaptureFileOptions,
  ) {
    this.maxPendingBytes = o.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES;
    try {
      if (o.fresh) mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
      // A regular file is always created ('wx'); a device or FIFO someone named is written as it is.
      const existing = o.fresh ? undefined : statIfAny(path);
      this.stream = createWriteStream(path, { flags: existing && !existing.isFile() ? 'w' : 'wx', mode: 0o600 });
      this.stream.on('error', (err) => this.fail(err));
    } catch (err) {
      this.fail(err);
    }
  }

  write(lines: string): void {
    const records = countLines(lines);
    // Closed: a late record (an exchange the stop cut short) is counted, not an error of the file.
    if (this.failed || this.stream === undefined || this.stream.writableEnded) {
      this.dropped += records;
      return;
    }
    if (this.stream.writableLength + lines.length > this.maxPendingBytes) {
      this.dropped += records;
      this.fallBehind();
      return;
    }
    this.stream.write(lines);
  }

  /** Recording is not keeping up (the disk, or the recorder itself): said once, like a failure. */
  fallBehind(): void {
    this.tell(`recording is not keeping up with the traffic, so some of it is not recorded in ${this.path} (the capture says how much). The session goes on.`);
  }

  /** Whether the file is still being written. */
  get writing(): boolean {
    return !this.failed && this.stream !== undefined;
  }

  /** Close the file, waiting a little for the disk to take the last records. */
  end(): Promise<void> {
    const stream = this.stream;
    if (stream === undefined || this.failed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, END_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      stream.once('error', done);
      stream.end(done);
    });
  }

  private fail(err: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.stream?.destroy();
    this.tell(`cannot record to ${this.path}: ${reason(err)}. The session goes on; it is not recorded.`);
  }

  private tell(line: string): void {
    if (this.told) return;
    this.told = true;
    this.o.say(line);
  }
}

function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = 'code' in err ? err.code : undefined;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied (choose a folder you can write to with --capture)';
    case 'EISDIR':
      return 'it is a directory (give --capture a file name)';
    case 'ENOENT':
      return 'its folder does not exist';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EEXIST':
      return 'a file is already there';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return err.message;
  }
}
