// Files of the person's config directory that may hold secrets (credentials.json, servers.json): read only
// when they are regular files of this user that nobody else can read (checked with lstat, opened
// O_NOFOLLOW|O_NONBLOCK so a link is never followed and a FIFO never hangs), and replaced atomically:
// a 0600 temporary file beside it (in a directory created 0700), synced, then renamed over it.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

/** $XDG_CONFIG_HOME/mcpscope, else ~/.config/mcpscope (%APPDATA%\mcpscope on Windows). */
export function configDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : process.platform === 'win32' && env.APPDATA ? env.APPDATA : join(home, '.config');
  return join(base, 'mcpscope');
}

/** Why a file was not used: the facts each caller puts in its own sentence. */
export type PrivateFileRefusal =
  /** `what` is, in words, what it is instead (" (it is a FIFO, a named pipe)"), or empty. */
  | { kind: 'not-regular'; what: string }
  | { kind: 'became-link' }
  | { kind: 'unopenable'; reason: string }
  | { kind: 'other-owner'; uid: number }
  | { kind: 'readable-by-others'; mode: string }
  | { kind: 'unreadable'; reason: string };

/** The file's text (undefined when there is no file), or why it was not read. Never throws. */
export type PrivateFileRead = { ok: true; text: string | undefined } | { ok: false; refusal: PrivateFileRefusal };

export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

export function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a path that is not a regular file is, in words. */
function kindOf(info: Stats): string {
  if (info.isFIFO()) return ' (it is a FIFO, a named pipe)';
  if (info.isSymbolicLink()) return ' (it is a symbolic link)';
  if (info.isDirectory()) return ' (it is a directory)';
  if (info.isSocket()) return ' (it is a socket)';
  return info.isCharacterDevice() || info.isBlockDevice() ? ' (it is a device)' : '';
}

// Never follow a link, and never block on a FIFO put there after the lstat (opening one for reading waits for a writer).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Why the opened file may not be read (not a regular file of this user, or others can read it), if so. */
function refusalOf(info: Stats): PrivateFileRefusal | undefined {
  if (!info.isFile()) return { kind: 'not-regular', what: kindOf(info) };
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) return { kind: 'other-owner', uid: info.uid };
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) return { kind: 'readable-by-others', mode: (info.mode & 0o777).toString(8) };
  return undefined;
}

function openFailure(error: unknown): PrivateFileRead {
  if (errorCode(error) === 'ENOENT') return { ok: true, text: undefined };
  if (errorCode(error) === 'ELOOP') return { ok: false, refusal: { kind: 'became-link' } };
  return { ok: false, refusal: { kind: 'unopenable', reason: reason(error) } };
}

export async function readPrivateFile(path: string): Promise<PrivateFileRead> {
  let handle;
  try {
    const before = await lstat(path);
    if (!before.isFile()) return { ok: false, refusal: { kind: 'not-regular', what: kindOf(before) } };
    handle = await open(path, READ_FLAGS);
  } catch (error) {
    return openFailure(error);
  }
  try {
    // The mode is read from the opened file, so the check and the read concern the same file.
    const refusal = refusalOf(await handle.stat());
    return refusal ? { ok: false, refusal } : { ok: true, text: await handle.readFile('utf8') };
  } catch (error) {
    return { ok: false, refusal: { kind: 'unreadable', reason: reason(error) } };
  } finally {
    await handle.close();
  }
}

/** readPrivateFile for a command that reads one file and goes on (the CLI's option parsing). */
export function readPrivateFileSync(path: string): PrivateFileRead {
  let fd: number;
  try {
    const before = lstatSync(path);
    if (!before.isFile()) return { ok: false, refusal: { kind: 'not-regular', what: kindOf(before) } };
    fd = openSync(path, READ_FLAGS);
  } catch (error) {
    return openFailure(error);
  }
  try {
    const refusal = refusalOf(fstatSync(fd));
    return refusal ? { ok: false, refusal } : { ok: true, text: readFileSync(fd, 'utf8') };
  } catch (error) {
    return { ok: false, refusal: { kind: 'unreadable', reason: reason(error) } };
  } finally {
    closeSync(fd);
  }
}

/** Replaces the file with `text`: a 0600 temporary file beside it (`.<prefix>-….tmp`), synced, then a rename. */
export async function replacePrivateFile(path: string, text: string, prefix: string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.${prefix}-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  // 'wx': never follow or reuse an existing file; the mode is set at creation, before any byte is written.
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
