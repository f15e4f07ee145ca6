// The optional on-disk copy of the credential store: one JSON file in the user's
// config directory, mode 0600 in a 0700 directory, replaced atomically (write a
// temporary file beside it, then rename). A file others can read is refused.
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { configDirectory } from '../../node/config-dir.js';
import { parseCredentialDocument, type CredentialDocument } from './credentials.js';

/** $XDG_CONFIG_HOME/mcpscope/credentials.json, else ~/.config/mcpscope/credentials.json (%APPDATA% on Windows). */
export function defaultCredentialFile(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return join(configDirectory(env, home), 'credentials.json');
}

export type CredentialFileRead = { ok: true; document: CredentialDocument } | { ok: false; problem: string };

const EMPTY: CredentialDocument = { version: 1, issuers: {} };

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function reason(error: unknown): string {
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

function notRegular(path: string, info: Stats): CredentialFileRead {
  return {
    ok: false,
    problem: `The credential file ${path} is not a regular file${kindOf(info)}, so it was not used and tokens will not be saved this session. Remove it, then restart mcpscope.`,
  };
}

// Never follow a link, and never block on a FIFO put there after the lstat (opening one for reading waits for a writer).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The document in the file; an absent file is an empty document. Never throws: a problem is a sentence. */
export async function readCredentialFile(path: string): Promise<CredentialFileRead> {
  let handle;
  try {
    const before = await lstat(path);
    if (!before.isFile()) return notRegular(path, before);
    handle = await open(path, READ_FLAGS);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { ok: true, document: structuredClone(EMPTY) };
    if (errorCode(error) === 'ELOOP') {
      return {
        ok: false,
        problem: `The credential file ${path} became a symbolic link while it was being opened, so it was not used. Remove it, then restart mcpscope.`,
      };
    }
    return {
      ok: false,
      problem: `The credential file ${path} could not be opened (${reason(error)}). Tokens will not be saved this session; fix the file's permissions or forget all credentials to remove it.`,
    };
  }
  try {
    // The mode is read from the opened file, so the check and the read concern the same file.
    const info = await handle.stat();
    if (!info.isFile()) return notRegular(path, info);
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) {
      return {
        ok: false,
        problem: `The credential file ${path} belongs to another user (uid ${info.uid}), so it was not used and tokens will not be saved this session. Remove it, or point mcpscope at a file of your own.`,
      };
    }
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
      const mode = (info.mode & 0o777).toString(8);
      return {
        ok: false,
        problem: `The credential file ${path} can be read by other users (mode ${mode}), so it was not used and tokens will not be saved this session. Run "chmod 600 ${path}" and restart mcpscope, or forget all credentials to remove it.`,
      };
    }
    const text = await handle.readFile('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return {
        ok: false,
        problem: `The credential file ${path} is not valid JSON (${reason(error)}). It was left untouched and tokens will not be saved this session; forget all credentials to remove it.`,
      };
    }
    const parsed = parseCredentialDocument(json);
    if (!parsed.ok) {
      return {
        ok: false,
        problem: `The credential file ${path} is not in mcpscope's format (wrong: ${parsed.where}). It was left untouched and tokens will not be saved this session; forget all credentials to remove it.`,
      };
    }
    return { ok: true, document: parsed.value };
  } catch (error) {
    return { ok: false, problem: `The credential file ${path} could not be read (${reason(error)}). Tokens will not be saved this session.` };
  } finally {
    await handle.close();
  }
}

/** Replaces the file with the document: a 0600 temporary file beside it (in a directory created 0700), then a rename. */
export async function writeCredentialFile(path: string, document: CredentialDocument): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.credentials-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  // 'wx': never follow or reuse an existing file; the mode is set at creation, before any byte is written.
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(document, null, 2)}\n`, 'utf8');
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

/** Removes the file (forget all); an absent file is fine. */
export async function removeCredentialFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
