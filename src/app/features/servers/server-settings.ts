// A saved server put into the page's connection settings (the form, the protocol choice, OAuth,
// client features and roots), and those settings read back to be saved as one.

import { KEPT_SECRET, type SavedServerView } from '../../../protocol/index.js';
import type { ClientSettings } from '../client-capabilities/client-settings.js';
import type { AuthSettingsStore } from '../connect/auth-settings.js';
import type { ConnectionPrefs } from '../connect/connection-prefs.js';
import type { FormDrafts } from '../connect/form-draft.js';
import type { EnvRow } from '../connect/form-model.js';
import { loadedFrom, type CurrentSettings, type LoadedServer } from './entry-form.js';
import type { ServerSelection } from './server-selection.js';

export interface SettingsStores {
  servers: ServerSelection;
  connectionPrefs: ConnectionPrefs;
  authSettings: AuthSettingsStore;
  clientSettings: ClientSettings;
  formDrafts: FormDrafts;
}

/** The stores that are not kept across reloads: client features, roots, the OAuth client secret. */
function applyUnkept(stores: SettingsStores, loaded: LoadedServer): void {
  if (loaded.clientFeatures !== undefined) stores.clientSettings.setState({ features: loaded.clientFeatures });
  if (loaded.roots !== undefined) stores.clientSettings.setState({ roots: loaded.roots });
}

/** The person chose `server`: everything it saved replaces the page's settings. */
export function chooseServer(stores: SettingsStores, server: SavedServerView): void {
  const loaded = loadedFrom(server.entry);
  if (loaded.choice !== undefined) stores.connectionPrefs.getState().setChoice(loaded.choice);
  if (server.entry.transport.kind === 'http') stores.authSettings.getState().set(loaded.auth);
  applyUnkept(stores, loaded);
  stores.servers.getState().choose(server.id, server.entry.transport, { form: loaded.form, edited: false, typeAgain: [] });
}

/**
 * After a reload: the selected server back in the form, with the edits made to it since it was
 * saved (its draft). The protocol choice and OAuth settings kept themselves across the reload.
 */
export function restoreServer(stores: SettingsStores, server: SavedServerView): void {
  const draft = stores.formDrafts.read(server.entry.transport, server.id);
  if (draft === undefined) {
    chooseServer(stores, server);
    return;
  }
  const loaded = loadedFrom(server.entry);
  applyUnkept(stores, loaded);
  if (loaded.auth.clientSecret === KEPT_SECRET) stores.authSettings.getState().set({ clientSecret: KEPT_SECRET });
  stores.servers.getState().choose(server.id, server.entry.transport, { form: draft.form, edited: true, typeAgain: draft.typeAgain });
}

/** The page's settings now, or undefined before the form has shown itself. */
export function currentSettings(stores: SettingsStores): CurrentSettings | undefined {
  const form = stores.servers.getState().form;
  if (form === undefined) return undefined;
  const { features, roots } = stores.clientSettings.getState();
  return { form, version: stores.connectionPrefs.getState(), auth: stores.authSettings.getState(), clientFeatures: features, roots };
}

/**
 * The selected server is gone (deleted): the form keeps its settings, but the values only the proxy
 * held are emptied, since nothing can stand for them now. Returns the names to type again.
 */
export function forgetKeptSecrets(stores: SettingsStores): string[] {
  const form = stores.servers.getState().form;
  const emptied: string[] = [];
  const empty = (rows: EnvRow[]) =>
    rows.map((r) => {
      if (r.value !== KEPT_SECRET) return r;
      emptied.push(r.name);
      return { ...r, value: '' };
    });
  stores.servers.getState().clear(form && { ...form, env: empty(form.env), headers: empty(form.headers) });
  if (stores.authSettings.getState().clientSecret === KEPT_SECRET) {
    stores.authSettings.getState().set({ clientSecret: '' });
    emptied.push('the client secret');
  }
  return emptied;
}
