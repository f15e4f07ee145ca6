// Which inspector tab is open, and cross-tab requests such as "read this
// resource" from a resource_link in a tool result.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionChoice } from '../features/log/connection-filter.js';

export type InspectorTab =
  | 'ping'
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'tasks'
  | 'log'
  | 'logging'
  | 'console'
  | 'network'
  | 'problems'
  | 'composer'
  | 'authorization'
  | 'compare'
  | 'apps'
  | 'chat'
  | 'evals';

export interface NavigationState {
  tab: InspectorTab;
  /** A resource another tab asked to read; the Resources tab consumes it. */
  resourceRequest?: { uri: string; seq: number };
  /** The Log tab shows only frames with findings of this lint rule ('' for all). */
  logRule: string;
  /** What "Show in log" chose: the connection of the finding, its rule (until changed by hand) and the connection in view then. */
  logShownFrom?: { connection: number; rule?: string; view: number | undefined };
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
   * the new server's log look empty, so it is cleared, and the Log's connection goes back to the one in view.
   */
  viewChanged(view: number | undefined): void;
  dismissRuleCleared(): void;
  editInComposer(raw: string): void;
}

let seq = 0;

export type NavigationStore = StoreApi<NavigationState>;

export function createNavigationStore(): NavigationStore {
  return createStore<NavigationState>()((set, get) => ({
    tab: 'ping',
    logRule: '',
    logConnection: 'view',
    selectTab: (tab) => set({ tab }),
    // A rule picked by hand is the person's: a change of view leaves it.
    setLogRule: (logRule) => {
      const from = get().logShownFrom;
      set({ logRule, logShownFrom: from && { connection: from.connection, view: from.view }, logRuleCleared: undefined });
    },
    setLogConnection: (logConnection) => set({ logConnection }),
    showInLog: ({ rule, seq: frame, connection, view }) =>
      set((s) => {
        const next: Partial<NavigationState> = { tab: 'log' };
        if (rule !== undefined) Object.assign(next, { logRule: rule, logRuleCleared: undefined });
        if (connection !== undefined) {
          // A rule chosen earlier by "Show in log" stays its own when only a frame is shown now.
          const ownRule = rule ?? (s.logShownFrom?.rule === s.logRule ? s.logShownFrom?.rule : undefined);
          next.logConnection = connection;
          next.logShownFrom = { connection, view, ...(ownRule !== undefined ? { rule: ownRule } : {}) };
        }
        if (frame !== undefined) next.logReveal = { seq: frame, n: ++seq };
        return next;
      }),
    dismissRuleCleared: () => set({ logRuleCleared: undefined }),
    viewChanged: (view) => {
      const { logShownFrom: from, logRule, logConnection } = get();
      if (from === undefined || from.view === view) return;
      const ruleGoes = from.rule !== undefined && from.rule === logRule;
      set({
        logShownFrom: undefined,
        logConnection: logConnection === from.connection ? 'view' : logConnection,
        ...(ruleGoes ? { logRule: '', logRuleCleared: { rule: logRule, connection: from.connection } } : {}),
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
