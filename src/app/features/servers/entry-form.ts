// A saved server in and out of the Connect form: the transport's fields go into the form's rows,
// the protocol choice, OAuth settings, client features and roots into the stores that hold them.

import { isSecretName, joinArgs, type ClientFeatures, type Root, type ServerEntry, type VersionChoice } from '../../../protocol/index.js';

import { authSettingsFrom, DEFAULT_AUTH_SETTINGS, type AuthSettings } from '../connect/auth-settings.js';
import type { VersionPrefs } from '../connect/connection-prefs.js';
import { buildConnectRequest, formFromPrefill, type ConnectForm, type EnvRow } from '../connect/form-model.js';

/** Everything of a saved server that the page's connection settings hold. */
export interface LoadedServer {
  form: ConnectForm;
  choice?: VersionChoice;
  auth: AuthSettings;
  clientFeatures?: ClientFeatures;
  roots?: Root[];
}

const marked = (secretKeys: readonly string[], name: string) => secretKeys.some((k) => k.toLowerCase() === name.toLowerCase());

export function loadedFrom(entry: ServerEntry): LoadedServer {
  const form = formFromPrefill(entry.transport);
  const mark = (rows: EnvRow[]) => rows.map((r) => ({ ...r, secret: marked(entry.secretKeys, r.name) }));
  const t = entry.transport;
  return {
    form: { ...form, env: mark(form.env), headers: mark(form.headers), argsText: t.kind === 'stdio' ? joinArgs(t.args) : '' },
    ...(entry.protocolVersion !== undefined ? { choice: entry.protocolVersion } : {}),
    auth: { ...DEFAULT_AUTH_SETTINGS, ...(t.kind === 'http' ? (t.auth ? authSettingsFrom(t.auth) : { mode: 'off' as const }) : {}) },
    ...(entry.clientFeatures !== undefined ? { clientFeatures: { ...entry.clientFeatures } } : {}),
    ...(entry.roots !== undefined ? { roots: entry.roots.map((r) => ({ ...r })) } : {}),
  };
}

/** What the page's settings hold now, to save as a server. */
export interface CurrentSettings {
  form: ConnectForm;
  version: VersionPrefs;
  auth: AuthSettings;
  clientFeatures: ClientFeatures;
  roots: readonly Root[];
}

/** The keys the person marked secret that the name rule does not already catch. */
function markedKeys(rows: readonly EnvRow[]): string[] {
  return [...new Set(rows.filter((r) => r.secret === true && r.name.trim() !== '' && !isSecretName(r.name.trim())).map((r) => r.name.trim()))];
}

export type EntryResult = { ok: true; entry: ServerEntry } | { ok: false; errors: string[] };

/** The settings as a saved server named `name`, or the sentences saying what to fix first (the form's own). */
export function entryFrom(name: string, now: CurrentSettings): EntryResult {
  const errors: string[] = [];
  if (name.trim() === '') errors.push('Give the server a name.');
  const built = buildConnectRequest(now.form, now.version, now.auth);
  if (!built.ok) return { ok: false, errors: [...errors, ...built.errors] };
  if (errors.length > 0) return { ok: false, errors };
  const { transport, protocolVersion } = built.request;
  const rows = now.form.transportKind === 'http' ? now.form.headers : now.form.env;
  return {
    ok: true,
    entry: {
      name: name.trim(),
      transport,
      protocolVersion,
      secretKeys: markedKeys(rows),
      clientFeatures: { ...now.clientFeatures },
      roots: now.roots.map((r) => ({ ...r })),
    },
  };
}
