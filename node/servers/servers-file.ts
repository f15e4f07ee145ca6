// servers.json, the saved-server list the page and the CLI share: read afresh each time (another proxy or
// the CLI may have changed it), written atomically, one change at a time: in this process by a queue, across
// processes by a lock file. A corrupt or unreadable file is named in a sentence and never written over:
// changes are refused until a reset moves it aside.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  parseJson,
  parseServersDocument,
  serializeServersDocument,
  type EditOutcome,
  type ServersDocument,
  type ServersDocumentRead,
} from '../../src/protocol/wire.js';
import {
  configDir,
  errorCode,
  readPrivateFile,
  readPrivateFileSync,
  replacePrivateFile,
  type PrivateFileRead,
  type PrivateFileRefusal,
} from '../files/private-file.js';
import { FileLockBusy, withFileLock, type FileLockOptions } from '../files/file-lock.js';

/** $XDG_CONFIG_HOME/mcpscope/servers.json, else ~/.config/mcpscope/servers.json: beside credentials.json. */
export function defaultServersFile(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return join(configDir(env, home), 'servers.json');
}

/** A new saved server's id: opaque, never reused. */
export function newServerId(): string {
  return `s-${randomBytes(9).toString('base64url')}`;
}

const RESET_HINT = 'reset the list to move it aside and start an empty one';

function refusal(path: string, r: PrivateFileRefusal): string {
  switch (r.kind) {
    case 'not-regular':
      return `The server list ${path} is not a regular file${r.what}, so it was not used: remove it, or ${RESET_HINT}.`;
    case 'became-link':
      return `The server list ${path} became a symbolic link while it was being opened, so it was not used: remove it, or ${RESET_HINT}.`;
    case 'unopenable':
      return `The server list ${path} could not be opened (${r.reason}): fix its permissions, or ${RESET_HINT}.`;
    case 'other-owner':
      return `The server list ${path} belongs to another user (uid ${r.uid}), so it was not used: remove it, or ${RESET_HINT}.`;
    case 'readable-by-others':
      return `The server list ${path} can be read by other users (mode ${r.mode}), so it was not used: run "chmod 600 ${path}" and reload, or ${RESET_HINT}.`;
    case 'unreadable':
      return `The server list ${path} could not be read (${r.reason}): ${RESET_HINT}.`;
  }
}

/** Bigger than any list a person keeps: a file this size is not one. */
const MAX_FILE_CHARS = 10_000_000;

function readText(path: string, read: PrivateFileRead): ServersDocumentRead {
  if (!read.ok) return { ok: false, problem: refusal(path, read.refusal) };
  if (read.text === undefined) return { ok: true, list: { servers: [], recent: [], unread: [] }, notes: [] };
  if (read.text.length > MAX_FILE_CHARS) {
    return {
      ok: false,
      problem: `The server list ${path} is ${read.text.length.toLocaleString('en')} characters long, too big to be one: it was left untouched; ${RESET_HINT}.`,
    };
  }
  const json = parseJson(read.text);
  if (!json.ok) {
    // The parser quotes the text around the fault, line breaks and all.
    const why = json.error.replace(/\s+/g, ' ');
    return { ok: false, problem: `The server list ${path} is not valid JSON (${why}): it was left untouched; fix it, or ${RESET_HINT}.` };
  }
  return parseServersDocument(json.value, path);
}

/** The list in the file (an absent file is an empty list), or one sentence saying why it cannot be used. Never throws. */
export async function readServersFile(path: string): Promise<ServersDocumentRead> {
  return readText(path, await readPrivateFile(path));
}

/** readServersFile, for the CLI's option parsing. */
export function readServersFileSync(path: string): ServersDocumentRead {
  return readText(path, readPrivateFileSync(path));
}

/** A change refused because the file cannot be used ('broken'), or because another process kept it ('busy'). */
export interface BrokenFile {
  ok: false;
  reason: 'broken' | 'busy';
  error: string;
}

export class ServersFile {
  /** Every change waits for the one before: two requests never read the same list and both write it. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly lock: FileLockOptions = {},
  ) {}

  read(): Promise<ServersDocumentRead> {
    return readServersFile(this.path);
  }

  /** Reads the list, applies `change` and, when it succeeds, writes the list back; one change at a time. */
  update<T>(change: (list: ServersDocument) => EditOutcome<T>): Promise<EditOutcome<T> | BrokenFile> {
    // Another process (a second proxy, the CLI) may change the file too: the read and the write hold its lock.
    const locked = async (): Promise<EditOutcome<T> | BrokenFile> => {
      const read = await this.read();
      if (!read.ok) return { ok: false, reason: 'broken', error: `Nothing was changed: ${read.problem}` };
      const outcome = change(read.list);
      if (outcome.ok) await replacePrivateFile(this.path, serializeServersDocument(read.list), 'servers');
      return outcome;
    };
    const run = async (): Promise<EditOutcome<T> | BrokenFile> => {
      // No folder yet: a change that is refused creates none (the change is pure: tried on a list read afresh).
      const folder = dirname(this.path);
      if (!existsSync(folder)) {
        const tried = await this.read();
        const outcome = tried.ok ? change(tried.list) : undefined;
        if (outcome !== undefined && !outcome.ok) return outcome;
        await mkdir(folder, { recursive: true, mode: 0o700 });
      }
      try {
        return await withFileLock(this.path, locked, this.lock);
      } catch (error) {
        if (error instanceof FileLockBusy) return { ok: false, reason: 'busy', error: `Nothing was changed: ${error.message}` };
        throw error;
      }
    };
    const done = this.queue.then(run, run);
    this.queue = done.catch(() => {});
    return done;
  }

  /** Moves the file aside (servers.json.broken-<time>), so the next change starts an empty list; returns where it went. */
  reset(now: Date = new Date()): Promise<string | undefined> {
    const run = async (): Promise<string | undefined> => {
      const aside = `${this.path}.broken-${now.toISOString().replace(/[:.]/g, '-')}`;
      try {
        await rename(this.path, aside);
        return aside;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return undefined;
        throw error;
      }
    };
    const done = this.queue.then(run, run);
    this.queue = done.catch(() => {});
    return done;
  }
}
