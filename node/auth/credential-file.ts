// The optional on-disk copy of the credential store: one JSON file in the user's
// config directory, mode 0600 in a 0700 directory, replaced atomically (write a
// temporary file beside it, then rename). A file others can read is refused.
import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { configDir, readPrivateFile, reason, replacePrivateFile, type PrivateFileRefusal } from '../files/private-file.js';
import { parseCredentialDocument, type CredentialDocument } from './credentials.js';

/** $XDG_CONFIG_HOME/mcpscope/credentials.json, else ~/.config/mcpscope/credentials.json (%APPDATA% on Windows). */
export function defaultCredentialFile(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return join(configDir(env, home), 'credentials.json');
}

export type CredentialFileRead = { ok: true; document: CredentialDocument } | { ok: false; problem: string };

const EMPTY: CredentialDocument = { version: 1, issuers: {} };

function refusal(path: string, r: PrivateFileRefusal): string {
  switch (r.kind) {
    case 'not-regular':
      return `The credential file ${path} is not a regular file${r.what}, so it was not used and tokens will not be saved this session. Remove it, then restart mcpscope.`;
    case 'became-link':
      return `The credential file ${path} became a symbolic link while it was being opened, so it was not used. Remove it, then restart mcpscope.`;
    case 'unopenable':
      return `The credential file ${path} could not be opened (${r.reason}). Tokens will not be saved this session; fix the file's permissions or forget all credentials to remove it.`;
    case 'other-owner':
      return `The credential file ${path} belongs to another user (uid ${r.uid}), so it was not used and tokens will not be saved this session. Remove it, or point mcpscope at a file of your own.`;
    case 'readable-by-others':
      return `The credential file ${path} can be read by other users (mode ${r.mode}), so it was not used and tokens will not be saved this session. Run "chmod 600 ${path}" and restart mcpscope, or forget all credentials to remove it.`;
    case 'unreadable':
      return `The credential file ${path} could not be read (${r.reason}). Tokens will not be saved this session.`;
  }
}

/** The document in the file; an absent file is an empty document. Never throws: a problem is a sentence. */
export async function readCredentialFile(path: string): Promise<CredentialFileRead> {
  const read = await readPrivateFile(path);
  if (!read.ok) return { ok: false, problem: refusal(path, read.refusal) };
  if (read.text === undefined) return { ok: true, document: structuredClone(EMPTY) };
  let json: unknown;
  try {
    json = JSON.parse(read.text);
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
}

/** Replaces the file with the document: a 0600 temporary file beside it (in a directory created 0700), then a rename. */
export async function writeCredentialFile(path: string, document: CredentialDocument): Promise<void> {
  await replacePrivateFile(path, `${JSON.stringify(document, null, 2)}\n`, 'credentials');
}

/** Removes the file (forget all); an absent file is fine. */
export async function removeCredentialFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
