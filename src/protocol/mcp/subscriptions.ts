// subscriptions/listen (2026-07-28): one long-lived request whose stream
// carries the change notifications the client opted in to, each tagged with
// the request's id in `_meta['io.modelcontextprotocol/subscriptionId']`. It
// replaces resources/subscribe and the HTTP GET stream. It is kept open with
// no timeout, and ends when the client cancels it (the session's cancel: over
// HTTP the upstream turns that into closing the stream, over stdio it is
// notifications/cancelled), when the server answers it (a graceful end), or
// when the connection goes.

import { isRecord, isStringArray } from '../json/guards.js';
import type { JsonRpcId } from '../jsonrpc/codec.js';
import { requestIdOf } from '../ledger/request-id.js';
import { META_SUBSCRIPTION_ID } from './modern-meta.js';
import { outcomeMessage, type ClientSession } from '../session/client-session.js';
import type { RequestOutcome } from '../session/types.js';

export const SUBSCRIPTION_ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
/** The longest timer a JavaScript runtime keeps (about 24.8 days): a listen stream has no timeout of its own. */
const NO_TIMEOUT_MS = 2_147_483_647;

/** Which notifications to receive (all optional; an absent field is not subscribed). */
export interface ListenFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  /** notifications/resources/updated for these URIs. */
  resourceSubscriptions?: string[];
}

export type SubscriptionEvent =
  /** The server's first message: the part of the filter it agreed to honour, and what it left out. */
  | { type: 'acknowledged'; accepted: ListenFilter; declined: string[] }
  | { type: 'notification'; method: string; params: unknown; raw: string; subscriptionId: JsonRpcId }
  /** graceful: the server answered the listen request; cancelled: the client stopped; failed: anything else. */
  | { type: 'ended'; how: 'graceful' | 'cancelled' | 'failed'; message: string };

/** The subscription a notification belongs to (its `_meta` tag), if any. */
export function subscriptionIdOf(params: unknown): JsonRpcId | undefined {
  const meta = isRecord(params) && isRecord(params._meta) ? params._meta : undefined;
  const id = meta?.[META_SUBSCRIPTION_ID];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function readFilter(v: unknown): ListenFilter {
  const filter: ListenFilter = {};
  if (!isRecord(v)) return filter;
  for (const key of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const) if (v[key] === true) filter[key] = true;
  if (isStringArray(v.resourceSubscriptions)) filter.resourceSubscriptions = v.resourceSubscriptions;
  return filter;
}

/** What was asked for but not acknowledged ("toolsListChanged", "resourceSubscriptions: file:///a"). */
function declined(asked: ListenFilter, accepted: ListenFilter): string[] {
  const out: string[] = [];
  for (const key of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const) if (asked[key] && !accepted[key]) out.push(key);
  for (const uri of asked.resourceSubscriptions ?? []) if (!accepted.resourceSubscriptions?.includes(uri)) out.push(`resourceSubscriptions: ${uri}`);
  return out;
}

function endOf(outcome: RequestOutcome): SubscriptionEvent {
  if (outcome.status === 'result') return { type: 'ended', how: 'graceful', message: 'The server ended the subscription (it answered subscriptions/listen).' };
  if (outcome.status === 'cancelled') return { type: 'ended', how: 'cancelled', message: 'Stopped listening.' };
  return { type: 'ended', how: 'failed', message: `The subscription ended: ${outcomeMessage(outcome)}` };
}

export type ListenSession = Pick<ClientSession, 'request' | 'cancel' | 'on'>;

/** One open subscriptions/listen request. */
export class Subscription {
  /** The listen request's id, which tags its notifications; set once it was sent. */
  id: JsonRpcId | undefined;
  private open = true;
  private readonly done: Promise<void>;

  constructor(
    private readonly session: ListenSession,
    readonly filter: ListenFilter,
    private readonly onEvent: (e: SubscriptionEvent) => void,
  ) {
    const off = session.on((e) => {
      if (e.type !== 'notification' || this.id === undefined) return;
      const tag = subscriptionIdOf(e.params);
      // Compared as the ledger compares ids: by JSON identity ("1" does not tag 1).
      if (tag === undefined || requestIdOf(tag).key !== requestIdOf(this.id).key) return;
      if (e.method === SUBSCRIPTION_ACKNOWLEDGED) {
        const accepted = readFilter(isRecord(e.params) ? e.params.notifications : undefined);
        this.onEvent({ type: 'acknowledged', accepted, declined: declined(filter, accepted) });
      } else this.onEvent({ type: 'notification', method: e.method, params: e.params, raw: e.raw, subscriptionId: tag });
    });
    this.done = session
      .request('subscriptions/listen', { notifications: filter }, { timeoutMs: NO_TIMEOUT_MS, onSent: (r) => (this.id = r.id) })
      .then((outcome) => {
        this.open = false;
        off();
        this.onEvent(endOf(outcome));
      });
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Stop listening; resolves once the subscription has ended. */
  async cancel(): Promise<void> {
    if (this.open && this.id !== undefined) this.session.cancel(this.id, 'Stopped listening.');
    await this.done;
  }
}
