// A frame typed by hand (the raw composer), sent exactly as given: the requests
// inside it are recorded on the ledger like our own, so their replies are
// paired, timed and never taken for orphans.

import { classifyFrame, type JsonRpcId, type SingleFrame } from '../jsonrpc/codec.js';
import type { EarlyAnswer, LedgerRequest, RequestLedger } from '../ledger/ledger.js';
import { frameRequestId, type RequestId } from '../ledger/request-id.js';
import type { Pending } from './pending-deadlines.js';
import type { RequestOutcome, SentRequest } from './types.js';
import { plural } from '../text/plural.js';

/** What sendText did: the requests it holds (each with its outcome to come) and a sentence. */
export interface SentText {
  sent: boolean;
  /** `id` as JSON.parse reads it; `requestId` keeps its spelling (an integer beyond 2^53 exact): cancel or fail by it. */
  requests: Array<{ id: JsonRpcId; requestId: RequestId; method: string; outcome: Promise<RequestOutcome> }>;
  message: string;
}

type Answer = Extract<SingleFrame, { kind: 'response' | 'error' }>;

export interface SendTextDeps {
  now(): number;
  ledger: RequestLedger<Pending>;
  /** A request id typed by hand, before it is recorded. */
  typedId(id: JsonRpcId): void;
  /** An answer that came before its request was recorded pairs with it now. */
  settle(entry: LedgerRequest<Pending>, early: EarlyAnswer & { raw: string; frame: Answer }): void;
  startDeadline(p: Pending): void;
  send(raw: string): boolean;
  fail(id: RequestId, message: string): boolean;
}

export function sendFrameText(raw: string, timeoutMs: number, deps: SendTextDeps): SentText {
  const frame = classifyFrame(raw);
  const items = frame.kind === 'batch' ? frame.items : [frame];
  const requests: SentText['requests'] = [];
  const skipped: string[] = [];
  const sentAt = deps.now();
  for (const item of items) {
    if (item.kind !== 'request') continue;
    const { id, method } = item.message;
    const ledgerId = frameRequestId(item)!;
    if (deps.ledger.pendingRequest('client', ledgerId)) {
      skipped.push(`id ${ledgerId.text} is already waiting for an answer; a reply will go to that request`);
      continue;
    }
    deps.typedId(id);
    const request: SentRequest = { id, method, raw, sentAt };
    const outcome = new Promise<RequestOutcome>((resolve) => {
      const pending: Pending = { request, startedAt: sentAt, deadlineTimer: undefined, timeoutMs, resolve, cancelOnTimeout: method !== 'initialize' };
      const recorded = deps.ledger.request('client', ledgerId, method, sentAt, pending);
      const early = recorded.answeredEarly;
      if (early?.frame && early.raw !== undefined && (early.frame.kind === 'response' || early.frame.kind === 'error')) {
        deps.settle(recorded.request, { ...early, raw: early.raw, frame: early.frame });
        return;
      }
      deps.startDeadline(pending);
    });
    requests.push({ id, requestId: ledgerId, method, outcome });
  }
  if (!deps.send(raw)) {
    for (const r of requests) deps.fail(r.requestId, 'The frame could not be sent: the connection is gone.');
    return { sent: false, requests, message: 'The frame could not be sent: the connection is gone.' };
  }
  let message: string;
  if (frame.kind === 'invalid') message = `Sent as typed. It is not a valid JSON-RPC message (${frame.reason}), so no answer is tracked.`;
  else if (requests.length === 0 && skipped.length === 0) {
    message = 'Sent. It holds no request with an id (only notifications or responses), so no answer is due.';
  } else {
    message = `Sent; waiting for ${plural(requests.length, 'answer')}.`;
  }
  if (skipped.length) message += ` Note: ${skipped.join('; ')}.`;
  return { sent: true, requests, message };
}
