// The https: origins the person allows server icons from, kept in the
// browser's local storage, and the blocked origins the page has met since it
// opened (so the person sees what was held back and can allow it in one click).

import { createStore } from 'zustand/vanilla';

export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'mcpscope.iconOrigins';

export interface IconOriginsState {
  /** Origins icons may be loaded from, e.g. "https://cdn.example". */
  allowed: ReadonlySet<string>;
  /** Origins of icons that were not loaded, with how many distinct icons each. */
  blocked: ReadonlyMap<string, ReadonlySet<string>>;
  allow(origin: string): void;
  forget(origin: string): void;
  /** Called when an icon from a not-allowed origin is about to be shown. */
  noteBlocked(origin: string, src: string): void;
}

/** A saved list, or nothing when the storage holds something else (edited by hand, an old format). */
function readAllowed(storage: SettingsStorage | undefined): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string' && isHttpsOrigin(o)) : []);
  } catch {
    return new Set();
  }
}

function isHttpsOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' && url.origin === origin;
  } catch {
    return false;
  }
}

export function createIconOriginsStore(storage?: SettingsStorage) {
  const save = (allowed: ReadonlySet<string>): void => {
    try {
      storage?.setItem(KEY, JSON.stringify([...allowed].sort()));
    } catch {
      // Storage full or disabled: the choice lasts for this page view.
    }
  };
  return createStore<IconOriginsState>()((set, get) => ({
    allowed: readAllowed(storage),
    blocked: new Map(),
    allow: (origin) => {
      if (!isHttpsOrigin(origin) || get().allowed.has(origin)) return;
      const allowed = new Set(get().allowed).add(origin);
      const blocked = new Map(get().blocked);
      blocked.delete(origin);
      save(allowed);
      set({ allowed, blocked });
    },
    forget: (origin) => {
      if (!get().allowed.has(origin)) return;
      const allowed = new Set(get().allowed);
      allowed.delete(origin);
      save(allowed);
      set({ allowed });
    },
    noteBlocked: (origin, src) => {
      const known = get().blocked.get(origin);
      if (known?.has(src) || get().allowed.has(origin)) return;
      const blocked = new Map(get().blocked);
      blocked.set(origin, new Set(known).add(src));
      set({ blocked });
    },
  }));
}

export type IconOriginsStore = ReturnType<typeof createIconOriginsStore>;
