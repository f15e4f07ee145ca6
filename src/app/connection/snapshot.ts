// What React shows about one connection: its status, what initialize
// established, how an HTTP server is reached, and why it ended.

import type { InitializeInfo, ProtocolEra, ProtocolVersion, SessionState, TransportConfig, VersionChoice } from '../../protocol/index.js';
import type { ConnectionFailure } from './failures.js';
import type { HttpConnectionInfo } from './http-connection.js';

export type ConnectionStatus = 'connecting' | 'initializing' | 'ready' | 'closed';

export interface ConnectionSnapshot {
  /** Which connection of this page this is (1, 2, …). */
  connection: number;
  status: ConnectionStatus;
  sessionState: SessionState;
  offeredVersion: ProtocolVersion;
  /** What was picked: a version, or Auto. */
  versionChoice: VersionChoice;
  transport: TransportConfig;
  pid?: number;
  /** HTTP transports: the URL, the transport in use, the session id. */
  http?: HttpConnectionInfo;
  info?: InitializeInfo;
  /** Once ready: the protocol generation in use, and how it was chosen (e.g. "Auto: server/discover got -32601, fell back to initialize"). */
  era?: ProtocolEra;
  reason?: string;
  /** The server supports none of the versions that could be used: the ones it listed, for a switch. */
  versionUnsupported?: { supported: string[] };
  /** The server answered initialize with -32601: this sentence is shown with "Continue without initialize". */
  initializeUnsupported?: string;
  /** The user chose to continue without initialize: nothing was negotiated. */
  withoutInitialize?: boolean;
  /** Set when the connection failed or ended unexpectedly. */
  failure?: ConnectionFailure;
  /** Why it ended, when it ended without a failure. */
  endedBecause?: string;
}
