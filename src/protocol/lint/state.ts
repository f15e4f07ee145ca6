// What the linter remembers about a session: requests in flight each way,
// ids used, the handshake, capabilities, subscriptions, tools and progress.

import type { JsonRpcId } from '../jsonrpc/codec.js';
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
  at?: number;
  progressToken?: string | number;
  cancelled: boolean;
  /** Progress notifications seen after the request was cancelled. */
  progressAfterCancel?: number;
}

/** Ids compare by JSON type and value: 7 and "7" are different ids. */
export const idKey = (id: JsonRpcId): string => `${typeof id}:${id}`;

export function alternateIdKey(id: JsonRpcId): string | undefined {
  if (typeof id === 'number') return idKey(String(id));
  return /^-?\d+$/.test(id) ? idKey(Number(id)) : undefined;
}

const ANSWERED_MEMORY = 10_000;

export class SessionFacts {
  version: string;
  readonly offeredVersion: string;
  negotiated = false;
  serverCapabilities: Record<string, unknown> | undefined;
  clientCapabilities: Record<string, unknown>;
  initializeId: string | undefined;
  initializeResult = false;
  initializedSent = false;
  readonly usedIds: Record<Sender, Set<string>> = { client: new Set(), server: new Set() };
  /** Requests each side sent that await an answer. */
  readonly outstanding: Record<Sender, Map<string, Outstanding>> = { client: new Map(), server: new Map() };
  /** Requests each side sent that were answered (bounded memory). */
  readonly answered: Record<Sender, Map<string, Outstanding>> = { client: new Map(), server: new Map() };
  readonly progress = new Map<string, { request: Outstanding; sender: Sender; last: number | undefined; done: boolean }>();
  readonly subscribed = new Set<string>();
  readonly tools = new Map<string, Tool>();
  /** Consecutive stdout lines that were not JSON, to spot one message split over lines. */
  noiseRun: string[] = [];

  constructor(offeredVersion: string, clientCapabilities: Record<string, unknown>) {
    this.version = offeredVersion;
    this.offeredVersion = offeredVersion;
    this.clientCapabilities = clientCapabilities;
  }

  answer(sender: Sender, key: string, request: Outstanding): void {
    this.outstanding[sender].delete(key);
    const answered = this.answered[sender];
    answered.set(key, request);
    if (answered.size > ANSWERED_MEMORY) {
      const oldest = answered.keys().next();
      if (!oldest.done) answered.delete(oldest.value);
    }
  }
}

export function other(sender: Sender): Sender {
  return sender === 'client' ? 'server' : 'client';
}
