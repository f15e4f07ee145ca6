// The saved-server list: the servers a person keeps (servers.json, kept by the proxy) and those of the
// config file npm start was given, as the page sees them. Secret values never leave the proxy: the page
// gets KEPT_SECRET in their place and sends it back to mean "the stored one".

import type { TransportConfig } from '../envelope/envelope.js';
import type { Result } from '../result.js';
import { isSecretKey, keyedValues, type ServerEntry } from './entry.js';
import type { ConfigInput, ConfigProblem } from './problems.js';
import { inputIdsIn } from './substitute.js';

/** The value a secret has in everything the page receives; sent back unchanged it means "the stored one". */
export const KEPT_SECRET = '•••• kept by the proxy';
/** The key that names an HTTP transport's OAuth client secret among `secretValues`. */
export const CLIENT_SECRET_KEY = 'auth.clientSecret';
/** How many recently opened servers the list remembers. */
export const MAX_RECENT = 8;

export interface SavedServer {
  /** Opaque, stable ("s-" + random), never reused. */
  id: string;
  /** `entry.name` is unique in the list, whatever its case. */
  entry: ServerEntry;
  createdAt: string;
  updatedAt: string;
  lastUsedAt?: string;
  /** 'saved': servers.json; 'config': the file given to npm start --config (read-only, never written). */
  source: 'saved' | 'config';
}

/** What the page gets: every secret value replaced by KEPT_SECRET. */
export type SavedServerView = SavedServer & { secretValues: string[] };

export interface ServerListView {
  /** Where servers.json lives. */
  file: string;
  /** Saved first (by name), then the --config file's. */
  servers: SavedServerView[];
  /** Ids, most recently opened first, at most MAX_RECENT. */
  recent: string[];
  /** The --config file npm start was given, when it was. */
  configFile?: { path: string; problems: ConfigProblem[]; inputs: ConfigInput[]; selected?: string };
  /** One sentence when servers.json is corrupt or unreadable: every write is refused until a reset. */
  problem?: string;
  /** Sentences about entries of servers.json that could not be read (they stay in the file as they are). */
  notes?: string[];
}

const sameName = (a: string, b: string): boolean => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** The saved server already called `name` (in any case), other than `exceptId`. */
export function serverNamed(servers: readonly SavedServer[], name: string, exceptId?: string): SavedServer | undefined {
  return servers.find((s) => s.id !== exceptId && sameName(s.entry.name.trim(), name.trim()));
}

/** `base` if no name in `taken` is it (in any case), else `${base} 2`, `${base} 3`, … */
export function uniqueName(base: string, taken: readonly string[]): string {
  const free = (name: string) => !taken.some((t) => sameName(t, name));
  if (free(base)) return base;
  for (let n = 2; ; n++) if (free(`${base} ${n}`)) return `${base} ${n}`;
}

/** The name of a duplicate: "name copy", then "name copy 2", … */
export function copyName(name: string, taken: readonly string[]): string {
  return uniqueName(`${name.replace(/ copy(?: \d+)?$/, '')} copy`, taken);
}

/** The recent list after `id` was opened. */
export function recentAfterUse(recent: readonly string[], id: string): string[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, MAX_RECENT);
}

/** A value that is only `${input:…}` references is a placeholder for the person to answer, not a secret. */
function isInputPlaceholder(value: string): boolean {
  const ids = inputIdsIn(value);
  return ids.length > 0 && ids.reduce((rest, id) => rest.replace(`\${input:${id}}`, ''), value) === '';
}

/** The keys of the transport whose values are secrets the page must not see. */
function secretKeysOf(entry: ServerEntry): string[] {
  const values = keyedValues(entry.transport);
  const keys = Object.keys(values).filter((k) => isSecretKey(entry, k) && values[k] !== '' && !isInputPlaceholder(values[k]!));
  const t = entry.transport;
  if (t.kind === 'http' && t.auth?.clientSecret !== undefined && t.auth.clientSecret !== '') keys.push(CLIENT_SECRET_KEY);
  return keys;
}

/** The saved server as the page gets it: each secret value replaced by KEPT_SECRET, and the keys it was done to. */
export function viewOf(saved: SavedServer): SavedServerView {
  const secretValues = secretKeysOf(saved.entry);
  const hide = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, secretValues.includes(k) ? KEPT_SECRET : v]));
  const t = saved.entry.transport;
  const transport: TransportConfig =
    t.kind === 'stdio'
      ? { ...t, env: hide(t.env) }
      : { ...t, headers: hide(t.headers), ...(t.auth && secretValues.includes(CLIENT_SECRET_KEY) ? { auth: { ...t.auth, clientSecret: KEPT_SECRET } } : {}) };
  return { ...saved, entry: { ...saved.entry, transport }, secretValues };
}

/** The stored secret behind one key of `secretValues`, when there is one. */
export function storedSecret(entry: ServerEntry, key: string): string | undefined {
  if (!secretKeysOf(entry).includes(key)) return undefined;
  const t = entry.transport;
  if (key === CLIENT_SECRET_KEY && t.kind === 'http') return t.auth?.clientSecret;
  return keyedValues(t)[key];
}

/**
 * The transport with each KEPT_SECRET value replaced by the stored one of the same key (of `stored`,
 * the transport of the server as saved). A key renamed, or new, has none: that is a sentence.
 */
export function resolveKeptSecrets(edited: TransportConfig, stored: TransportConfig | undefined, serverName: string): Result<TransportConfig> {
  const missing: string[] = [];
  const kept = (key: string, value: string, storedValue: string | undefined): string => {
    if (value !== KEPT_SECRET) return value;
    if (storedValue === undefined || storedValue === KEPT_SECRET) missing.push(key);
    return storedValue ?? value;
  };
  const storedValues = stored !== undefined && stored.kind === edited.kind ? keyedValues(stored) : {};
  const resolve = (values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, kept(k, v, Object.hasOwn(storedValues, k) ? storedValues[k] : undefined)]));
  let transport: TransportConfig;
  if (edited.kind === 'stdio') transport = { ...edited, env: resolve(edited.env) };
  else {
    const storedAuth = stored?.kind === 'http' ? stored.auth?.clientSecret : undefined;
    const auth =
      edited.auth?.clientSecret !== undefined ? { auth: { ...edited.auth, clientSecret: kept(CLIENT_SECRET_KEY, edited.auth.clientSecret, storedAuth) } } : {};
    transport = { ...edited, headers: resolve(edited.headers), ...auth };
  }
  if (missing.length > 0) {
    const names = missing.map((k) => `"${k}"`).join(', ');
    return {
      ok: false,
      error: `${names} of server "${serverName}" ${missing.length > 1 ? 'have' : 'has'} no value kept by the proxy (the key is new or was renamed): type the value again.`,
    };
  }
  return { ok: true, value: transport };
}

/** An edited entry with the stored secrets put back where the page sent KEPT_SECRET. */
export function mergeKeptSecrets(edited: ServerEntry, stored: ServerEntry | undefined): Result<ServerEntry> {
  const transport = resolveKeptSecrets(edited.transport, stored?.transport, edited.name);
  return transport.ok ? { ok: true, value: { ...edited, transport: transport.value } } : transport;
}

/** Saved servers by name (case-insensitive), as the list shows them. */
export function byName(servers: readonly SavedServer[]): SavedServer[] {
  return [...servers].sort((a, b) => a.entry.name.localeCompare(b.entry.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/** The recent ids that still name a server of the list. */
export function recentOf(recent: readonly string[], servers: readonly SavedServer[]): string[] {
  return recent.filter((id) => servers.some((s) => s.id === id)).slice(0, MAX_RECENT);
}
