// The Connect form's values, outside the form: the sidebar edits them, and Connect (in the
// top bar) submits them whether the sidebar is open or not. The kept draft is read once per
// launch prefill, when the proxy's configuration arrives, not on every render.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TransportConfig } from '../../../protocol/index.js';
import type { ConnectRequest } from '../../connection/controller.js';
import type { AuthSettings } from './auth-settings.js';
import type { VersionPrefs } from './connection-prefs.js';
import { prefillIdentity, type FormDrafts } from './form-draft.js';
import { buildConnectRequest, formFromPrefill, type ConnectForm } from './form-model.js';

export interface ConnectFormState {
  /** Undefined until the proxy's configuration is read (or could not be). */
  form: ConnectForm | undefined;
  prefill: TransportConfig | undefined;
  /** Names whose secret values were lost with the reload (form-draft.ts). */
  typeAgain: readonly string[];
  /** Why the last Connect did not start, one sentence each. */
  errors: readonly string[];
  /** The saved server the form holds (its id, and its transport as saved): edits are kept against it, Connect opens it by reference. */
  savedServer?: { id: string; base: TransportConfig };
  /** Start from this prefill: the edits made against it, else the prefill itself. Again for the same prefill: nothing. */
  load(prefill: TransportConfig | undefined): void;
  /** The person's edit: kept as the draft. */
  edit(patch: Partial<ConnectForm>): void;
  setErrors(errors: readonly string[]): void;
  /** A saved server chosen in the list (or none): its fields replace the form's. */
  replace(form: ConnectForm, typeAgain: readonly string[]): void;
  setSavedServer(saved: { id: string; base: TransportConfig } | undefined): void;
}

export type ConnectFormStore = StoreApi<ConnectFormState>;

/** `restoresDraft`: the page's first form takes back the edits from before a reload; a later one starts from the prefill. */
export function createConnectFormStore(drafts: FormDrafts, restoresDraft = true): ConnectFormStore {
  let loadedFor: string | undefined;
  return createStore<ConnectFormState>()((set, get) => ({
    form: undefined,
    prefill: undefined,
    typeAgain: [],
    errors: [],
    load: (prefill) => {
      const identity = prefillIdentity(prefill);
      if (identity === loadedFor) return;
      loadedFor = identity;
      const draft = restoresDraft ? drafts.read(prefill) : undefined;
      set({ prefill, form: draft?.form ?? formFromPrefill(prefill), typeAgain: draft?.typeAgain ?? [], errors: [] });
    },
    edit: (patch) => {
      const { form, prefill, savedServer } = get();
      if (form === undefined) return;
      const next = { ...form, ...patch };
      set({ form: next });
      if (savedServer !== undefined) drafts.save(savedServer.base, next, savedServer.id);
      else drafts.save(prefill, next);
    },
    setErrors: (errors) => set({ errors }),
    replace: (form, typeAgain) => set({ form, typeAgain, errors: [] }),
    setSavedServer: (savedServer) => set({ savedServer }),
  }));
}

export interface ConnectFromFormDeps {
  form: ConnectFormStore;
  version: () => VersionPrefs;
  authSettings: () => AuthSettings;
  connect: (request: ConnectRequest) => unknown;
}

/** Connect with what the form holds; false (and the form's errors set) when it cannot be used as it is. */
export function connectFromForm(deps: ConnectFromFormDeps): boolean {
  const { form } = deps.form.getState();
  if (form === undefined) return false;
  const built = buildConnectRequest(form, deps.version(), deps.authSettings());
  if (!built.ok) {
    deps.form.getState().setErrors(built.errors);
    return false;
  }
  deps.form.getState().setErrors([]);
  const saved = deps.form.getState().savedServer;
  void deps.connect(saved !== undefined ? { ...built.request, savedServer: saved.id } : built.request);
  return true;
}
