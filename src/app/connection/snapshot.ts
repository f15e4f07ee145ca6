// What React shows about one connection: its status, what initialize
// established, how an HTTP server is reached, and why it ended.

import type { InitializeInfo, ProtocolVersion, SessionState, TransportConfig } from '../../protocol/index.js';
import type { ConnectionFailure } from './failures.js';
import type { HttpConnectionInfo } from './http-connection.js';

export type ConnectionStatus = 'connecting' | 'initializing' | 'ready' | 'closed';

export interface ConnectionSnapshot {
  /** Which connection of this page this is (1, 2, …). */
  connection: number;
  status: ConnectionStatus;
  sessionState: SessionState;
  offeredVersion: ProtocolVersion;
  transport: TransportConfig;
  pid?: number;
  /** HTTP transports: the URL, the transport in use, the session id. */
  http?: HttpConnectionInfo;
  info?: InitializeInfo;
  /** The server answered initialize with -32601: this sentence is shown with "Continue without initialize". */
  initializeUnsupported?: string;
  /** The user chose to continue without initialize: nothing was negotiated. */
  withoutInitialize?: boolean;
  /** Set when the connection failed or ended unexpectedly. */
  failure?: ConnectionFailure;
  /** Why it ended, when it ended without a failure. */
  endedBecause?: string;
}
