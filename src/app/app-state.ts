// The page's singletons: the token, the stores and the connection controller.

import { ExchangeJudge } from '../protocol/index.js';
import { takeToken } from './auth/token.js';
import { ConnectionController } from './connection/controller.js';
import { afterNextPaint } from './connection/idle-main-thread.js';
import { proxySocketUrl } from './connection/socket.js';
import { createElicitationStore } from './features/elicitation/elicitation.js';
import { Heartbeat } from './features/ping/heartbeat.js';
import { createPingStore } from './features/ping/ping-store.js';
import { createConnectionStore } from './stores/connection-store.js';
import { LintRunner } from './lint/lint-runner.js';
import { createLogStore } from './stores/log-store.js';
import { watchServerChange } from './stores/server-change.js';
import { createNavigationStore } from './stores/navigation-store.js';
import { createConnectionLabels, noteConnection, restoreLabels } from './stores/connection-labels.js';
import { isActive } from './stores/connection-store.js';
import { openLogDatabase } from './stores/log-database.js';
import { LogSaver } from './stores/log-saver.js';
import { guardUnload } from './connection/unload-guard.js';

function sessionStorageOrNothing(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled; the token then lasts for this page view only.
    return { getItem: () => null, setItem: () => {} };
  }
}

const tabStorage = sessionStorageOrNothing();
export const token = takeToken({ location: window.location, storage: tabStorage, history: window.history });

export const logStore = createLogStore();
export const connectionStore = createConnectionStore();
export const pingStore = createPingStore();
export const navigationStore = createNavigationStore();

export const controller = new ConnectionController({
  connectionStore,
  logStore,
  token,
  url: () => proxySocketUrl(window.location),
});

/** Writes a line of our own (not a frame) into the message log of the current connection. */
export function logNote(raw: string): void {
  const c = controller.connection;
  logStore.getState().append({ t: c ? c.elapsed() : 0, connection: c?.snapshot.connection ?? 0, direction: 'system', kind: 'system', raw });
}

export const heartbeat = new Heartbeat({
  session: () => controller.session,
  reconnect: async () => (await controller.reconnect())?.status === 'ready',
  log: logNote,
  beforePing: afterNextPaint,
});

controller.onSessionEvent((e) => {
  if (e.type === 'server-request' && e.method === 'ping') pingStore.setState((s) => ({ serverPings: s.serverPings + 1 }));
});

/** Every frame of the log, linted as it arrives. */
export const lint = new LintRunner((connection) => {
  const snapshot = controller.connection?.snapshot;
  return snapshot?.connection === connection ? snapshot.offeredVersion : undefined;
});
logStore.subscribe((s) => lint.observe(s.entries));
// The SDK's schemas bring zod: loaded apart from the main bundle, in time for the first connection.
void import('../protocol/lint/sdk-schemas.js').then(
  (m) => lint.setSchema({ check: m.sdkSchemaCheck, version: m.SDK_SCHEMA_VERSION }),
  () => logNote('The published MCP schemas could not be loaded; rule SCHEMA is off for this page.'),
);
const judges = new Map<number, ExchangeJudge>();
controller.onHttpEvent((e, connection) => {
  const judge = judges.get(connection) ?? judges.set(connection, new ExchangeJudge()).get(connection)!;
  if (e.type === 'mode') judge.modeChosen(e.mode);
  const facts = e.type === 'exchange' ? judge.facts(e.exchange) : undefined;
  if (facts === undefined) return;
  lint.observe(logStore.getState().entries);
  lint.exchange(connection, facts);
});

/** elicitation/create from the server: queued for the person to answer in a dialog. */
export const elicitations = createElicitationStore();
let elicitingFor: unknown;
connectionStore.subscribe((s) => {
  // A closed connection cannot take answers: its open questions go away.
  if (s.snapshot?.status === 'closed') for (const q of elicitations.getState().queue) q.answer({ result: { action: 'cancel' } });
  const session = controller.session;
  if (session && session !== elicitingFor) {
    elicitingFor = session;
    session.setRequestHandler('elicitation/create', (params) => elicitations.request(params));
  }
});

// Another server: the last one's pings and heartbeat figures no longer describe anything.
watchServerChange(
  (l) => connectionStore.subscribe(l),
  () => {
    heartbeat.reset();
    pingStore.setState({ history: [], serverPings: 0 });
  },
);

/** What each connection talked to, for the Problems tab's headings. */
export const connectionLabels = createConnectionLabels();
connectionStore.subscribe((s) => {
  if (s.snapshot) noteConnection(connectionLabels, s.snapshot);
});

// The log is saved (IndexedDB, one database per tab) so that a reload can show it again.
const LOG_DATABASE_KEY = 'mcpscope.logDatabase';
function logDatabaseName(): string {
  const known = tabStorage.getItem(LOG_DATABASE_KEY);
  if (known) return known;
  const name = `mcpscope-log-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  tabStorage.setItem(LOG_DATABASE_KEY, name);
  return name;
}
export const logSaver = new LogSaver(
  typeof indexedDB === 'undefined' ? Promise.reject(new Error('this browser offers no IndexedDB')) : openLogDatabase(logDatabaseName()),
  { entries: () => logStore.getState().entries, findings: () => lint.store.getState().findings, labels: () => connectionLabels.getState().labels },
);

/** Puts the log from before a reload back; the page renders once this settles. */
export async function restoreSavedLog(): Promise<void> {
  const saved = await logSaver.load();
  if (saved) {
    const { upToSeq, lastConnection } = logSaver.store.getState().restored!;
    if (logStore.getState().restore(saved.entries)) {
      lint.restore(saved.findings, upToSeq);
      restoreLabels(connectionLabels, saved.labels);
      controller.numberAfter(lastConnection);
    } else {
      logSaver.fail(
        "The log from before the reload was not shown because this page had already logged frames; it is left in storage, and this page's log is not saved. Use Export log to keep this one.",
      );
      logSaver.store.setState({ restored: undefined });
    }
  }
  const save = () => logSaver.changed();
  logStore.subscribe(save);
  lint.store.subscribe(save);
  connectionLabels.subscribe(save);
  save();
}

/** Clear the log from before the reload: from the page and from storage. */
export function clearRestoredLog(): void {
  const restored = logSaver.store.getState().restored;
  if (!restored) return;
  logStore.getState().dropBefore(restored.upToSeq + 1);
  lint.forgetConnections(restored.lastConnection);
  void logSaver.clearRestored();
}

// Leaving the page ends the connection and the server process: the browser asks first.
const guard = guardUnload(window, () => void logSaver.save());
connectionStore.subscribe((s) => guard(isActive(s.snapshot)));
window.addEventListener('pagehide', () => void logSaver.save());
