// Which inspector tab is open, and cross-tab requests such as "read this
// resource" from a resource_link in a tool result.

import { createStore, type StoreApi } from 'zustand/vanilla';

export type InspectorTab =
  'ping' | 'tools' | 'resources' | 'prompts' | 'tasks' | 'log' | 'logging' | 'console' | 'network' | 'problems' | 'composer' | 'authorization';

export interface NavigationState {
  tab: InspectorTab;
  /** A resource another tab asked to read; the Resources tab consumes it. */
  resourceRequest?: { uri: string; seq: number };
  /** The Log tab shows only frames with findings of this lint rule ('' for all). */
  logRule: string;
  /** A frame another tab asked the Log to select and scroll to. */
  logReveal?: { seq: number; n: number };
  /** Raw text another tab (the Log's "Edit and resend") asked the Composer to load. */
  composerDraft?: { raw: string; n: number };
  selectTab(tab: InspectorTab): void;
  openResource(uri: string): void;
  takeResourceRequest(): string | undefined;
  setLogRule(rule: string): void;
  showInLog(target: { rule?: string; seq?: number }): void;
  editInComposer(raw: string): void;
}

let seq = 0;

export type NavigationStore = StoreApi<NavigationState>;

export function createNavigationStore(): NavigationStore {
  return createStore<NavigationState>()((set, get) => ({
    tab: 'ping',
    logRule: '',
    selectTab: (tab) => set({ tab }),
    setLogRule: (logRule) => set({ logRule }),
    showInLog: ({ rule, seq: frame }) =>
      set(() => ({
        tab: 'log',
        ...(rule !== undefined ? { logRule: rule } : {}),
        ...(frame !== undefined ? { logReveal: { seq: frame, n: ++seq } } : {}),
      })),
    editInComposer: (raw) => set({ tab: 'composer', composerDraft: { raw, n: ++seq } }),
    openResource: (uri) => set({ tab: 'resources', resourceRequest: { uri, seq: ++seq } }),
    takeResourceRequest: () => {
      const r = get().resourceRequest;
      if (r) set({ resourceRequest: undefined });
      return r?.uri;
    },
  }));
}
