// The message log: every frame that crossed the wire, in order, never dropped.
// Appends are synchronous (seq, pairing and round-trip time are decided at
// once) but reach React in batches, so a flood of frames re-renders once per
// animation frame.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { classifyFrame, frameId, frameMethod, type Frame, type JsonRpcId, type SingleFrame } from '../../protocol/index.js';
import { base64ByteLength, utf8ByteLength, type LogDirection, type LogKind } from '../../protocol/log/index.js';

export type { LogDirection, LogKind };

export interface LogEntry {
  /** 1, 2, … in order, no gaps; only the oldest entries are ever removed, so entries[seq - entries[0].seq] is this entry. */
  seq: number;
  /** Wall-clock time it was logged (epoch ms). */
  at: number;
  /** Milliseconds since this connection started. */
  t: number;
  /** Which connection of this page (1, 2, …) the entry belongs to. */
  connection: number;
  direction: LogDirection;
  kind: LogKind;
  /** For responses: the method of the request they answer. */
  method?: string;
  id?: JsonRpcId;
  raw: string;
  /** Bytes of `raw` as UTF-8 (of `bytes` when the line was not valid UTF-8). */
  size: number;
  /** The line was not valid UTF-8: `raw` has U+FFFD where the bad bytes were. */
  invalidUtf8?: true;
  /** Then, when the transport had them, the line's exact bytes (base64). */
  bytes?: string;
  /** Extra context: why a frame is invalid, an answer with no request, … */
  note?: string;
  /** The paired frame: a request's (first) answer, or the request an answer answers. */
  pairSeq?: number;
  /** For answers: milliseconds since the request they answer was logged. */
  rtt?: number;
}

export interface LogInput {
  t: number;
  connection: number;
  direction: LogDirection;
  raw: string;
  /** Required for stderr/noise/system entries; JSON-RPC frames are classified here. */
  kind?: LogKind;
  note?: string;
  invalidUtf8?: true;
  bytes?: string;
}

export type LogCounts = Record<LogDirection, number>;

export interface LogState {
  entries: readonly LogEntry[];
  counts: LogCounts;
  append(input: LogInput): LogEntry;
  /** Publish buffered entries now (normally done by the scheduler). */
  flush(): void;
  /** Put back a log saved before a reload; only into a log with nothing in it yet. False when it was not empty. */
  restore(saved: readonly LogEntry[]): boolean;
  /** Let go of every entry before `seq` (the saved log from before a reload, when the user clears it). */
  dropBefore(seq: number): void;
}

export type Scheduler = (run: () => void) => void;

/** Next animation frame, with a timer fallback because hidden tabs get no animation frames. */
export const frameScheduler: Scheduler = (run) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, 50);
};

const emptyCounts = (): LogCounts => ({ out: 0, in: 0, stderr: 0, noise: 0, system: 0 });

type Details = Pick<LogEntry, 'kind' | 'method' | 'id' | 'note' | 'pairSeq' | 'rtt'>;

interface SeenRequest {
  method: string;
  seq: number;
  t: number;
  /** seq of the first answer, once one arrived. */
  answeredBy?: number;
}

export function createLogStore(schedule: Scheduler = frameScheduler, now: () => number = Date.now): StoreApi<LogState> {
  let nextSeq = 1;
  let buffer: LogEntry[] = [];
  let scheduled = false;
  // seq of the last published entry, and how many seqs come before entries[0] (dropped ones).
  let published = 0;
  let base = 0;
  // Requests by connection, direction of the request and id, for pairing answers.
  const requests = new Map<string, SeenRequest>();
  // Published requests that got their first answer since the last flush: seq → answer seq.
  const answered = new Map<number, number>();
  const key = (connection: number, from: LogDirection, id: JsonRpcId) => `${connection}|${from}|${typeof id}|${id}`;

  function rememberRequest(seq: number, input: LogInput, item: SingleFrame): void {
    if (item.kind !== 'request') return;
    requests.set(key(input.connection, input.direction, item.message.id), { method: item.message.method, seq, t: input.t });
  }

  /** The request an answer pairs with; accepts "7" for 7 as the session does. */
  function pairedRequest(connection: number, answerFrom: LogDirection, id: JsonRpcId): SeenRequest | undefined {
    const from = answerFrom === 'in' ? 'out' : 'in';
    const exact = requests.get(key(connection, from, id));
    if (exact !== undefined) return exact;
    const other = typeof id === 'number' ? String(id) : /^-?\d+$/.test(id) ? Number(id) : undefined;
    return other === undefined ? undefined : requests.get(key(connection, from, other));
  }

  /** Give a request its answer's seq: in place while unpublished, at the next flush otherwise. */
  function markAnswered(requestSeq: number, answerSeq: number): void {
    if (requestSeq <= published) {
      answered.set(requestSeq, answerSeq);
      return;
    }
    const waiting = buffer[requestSeq - published - 1];
    if (waiting && waiting.pairSeq === undefined) waiting.pairSeq = answerSeq;
  }

  function describe(seq: number, frame: SingleFrame, input: LogInput): Omit<Details, 'kind'> {
    const out: Omit<Details, 'kind'> = {};
    const id = frameId(frame);
    if (id !== undefined) out.id = id;
    const method = frameMethod(frame);
    if (method !== undefined) out.method = method;
    if ((frame.kind === 'response' || frame.kind === 'error') && id !== undefined) {
      const request = pairedRequest(input.connection, input.direction, id);
      if (request === undefined) out.note = 'No request with this id was seen.';
      else {
        out.method = request.method;
        out.pairSeq = request.seq;
        out.rtt = input.t - request.t;
        if (request.answeredBy === undefined) {
          request.answeredBy = seq;
          markAnswered(request.seq, seq);
        } else out.note = `Request #${request.seq} was already answered by #${request.answeredBy}.`;
      }
    }
    if (frame.kind === 'invalid') out.note = frame.reason;
    return out;
  }

  function classify(seq: number, input: LogInput): Details {
    const frame: Frame = classifyFrame(input.raw);
    if (frame.kind === 'batch') {
      for (const item of frame.items) rememberRequest(seq, input, item);
      const items = frame.items.map((item) => describe(seq, item, input));
      const methods = items.map((d) => d.method ?? '?');
      const answer = items.find((d) => d.pairSeq !== undefined);
      const details: Details = { kind: 'batch', method: [...new Set(methods)].join(', '), note: `Batch of ${frame.items.length}` };
      if (answer?.pairSeq !== undefined) {
        details.pairSeq = answer.pairSeq;
        if (answer.rtt !== undefined) details.rtt = answer.rtt;
      }
      return details;
    }
    rememberRequest(seq, input, frame);
    return { kind: frame.kind, ...describe(seq, frame, input) };
  }

  return createStore<LogState>()((set, get) => {
    function flush(): void {
      scheduled = false;
      if (buffer.length === 0 && answered.size === 0) return;
      const batch = buffer;
      buffer = [];
      const counts = { ...get().counts };
      for (const e of batch) counts[e.direction]++;
      const entries = get().entries.slice();
      for (const [requestSeq, answerSeq] of answered) {
        const request = entries[requestSeq - 1 - base];
        if (request && request.pairSeq === undefined) entries[requestSeq - 1 - base] = { ...request, pairSeq: answerSeq };
      }
      answered.clear();
      for (const e of batch) entries.push(e);
      published = base + entries.length;
      set({ entries, counts });
    }

    function countsOf(entries: readonly LogEntry[]): LogCounts {
      const counts = emptyCounts();
      for (const e of entries) counts[e.direction]++;
      return counts;
    }

    return {
      entries: [],
      counts: emptyCounts(),
      flush,
      restore(saved) {
        if (nextSeq !== 1 || saved.length === 0) return false;
        const entries = saved.slice();
        base = entries[0]!.seq - 1;
        published = entries[entries.length - 1]!.seq;
        nextSeq = published + 1;
        set({ entries, counts: countsOf(entries) });
        return true;
      },
      dropBefore(seq) {
        flush();
        const all = get().entries;
        const keep = all.findIndex((e) => e.seq >= seq);
        const entries = keep < 0 ? [] : all.slice(keep);
        base = published - entries.length;
        // An answer must not pair with a request that is gone.
        for (const [k, r] of requests) if (r.seq < seq) requests.delete(k);
        set({ entries, counts: countsOf(entries) });
      },
      append(input) {
        const seq = nextSeq++;
        const direction = input.direction;
        const details: Details =
          input.kind !== undefined ? { kind: input.kind } : direction === 'in' || direction === 'out' ? classify(seq, input) : { kind: direction };
        const entry: LogEntry = {
          seq,
          at: now(),
          t: input.t,
          connection: input.connection,
          direction,
          raw: input.raw,
          size: input.bytes !== undefined ? base64ByteLength(input.bytes) : utf8ByteLength(input.raw),
          ...details,
        };
        if (input.invalidUtf8) entry.invalidUtf8 = true;
        if (input.bytes !== undefined) entry.bytes = input.bytes;
        if (input.note !== undefined) entry.note = entry.note ? `${entry.note} ${input.note}` : input.note;
        buffer.push(entry);
        if (!scheduled) {
          scheduled = true;
          schedule(flush);
        }
        return entry;
      },
    };
  });
}
