// Which inspector tab is open, and cross-tab requests such as "read this
// resource" from a resource_link in a tool result.

import { createStore } from 'zustand/vanilla';
import type { ConnectionChoice } from '../features/log/connection-filter.js';

export type InspectorTab =
  'ping' | 'tools' | 'resources' | 'prompts' | 'tasks' | 'log' | 'logging' | 'console' | 'network' | 'problems' | 'composer' | 'authorization';

export interface NavigationState {
  tab: InspectorTab;
  /** A resource another tab asked to read; the Resources tab consumes it. */
  resourceRequest?: { uri: string; seq: number };
  /** The Log tab shows only frames with findings of this lint rule ('' for all). */
  logRule: string;
  /** Set when "Show in log" chose the rule: the finding's connection, and the connection in view then. */
  logRuleFrom?: { connection: number; view: number | undefined };
  /** A rule filter of "Show in log" that went away because another connection came into view, to say so. */
  logRuleCleared?: { rule: string; connection: number };
  /** Which connection the Log shows. */
  logConnection: ConnectionChoice;
  /** A frame another tab asked the Log to select and scroll to. */
  logReveal?: { seq: number; n: number };
  /** Raw text another tab (the Log's "Edit and resend") asked the Composer to load. */
  composerDraft?: { raw: string; n: number };
  selectTab(tab: InspectorTab): void;
  openResource(uri: string): void;
  takeResourceRequest(): string | undefined;
  setLogRule(rule: string): void;
  setLogConnection(choice: ConnectionChoice): void;
  /** Open the Log on a rule and/or a frame; `connection` is theirs, `view` the connection in view. */
  showInLog(target: { rule?: string; seq?: number; connection?: number; view?: number }): void;
  /**
   * Another connection is in view: a rule filter set by "Show in log" while a different one was would make
   * the new server's log look empty, so it is cleared (and the Log's connection goes back to the one in view).
   */
  viewChanged(view: number | undefined): void;
  dismissRuleCleared(): void;
  editInComposer(raw: string): void;
}

let seq = 0;

export function createNavigationStore() {
  return createStore<NavigationState>()((set, get) => ({
    tab: 'ping',
    logRule: '',
    logConnection: 'view',
    selectTab: (tab) => set({ tab }),
    setLogRule: (logRule) => set({ logRule, logRuleFrom: undefined, logRuleCleared: undefined }),
    setLogConnection: (logConnection) => set({ logConnection }),
    showInLog: ({ rule, seq: frame, connection, view }) =>
      set(() => ({
        tab: 'log',
        ...(rule !== undefined ? { logRule: rule, logRuleFrom: connection !== undefined ? { connection, view } : undefined, logRuleCleared: undefined } : {}),
        ...(connection !== undefined ? { logConnection: connection } : {}),
        ...(frame !== undefined ? { logReveal: { seq: frame, n: ++seq } } : {}),
      })),
    dismissRuleCleared: () => set({ logRuleCleared: undefined }),
    viewChanged: (view) => {
      const { logRuleFrom: from, logRule, logConnection } = get();
      if (from === undefined || from.view === view) return;
      set({
        logRule: '',
        logRuleFrom: undefined,
        logRuleCleared: { rule: logRule, connection: from.connection },
        logConnection: logConnection === from.connection ? 'view' : logConnection,
      });
    },
    editInComposer: (raw) => set({ tab: 'composer', composerDraft: { raw, n: ++seq } }),
    openResource: (uri) => set({ tab: 'resources', resourceRequest: { uri, seq: ++seq } }),
    takeResourceRequest: () => {
      const r = get().resourceRequest;
      if (r) set({ resourceRequest: undefined });
      return r?.uri;
    },
  }));
}
