// What the HTTP transports share about messages: which requests still await
// an answer (whatever stream it arrives on), forwarding the server's messages
// exactly as written, and failing requests that can no longer be answered.

import {
  RequestLedger,
  classifyFrame,
  frameRequestId,
  requestIdOf,
  type CarriedMessage,
  type RequestId,
  type SingleFrame,
} from '../../../src/protocol/wire.js';
import type { UpstreamListener } from '../types.js';
import type { ExchangeRun } from './client.js';
import type { HttpFailure } from './errors.js';

export interface Inspected {
  text: string;
  /** False when the text does not parse as JSON (it is forwarded as noise). */
  json: boolean;
  /** Single frames of the message (a batch is flattened); empty when it is not JSON. */
  frames: SingleFrame[];
  /** Ids of awaited requests this message answers (as the requests spelled them). */
  answers: RequestId[];
}

export class Inbox {
  /** The client's requests, paired with the server's answers as the session pairs them. */
  private readonly ledger = new RequestLedger();

  constructor(private readonly listener: UpstreamListener) {}

  /** Remember the requests a POST carried, so their answers can be recognised. */
  sent(carried: readonly CarriedMessage[]): void {
    for (const c of carried) {
      if (c.kind === 'request' && c.id !== undefined) this.ledger.request('client', requestIdOf(c.id, c.idText), c.method ?? '?', Date.now(), undefined);
    }
  }

  isAwaiting(id: RequestId): boolean {
    return this.ledger.pendingRequest('client', id) !== undefined;
  }

  /** Of these ids, the ones still waiting for an answer. */
  unanswered(ids: Iterable<RequestId>): RequestId[] {
    return [...ids].filter((id) => this.isAwaiting(id));
  }

  allAwaiting(): RequestId[] {
    return [...this.ledger.pendingRequests('client')].map((r) => r.id);
  }

  /** "tools/call (id 4), ping (id 5)". */
  describe(ids: readonly RequestId[]): string {
    return ids.map((id) => `${this.ledger.pendingRequest('client', id)?.method ?? 'request'} (id ${id.text})`).join(', ');
  }

  /** What a message from the server is and which awaited requests it answers; changes nothing. */
  inspect(text: string): Inspected {
    const frame = classifyFrame(text);
    if (frame.kind === 'invalid' && (frame.code === 'not-json' || frame.code === 'empty')) return { text, json: false, frames: [], answers: [] };
    const frames = frame.kind === 'batch' ? frame.items : [frame];
    const answers: RequestId[] = [];
    for (const f of frames) {
      if (f.kind !== 'response' && f.kind !== 'error') continue;
      const rid = frameRequestId(f);
      const awaited = rid === undefined ? undefined : this.ledger.pendingRequest('client', rid);
      if (awaited !== undefined) answers.push(awaited.id);
    }
    return { text, json: true, frames, answers };
  }

  /** Forward one message the server sent, exactly as written (JSON as a message, anything else as noise). */
  deliver(message: Inspected, invalidUtf8: boolean, run?: ExchangeRun): void {
    for (const id of message.answers) this.ledger.answer('server', id, Date.now());
    if (run) run.record.messages++;
    this.listener({ type: message.json ? 'message' : 'noise', text: message.text, invalidUtf8 });
  }

  /** Stop waiting for requests the client itself cancelled (the session already knows). */
  drop(ids: readonly RequestId[]): void {
    for (const id of this.unanswered(ids)) this.ledger.expire('client', id, Date.now());
  }

  /** These requests will get no answer: tell the listener once, and stop waiting for them. */
  fail(ids: readonly RequestId[], failure: HttpFailure): void {
    const still = this.unanswered(ids);
    for (const id of still) this.ledger.expire('client', id, Date.now());
    this.listener({ type: 'request-failed', idTexts: still.map((id) => id.text), problem: failure.problem, message: failure.message });
  }
}
