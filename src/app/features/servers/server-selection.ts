// Which saved server the Connect form holds: kept across reloads (its id only, never a value), the
// form's fields handed to the form at each load, and the secret values the person revealed, which
// last until another server is chosen.

import { createStore } from 'zustand/vanilla';
import type { TransportConfig } from '../../../protocol/index.js';
import type { SettingsStorage } from '../../components/icons/icon-origins.js';
import type { ConnectForm } from '../connect/form-model.js';

const KEY = 'mcpscope.selectedServer';

/** A load of a server into the form; `seq` tells one load from the next. */
export interface FormLoad {
  seq: number;
  form: ConnectForm;
  /** Secret values typed before a reload, to be typed again. */
  typeAgain: string[];
  /** The load is a draft of unsaved edits (not the saved server as it is). */
  edited: boolean;
}

export interface ServerSelectionState {
  /** The id of the saved server the form holds; absent: the launch's server, or one typed by hand. */
  selected?: string;
  /** The selected server's transport as saved (secret values as KEPT_SECRET): what its unsaved edits are kept against. */
  base?: TransportConfig;
  load?: FormLoad;
  /** The Connect form as it is now (mirrored from its store), for Add and Save. */
  form?: ConnectForm;
  /** Values revealed by the person, by env or header name, for the selected server only. */
  revealed: Readonly<Record<string, string>>;
  /** Whether the kept selection has been put back into the form in this page view. */
  restored: boolean;
  /** Hands `form` to the Connect form as the server `id`'s. */
  choose(id: string, base: TransportConfig, load: Omit<FormLoad, 'seq'>): void;
  /** No saved server: the form stays as it is (or takes `form`), and Connect sends it as typed. */
  clear(form?: ConnectForm): void;
  /** The selected server's base changed (saved anew, renamed): its edits are kept against the new one. */
  rebase(base: TransportConfig): void;
  formChanged(form: ConnectForm | undefined): void;
  setRevealed(name: string, value: string | undefined): void;
  markRestored(): void;
}

function readSelected(storage: SettingsStorage | undefined): string | undefined {
  try {
    const value = storage?.getItem(KEY);
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function createServerSelection(storage: SettingsStorage | undefined) {
  const keep = (id: string | undefined): void => {
    try {
      storage?.setItem(KEY, id ?? '');
    } catch {
      // Storage full or disabled: the selection lasts for this page view.
    }
  };
  const selected = readSelected(storage);
  return createStore<ServerSelectionState>()((set, get) => ({
    ...(selected !== undefined ? { selected } : {}),
    revealed: {},
    restored: false,
    choose: (id, base, load) => {
      keep(id);
      set({ selected: id, base, load: { ...load, seq: (get().load?.seq ?? 0) + 1 }, revealed: {}, restored: true });
    },
    clear: (form) => {
      keep(undefined);
      const load = form !== undefined ? { load: { form, edited: true, typeAgain: [], seq: (get().load?.seq ?? 0) + 1 } } : {};
      set({ selected: undefined, base: undefined, revealed: {}, restored: true, ...load });
    },
    rebase: (base) => set({ base }),
    formChanged: (form) => set({ form }),
    setRevealed: (name, value) =>
      set((s) => {
        const revealed = Object.fromEntries(Object.entries(s.revealed).filter(([k]) => k !== name));
        return { revealed: value === undefined ? revealed : { ...revealed, [name]: value } };
      }),
    markRestored: () => set({ restored: true }),
  }));
}

export type ServerSelection = ReturnType<typeof createServerSelection>;
