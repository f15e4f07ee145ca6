// One page's socket (CAPTURED_SOCKET_PATH): `sessions`, then what is kept of
// each session's records, then what follows live. Records are batched (every
// ~50 ms, at most MAX_RECORDS_PER_MESSAGE a message); sending waits while the
// socket's buffer is full, and a page that falls too far behind is closed with
// 1013 (it connects again and gets the kept records afresh): a slow page never
// grows the proxy's memory.
import { WebSocket } from 'ws';
import { MAX_RECORDS_PER_MESSAGE, type CapturedMessage, type LogRecord } from '../../src/protocol/wire.js';
import { closeReason } from './ingest.js';
import { recordSize, type CapturedEvent, type CapturedSessions } from './sessions.js';

export interface FeedOptions {
  batchMs?: number;
  /** Sending pauses while the socket holds this much unsent. */
  highWaterBytes?: number;
  /** Live records waiting for a slow page, past which it is closed. */
  maxWaitingBytes?: number;
}

const CLOSE_TRY_LATER = 1013;

type Queued = CapturedMessage & { live?: number };

export function followCaptured(ws: WebSocket, sessions: CapturedSessions, o: FeedOptions = {}): void {
  const batchMs = o.batchMs ?? 50;
  const highWater = o.highWaterBytes ?? 1024 * 1024;
  const maxWaiting = o.maxWaitingBytes ?? 32 * 1024 * 1024;
  const queue: Queued[] = [];
  let waitingBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let done = false;

  const pump = (): void => {
    timer = undefined;
    while (!done && queue.length > 0 && ws.readyState === WebSocket.OPEN && ws.bufferedAmount < highWater) {
      const { live, ...message } = queue.shift()!;
      waitingBytes -= live ?? 0;
      // The callback runs once the message left: what waits behind a full buffer goes then.
      ws.send(JSON.stringify(message), () => {
        if (timer === undefined && !done) pump();
      });
    }
  };
  const later = (): void => {
    timer ??= setTimeout(pump, batchMs);
  };
  const push = (message: CapturedMessage): void => {
    queue.push(message);
  };
  const pushRecords = (id: string, records: readonly LogRecord[], live: boolean): void => {
    for (const r of records) {
      const last = queue.at(-1);
      const size = live ? recordSize(r) : 0;
      if (last?.type === 'records' && last.id === id && last.records.length < MAX_RECORDS_PER_MESSAGE && (last.live !== undefined) === live) {
        last.records.push(r);
        if (live) last.live! += size;
      } else queue.push({ type: 'records', id, records: [r], ...(live ? { live: size } : {}) });
      waitingBytes += size;
    }
  };

  const onEvent = (event: CapturedEvent): void => {
    if (event.type === 'records') {
      pushRecords(event.id, event.records, true);
      if (waitingBytes > maxWaiting) {
        stop();
        ws.close(CLOSE_TRY_LATER, closeReason('this page fell behind the live records; connect again to get the kept ones'));
        return;
      }
      return later();
    }
    push(event);
    pump();
  };
  const unsubscribe = sessions.subscribe(onEvent);
  const stop = (): void => {
    done = true;
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    queue.length = 0;
  };
  ws.on('close', stop);
  ws.on('error', () => {});
  ws.on('message', () => {}); // the page has nothing to say here

  const snapshot = sessions.snapshot();
  push({ type: 'sessions', sessions: snapshot.map((s) => s.session) });
  for (const { session, records } of snapshot) pushRecords(session.id, records, false);
  pump();
}
