// The composition root of the page: builds the shared stores, the lint
// runner, the TanStack QueryClient and the workspace (whose first scope is
// made here, the rest on "New connection"), once, from what the page's
// environment provides. Nothing here runs at import time.

import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PROTOCOL_VERSION, type BridgeLinter, type BridgeLinterOptions, type ListAllResult } from '../protocol/index.js';
import type { App, PageEnvironment } from './app.js';
import { createIconOriginsStore } from './components/icons/icon-origins.js';
import { createChatSettings } from './features/chat/chat-settings.js';
import { createClientSettings } from './features/client-capabilities/client-settings.js';
import { createConnectionPrefs } from './features/connect/connection-prefs.js';
import { createAuthSettings } from './features/connect/auth-settings.js';
import { createModelPrefs } from './features/models/model-prefs.js';
import { createFormDrafts } from './features/connect/form-draft.js';
import { LintRunner } from './lint/lint-runner.js';
import { listQueryKey } from './server-data/list-keys.js';
import { createConnectionLabels } from './stores/connection-labels.js';
import { LogSaver } from './stores/log-saver.js';
import { createLogStore } from './stores/log-store.js';
import { createNavigationStore } from './stores/navigation-store.js';
import { clearRestoredLog, restoreSavedLog } from './saved-log.js';
import { createThemeStore } from './theme/theme-store.js';
import { openCapturedFeed } from './api/captured-feed.js';
import { createCapturedSessions } from './workspace/captured-sessions.js';
import { createConnectionNumbers } from './workspace/connection-numbers.js';
import { createConnectionScope } from './workspace/create-scope.js';
import type { ScopePage } from './workspace/wire-scope.js';
import { createWorkspaceStore, scopeOfConnection } from './workspace/workspace-store.js';
import { wireApp } from './wire-app.js';

export function createApp(env: PageEnvironment): App {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, refetchOnReconnect: false } },
  });
  const logStore = createLogStore();
  const connectionLabels = createConnectionLabels();
  const connectionNumbers = createConnectionNumbers();

  /** Every frame of the log, linted as it arrives; the engine (schema validation, re2js) is a chunk of its own. */
  const offeredVersion = (connection: number): string | undefined =>
    scopeOfConnection(app.workspace, connection)?.controller.connection?.snapshot.offeredVersion ??
    app.workspace
      .getState()
      .captured.find((c) => c.connection === connection)
      ?.store.getState().protocolVersion;
  let bridgeLinterOf: ((options: BridgeLinterOptions) => BridgeLinter) | undefined;
  const lint = new LintRunner(offeredVersion, {
    // The lint engine and the bridge linter are one lazily loaded chunk: the extension's schema stays off the first screen.
    loadLinter: () =>
      import('../protocol/lint/linter.js').then((m) => {
        bridgeLinterOf = m.createBridgeLinter;
        return m.PassiveLinter;
      }),
    // A connection this page drives has its exchanges judged with their full facts; others' are read from their records.
    judgesExchanges: (connection) => scopeOfConnection(app.workspace, connection) !== undefined,
    // An app's bridge messages: judged against the tools its connection listed (their visibility).
    bridgeLinter: (connection) => bridgeLinterOf?.({ tools: queryClient.getQueryData<ListAllResult<unknown>>(listQueryKey('tools', connection))?.items ?? [] }),
  });
  const logSaver = new LogSaver(env.logDatabase(), {
    entries: () => logStore.getState().entries,
    findings: () => lint.store.getState().findings,
    lintedSeq: () => lint.linted(),
    labels: () => connectionLabels.getState().labels,
  });

  const shared = {
    token: env.token,
    queryClient,
    logStore,
    lint,
    logSaver,
    connectionLabels,
    navigationStore: createNavigationStore(),
    theme: createThemeStore(env.settings, env.prefersDark),
    iconOrigins: createIconOriginsStore(env.settings),
    clientSettings: createClientSettings(),
    // A hand-picked 2025-11-25 until changed.
    connectionPrefs: createConnectionPrefs(env.settings, { choice: DEFAULT_PROTOCOL_VERSION, probe: true }),
    authSettings: createAuthSettings(env.settings),
    formDrafts: createFormDrafts(env.settings),
    modelPrefs: createModelPrefs(env.settings),
    chatSettings: createChatSettings(env.settings),
    connectionNumbers,
  };
  const scopePage: ScopePage = {
    ...shared,
    socketUrl: env.socketUrl,
    ...(env.socketFactory ? { socketFactory: env.socketFactory } : {}),
    ...(env.openUrl ? { openUrl: env.openUrl } : {}),
    ...(env.settings ? { settings: env.settings } : {}),
    numbers: connectionNumbers,
    activityChanged: () => activityChanged(),
  };
  // Set by wireApp: leaving the page asks while any scope's connection is active.
  let activityChanged = (): void => {};
  const workspace = createWorkspaceStore((id, first) => createConnectionScope(scopePage, id, first));
  const captured = createCapturedSessions({ workspace, logStore, connectionLabels, numbers: connectionNumbers });
  const app: App = {
    ...shared,
    workspace,
    captured,
    followCaptured: () => {
      const url = env.capturedFeedUrl;
      if (url === undefined || env.token === null) return () => {};
      const feed = openCapturedFeed({
        url: url(),
        token: env.token,
        message: captured.receive,
        problem: captured.problem,
        lost: captured.lost,
        ...(env.capturedSocketFactory ? { socketFactory: env.capturedSocketFactory } : {}),
      });
      return feed.close;
    },
    restoreSavedLog: (): Promise<void> => restoreSavedLog(app),
    clearRestoredLog: (): void => clearRestoredLog(app),
  };
  activityChanged = wireApp(app, env);
  return app;
}
