// The server's log messages (notifications/message), as the Server log view
// shows them, and the level this page asked for with logging/setLevel. Kept
// with the page, not the view, so messages that arrive before the view is
// first opened are there when it is. Every message also stays a frame in the
// Log tab; this store keeps the newest MAX_KEPT and counts what it let go.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { levelRank, outcomeMessage, readLogMessage, type ClientSession, type LogMessage, type LoggingLevel } from '../../../protocol/index.js';

export interface ReceivedLogMessage extends LogMessage {
  /** 1, 2, … in arrival order over the page's life. */
  n: number;
  connection: number;
  /** Wall-clock time of arrival (epoch ms). */
  receivedAt: number;
}

/**
 * The last level this page asked for, for the current connection: a logging/setLevel (legacy), or on a
 * modern connection the level every later request carries in its `_meta` ('in-meta'; undefined level: none).
 */
export type LevelRequest =
  | { state: 'sending'; level: LoggingLevel }
  | { state: 'set'; level: LoggingLevel; answer: string }
  | { state: 'failed'; level: LoggingLevel; message: string }
  | { state: 'in-meta'; level: LoggingLevel | undefined };

export interface LoggingState {
  /** Oldest first; mutated in place, so read `version` to notice a change. */
  messages: ReceivedLogMessage[];
  version: number;
  /** Older messages let go to keep the view fast (they remain frames in the Log tab). */
  removed: number;
  /** Messages per logger name ('' for none), over what is kept. */
  loggers: ReadonlyMap<string, number>;
  /** The view's filters: the least severe level shown ('' for all) and one logger (undefined for all). */
  minLevel: LoggingLevel | '';
  logger: string | undefined;
  /** The connection the level request belongs to. */
  connection: number;
  request: LevelRequest | undefined;
  receive(params: unknown, connection: number, receivedAt: number): void;
  clear(): void;
  setMinLevel(level: LoggingLevel | ''): void;
  setLogger(logger: string | undefined): void;
  forConnection(connection: number): void;
  /** Legacy: send logging/setLevel. Modern: put `level` (undefined: none) in the `_meta` of every later request. */
  setLevel(level: LoggingLevel | undefined): Promise<void>;
}

export const MAX_KEPT = 10_000;
/** Let go of this many at once, so a steady stream does not copy the array on every message. */
const TRIM = 1_000;

export interface LoggingDeps {
  /** The current connection's session, if it is up. */
  session: () => ClientSession | undefined;
  maxKept?: number;
  /**
   * Runs `publish` a little later: a burst of messages (one WebSocket event each) is then
   * one update of the view, not one per message. Default: within PUBLISH_MS.
   */
  schedule?: (publish: () => void) => void;
}

/** How long a burst of messages may wait before the view shows it. */
export const PUBLISH_MS = 50;

export type LoggingStore = StoreApi<LoggingState>;

export function createLoggingStore(deps: LoggingDeps): LoggingStore {
  const maxKept = deps.maxKept ?? MAX_KEPT;
  const trim = Math.min(TRIM, Math.max(1, Math.floor(maxKept / 10)));
  const schedule = deps.schedule ?? ((publish) => setTimeout(publish, PUBLISH_MS));
  let n = 0;
  /** Messages pushed since the view was last told; their loggers are counted when it is. */
  let unpublished = 0;
  return createStore<LoggingState>()((set, get) => {
    /** Counts the new messages' loggers, lets go of the oldest beyond the cap, and tells the view. */
    const publish = (): void => {
      const s = get();
      const messages = s.messages;
      const loggers = new Map(s.loggers);
      for (const m of messages.slice(messages.length - Math.min(unpublished, messages.length))) {
        const name = m.logger ?? '';
        loggers.set(name, (loggers.get(name) ?? 0) + 1);
      }
      unpublished = 0;
      let removed = s.removed;
      if (messages.length > maxKept) {
        const gone = messages.splice(0, messages.length - maxKept + trim);
        removed += gone.length;
        for (const m of gone) {
          const key = m.logger ?? '';
          const left = (loggers.get(key) ?? 0) - 1;
          if (left > 0) loggers.set(key, left);
          else loggers.delete(key);
        }
      }
      set({ version: s.version + 1, loggers, removed });
    };
    return {
      messages: [],
      version: 0,
      removed: 0,
      loggers: new Map(),
      minLevel: '',
      logger: undefined,
      connection: 0,
      request: undefined,
      receive: (params, connection, receivedAt) => {
        get().messages.push({ ...readLogMessage(params), n: ++n, connection, receivedAt });
        if (unpublished++ === 0) schedule(publish);
      },
      clear: () => {
        unpublished = 0;
        set((s) => ({ messages: [], version: s.version + 1, removed: 0, loggers: new Map(), logger: undefined }));
      },
      setMinLevel: (minLevel) => set({ minLevel }),
      setLogger: (logger) => set({ logger }),
      forConnection: (connection) => {
        if (connection !== get().connection) set({ connection, request: undefined });
      },
      setLevel: async (level) => {
        const session = deps.session();
        const connection = get().connection;
        if (!session) {
          if (level !== undefined) set({ request: { state: 'failed', level, message: 'Not connected: connect to a server first.' } });
          return;
        }
        if (session.era === 'modern') {
          // 2026-07-28 has no logging/setLevel: the level travels with each request instead.
          session.setLogLevel(level);
          set({ request: { state: 'in-meta', level } });
          return;
        }
        if (level === undefined) return; // Legacy servers have no way to stop asking.
        set({ request: { state: 'sending', level } });
        const outcome = await session.request('logging/setLevel', { level });
        // A reconnect meanwhile: the answer is about a connection that is gone.
        if (get().connection !== connection) return;
        set({
          request:
            outcome.status === 'result'
              ? { state: 'set', level, answer: answerText(outcome.result) }
              : { state: 'failed', level, message: outcomeMessage(outcome) },
        });
      },
    };
  });
}

function answerText(result: unknown): string {
  const text = JSON.stringify(result) ?? String(result);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The positions in `messages` the view shows, oldest first. A message with an unknown level is always shown: it is a problem to see. */
export function shownIndices(messages: readonly ReceivedLogMessage[], minLevel: LoggingLevel | '', logger: string | undefined): number[] {
  const floor = minLevel === '' ? 0 : levelRank(minLevel);
  const out: number[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (logger !== undefined && (m.logger ?? '') !== logger) continue;
    if (m.known !== undefined && levelRank(m.known) < floor) continue;
    out.push(i);
  }
  return out;
}
