// Owns the current ProxyConnection (one per Connect) and mirrors it into the
// stores. Reconnect starts a fresh connection with the last settings.

import type {
  AuthFlowAction,
  AuthFlowView,
  ClientFeatures,
  ClientSession,
  ServerRequestHandler,
  SessionEvent,
  TransportConfig,
  VersionChoice,
} from '../../protocol/index.js';
import type { StoreApi } from 'zustand/vanilla';
import type { ConnectionStore } from '../stores/connection-store.js';
import type { LogState } from '../stores/log-store.js';
import type { HttpEvent } from './http-connection.js';
import { createConnectionNumbers, type ConnectionNumbers } from '../workspace/connection-numbers.js';
import { ProxyConnection, type ConnectionSnapshot } from './proxy-connection.js';
import type { SocketFactory } from './socket.js';

export interface ConnectRequest {
  transport: TransportConfig;
  /** A version, or Auto. */
  protocolVersion: VersionChoice;
  /** Auto only: send the server/discover probe first (default true). */
  probe?: boolean;
  /** The saved server this is (its id): the proxy puts back the secrets it keeps for it. */
  savedServer?: string;
}

export interface ControllerDeps {
  connectionStore: ConnectionStore;
  logStore: StoreApi<LogState>;
  url: () => string;
  token: string | null;
  /** The page-wide numbering; a controller of its own when absent (tests). */
  numbers?: ConnectionNumbers;
  socketFactory?: SocketFactory;
  /**
   * How this page answers server→client requests (elicitation/create, …), by method. Installed on
   * every new session before it starts, so initialize declares exactly these capabilities.
   */
  requestHandlers?: Readonly<Record<string, ServerRequestHandler>>;
  /** The client features switched on, read at each connect (so a change applies to the next connection). */
  clientFeatures?: () => ClientFeatures;
}

export class ConnectionController {
  private readonly deps: ControllerDeps;
  private current: ProxyConnection | undefined;
  private unsubscribe: (() => void) | undefined;
  private lastRequest: ConnectRequest | undefined;
  private readonly numbers: ConnectionNumbers;
  private readonly sessionListeners = new Set<(e: SessionEvent, connection: number) => void>();
  private readonly httpListeners = new Set<(e: HttpEvent, connection: number) => void>();
  private readonly authListeners = new Set<(flow: AuthFlowView, connection: number) => void>();

  constructor(deps: ControllerDeps) {
    this.deps = deps;
    this.numbers = deps.numbers ?? createConnectionNumbers();
  }

  get session(): ClientSession | undefined {
    return this.current?.session;
  }

  get connection(): ProxyConnection | undefined {
    return this.current;
  }

  get canReconnect(): boolean {
    return this.lastRequest !== undefined;
  }

  /** Start a new connection (ending the current one first). Resolves once ready or closed. */
  connect(request: ConnectRequest): Promise<ConnectionSnapshot> | undefined {
    const { token } = this.deps;
    if (token === null) return undefined;
    this.disconnect();
    this.unsubscribe?.();
    this.lastRequest = request;
    const number = this.numbers.next();
    const connection = new ProxyConnection({
      url: this.deps.url(),
      token,
      transport: request.transport,
      protocolVersion: request.protocolVersion,
      ...(request.probe !== undefined ? { probe: request.probe } : {}),
      ...(request.savedServer !== undefined ? { savedServer: request.savedServer } : {}),
      connection: number,
      log: (input) => this.deps.logStore.getState().append(input),
      onHttp: (e) => {
        for (const l of this.httpListeners) l(e, number);
      },
      onAuth: (flow) => {
        for (const l of this.authListeners) l(flow, number);
      },
      ...(this.deps.socketFactory ? { socketFactory: this.deps.socketFactory } : {}),
      ...(this.deps.requestHandlers ? { handlers: this.deps.requestHandlers } : {}),
      ...(this.deps.clientFeatures ? { features: this.deps.clientFeatures() } : {}),
    });
    this.current = connection;
    connection.session.on((e) => {
      for (const l of this.sessionListeners) l(e, number);
    });
    const { session } = connection;
    this.unsubscribe = connection.subscribe((snapshot) => this.deps.connectionStore.setState({ snapshot, session }));
    this.deps.connectionStore.setState({ snapshot: connection.snapshot, session });
    return connection.start();
  }

  /** Events of whichever session is current, tagged with its connection number. */
  onSessionEvent(listener: (e: SessionEvent, connection: number) => void): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  /** HTTP exchanges and transport choices of whichever connection is current (for the Network view). */
  onHttpEvent(listener: (e: HttpEvent, connection: number) => void): () => void {
    this.httpListeners.add(listener);
    return () => this.httpListeners.delete(listener);
  }

  /** OAuth flow snapshots of whichever connection is current. */
  onAuthEvent(listener: (flow: AuthFlowView, connection: number) => void): () => void {
    this.authListeners.add(listener);
    return () => this.authListeners.delete(listener);
  }

  /** Drive the current connection's OAuth flow; false when there is no open connection to take it. */
  authAction(flowId: string, action: AuthFlowAction): boolean {
    return this.current?.authAction(flowId, action) ?? false;
  }

  /** The server does not implement initialize: carry on without it. */
  continueWithoutInitialize(): void {
    this.current?.continueWithoutInitialize();
  }

  reconnect(): Promise<ConnectionSnapshot> | undefined {
    return this.lastRequest ? this.connect(this.lastRequest) : undefined;
  }

  /** Reconnect to the same server with another version (a -32022 named the ones it speaks). */
  reconnectWith(version: VersionChoice): Promise<ConnectionSnapshot> | undefined {
    return this.lastRequest ? this.connect({ ...this.lastRequest, protocolVersion: version }) : undefined;
  }

  disconnect(): void {
    this.current?.disconnect();
  }

  /** Ends the connection and lets go of everything listening: this controller is not used again. */
  dispose(): void {
    this.disconnect();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.lastRequest = undefined;
    this.sessionListeners.clear();
    this.httpListeners.clear();
    this.authListeners.clear();
  }
}
