// What the linter remembers about a session: requests in flight each way,
// ids used, the handshake, capabilities, subscriptions, tools and progress.

import type { JsonRpcId } from '../jsonrpc/codec.js';
import { RequestLedger } from '../ledger/ledger.js';
import type { LoggingLevel } from '../logging/levels.js';
import type { Tool } from '../mcp/types.js';
import type { Sender } from './methods.js';
import type { RuleId, Severity } from './rules.js';

export interface Finding {
  rule: RuleId;
  severity: Severity;
  message: string;
  /** The address of the rule's section, in the version in use. */
  specUrl: string;
  /** Which side the finding is about. */
  subject: Sender;
  /** The log's sequence number of the frame it was found on, when given. */
  seq?: number;
}

export interface Outstanding {
  id: JsonRpcId;
  method: string;
  params: unknown;
  progressToken?: string | number;
  cancelled: boolean;
  /** Progress notifications seen after the request was cancelled. */
  progressAfterCancel?: number;
  /** The 2026-07-28-era version it was sent under; absent for the initialize generation. */
  modern?: string;
}

export class SessionFacts {
  version: string;
  /** The version offered in initialize (a 2026-07-28 connection that falls back takes the one its initialize offers). */
  offeredVersion: string;
  negotiated = false;
  serverCapabilities: Record<string, unknown> | undefined;
  clientCapabilities: Record<string, unknown>;
  /** The ledger key of the initialize request, once sent. */
  initializeId: string | undefined;
  initializeResult = false;
  initializedSent = false;
  /** Requests each side sent: ids used, answers awaited and paired. */
  readonly ledger = new RequestLedger<Outstanding>();
  readonly progress = new Map<string, { request: Outstanding; sender: Sender; last: number | undefined; done: boolean }>();
  readonly subscribed = new Set<string>();
  readonly tools = new Map<string, Tool>();
  /** The log level the server accepted with logging/setLevel, if any. */
  logLevel: LoggingLevel | undefined;
  /** Consecutive stdout lines that were not JSON, to spot one message split over lines. */
  noiseRun: string[] = [];

  constructor(offeredVersion: string, clientCapabilities: Record<string, unknown>) {
    this.version = offeredVersion;
    this.offeredVersion = offeredVersion;
    this.clientCapabilities = clientCapabilities;
  }
}

export function other(sender: Sender): Sender {
  return sender === 'client' ? 'server' : 'client';
}
