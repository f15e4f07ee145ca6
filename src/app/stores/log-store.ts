// The message log: every frame that crossed the wire, in order, never dropped.
// Appends are synchronous (seq, pairing and round-trip time are decided at
// once) but reach React in batches, so a flood of frames re-renders once per
// animation frame.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  RequestLedger,
  base64ByteLength,
  classifyFrame,
  frameId,
  frameMethod,
  frameRequestId,
  requestIdOf,
  utf8ByteLength,
  type Frame,
  type JsonRpcId,
  type LogChannel,
  type LogDirection,
  type LogKind,
  type Side,
  type SingleFrame,
} from '../../protocol/index.js';

export type { LogChannel, LogDirection, LogKind };

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
  /**
   * The classification of a live JSON-RPC frame, so the linter does not parse it again. In memory only, until
   * the frame is linted or falls out of the newest `FRAME_WINDOW` entries, then `undefined`: never saved (see
   * `savedEntry`) nor exported; restored and imported entries have none.
   */
  frame?: Frame;
  /** A frame of Auto's server/discover probe (sent before the era is known), or its answer. */
  probe?: true;
  /** A round of a multi-round request (2026-07-28): its request and that request's answer. */
  conversation?: ConversationTag;
  /** A message of an app's bridge, not of the MCP wire: `out` host→app, `in` app→host, paired within the app. */
  channel?: LogChannel;
}

/** Which multi-round conversation a frame belongs to; `firstSeq`, the log position of its first request, names it. */
export interface ConversationTag {
  firstSeq: number;
  round: number;
  method: string;
}

/**
 * How many of the newest entries may keep their classified frame while the linter has not read it. The lint
 * runner keeps up with a steady stream within a few thousand frames; beyond that (a burst, or an engine that
 * has not loaded) the parsed trees would pile up with the log, so older entries let theirs go and the linter
 * parses their text again, as it does for restored entries.
 */
const FRAME_WINDOW = 5_000;

/** The entry as it is saved: without its in-memory classification. */
export function savedEntry(entry: LogEntry): LogEntry {
  if (!('frame' in entry)) return entry;
  const { frame: _frame, ...saved } = entry;
  return saved;
}

export interface LogInput {
  t: number;
  /** Wall-clock time of the frame (epoch ms) when it was recorded elsewhere (a captured session); else now. */
  at?: number;
  connection: number;
  direction: LogDirection;
  raw: string;
  /** Required for stderr/noise/system entries; JSON-RPC frames are classified here. */
  kind?: LogKind;
  /** The frame's classification, when the caller already has it (a frame is parsed once). */
  frame?: Frame;
  note?: string;
  invalidUtf8?: true;
  bytes?: string;
  probe?: true;
  /** A bridge message of an app instance (its ids pair only with that instance's). */
  channel?: LogChannel;
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
  /**
   * The request with `id` that `connection` just sent is round `round` of multi-round conversation `conversation`:
   * tag it, and its answer when it comes. Ignored when no such request is waiting.
   */
  tagRound(connection: number, id: JsonRpcId, conversation: number, round: number, method: string): void;
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

type Details = Pick<LogEntry, 'kind' | 'method' | 'id' | 'note' | 'pairSeq' | 'rtt' | 'conversation'>;

/** What the log keeps about a request in the ledger. */
interface SeenRequest {
  seq: number;
  /** seq of the first answer, once one arrived. */
  answeredBy?: number;
  /** Set when the session said it is a round of a multi-round request. */
  conversation?: ConversationTag;
}

const sideOf = (direction: LogDirection): Side => (direction === 'out' ? 'client' : 'server');

export type LogStore = StoreApi<LogState>;

export function createLogStore(schedule: Scheduler = frameScheduler, now: () => number = Date.now, frameWindow = FRAME_WINDOW): LogStore {
  let nextSeq = 1;
  let buffer: LogEntry[] = [];
  let scheduled = false;
  // seq of the last published entry, and how many seqs come before entries[0] (dropped ones).
  let published = 0;
  let base = 0;
  // Each connection's requests, for pairing answers (one ledger per connection: ids are per session), and
  // each app instance's apart from them: an app's id 1 never answers the server's id 1.
  const ledgers = new Map<string, RequestLedger<SeenRequest>>();
  // Published entries to change at the next flush: seq → fields (a request's answer, an answer's early request).
  const patches = new Map<number, Pick<LogEntry, 'pairSeq' | 'method' | 'note'>>();
  // Published entries to tag at the next flush (unlike patches, a tag is set on a paired entry too).
  const tags = new Map<number, ConversationTag>();
  // Each conversation's first request (seq), by connection and the session's conversation number.
  const firstSeqs = new Map<string, number>();

  function ledgerOf(connection: number, channel?: LogChannel): RequestLedger<SeenRequest> {
    const key = channel ? `${connection} app ${channel.app}` : String(connection);
    let ledger = ledgers.get(key);
    if (ledger === undefined) ledgers.set(key, (ledger = new RequestLedger<SeenRequest>()));
    return ledger;
  }

  /** Record a request; returns the seq of its answer when that was logged first. */
  function rememberRequest(seq: number, input: LogInput, item: SingleFrame): number | undefined {
    if (item.kind !== 'request') return undefined;
    const { method } = item.message;
    const recorded = ledgerOf(input.connection, input.channel).request(sideOf(input.direction), frameRequestId(item)!, method, input.t, { seq });
    const early = recorded.answeredEarly?.seq;
    if (early === undefined) return undefined;
    // Its answer was logged first: pair them both ways now.
    recorded.request.data.answeredBy = early;
    patch(early, { pairSeq: seq, method, note: `The answer to request #${seq}, which was logged after it.` });
    return early;
  }

  /** Change an entry: in place while unpublished, at the next flush otherwise. Never replaces a pairing. */
  function patch(seq: number, fields: Pick<LogEntry, 'pairSeq' | 'method' | 'note'>): void {
    if (seq <= published) {
      patches.set(seq, { ...patches.get(seq), ...fields });
      return;
    }
    const waiting = buffer[seq - published - 1];
    if (waiting && waiting.pairSeq === undefined) Object.assign(waiting, fields);
  }

  /** The entry with `seq` as it stands now: still buffered, or published (undefined once dropped). */
  function entryAt(seq: number, entries: readonly LogEntry[]): LogEntry | undefined {
    return seq > published ? buffer[seq - published - 1] : entries[seq - 1 - base];
  }

  function describe(seq: number, frame: SingleFrame, input: LogInput): Omit<Details, 'kind'> {
    const out: Omit<Details, 'kind'> = {};
    const id = frameId(frame);
    if (id !== undefined) out.id = id;
    const method = frameMethod(frame);
    if (method !== undefined) out.method = method;
    if ((frame.kind === 'response' || frame.kind === 'error') && id !== undefined) {
      const rid = frameRequestId(frame);
      const verdict = ledgerOf(input.connection, input.channel).answer(sideOf(input.direction), rid, input.t, { seq });
      switch (verdict.kind) {
        case 'paired':
        case 'duplicate':
        case 'late': {
          const request = verdict.request;
          out.method = request.method;
          out.pairSeq = request.data.seq;
          out.rtt = verdict.rttMs;
          if (request.data.conversation) out.conversation = request.data.conversation;
          if (verdict.kind === 'paired') {
            request.data.answeredBy = seq;
            patch(request.data.seq, { pairSeq: seq });
          } else out.note = `Request #${request.data.seq} was already answered by #${request.data.answeredBy ?? '?'}.`;
          break;
        }
        case 'type-mismatch':
          out.note = `Request #${verdict.request.data.seq} has the id ${verdict.request.id.text}; this answer's id ${rid!.text} is of another JSON type, so it answers nothing.`;
          break;
        case 'orphan':
          out.note = 'No request with this id was seen.';
          break;
        case 'unidentified':
          break;
      }
    }
    if (frame.kind === 'invalid') out.note = frame.reason;
    return out;
  }

  function classify(seq: number, input: LogInput, frame: Frame): Details {
    if (frame.kind === 'batch') {
      const early = frame.items.map((item) => rememberRequest(seq, input, item)).find((s) => s !== undefined);
      const items = frame.items.map((item) => describe(seq, item, input));
      const methods = items.map((d) => d.method ?? '?');
      const answer = items.find((d) => d.pairSeq !== undefined);
      const details: Details = { kind: 'batch', method: [...new Set(methods)].join(', '), note: `Batch of ${frame.items.length}` };
      if (answer?.pairSeq !== undefined) {
        details.pairSeq = answer.pairSeq;
        if (answer.rtt !== undefined) details.rtt = answer.rtt;
      } else if (early !== undefined) details.pairSeq = early;
      return details;
    }
    const early = rememberRequest(seq, input, frame);
    const details: Details = { kind: frame.kind, ...describe(seq, frame, input) };
    if (early !== undefined) details.pairSeq = early;
    return details;
  }

  return createStore<LogState>()((set, get) => {
    function flush(): void {
      scheduled = false;
      if (buffer.length === 0 && patches.size === 0 && tags.size === 0) return;
      const batch = buffer;
      buffer = [];
      const counts = { ...get().counts };
      for (const e of batch) counts[e.direction]++;
      const entries = get().entries.slice();
      for (const [seq, fields] of patches) {
        const entry = entries[seq - 1 - base];
        if (entry && entry.pairSeq === undefined) entries[seq - 1 - base] = { ...entry, ...fields };
      }
      patches.clear();
      for (const [seq, conversation] of tags) {
        const entry = entries[seq - 1 - base];
        if (entry) entries[seq - 1 - base] = { ...entry, conversation };
      }
      tags.clear();
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
        for (const ledger of ledgers.values()) ledger.forgetPending((r) => r.data.seq >= seq);
        set({ entries, counts: countsOf(entries) });
      },
      tagRound(connection, id, conversation, round, method) {
        const request = ledgerOf(connection).pendingRequest('client', requestIdOf(id));
        if (!request) return;
        const key = `${connection} ${conversation}`;
        if (round === 1) firstSeqs.set(key, request.data.seq);
        const tag: ConversationTag = { firstSeq: firstSeqs.get(key) ?? request.data.seq, round, method };
        request.data.conversation = tag;
        const seq = request.data.seq;
        const waiting = seq > published ? buffer[seq - published - 1] : undefined;
        if (waiting) waiting.conversation = tag;
        else tags.set(seq, tag);
        if (!scheduled) {
          scheduled = true;
          schedule(flush);
        }
      },
      append(input) {
        const seq = nextSeq++;
        const direction = input.direction;
        // JSON-RPC frames are classified here unless the caller already did; the frame stays on the entry for the linter.
        let frame: Frame | undefined;
        let details: Details;
        if (input.kind !== undefined) details = { kind: input.kind };
        else if (direction === 'in' || direction === 'out') {
          frame = input.frame ?? classifyFrame(input.raw);
          details = classify(seq, input, frame);
        } else details = { kind: direction };
        const entry: LogEntry = {
          seq,
          at: input.at ?? now(),
          t: input.t,
          connection: input.connection,
          direction,
          raw: input.raw,
          size: input.bytes !== undefined ? base64ByteLength(input.bytes) : utf8ByteLength(input.raw),
          ...details,
        };
        if (input.invalidUtf8) entry.invalidUtf8 = true;
        if (input.bytes !== undefined) entry.bytes = input.bytes;
        if (input.probe) entry.probe = true;
        if (input.channel) entry.channel = { ...input.channel };
        if (input.note !== undefined) entry.note = entry.note ? `${entry.note} ${input.note}` : input.note;
        if (frame) entry.frame = frame;
        buffer.push(entry);
        // The frame window: the entry that just fell out of it lets its parsed frame go, if still unlinted.
        const old = entryAt(seq - frameWindow, get().entries);
        if (old?.frame !== undefined) old.frame = undefined;
        if (!scheduled) {
          scheduled = true;
          schedule(flush);
        }
        return entry;
      },
    };
  });
}
