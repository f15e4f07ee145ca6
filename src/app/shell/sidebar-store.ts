// The sidebar of server settings: expanded or collapsed beside the tabs on a wide page (kept
// across visits), a drawer over the page on a narrow one (closed at first, and again when
// Connect is pressed, so the outcome is in view). Which of the two applies is CSS's call
// (styles: max-width 900px); the page shows the toggle of the one that applies.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SettingsStorage } from '../components/icons/icon-origins.js';

const KEY = 'mcpscope.sidebar';

export interface SidebarState {
  /** Wide page: the settings beside the tabs. */
  expanded: boolean;
  /** Narrow page: the drawer is open over the tabs. */
  drawerOpen: boolean;
  toggleExpanded(): void;
  toggleDrawer(): void;
  closeDrawer(): void;
  /** Bring the settings into view, whichever way the page is laid out (the form has something to say). */
  reveal(): void;
}

export type SidebarStore = StoreApi<SidebarState>;

function readExpanded(storage: SettingsStorage | undefined): boolean {
  try {
    return storage?.getItem(KEY) !== 'collapsed';
  } catch {
    return true;
  }
}

export function createSidebarStore(storage: SettingsStorage | undefined): SidebarStore {
  const keep = (expanded: boolean): void => {
    try {
      storage?.setItem(KEY, expanded ? 'expanded' : 'collapsed');
    } catch {
      // Storage full or disabled: the choice lasts for this page view.
    }
  };
  return createStore<SidebarState>()((set, get) => ({
    expanded: readExpanded(storage),
    drawerOpen: false,
    toggleExpanded: () => {
      const expanded = !get().expanded;
      set({ expanded });
      keep(expanded);
    },
    toggleDrawer: () => set((s) => ({ drawerOpen: !s.drawerOpen })),
    closeDrawer: () => set({ drawerOpen: false }),
    reveal: () => {
      if (!get().expanded) keep(true);
      set({ expanded: true, drawerOpen: true });
    },
  }));
}
