// The optional on-disk copy of the model settings (--remember-credentials): the keys typed in the page, the
// endpoints and the models allowed, as one JSON file beside credentials.json, with its rules (0600 in a 0700
// directory, replaced atomically, a file others can read refused).
import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isRecord, MODEL_PROVIDERS, type ModelProviderKind } from '../../src/protocol/wire.js';
import { configDir, readPrivateFile, reason, replacePrivateFile, type PrivateFileRefusal } from '../files/private-file.js';

export function isModelProvider(value: unknown): value is ModelProviderKind {
  return typeof value === 'string' && (MODEL_PROVIDERS as readonly string[]).includes(value);
}

/** What is kept of one provider; each part absent when the person set none. */
export interface ProviderSettings {
  apiKey?: string;
  baseUrl?: string;
  models?: string[];
}

export interface ModelKeysDocument {
  version: 1;
  providers: Partial<Record<ModelProviderKind, ProviderSettings>>;
}

/** $XDG_CONFIG_HOME/mcpscope/model-keys.json, else ~/.config/mcpscope/model-keys.json. */
export function defaultModelKeysFile(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return join(configDir(env, home), 'model-keys.json');
}

export type ModelKeysRead = { ok: true; document: ModelKeysDocument } | { ok: false; problem: string };

const UNUSED = 'so it was not used and typed keys are kept in memory only this session';

function refusal(path: string, r: PrivateFileRefusal): string {
  switch (r.kind) {
    case 'not-regular':
      return `The model key file ${path} is not a regular file${r.what}, ${UNUSED}. Remove it, then restart mcpscope.`;
    case 'became-link':
      return `The model key file ${path} became a symbolic link while it was being opened, ${UNUSED}. Remove it, then restart mcpscope.`;
    case 'unopenable':
    case 'unreadable':
      return `The model key file ${path} could not be read (${r.reason}), ${UNUSED}. Fix its permissions, or forget all model keys to remove it.`;
    case 'other-owner':
      return `The model key file ${path} belongs to another user (uid ${r.uid}), ${UNUSED}. Remove it, or run mcpscope as its owner.`;
    case 'readable-by-others':
      return `The model key file ${path} can be read by other users (mode ${r.mode}), ${UNUSED}. Run "chmod 600 ${path}" and restart mcpscope, or forget all model keys to remove it.`;
  }
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}

/** The document, or the first place it is not in mcpscope's format. */
function parseDocument(json: unknown): { ok: true; value: ModelKeysDocument } | { ok: false; where: string } {
  if (!isRecord(json) || json.version !== 1 || !isRecord(json.providers)) return { ok: false, where: 'version or providers' };
  const providers: ModelKeysDocument['providers'] = {};
  for (const [name, entry] of Object.entries(json.providers)) {
    if (!isModelProvider(name) || !isRecord(entry)) return { ok: false, where: `providers.${name}` };
    const { apiKey, baseUrl } = entry;
    const models = entry.models === undefined ? undefined : stringList(entry.models);
    if (
      (apiKey !== undefined && typeof apiKey !== 'string') ||
      (baseUrl !== undefined && typeof baseUrl !== 'string') ||
      (entry.models !== undefined && !models)
    )
      return { ok: false, where: `providers.${name}` };
    providers[name] = { ...(apiKey !== undefined ? { apiKey } : {}), ...(baseUrl !== undefined ? { baseUrl } : {}), ...(models ? { models } : {}) };
  }
  return { ok: true, value: { version: 1, providers } };
}

/** The document in the file; an absent file is an empty document. Never throws: a problem is a sentence. */
export async function readModelKeysFile(path: string): Promise<ModelKeysRead> {
  const read = await readPrivateFile(path);
  if (!read.ok) return { ok: false, problem: refusal(path, read.refusal) };
  if (read.text === undefined) return { ok: true, document: { version: 1, providers: {} } };
  let json: unknown;
  try {
    json = JSON.parse(read.text);
  } catch (error) {
    return { ok: false, problem: `The model key file ${path} is not valid JSON (${reason(error)}), ${UNUSED}; forget all model keys to remove it.` };
  }
  const parsed = parseDocument(json);
  if (!parsed.ok)
    return {
      ok: false,
      problem: `The model key file ${path} is not in mcpscope's format (wrong: ${parsed.where}), ${UNUSED}; forget all model keys to remove it.`,
    };
  return { ok: true, document: parsed.value };
}

export async function writeModelKeysFile(path: string, document: ModelKeysDocument): Promise<void> {
  await replacePrivateFile(path, `${JSON.stringify(document, null, 2)}\n`, 'model-keys');
}

export async function removeModelKeysFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
