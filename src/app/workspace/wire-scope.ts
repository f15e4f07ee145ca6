// One scope's wiring: what its session, HTTP transport and connection store
// cause in its own stores, the shared log and lint, and the query cache. The
// same function for every scope; it returns what undoes it.

import { rereadStoredCredentials } from '../features/authorization/credentials-api.js';
import { updatedUri } from '../features/resources/updated-marks.js';
import { invalidateOnListChanged } from '../server-data/list-keys.js';
import { prefetchListsWhenReady } from '../server-data/list-query.js';
import { noteConnection } from '../stores/connection-labels.js';
import { watchServerChange } from '../stores/server-change.js';
import type { ConnectionScope } from './connection-scope.js';
import type { App, PageEnvironment } from '../app.js';
import type { ConnectionNumbers } from './connection-numbers.js';

/** What a scope takes from the page: the parts every connection shares. */
export type ScopePage = Pick<
  App,
  'token' | 'queryClient' | 'logStore' | 'lint' | 'clientSettings' | 'navigationStore' | 'connectionLabels' | 'formDrafts' | 'modelPrefs'
> &
  Pick<PageEnvironment, 'socketUrl' | 'socketFactory' | 'openUrl' | 'settings'> & {
    numbers: ConnectionNumbers;
    /** A scope's connection started or ended (leaving the page asks while any is active). */
    activityChanged: () => void;
  };

export function wireScope(page: ScopePage, scope: ConnectionScope): () => void {
  const { controller, connectionStore } = scope;
  const { logStore, lint, queryClient } = page;

  // Session events, tagged with their connection number.
  const offSession = controller.onSessionEvent((e, connection) => {
    scope.resourcesStore.getState().forConnection(connection);
    // A modern result's _meta may rename the server.
    if (e.type === 'server-info') scope.discover.getState().noteServerInfo(e.serverInfo);
    invalidateOnListChanged(queryClient, e, connection);
    if (e.type === 'server-request' && e.method === 'ping') scope.pingStore.getState().serverPinged();
    if (e.type === 'closed') {
      scope.resourcesStore.getState().sessionClosed();
      scope.tasks.connectionEnded(connection);
      scope.sampling.connectionClosed(connection);
    }
    // The handler's signal closed its dialog (sampling, elicitation); the Log says why no answer went back.
    if (e.type === 'server-cancelled') scope.logNote(`${e.method} (id ${JSON.stringify(e.id)}): ${e.message} Its dialog was closed and no answer was sent.`);
    if (e.type === 'notification' && e.method === 'notifications/message') scope.logging.getState().receive(e.params, connection, Date.now());
    // Marks a URL elicitation done; an unknown id is ignored, as the spec says (rule ELICIT-COMPLETE notes it).
    if (e.type === 'notification' && e.method === 'notifications/elicitation/complete') scope.elicitations.complete(e.params);
    // A multi-round request's rounds are grouped in the log as one conversation.
    if (e.type === 'input-round') logStore.getState().tagRound(connection, e.id, e.conversation, e.round, e.method);
    // notifications/tasks/status (2025-11-25) and notifications/tasks (the 2026 extension) carry the full Task.
    if (e.type === 'notification' && (e.method === 'notifications/tasks/status' || e.method === 'notifications/tasks')) {
      scope.tasks.applyStatus(e.params, connection);
    }
    if (e.type === 'notification' && e.method === 'notifications/resources/updated') {
      const uri = updatedUri(e.params);
      if (uri !== undefined) scope.resourcesStore.getState().resourceUpdated(uri);
    }
  });

  // HTTP exchanges: the Network view, and the transport lint rules once an exchange has ended.
  // The connection core judged each exchange once, when it ended.
  const offHttp = controller.onHttpEvent((e, connection) => {
    scope.networkStore.getState().receive(e, connection);
    if (e.type !== 'exchange' || e.facts === undefined) return;
    lint.observe(logStore.getState().entries);
    lint.exchange(connection, e.facts);
  });

  // OAuth: the flow to its tab (brought to the front when a flow starts), its AUTH-* findings
  // to Problems; a Quick flow's authorization page opens by itself once (the tab's button stays, should a popup blocker refuse).
  const autoOpened = new Set<string>();
  const offAuth = controller.onAuthEvent((flow, connection) => {
    const arrival = scope.authFlows.receive(flow, connection);
    if (arrival === 'stale') return;
    // Each finding gets a log line of its own, so it is marked in the Log and exported with it.
    for (const { step, finding } of scope.authFlows.unseenFindings(flow)) {
      const entry = logStore.getState().append({
        t: controller.connection?.elapsed() ?? 0,
        connection,
        direction: 'system',
        kind: 'system',
        raw: `OAuth step ${step.number} (${step.title}): ${finding.rule} ${finding.message}`,
      });
      lint.add(connection, [{ ...finding, seq: entry.seq }]);
    }
    if (arrival === 'new') page.navigationStore.getState().selectTab('authorization');
    // The proxy stored (or failed to store) a client and tokens: the Stored credentials list reads them again.
    if (flow.state === 'authorized' || flow.state === 'failed') void rereadStoredCredentials(queryClient);
    const attempt = `${connection}/${flow.flowId}/${flow.attempt}`;
    if (flow.mode === 'quick' && flow.state === 'waiting-for-user' && flow.authorizationUrl !== undefined && !autoOpened.has(attempt)) {
      autoOpened.add(attempt);
      page.openUrl?.(flow.authorizationUrl);
    }
  });

  // The server's lists are asked for once a connection is ready, whether or not their tabs were opened.
  const offPrefetch = prefetchListsWhenReady(connectionStore, queryClient, scope.readDeps);

  // Each new connection: the tabs' per-connection state starts afresh.
  let connection = 0;
  /** This scope's connection numbers, whose server data (lists, reads) goes with the scope. */
  const owned = new Set<number>();
  const offConnection = connectionStore.subscribe((s) => {
    page.activityChanged();
    if (s.snapshot) noteConnection(page.connectionLabels, s.snapshot);
    // A closed connection cannot take answers: its open questions go away.
    if (s.snapshot?.status === 'closed') for (const q of scope.elicitations.store.getState().queue) q.answer({ result: { action: 'cancel' } });
    const next = s.snapshot?.connection ?? 0;
    if (next === connection) return;
    connection = next;
    owned.add(next);
    scope.resourcesStore.getState().forConnection(next);
    scope.listenStore.getState().forConnection(next);
    scope.promptsStore.getState().forConnection(next);
    scope.logging.getState().forConnection(next);
    scope.discover.getState().forConnection(next);
    scope.authFlows.forConnection(next);
    scope.toolsStore.getState().forConnection();
    scope.elicitations.reset();
    scope.tasks.forConnection(next);
    scope.clientTasks.reset();
  });
  // Another server: the last one's pings, heartbeat figures, tool results and server messages no
  // longer describe anything (a Re-run would go to the wrong server).
  const offServerChange = watchServerChange(
    (l) => connectionStore.subscribe(l),
    () => {
      scope.heartbeat.reset();
      scope.pingStore.getState().reset();
      scope.toolsStore.getState().serverChanged();
      scope.logging.getState().clear();
    },
  );

  return () => {
    offSession();
    offHttp();
    offAuth();
    offPrefetch();
    offConnection();
    offServerChange();
    queryClient.removeQueries({ predicate: ({ queryKey: [kind, number] }) => kind === 'server' && typeof number === 'number' && owned.has(number) });
  };
}
