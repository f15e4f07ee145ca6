// The page's parts, as one table of contents: what the page's environment
// gives it, and what createApp builds from that once.

import type { QueryClient } from '@tanstack/react-query';
import type { IconOriginsStore, SettingsStorage } from './components/icons/icon-origins.js';
import type { SocketFactory } from './connection/socket.js';
import type { UnloadTarget } from './connection/unload-guard.js';
import type { ChatSettingsStore } from './features/chat/chat-settings.js';
import type { ClientSettings } from './features/client-capabilities/client-settings.js';
import type { AuthSettingsStore } from './features/connect/auth-settings.js';
import type { ConnectionPrefs } from './features/connect/connection-prefs.js';
import type { FormDrafts } from './features/connect/form-draft.js';
import type { ModelPrefs } from './features/models/model-prefs.js';
import type { LintRunner } from './lint/lint-runner.js';
import type { ConnectionLabelsStore } from './stores/connection-labels.js';
import type { LogDatabase } from './stores/log-database.js';
import type { LogSaver } from './stores/log-saver.js';
import type { LogStore } from './stores/log-store.js';
import type { NavigationStore } from './stores/navigation-store.js';
import type { ColorSchemeQuery, ThemeStore } from './theme/theme-store.js';
import type { CapturedSessions } from './workspace/captured-sessions.js';
import type { ConnectionNumbers } from './workspace/connection-numbers.js';
import type { WorkspaceStore } from './workspace/workspace-store.js';

/** What the page gives the app: everything that touches `window` is read here, by the caller. */
export interface PageEnvironment {
  /** The proxy's token, or null when the page was opened without it. */
  token: string | null;
  /** The proxy's WebSocket URL. */
  socketUrl: () => string;
  socketFactory?: SocketFactory;
  /** The log database of this tab (rejects where the browser has none). */
  logDatabase: () => Promise<LogDatabase>;
  /** Where leaving the page is watched (beforeunload, pagehide); absent outside a browser. */
  page?: UnloadTarget & { addEventListener(type: 'pagehide', listener: () => void): void };
  /** Settings kept across visits (the browser's local storage); absent: they last for this page view. */
  settings?: SettingsStorage;
  /** `(prefers-color-scheme: dark)`, followed live while no theme is chosen; absent: light. */
  prefersDark?: ColorSchemeQuery;
  /** Opens an OAuth authorization page in a new tab (Quick mode tries once by itself); absent: only the button does. */
  openUrl?: (url: string) => void;
  /** The proxy's feed of wrapped sessions (ws://host/captured); absent: no captured connections. */
  capturedFeedUrl?: () => string;
  capturedSocketFactory?: SocketFactory;
  /** The published MCP schemas for rule SCHEMA (a separate chunk); absent: the rule stays off. */
  loadSchemaCheck?: () => Promise<Parameters<LintRunner['setSchema']>[0]>;
}

/** The page: the parts every connection shares, and the workspace of open connections. */
export interface App {
  /** The proxy's token, or null when the page was opened without it. */
  token: string | null;
  /** Server data (lists, reads) for every connection, keyed by connection number. */
  queryClient: QueryClient;
  /** Every frame and note of every connection, numbered in one sequence. */
  logStore: LogStore;
  /** Lints the log as it grows; its findings feed the Problems tab and the Log's marks. */
  lint: LintRunner;
  /** Keeps the log in the tab's database, so a reload brings it back. */
  logSaver: LogSaver;
  /** Each connection number's server name, for headings in the Log and Problems. */
  connectionLabels: ConnectionLabelsStore;
  /** Which tab is open, and requests from one tab to another. */
  navigationStore: NavigationStore;
  /** Light or dark: the person's switch, kept across visits, else the system's. */
  theme: ThemeStore;
  /** Origins the person allowed to show server icons from, kept across visits. */
  iconOrigins: IconOriginsStore;
  /** The client features switched on and the roots offered, read at each connect. */
  clientSettings: ClientSettings;
  /** The protocol choice (a version or Auto, and Auto's probe), kept across visits. */
  connectionPrefs: ConnectionPrefs;
  /** The HTTP form's OAuth settings, kept across visits except the client secret. */
  authSettings: AuthSettingsStore;
  /** The Connect form's unsaved edits, kept across reloads without their secret values. */
  formDrafts: FormDrafts;
  /** The time limit of a model answer asked from this page, kept across visits. */
  modelPrefs: ModelPrefs;
  /** The Chat tab's settings (system prompt, maxTokens, temperature, max rounds, approval), kept across visits. */
  chatSettings: ChatSettingsStore;
  /** The open connection scopes (each its own controller and per-connection stores) and the one in view. */
  workspace: WorkspaceStore;
  /** Numbers every connection of the page, whichever scope opens it. */
  connectionNumbers: ConnectionNumbers;
  /** The wrapped sessions the proxy tells of, as captured connections of the workspace. */
  captured: CapturedSessions;
  /** Starts following the proxy's wrapped sessions (after the saved log is back: their numbers come after its); returns the stop. */
  followCaptured: () => () => void;
  /** Puts the log from before a reload back; the page renders once this settles. */
  restoreSavedLog: () => Promise<void>;
  /** Clears the log from before the reload: from the page and from storage. */
  clearRestoredLog: () => void;
}
