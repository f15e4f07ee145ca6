// Which inspector tab is open, and cross-tab requests such as "read this
// resource" from a resource_link in a tool result.

import { createStore } from 'zustand/vanilla';

export type InspectorTab = 'ping' | 'tools' | 'resources' | 'prompts' | 'log';

export interface NavigationState {
  tab: InspectorTab;
  /** A resource another tab asked to read; the Resources tab consumes it. */
  resourceRequest?: { uri: string; seq: number };
  selectTab(tab: InspectorTab): void;
  openResource(uri: string): void;
  takeResourceRequest(): string | undefined;
}

let seq = 0;

export function createNavigationStore() {
  return createStore<NavigationState>()((set, get) => ({
    tab: 'ping',
    selectTab: (tab) => set({ tab }),
    openResource: (uri) => set({ tab: 'resources', resourceRequest: { uri, seq: ++seq } }),
    takeResourceRequest: () => {
      const r = get().resourceRequest;
      if (r) set({ resourceRequest: undefined });
      return r?.uri;
    },
  }));
}
