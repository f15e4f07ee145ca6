// What the HTTP transports share about messages: which requests still await
// an answer (whatever stream it arrives on), forwarding the server's messages
// exactly as written, and failing requests that can no longer be answered.

import { classifyValue, parseJson, type CarriedMessage, type JsonRpcId, type SingleFrame } from '../../../src/protocol/index.js';
import type { UpstreamListener } from '../types.js';
import type { ExchangeRun } from './client.js';
import type { HttpFailure } from './errors.js';

/** The session matches "7" to 7, so the transport does too. */
const keyOf = (id: JsonRpcId): string => String(id);

export interface Inspected {
  text: string;
  /** False when the text does not parse as JSON (it is forwarded as noise). */
  json: boolean;
  /** Single frames of the message (a batch is flattened); empty when it is not JSON. */
  frames: SingleFrame[];
  /** Ids of awaited requests this message answers. */
  answers: JsonRpcId[];
}

export class Inbox {
  private readonly awaiting = new Map<string, { id: JsonRpcId; method: string }>();

  constructor(private readonly listener: UpstreamListener) {}

  /** Remember the requests a POST carried, so their answers can be recognised. */
  sent(carried: readonly CarriedMessage[]): void {
    for (const c of carried) {
      if (c.kind === 'request' && c.id !== undefined) this.awaiting.set(keyOf(c.id), { id: c.id, method: c.method ?? '?' });
    }
  }

  isAwaiting(id: JsonRpcId): boolean {
    return this.awaiting.has(keyOf(id));
  }

  /** Of these ids, the ones still waiting for an answer. */
  unanswered(ids: Iterable<JsonRpcId>): JsonRpcId[] {
    return [...ids].filter((id) => this.awaiting.has(keyOf(id)));
  }

  allAwaiting(): JsonRpcId[] {
    return [...this.awaiting.values()].map((a) => a.id);
  }

  /** "tools/call (id 4), ping (id 5)". */
  describe(ids: readonly JsonRpcId[]): string {
    return ids.map((id) => `${this.awaiting.get(keyOf(id))?.method ?? 'request'} (id ${JSON.stringify(id)})`).join(', ');
  }

  /** What a message from the server is and which awaited requests it answers; changes nothing. */
  inspect(text: string): Inspected {
    const parsed = parseJson(text);
    if (!parsed.ok) return { text, json: false, frames: [], answers: [] };
    const frame = classifyValue(parsed.value);
    const frames = frame.kind === 'batch' ? frame.items : [frame];
    const answers: JsonRpcId[] = [];
    for (const f of frames) {
      if (f.kind !== 'response' && f.kind !== 'error') continue;
      const id = f.message.id;
      if (id !== null && id !== undefined && this.awaiting.has(keyOf(id))) answers.push(id);
    }
    return { text, json: true, frames, answers };
  }

  /** Forward one message the server sent, exactly as written (JSON as a message, anything else as noise). */
  deliver(message: Inspected, invalidUtf8: boolean, run?: ExchangeRun): void {
    for (const id of message.answers) this.awaiting.delete(keyOf(id));
    if (run) run.record.messages++;
    this.listener({ type: message.json ? 'message' : 'noise', text: message.text, invalidUtf8 });
  }

  /** These requests will get no answer: tell the listener once, and stop waiting for them. */
  fail(ids: readonly JsonRpcId[], failure: HttpFailure): void {
    const still = this.unanswered(ids);
    for (const id of still) this.awaiting.delete(keyOf(id));
    this.listener({ type: 'request-failed', requestIds: still, problem: failure.problem, message: failure.message });
  }
}
