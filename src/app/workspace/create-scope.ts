// The one factory of a connection scope: its controller and every
// per-connection store and engine, wired to the page's shared parts, and the
// one dispose() that lets go of all of it.

import type { ServerRequestHandler } from '../../protocol/index.js';
import { ConnectionController } from '../connection/controller.js';
import { afterNextPaint } from '../connection/idle-main-thread.js';
import { announceRootChanges } from '../features/client-capabilities/roots-announcer.js';
import { createDiscoverStore } from '../features/connect/discover-store.js';
import { createAuthFlowStore } from '../features/authorization/auth-flow-store.js';
import { createElicitationStore } from '../features/elicitation/elicitation.js';
import { createLoggingStore } from '../features/logging/logging-store.js';
import { createNetworkStore } from '../features/network/network-store.js';
import { Heartbeat } from '../features/ping/heartbeat.js';
import { createPingStore } from '../features/ping/ping-store.js';
import { createPromptsStore } from '../features/prompts/prompts-store.js';
import { createListenStore } from '../features/resources/listen-store.js';
import { createResourcesStore } from '../features/resources/resources-store.js';
import { samplingStoreFor } from '../features/sampling/sampling-context.js';
import { modelAnswerer } from '../features/models/model-answer.js';
import { withClientTasks } from '../features/tasks/client-task-handlers.js';
import { createTasksStore } from '../features/tasks/tasks-store.js';
import { createToolsStore } from '../features/tools/tools-store.js';
import { createAppsStore } from '../features/apps/apps-store.js';
import { createResourceReads, readNow, serverReadQuery, type ReadDeps } from '../server-data/reads.js';
import { createConnectionStore } from '../stores/connection-store.js';
import { createConnectFormStore } from '../features/connect/connect-form-store.js';
import { createServerSelection } from '../features/servers/server-selection.js';
import type { ConnectionScope } from './connection-scope.js';
import { wireScope, type ScopePage } from './wire-scope.js';

export function createConnectionScope(page: ScopePage, id: number, restoresDraft: boolean): ConnectionScope {
  const { queryClient, logStore, clientSettings } = page;
  const elicitations = createElicitationStore();
  // Judged against the connection and the tool call in flight when a request comes (read then, not now).
  const sampling = samplingStoreFor(
    () => scope,
    modelAnswerer(page.token, () => page.modelPrefs.getState().timeoutSeconds),
  );

  // How this page answers the server's requests: declared before any connection, so each
  // session's initialize announces exactly these capabilities (the ones switched on in clientSettings).
  const tasks = createTasksStore();
  const baseHandlers: Record<string, ServerRequestHandler> = {
    // A dialog goes away when the server cancels its request (or task), or the connection closes.
    'elicitation/create': (params, request) => elicitations.request(params, request.signal),
    'sampling/createMessage': (params, request) => sampling.request(params, request),
    'roots/list': () => ({ result: { roots: clientSettings.getState().roots.map((r) => ({ ...r })) } }),
  };
  // Requests asked as tasks run as client-side tasks; tasks/* are answered (features/tasks).
  const { handlers: requestHandlers, receiver: clientTasks } = withClientTasks(baseHandlers, {
    tasks,
    notify: (method, params) => void controller.session?.notify(method, params),
  });
  const connectionStore = createConnectionStore();
  const controller = new ConnectionController({
    connectionStore,
    logStore,
    token: page.token,
    url: page.socketUrl,
    numbers: page.numbers,
    requestHandlers,
    clientFeatures: () => clientSettings.getState().features,
    ...(page.socketFactory ? { socketFactory: page.socketFactory } : {}),
  });
  const session = () => controller.session;
  const readDeps: ReadDeps = {
    session: (connection) => (controller.connection?.snapshot.connection === connection ? controller.session : undefined),
  };
  const resourceReads = createResourceReads(queryClient, readDeps);
  const logNote = (raw: string): void => {
    const c = controller.connection;
    logStore.getState().append({ t: c ? c.elapsed() : 0, connection: c?.snapshot.connection ?? 0, direction: 'system', kind: 'system', raw });
  };
  const resourcesStore = createResourcesStore({ session, reads: resourceReads });
  const logAppMessage: ConnectionScope['logAppMessage'] = (connection, channel, direction, raw) => {
    const c = controller.connection;
    const t = c && c.snapshot.connection === connection ? c.elapsed() : 0;
    const line =
      direction === 'sandbox'
        ? { direction: 'system' as const, kind: 'system' as const }
        : { direction: direction === 'host-to-app' ? ('out' as const) : ('in' as const) };
    return logStore.getState().append({ t, connection, raw, channel, ...line }).seq;
  };

  const scope: ConnectionScope = {
    id,
    restoresDraft,
    connectForm: createConnectFormStore(page.formDrafts, restoresDraft),
    servers: createServerSelection(restoresDraft ? page.settings : undefined),
    controller,
    connectionStore,
    logNote,
    logAppMessage,
    apps: createAppsStore(),
    resourceReads,
    readDeps,
    answers: (method) => Object.hasOwn(requestHandlers, method),
    elicitations,
    sampling,
    tasks,
    clientTasks,
    networkStore: createNetworkStore(),
    authFlows: createAuthFlowStore(),
    discover: createDiscoverStore({ session }),
    pingStore: createPingStore({ session }),
    toolsStore: createToolsStore({
      session,
      taskCreated: (task, callSession, toolName, generation) => {
        const connection = controller.connection?.snapshot.connection;
        if (connection !== undefined) tasks.track(task, callSession, connection, `tools/call ${toolName}`, toolName, generation);
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
    dispose: () => {
      const connection = controller.connection?.snapshot.connection;
      for (const stop of stops) stop();
      scope.heartbeat.stop();
      controller.dispose();
      if (connection !== undefined) {
        tasks.connectionEnded(connection);
        sampling.connectionClosed(connection);
      }
      clientTasks.reset();
      elicitations.reset();
      page.activityChanged();
    },
  };
  const stops = [announceRootChanges(clientSettings, session), wireScope(page, scope)];
  return scope;
}
