// The composition root of the page: builds the stores, the connection
// controller, the lint runner and the TanStack QueryClient, once, from what
// the page's environment provides. Nothing here runs at import time.

import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PROTOCOL_VERSION, type ServerRequestHandler } from '../protocol/index.js';
import type { App, PageEnvironment } from './app.js';
import { createIconOriginsStore } from './components/icons/icon-origins.js';
import { ConnectionController } from './connection/controller.js';
import { afterNextPaint } from './connection/idle-main-thread.js';
import { createClientSettings } from './features/client-capabilities/client-settings.js';
import { createConnectionPrefs } from './features/connect/connection-prefs.js';
import { createAuthSettings } from './features/connect/auth-settings.js';
import { createFormDrafts } from './features/connect/form-draft.js';
import { createDiscoverStore } from './features/connect/discover-store.js';
import { announceRootChanges } from './features/client-capabilities/roots-announcer.js';
import { createElicitationStore } from './features/elicitation/elicitation.js';
import { samplingStoreFor } from './features/sampling/sampling-context.js';
import { withClientTasks } from './features/tasks/client-task-handlers.js';
import { createTasksStore } from './features/tasks/tasks-store.js';
import { createNetworkStore } from './features/network/network-store.js';
import { createAuthFlowStore } from './features/authorization/auth-flow-store.js';
import { Heartbeat } from './features/ping/heartbeat.js';
import { createPingStore } from './features/ping/ping-store.js';
import { createPromptsStore } from './features/prompts/prompts-store.js';
import { createResourcesStore } from './features/resources/resources-store.js';
import { createListenStore } from './features/resources/listen-store.js';
import { createLoggingStore } from './features/logging/logging-store.js';
import { createToolsStore } from './features/tools/tools-store.js';
import { LintRunner } from './lint/lint-runner.js';
import { createResourceReads, readNow, serverReadQuery, type ReadDeps } from './server-data/reads.js';
import { createConnectionLabels } from './stores/connection-labels.js';
import { createConnectionStore } from './stores/connection-store.js';
import { LogSaver } from './stores/log-saver.js';
import { createLogStore } from './stores/log-store.js';
import { createNavigationStore } from './stores/navigation-store.js';
import { clearRestoredLog, restoreSavedLog } from './saved-log.js';
import { createThemeStore } from './theme/theme-store.js';
import { wireApp } from './wire-app.js';

export function createApp(env: PageEnvironment): App {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, refetchOnReconnect: false } },
  });
  const logStore = createLogStore();
  const connectionStore = createConnectionStore();
  const navigationStore = createNavigationStore();
  const connectionLabels = createConnectionLabels();
  const elicitations = createElicitationStore();
  const clientSettings = createClientSettings();
  // Judged against the connection and the tool call in flight when a request comes (read then, not now).
  const sampling = samplingStoreFor(() => app);

  // How this page answers the server's requests: declared before any connection, so each
  // session's initialize announces exactly these capabilities (the ones switched on in clientSettings).
  const tasksStore = createTasksStore();
  const baseHandlers: Record<string, ServerRequestHandler> = {
    // A dialog goes away when the server cancels its request (or task), or the connection closes.
    'elicitation/create': (params, request) => elicitations.request(params, request.signal),
    'sampling/createMessage': (params, request) => sampling.request(params, request),
    'roots/list': () => ({ result: { roots: clientSettings.getState().roots.map((r) => ({ ...r })) } }),
  };
  // Requests asked as tasks run as client-side tasks; tasks/* are answered (features/tasks).
  const { handlers: requestHandlers, receiver: clientTasks } = withClientTasks(baseHandlers, {
    tasksStore,
    notify: (method, params) => void controller.session?.notify(method, params),
  });
  const controller = new ConnectionController({
    connectionStore,
    logStore,
    token: env.token,
    url: env.socketUrl,
    requestHandlers,
    clientFeatures: () => clientSettings.getState().features,
    ...(env.socketFactory ? { socketFactory: env.socketFactory } : {}),
  });
  const session = () => controller.session;
  announceRootChanges(clientSettings, session);
  const readDeps: ReadDeps = {
    session: (connection) => (controller.connection?.snapshot.connection === connection ? controller.session : undefined),
  };
  const resourceReads = createResourceReads(queryClient, readDeps);

  /** Writes a line of our own (not a frame) into the message log of the current connection. */
  const logNote = (raw: string): void => {
    const c = controller.connection;
    logStore.getState().append({ t: c ? c.elapsed() : 0, connection: c?.snapshot.connection ?? 0, direction: 'system', kind: 'system', raw });
  };

  /** Every frame of the log, linted as it arrives; the engine (schema validation, re2js) is a chunk of its own. */
  const lint = new LintRunner(
    (connection) => {
      const snapshot = controller.connection?.snapshot;
      return snapshot?.connection === connection ? snapshot.offeredVersion : undefined;
    },
    { loadLinter: () => import('../protocol/lint/linter.js').then((m) => m.Linter) },
  );
  const logSaver = new LogSaver(env.logDatabase(), {
    entries: () => logStore.getState().entries,
    findings: () => lint.store.getState().findings,
    lintedSeq: () => lint.linted(),
    labels: () => connectionLabels.getState().labels,
  });

  const resourcesStore = createResourcesStore({ session, reads: resourceReads });
  const app: App = {
    token: env.token,
    queryClient,
    controller,
    logNote,
    lint,
    logSaver,
    resourceReads,
    readDeps,
    logStore,
    connectionStore,
    navigationStore,
    connectionLabels,
    elicitations,
    clientSettings,
    /** Whether this page can answer a server request method at all (before the switches). */
    answers: (method: string): boolean => Object.hasOwn(requestHandlers, method),
    sampling,
    tasksStore,
    clientTasks,
    networkStore: createNetworkStore(),
    /** The OAuth flows of the current connection, for the Authorization tab and the status. */
    authFlows: createAuthFlowStore(),
    iconOrigins: createIconOriginsStore(env.settings),
    /** Light or dark: the person's switch, kept across visits, else the system's. */
    theme: createThemeStore(env.settings, env.prefersDark),
    /** The protocol choice (a version or Auto, and Auto's probe), kept across visits; a hand-picked 2025-11-25 until changed. */
    connectionPrefs: createConnectionPrefs(env.settings, { choice: DEFAULT_PROTOCOL_VERSION, probe: true }),
    /** The HTTP form's OAuth settings, kept across visits except the client secret. */
    authSettings: createAuthSettings(env.settings),
    /** The Connect form's unsaved edits, kept across reloads without their secret values. */
    formDrafts: createFormDrafts(env.settings),
    discover: createDiscoverStore({ session }),
    pingStore: createPingStore({ session }),
    toolsStore: createToolsStore({
      session,
      taskCreated: (task, callSession, toolName, generation) => {
        const connection = controller.connection?.snapshot.connection;
        if (connection !== undefined) tasksStore.track(task, callSession, connection, `tools/call ${toolName}`, toolName, generation);
      },
    }),
    logging: createLoggingStore({ session }),
    resourcesStore,
    listenStore: createListenStore({ session, listened: (uris) => resourcesStore.getState().setListened(uris) }),
    promptsStore: createPromptsStore({ get: (c, params) => readNow(queryClient, serverReadQuery(readDeps, c, 'prompts/get', params)) }),
    heartbeat: new Heartbeat({
      session,
      reconnect: async () => (await controller.reconnect())?.status === 'ready',
      log: logNote,
      beforePing: afterNextPaint,
    }),
    /** Puts the log from before a reload back; the page renders once this settles. */
    restoreSavedLog: (): Promise<void> => restoreSavedLog(app),
    /** Clear the log from before the reload: from the page and from storage. */
    clearRestoredLog: (): void => clearRestoredLog(app),
  };
  wireApp(app, env);
  return app;
}
