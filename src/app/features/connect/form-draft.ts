// The Connect form's unsaved edits, kept in local storage so a reload brings
// them back instead of the launch prefill. They belong to the prefill they
// were made against: a proxy started for another server (npm start --
// other-server) prefills the form afresh. Secret values (isSecretName) are
// never written: one left as the launch gave it comes back from the prefill,
// one the person typed must be typed again. A saved server's edits are kept
// against it as saved (its id and transport), so the prefill there is that.

import { isHttpMode, isSecretName, type TransportConfig } from '../../../protocol/index.js';
import type { SettingsStorage } from '../../components/icons/icon-origins.js';
import { newEnvRow, type ConnectForm, type EnvRow } from './form-model.js';

const KEY = 'mcpscope.connectDraft';

/** A row's value as stored: the value, or for a secret where it comes from. */
type SavedValue = string | { secret: 'prefill' | 'typed' };
type SavedRow = [name: string, value: SavedValue, markedSecret?: true];

interface SavedDraft {
  prefill: string;
  form: Omit<ConnectForm, 'env' | 'headers'> & { env: SavedRow[]; headers: SavedRow[] };
}

export interface RestoredDraft {
  form: ConnectForm;
  /** Names whose secret values were typed before the reload and must be typed again. */
  typeAgain: string[];
}

function prefillValues(prefill: TransportConfig | undefined): Record<string, string> {
  if (prefill === undefined) return {};
  return prefill.kind === 'stdio' ? prefill.env : prefill.headers;
}

/** What identifies the prefill (and the saved server, when the edits are of one), with its secret values left out. */
export function prefillIdentity(prefill: TransportConfig | undefined, savedServer?: string): string {
  const scope = savedServer !== undefined ? `saved ${savedServer} ` : '';
  if (prefill === undefined) return `${scope}none`;
  const names = Object.entries(prefillValues(prefill)).map(([k, v]) => [k, isSecretName(k) ? '' : v]);
  return `${scope}${
    prefill.kind === 'stdio'
      ? JSON.stringify(['stdio', prefill.command, prefill.args, names, prefill.cwd ?? ''])
      : JSON.stringify(['http', prefill.url, names, prefill.mode])
  }`;
}

function saveRows(rows: EnvRow[], launch: Record<string, string>): SavedRow[] {
  return rows.map(({ name, value, secret }): SavedRow => {
    const saved: SavedValue =
      (!isSecretName(name) && secret !== true) || value === ''
        ? value
        : { secret: Object.hasOwn(launch, name) && launch[name] === value ? 'prefill' : 'typed' };
    return secret === true ? [name, saved, true] : [name, saved];
  });
}

export function saveDraft(storage: SettingsStorage | undefined, prefill: TransportConfig | undefined, form: ConnectForm, savedServer?: string): void {
  const launch = prefillValues(prefill);
  const draft: SavedDraft = {
    prefill: prefillIdentity(prefill, savedServer),
    form: { ...form, env: saveRows(form.env, launch), headers: saveRows(form.headers, launch) },
  };
  try {
    storage?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the edits last for this page view.
  }
}

function readRows(value: unknown, launch: Record<string, string>, typeAgain: string[]): EnvRow[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const rows: EnvRow[] = [];
  for (const row of value as unknown[]) {
    if (!Array.isArray(row) || typeof row[0] !== 'string') return undefined;
    const [name, saved, marked] = row as [string, unknown, unknown];
    const secret = marked === true ? { secret: true } : {};
    if (typeof saved === 'string') rows.push({ ...newEnvRow(name, saved), ...secret });
    else if (saved !== null && typeof saved === 'object' && (saved as { secret?: unknown }).secret === 'prefill' && Object.hasOwn(launch, name)) {
      rows.push({ ...newEnvRow(name, launch[name]), ...secret });
    } else {
      typeAgain.push(name);
      rows.push({ ...newEnvRow(name, ''), ...secret });
    }
  }
  return rows;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The edits made against this prefill, or undefined: none kept, made against another prefill, or unreadable. */
export function readDraft(storage: SettingsStorage | undefined, prefill: TransportConfig | undefined, savedServer?: string): RestoredDraft | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { prefill: identity, form } = parsed as { prefill?: unknown; form?: unknown };
  if (identity !== prefillIdentity(prefill, savedServer) || typeof form !== 'object' || form === null) return undefined;
  const f = form as Record<string, unknown>;
  const launch = prefillValues(prefill);
  const typeAgain: string[] = [];
  const env = readRows(f.env, launch, typeAgain);
  const headers = readRows(f.headers, launch, typeAgain);
  const [command, argsText, cwd, url] = [text(f.command), text(f.argsText), text(f.cwd), text(f.url)];
  const httpMode = isHttpMode(f.httpMode) ? f.httpMode : undefined;
  const transportKind = f.transportKind === 'http' || f.transportKind === 'stdio' ? f.transportKind : undefined;
  if (env === undefined || headers === undefined || command === undefined || argsText === undefined || cwd === undefined || url === undefined) return undefined;
  if (httpMode === undefined || transportKind === undefined) return undefined;
  return { form: { transportKind, command, argsText, env, cwd, url, headers, httpMode }, typeAgain };
}

/** The sentence for secret values that did not survive the reload, while any is still empty. */
export function typeAgainNote(typeAgain: readonly string[], form: ConnectForm): string | undefined {
  const rows = form.transportKind === 'http' ? form.headers : form.env;
  const empty = typeAgain.filter((name) => rows.some((r) => r.name === name && r.value === ''));
  if (empty.length === 0) return undefined;
  const which = empty.length === 1 ? `the value of ${empty[0]}` : `the values of ${empty.join(', ')}`;
  return `Secret values are not saved in the browser: type ${which} again (lost with the reload).`;
}

/** The drafts of one page, in its settings storage. */
export function createFormDrafts(storage: SettingsStorage | undefined) {
  return {
    read: (prefill: TransportConfig | undefined, savedServer?: string) => readDraft(storage, prefill, savedServer),
    save: (prefill: TransportConfig | undefined, form: ConnectForm, savedServer?: string) => saveDraft(storage, prefill, form, savedServer),
  };
}

export type FormDrafts = ReturnType<typeof createFormDrafts>;
