// The changes a person makes to the saved-server list (add, edit and rename, delete, duplicate, import,
// open), on the list as read from servers.json. Pure: the time, new ids and the --config file's servers
// are given; an edit the list cannot take is a reason and a sentence (the API turns reasons into statuses).

import { isRecord } from '../json/guards.js';
import type { ServerEntry } from './entry.js';
import { copyName, mergeKeptSecrets, recentAfterUse, serverNamed, uniqueName, type SavedServer } from './server-list.js';
import { readServerEntry, type ServersDocument } from './servers-json.js';

export interface EditContext {
  /** ISO 8601. */
  now: string;
  newId: () => string;
  /** The servers of the --config file: read-only, yet they can be duplicated and opened. */
  config: readonly SavedServer[];
}

export type EditRefusal = { ok: false; reason: 'invalid' | 'unknown' | 'taken' | 'read-only'; error: string };
export type EditOutcome<T> = { ok: true; value: T } | EditRefusal;

const refuse = (reason: EditRefusal['reason'], error: string): EditRefusal => ({ ok: false, reason, error });

function unknownId(id: string): EditRefusal {
  return refuse('unknown', `No saved server has the id ${JSON.stringify(id)}: it may have been deleted elsewhere; reload the list.`);
}

function readOnly(server: SavedServer, what: string): EditRefusal {
  return refuse(
    'read-only',
    `"${server.entry.name}" comes from the --config file, which mcpscope never writes: ${what} is not possible; save a copy to change it.`,
  );
}

function takenName(name: string): EditRefusal {
  return refuse('taken', `A saved server is already called "${name}": choose another name.`);
}

/** The entry of a request body, read and checked, with no KEPT_SECRET left unresolved. */
function entryOf(raw: unknown, stored: ServerEntry | undefined): EditOutcome<ServerEntry> {
  const read = readServerEntry(raw);
  if (!read.ok) return refuse('invalid', `The server could not be saved: ${read.error}.`);
  const merged = mergeKeptSecrets(read.value, stored);
  return merged.ok ? merged : refuse('invalid', merged.error);
}

/** Any server of the list, saved or from the --config file. */
export function findServer(list: ServersDocument, id: string, ctx: Pick<EditContext, 'config'>): SavedServer | undefined {
  return list.servers.find((s) => s.id === id) ?? ctx.config.find((s) => s.id === id);
}

export function addServer(list: ServersDocument, raw: unknown, ctx: EditContext): EditOutcome<SavedServer> {
  const entry = entryOf(raw, undefined);
  if (!entry.ok) return entry;
  if (serverNamed(list.servers, entry.value.name) !== undefined) return takenName(entry.value.name);
  const saved: SavedServer = { id: ctx.newId(), entry: entry.value, createdAt: ctx.now, updatedAt: ctx.now, source: 'saved' };
  list.servers.push(saved);
  return { ok: true, value: saved };
}

/** Edit and rename: KEPT_SECRET values keep the stored secrets. */
export function editServer(list: ServersDocument, id: string, raw: unknown, ctx: EditContext): EditOutcome<SavedServer> {
  const server = findServer(list, id, ctx);
  if (server === undefined) return unknownId(id);
  if (server.source === 'config') return readOnly(server, 'editing it');
  const entry = entryOf(raw, server.entry);
  if (!entry.ok) return entry;
  if (serverNamed(list.servers, entry.value.name, id) !== undefined) return takenName(entry.value.name);
  server.entry = entry.value;
  server.updatedAt = ctx.now;
  return { ok: true, value: server };
}

export function deleteServer(list: ServersDocument, id: string, ctx: EditContext): EditOutcome<SavedServer> {
  const server = findServer(list, id, ctx);
  if (server === undefined) return unknownId(id);
  if (server.source === 'config') return readOnly(server, 'deleting it');
  list.servers = list.servers.filter((s) => s.id !== id);
  list.recent = list.recent.filter((r) => r !== id);
  return { ok: true, value: server };
}

/** A copy in the saved list ("name copy"): of a config-file server, that is "Save a copy". */
export function duplicateServer(list: ServersDocument, id: string, ctx: EditContext): EditOutcome<SavedServer> {
  const server = findServer(list, id, ctx);
  if (server === undefined) return unknownId(id);
  const taken = [...list.servers, ...ctx.config].map((s) => s.entry.name);
  const entry: ServerEntry = { ...structuredClone(server.entry), name: copyName(server.entry.name, taken) };
  const copy: SavedServer = { id: ctx.newId(), entry, createdAt: ctx.now, updatedAt: ctx.now, source: 'saved' };
  list.servers.push(copy);
  return { ok: true, value: copy };
}

export interface ImportOutcome {
  added: SavedServer[];
  renamed: Array<{ from: string; to: string }>;
}

/** Many entries at once (an imported config file): names made unique, all or none. */
export function importServers(list: ServersDocument, raw: unknown, ctx: EditContext): EditOutcome<ImportOutcome> {
  if (!Array.isArray(raw) || raw.length === 0) return refuse('invalid', 'Nothing was imported: send "entries", a list of at least one server entry.');
  const entries: ServerEntry[] = [];
  for (const [i, item] of raw.entries()) {
    const entry = entryOf(item, undefined);
    const name = isRecord(item) && typeof item.name === 'string' ? ` ("${item.name}")` : '';
    if (!entry.ok) return refuse('invalid', `Nothing was imported: entry ${i + 1}${name} is not right. ${entry.error}`);
    entries.push(entry.value);
  }
  const outcome: ImportOutcome = { added: [], renamed: [] };
  for (const entry of entries) {
    const name = uniqueName(
      entry.name,
      list.servers.map((s) => s.entry.name),
    );
    if (name !== entry.name) outcome.renamed.push({ from: entry.name, to: name });
    const saved: SavedServer = { id: ctx.newId(), entry: { ...entry, name }, createdAt: ctx.now, updatedAt: ctx.now, source: 'saved' };
    list.servers.push(saved);
    outcome.added.push(saved);
  }
  return { ok: true, value: outcome };
}

/** The server was opened: first in the recent list, and its lastUsedAt (a saved one's). */
export function markUsed(list: ServersDocument, id: string, ctx: EditContext): EditOutcome<SavedServer> {
  const server = findServer(list, id, ctx);
  if (server === undefined) return unknownId(id);
  if (server.source === 'saved') server.lastUsedAt = ctx.now;
  list.recent = recentAfterUse(list.recent, id);
  return { ok: true, value: server };
}
