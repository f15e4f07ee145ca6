// The protocol choice of the connection form (a version or Auto, and whether
// Auto sends the server/discover probe), kept in the browser's local storage
// so a reload (or the next visit) offers the same.

import { createStore } from 'zustand/vanilla';
import { isVersionChoice, type VersionChoice } from '../../../protocol/index.js';
import type { SettingsStorage } from '../../components/icons/icon-origins.js';

const KEY = 'mcpscope.protocolChoice';

export interface VersionPrefs {
  choice: VersionChoice;
  /** Auto only: send server/discover before anything else (the spec's stdio rule). */
  probe: boolean;
}

export interface ConnectionPrefsState extends VersionPrefs {
  setChoice(choice: VersionChoice): void;
  setProbe(probe: boolean): void;
}

/** The saved choice, or the defaults when storage holds nothing usable (edited by hand, an old format). */
function readSaved(storage: SettingsStorage | undefined, defaults: VersionPrefs): VersionPrefs {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return defaults;
    const { choice, probe } = parsed as Record<string, unknown>;
    return { choice: isVersionChoice(choice) ? choice : defaults.choice, probe: typeof probe === 'boolean' ? probe : defaults.probe };
  } catch {
    return defaults;
  }
}

export function createConnectionPrefs(storage: SettingsStorage | undefined, defaults: VersionPrefs) {
  return createStore<ConnectionPrefsState>()((set, get) => {
    const save = (): void => {
      const { choice, probe } = get();
      try {
        storage?.setItem(KEY, JSON.stringify({ choice, probe }));
      } catch {
        // Storage full or disabled: the choice lasts for this page view.
      }
    };
    return {
      ...readSaved(storage, defaults),
      setChoice: (choice) => {
        set({ choice });
        save();
      },
      setProbe: (probe) => {
        set({ probe });
        save();
      },
    };
  });
}

export type ConnectionPrefs = ReturnType<typeof createConnectionPrefs>;
