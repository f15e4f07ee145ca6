// The message log: every frame that crossed the wire, in order, never dropped.
// Appends are synchronous (seq and pairing are decided at once) but reach
// React in batches, so a flood of frames re-renders once per animation frame.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { classifyFrame, frameId, frameMethod, type Frame, type JsonRpcId, type SingleFrame } from '../../protocol/index.js';

export type LogDirection = 'out' | 'in' | 'stderr' | 'noise' | 'system';
export type LogKind =
  | 'request'
  | 'notification'
  | 'response'
  | 'error'
  | 'batch'
  | 'invalid'
  | 'stderr'
  | 'noise'
  | 'oversize'
  | 'system';

export interface LogEntry {
  seq: number;
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
  /** Extra context: why a frame is invalid, an answer with no request, … */
  note?: string;
}

export interface LogInput {
  t: number;
  connection: number;
  direction: LogDirection;
  raw: string;
  /** Required for stderr/noise/system entries; JSON-RPC frames are classified here. */
  kind?: LogKind;
  note?: string;
}

export type LogCounts = Record<LogDirection, number>;

export interface LogState {
  entries: readonly LogEntry[];
  counts: LogCounts;
  append(input: LogInput): LogEntry;
  /** Publish buffered entries now (normally done by the scheduler). */
  flush(): void;
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

export function createLogStore(schedule: Scheduler = frameScheduler): StoreApi<LogState> {
  let nextSeq = 1;
  let buffer: LogEntry[] = [];
  let scheduled = false;
  // Request methods by connection, direction of the request and id, for pairing answers.
  const requests = new Map<string, string>();
  const key = (connection: number, from: LogDirection, id: JsonRpcId) => `${connection}|${from}|${typeof id}|${id}`;

  function rememberRequest(connection: number, from: LogDirection, item: SingleFrame): void {
    if (item.kind === 'request') requests.set(key(connection, from, item.message.id), item.message.method);
  }

  /** The method of the request an answer pairs with; accepts "7" for 7 as the session does. */
  function pairedMethod(connection: number, answerFrom: LogDirection, id: JsonRpcId): string | undefined {
    const from = answerFrom === 'in' ? 'out' : 'in';
    const exact = requests.get(key(connection, from, id));
    if (exact !== undefined) return exact;
    const other = typeof id === 'number' ? String(id) : /^-?\d+$/.test(id) ? Number(id) : undefined;
    return other === undefined ? undefined : requests.get(key(connection, from, other));
  }

  function describe(frame: SingleFrame, input: LogInput): Pick<LogEntry, 'method' | 'id' | 'note'> {
    const out: Pick<LogEntry, 'method' | 'id' | 'note'> = {};
    const id = frameId(frame);
    if (id !== undefined) out.id = id;
    const method = frameMethod(frame);
    if (method !== undefined) out.method = method;
    if ((frame.kind === 'response' || frame.kind === 'error') && id !== undefined) {
      const paired = pairedMethod(input.connection, input.direction, id);
      if (paired !== undefined) out.method = paired;
      else out.note = 'No request with this id was seen.';
    }
    if (frame.kind === 'invalid') out.note = frame.reason;
    return out;
  }

  function classify(input: LogInput): Omit<LogEntry, 'seq' | 't' | 'connection' | 'direction' | 'raw'> {
    const frame: Frame = classifyFrame(input.raw);
    if (frame.kind === 'batch') {
      for (const item of frame.items) rememberRequest(input.connection, input.direction, item);
      const methods = frame.items.map((item) => describe(item, input).method ?? '?');
      return { kind: 'batch', method: [...new Set(methods)].join(', '), note: `Batch of ${frame.items.length}` };
    }
    rememberRequest(input.connection, input.direction, frame);
    return { kind: frame.kind, ...describe(frame, input) };
  }

  return createStore<LogState>()((set, get) => {
    function flush(): void {
      scheduled = false;
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      const counts = { ...get().counts };
      for (const e of batch) counts[e.direction]++;
      set({ entries: get().entries.concat(batch), counts });
    }

    return {
      entries: [],
      counts: emptyCounts(),
      flush,
      append(input) {
        const direction = input.direction;
        const details: Omit<LogEntry, 'seq' | 't' | 'connection' | 'direction' | 'raw'> =
          input.kind !== undefined
            ? { kind: input.kind }
            : direction === 'in' || direction === 'out'
              ? classify(input)
              : { kind: direction };
        const entry: LogEntry = {
          seq: nextSeq++,
          t: input.t,
          connection: input.connection,
          direction: input.direction,
          raw: input.raw,
          ...details,
        };
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

