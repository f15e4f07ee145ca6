// All the page's wiring in one place: what the session, the HTTP transport and
// the connection store cause in the other stores and the query cache. Called
// once by createApp; nothing else subscribes to the controller.

import type { App, PageEnvironment } from './app.js';
import { guardUnload } from './connection/unload-guard.js';
import { updatedUri } from './features/resources/updated-marks.js';
import { invalidateOnListChanged } from './server-data/list-keys.js';
import { prefetchListsWhenReady } from './server-data/list-query.js';
import { noteConnection } from './stores/connection-labels.js';
import { isActive } from './stores/connection-store.js';
import { watchServerChange } from './stores/server-change.js';
import { rereadStoredCredentials } from './features/authorization/credentials-api.js';

type Wired = Omit<App, 'restoreSavedLog' | 'clearRestoredLog'>;

export function wireApp(app: Wired, env: Pick<PageEnvironment, 'page' | 'loadSchemaCheck' | 'openUrl'>): void {
  const { controller, connectionStore, logStore, lint, queryClient } = app;

  // Session events, tagged with their connection number.
  controller.onSessionEvent((e, connection) => {
    app.resourcesStore.getState().forConnection(connection);
    // A modern result's _meta may rename the server.
    if (e.type === 'server-info') app.discover.getState().noteServerInfo(e.serverInfo);
    invalidateOnListChanged(queryClient, e, connection);
    if (e.type === 'server-request' && e.method === 'ping') app.pingStore.getState().serverPinged();
    if (e.type === 'closed') {
      app.resourcesStore.getState().sessionClosed();
      app.tasksStore.connectionEnded(connection);
      app.sampling.connectionClosed(connection);
    }
    // The handler's signal closed its dialog (sampling, elicitation); the Log says why no answer went back.
    if (e.type === 'server-cancelled') app.logNote(`${e.method} (id ${JSON.stringify(e.id)}): ${e.message} Its dialog was closed and no answer was sent.`);
    if (e.type === 'notification' && e.method === 'notifications/message') app.logging.getState().receive(e.params, connection, Date.now());
    // Marks a URL elicitation done; an unknown id is ignored, as the spec says (rule ELICIT-COMPLETE notes it).
    if (e.type === 'notification' && e.method === 'notifications/elicitation/complete') app.elicitations.complete(e.params);
    // A multi-round request's rounds are grouped in the log as one conversation.
    if (e.type === 'input-round') logStore.getState().tagRound(connection, e.id, e.conversation, e.round, e.method);
    // notifications/tasks/status (2025-11-25) and notifications/tasks (the 2026 extension) carry the full Task.
    if (e.type === 'notification' && (e.method === 'notifications/tasks/status' || e.method === 'notifications/tasks')) {
      app.tasksStore.applyStatus(e.params, connection);
    }
    if (e.type === 'notification' && e.method === 'notifications/resources/updated') {
      const uri = updatedUri(e.params);
      if (uri !== undefined) app.resourcesStore.getState().resourceUpdated(uri);
    }
  });

  // HTTP exchanges: the Network view, and the transport lint rules once an exchange has ended.
  // The connection core judged each exchange once, when it ended.
  controller.onHttpEvent((e, connection) => {
    app.networkStore.getState().receive(e, connection);
    if (e.type !== 'exchange' || e.facts === undefined) return;
    lint.observe(logStore.getState().entries);
    lint.exchange(connection, e.facts);
  });

  // OAuth: the flow to its tab (brought to the front when a flow starts), its AUTH-* findings
  // to Problems; a Quick flow's authorization page opens by itself once (the tab's button stays, should a popup blocker refuse).
  const autoOpened = new Set<string>();
  controller.onAuthEvent((flow, connection) => {
    const arrival = app.authFlows.receive(flow, connection);
    if (arrival === 'stale') return;
    // Each finding gets a log line of its own, so it is marked in the Log and exported with it.
    for (const { step, finding } of app.authFlows.unseenFindings(flow)) {
      const entry = logStore.getState().append({
        t: controller.connection?.elapsed() ?? 0,
        connection,
        direction: 'system',
        kind: 'system',
        raw: `OAuth step ${step.number} (${step.title}): ${finding.rule} ${finding.message}`,
      });
      lint.add(connection, [{ ...finding, seq: entry.seq }]);
    }
    if (arrival === 'new') app.navigationStore.getState().selectTab('authorization');
    // The proxy stored (or failed to store) a client and tokens: the Stored credentials list reads them again.
    if (flow.state === 'authorized' || flow.state === 'failed') void rereadStoredCredentials(queryClient);
    const attempt = `${connection}/${flow.flowId}/${flow.attempt}`;
    if (flow.mode === 'quick' && flow.state === 'waiting-for-user' && flow.authorizationUrl !== undefined && !autoOpened.has(attempt)) {
      autoOpened.add(attempt);
      env.openUrl?.(flow.authorizationUrl);
    }
  });

  logStore.subscribe((s) => lint.observe(s.entries));
  // The SDK's schemas bring zod: loaded apart from the main bundle, in time for the first connection.
  void env.loadSchemaCheck?.().then(
    (check) => lint.setSchema(check),
    () => app.logNote('The published MCP schemas could not be loaded; rule SCHEMA is off for this page.'),
  );

  // The server's lists are asked for once a connection is ready, whether or not their tabs were opened.
  prefetchListsWhenReady(connectionStore, queryClient, app.readDeps);

  // Each new connection: the tabs' per-connection state starts afresh.
  let connection = 0;
  connectionStore.subscribe((s) => {
    if (s.snapshot) noteConnection(app.connectionLabels, s.snapshot);
    // A closed connection cannot take answers: its open questions go away.
    if (s.snapshot?.status === 'closed') for (const q of app.elicitations.getState().queue) q.answer({ result: { action: 'cancel' } });
    const next = s.snapshot?.connection ?? 0;
    if (next === connection) return;
    connection = next;
    app.resourcesStore.getState().forConnection(next);
    app.listenStore.getState().forConnection(next);
    app.promptsStore.getState().forConnection(next);
    app.logging.getState().forConnection(next);
    app.discover.getState().forConnection(next);
    app.authFlows.forConnection(next);
    app.toolsStore.getState().forConnection();
    app.elicitations.reset();
    app.tasksStore.forConnection(next);
    app.clientTasks.reset();
  });
  // Another server: the last one's pings, heartbeat figures and tool results no longer describe
  // anything (a Re-run would go to the wrong server).
  watchServerChange(
    (l) => connectionStore.subscribe(l),
    () => {
      app.heartbeat.reset();
      app.pingStore.getState().reset();
      app.toolsStore.getState().serverChanged();
    },
  );

  // "Read this resource" from another tab (a resource_link in a result).
  app.navigationStore.subscribe((s, before) => {
    if (s.resourceRequest === undefined || s.resourceRequest === before.resourceRequest) return;
    const uri = app.navigationStore.getState().takeResourceRequest();
    if (uri === undefined) return;
    app.resourcesStore.getState().setUriInput(uri);
    void app.resourcesStore.getState().read(uri);
  });

  // Leaving the page ends the connection and the server process: the browser asks first.
  const page = env.page;
  if (page) {
    const guard = guardUnload(page, () => void app.logSaver.save());
    connectionStore.subscribe((s) => guard(isActive(s.snapshot)));
    page.addEventListener('pagehide', () => void app.logSaver.save());
  }
}
