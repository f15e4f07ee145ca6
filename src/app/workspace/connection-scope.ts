// Everything one open server needs: its own controller and every store and
// engine whose state belongs to that server's connections.

import type { BridgeDirection, ClientTaskReceiver, LogChannel } from '../../protocol/index.js';
import type { AppsStore } from '../features/apps/apps-store.js';
import type { ConnectionController } from '../connection/controller.js';
import type { AuthFlowStore } from '../features/authorization/auth-flow-store.js';
import type { DiscoverStore } from '../features/connect/discover-store.js';
import type { ElicitationStore } from '../features/elicitation/elicitation.js';
import type { LoggingStore } from '../features/logging/logging-store.js';
import type { NetworkStore } from '../features/network/network-store.js';
import type { Heartbeat } from '../features/ping/heartbeat.js';
import type { PingStore } from '../features/ping/ping-store.js';
import type { PromptsStore } from '../features/prompts/prompts-store.js';
import type { ListenStore } from '../features/resources/listen-store.js';
import type { ResourcesStore } from '../features/resources/resources-store.js';
import type { SamplingStore } from '../features/sampling/sampling-store.js';
import type { TasksStore } from '../features/tasks/tasks-store.js';
import type { ToolsStore } from '../features/tools/tools-store.js';
import type { ReadDeps, ResourceReads } from '../server-data/reads.js';
import type { ConnectionStore } from '../stores/connection-store.js';
import type { ConnectFormStore } from '../features/connect/connect-form-store.js';
import type { ServerSelection } from '../features/servers/server-selection.js';

/** The parts that belong to one open server (the connection in view is the active scope's). */
export interface ConnectionScope {
  /** This scope's place in the workspace (not a connection number: a scope has one connection after another). */
  id: number;
  /** The scope the page starts with: its Connect form takes back the edits from before a reload. */
  restoresDraft: boolean;
  /** The Connect form's values for this scope (the sidebar edits them, the top bar's Connect sends them). */
  connectForm: ConnectFormStore;
  /** The saved server this scope's form holds (the first scope keeps its id across reloads) and the secrets revealed of it. */
  servers: ServerSelection;
  /** Opens, reconnects and closes this scope's connections; numbers them from the page-wide counter. */
  controller: ConnectionController;
  /** The snapshot and session of this scope's current connection. */
  connectionStore: ConnectionStore;
  /** Writes a line of our own (not a frame) into the log, under this scope's current connection. */
  logNote: (raw: string) => void;
  /**
   * Logs a message of an app's bridge (MCP Apps), or a line saying what the sandbox reported, on the app's channel under
   * the connection the app was opened on; returns its seq.
   */
  logAppMessage: (connection: number, channel: LogChannel, direction: BridgeDirection | 'sandbox', raw: string) => number;
  /** The apps open on this scope's connections, the ask-before switch and the host context settings. */
  apps: AppsStore;
  /** resources/read through the query cache, keyed by connection number. */
  resourceReads: ResourceReads;
  /** The session of a connection number, while it is this scope's current one. */
  readDeps: ReadDeps;
  /** Whether this page can answer a server request method at all (before the switches). */
  answers: (method: string) => boolean;
  /** The server's elicitation/create questions waiting for the person. */
  elicitations: ElicitationStore;
  /** The server's sampling/createMessage requests waiting for a reply. */
  sampling: SamplingStore;
  /** Server tasks this page follows and client-side tasks it runs. */
  tasks: TasksStore;
  /** Runs the server's requests asked as tasks on this page's handlers. */
  clientTasks: ClientTaskReceiver;
  /** HTTP exchanges for the Network tab. */
  networkStore: NetworkStore;
  /** The OAuth flows of the current connection, for the Authorization tab and the status. */
  authFlows: AuthFlowStore;
  /** server/discover's answer (2026-07-28) and its refresh. */
  discover: DiscoverStore;
  /** The Ping tab: one ping at a time and its history. */
  pingStore: PingStore;
  /** The Tools tab: filter, drafts, the call in flight, history and results. */
  toolsStore: ToolsStore;
  /** Server messages (notifications/message) and the logging level asked for. */
  logging: LoggingStore;
  /** The Resources tab: the resource shown, subscriptions, updates. */
  resourcesStore: ResourcesStore;
  /** subscriptions/listen (2026-07-28). */
  listenStore: ListenStore;
  /** The Prompts tab: arguments typed and the prompt got. */
  promptsStore: PromptsStore;
  /** Pings on a timer, reconnecting when the connection goes stale. */
  heartbeat: Heartbeat;
  /** Ends this scope's server and lets go of every subscription and timer; the scope is not used again. */
  dispose: () => void;
}
