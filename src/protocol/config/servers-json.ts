// servers.json, the saved-server list on disk: read and checked (version 1; each entry that cannot be read
// is named in a sentence and kept as it was, so writing the file back never loses it), and written.

import { parseTransportConfig } from '../envelope/envelope.js';
import { isRecord, isStringArray } from '../json/guards.js';
import { rootUriProblem, type Root } from '../mcp/roots.js';
import type { Result } from '../result.js';
import { DEFAULT_CLIENT_FEATURES, type ClientFeature, type ClientFeatures } from '../session/client-capabilities.js';
import { isVersionChoice } from '../versions.js';
import type { ServerEntry } from './entry.js';
import { serverNamed, type SavedServer } from './server-list.js';

export const SERVERS_FILE_VERSION = 1;
/** A name longer than this is surely a mistake (and would not fit anywhere it is shown). */
const MAX_NAME_CHARS = 200;

export interface ServersDocument {
  servers: SavedServer[];
  recent: string[];
  /** Entries that could not be read, exactly as they were: written back untouched. */
  unread: unknown[];
}

export type ServersDocumentRead = { ok: true; list: ServersDocument; notes: string[] } | { ok: false; problem: string };

const FEATURES: readonly ClientFeature[] = Object.keys(DEFAULT_CLIENT_FEATURES) as ClientFeature[];

function readClientFeatures(v: unknown): Result<ClientFeatures> {
  if (!isRecord(v)) return { ok: false, error: 'clientFeatures must be an object of true/false switches' };
  const features: ClientFeatures = { ...DEFAULT_CLIENT_FEATURES };
  for (const [key, on] of Object.entries(v)) {
    const feature = FEATURES.find((f) => f === key);
    if (feature === undefined) return { ok: false, error: `clientFeatures.${key} is not a client feature (they are ${FEATURES.join(', ')})` };
    if (typeof on !== 'boolean') return { ok: false, error: `clientFeatures.${key} must be true or false` };
    features[feature] = on;
  }
  return { ok: true, value: features };
}

function readRoots(v: unknown): Result<Root[]> {
  if (!Array.isArray(v)) return { ok: false, error: 'roots must be a list of { uri, name }' };
  const roots: Root[] = [];
  for (const [i, r] of v.entries()) {
    if (!isRecord(r) || typeof r.uri !== 'string') return { ok: false, error: `root ${i + 1} has no "uri" string` };
    const problem = rootUriProblem(r.uri);
    if (problem !== undefined) return { ok: false, error: `root ${i + 1}: ${problem.replace(/\.$/, '')}` };
    if (r.name !== undefined && typeof r.name !== 'string') return { ok: false, error: `root ${i + 1} has a "name" that is not a string` };
    roots.push({ uri: r.uri.trim(), ...(typeof r.name === 'string' && r.name.trim() !== '' ? { name: r.name.trim() } : {}) });
  }
  return { ok: true, value: roots };
}

/** One server entry as mcpscope writes it (servers.json, the API's bodies); the error says what is wrong, without a period. */
export function readServerEntry(v: unknown): Result<ServerEntry> {
  if (!isRecord(v)) return { ok: false, error: 'the entry must be an object with a name and a transport' };
  if (typeof v.name !== 'string' || v.name.trim() === '') return { ok: false, error: 'the entry needs a name' };
  const name = v.name.trim();
  if (name.length > MAX_NAME_CHARS) return { ok: false, error: `the name is ${name.length} characters long, more than ${MAX_NAME_CHARS}` };
  const transport = parseTransportConfig(v.transport);
  if (!transport.ok) return transport;
  const entry: ServerEntry = { name, transport: transport.value, secretKeys: [] };
  if (v.secretKeys !== undefined) {
    if (!isStringArray(v.secretKeys)) return { ok: false, error: 'secretKeys must be a list of key names' };
    entry.secretKeys = v.secretKeys;
  }
  if (v.protocolVersion !== undefined) {
    if (!isVersionChoice(v.protocolVersion))
      return { ok: false, error: `protocolVersion ${JSON.stringify(v.protocolVersion)} is not a protocol version or "auto"` };
    entry.protocolVersion = v.protocolVersion;
  }
  if (v.envFile !== undefined) {
    if (typeof v.envFile !== 'string') return { ok: false, error: 'envFile must be a file path' };
    entry.envFile = v.envFile;
  }
  if (v.clientFeatures !== undefined) {
    const features = readClientFeatures(v.clientFeatures);
    if (!features.ok) return features;
    entry.clientFeatures = features.value;
  }
  if (v.roots !== undefined) {
    const roots = readRoots(v.roots);
    if (!roots.ok) return roots;
    entry.roots = roots.value;
  }
  return { ok: true, value: entry };
}

const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

function readSaved(v: unknown): Result<SavedServer> {
  if (!isRecord(v)) return { ok: false, error: 'it is not an object with an id and an entry' };
  if (typeof v.id !== 'string' || v.id === '') return { ok: false, error: 'it has no id' };
  const entry = readServerEntry(v.entry);
  if (!entry.ok) return entry;
  if (!isTime(v.createdAt) || !isTime(v.updatedAt)) return { ok: false, error: 'its createdAt or updatedAt is not a date' };
  if (v.lastUsedAt !== undefined && !isTime(v.lastUsedAt)) return { ok: false, error: 'its lastUsedAt is not a date' };
  const saved: SavedServer = { id: v.id, entry: entry.value, createdAt: v.createdAt, updatedAt: v.updatedAt, source: 'saved' };
  if (isTime(v.lastUsedAt)) saved.lastUsedAt = v.lastUsedAt;
  return { ok: true, value: saved };
}

/** What an entry is called in a sentence: its name when it has one, else its place. */
function called(v: unknown, i: number): string {
  const name = isRecord(v) && isRecord(v.entry) && typeof v.entry.name === 'string' ? ` ("${v.entry.name}")` : '';
  return `Server ${i + 1}${name}`;
}

/** The parsed JSON of servers.json, checked. `file` names it in sentences. */
export function parseServersDocument(json: unknown, file: string): ServersDocumentRead {
  if (!isRecord(json)) return { ok: false, problem: `${file} is not a saved-server list (it holds no JSON object).` };
  if (json.version !== SERVERS_FILE_VERSION) {
    return {
      ok: false,
      problem: `${file} is of version ${JSON.stringify(json.version)}, which this mcpscope cannot read (it reads version ${SERVERS_FILE_VERSION}): it was left untouched; use the mcpscope that wrote it, or reset the list.`,
    };
  }
  if (!Array.isArray(json.servers)) return { ok: false, problem: `${file} has no "servers" list: it was left untouched; fix it, or reset the list.` };
  const servers: SavedServer[] = [];
  const unread: unknown[] = [];
  const notes: string[] = [];
  json.servers.forEach((raw: unknown, i) => {
    const read = readSaved(raw);
    let why: string | undefined;
    if (!read.ok) why = read.error;
    else if (servers.some((s) => s.id === read.value.id)) why = `its id ${read.value.id} is already another server's`;
    else if (serverNamed(servers, read.value.entry.name) !== undefined) why = `the name "${read.value.entry.name}" is already another server's`;
    if (why === undefined && read.ok) servers.push(read.value);
    else {
      unread.push(raw);
      notes.push(`${called(raw, i)} of ${file} could not be read: ${why}. It is kept in the file as it is; fix it there.`);
    }
  });
  const recent = isStringArray(json.recent) ? json.recent : [];
  return { ok: true, list: { servers, recent, unread }, notes };
}

/** servers.json's text for a list; the unread entries go back as they were. */
export function serializeServersDocument(doc: ServersDocument): string {
  const servers = [...doc.servers.map(({ source: _source, ...saved }) => saved), ...doc.unread];
  return `${JSON.stringify({ version: SERVERS_FILE_VERSION, servers, recent: doc.recent }, null, 2)}\n`;
}
