// The proxy's wrapped sessions, made captured connections of this page: each
// session the feed names becomes one (numbered from the page's one counter),
// its records go into the log under that number — the host's frames as the
// client's ('out'), the server's as the server's ('in') — so the log pairs
// them and the lint runner lints them as it does the page's own. Records are
// applied a slice at a time, one slice per animation frame, so a burst of
// 100,000 never holds up a paint; a record seen before (the feed sends what
// the proxy keeps again after a reconnect) is not logged twice.

import { plural, type CapturedMessage, type CapturedSession, type LogRecord } from '../../protocol/index.js';
import { noteLabel, PAGE_CONNECTION, type ConnectionLabelsStore } from '../stores/connection-labels.js';
import { frameScheduler, type LogInput, type LogStore, type Scheduler } from '../stores/log-store.js';
import { capturedLabel, createCapturedScope, learnFrom, type CapturedInfo, type CapturedScope } from './captured-scope.js';
import type { ConnectionNumbers } from './connection-numbers.js';
import type { WorkspaceStore } from './workspace-store.js';

export interface CapturedSessionsDeps {
  workspace: WorkspaceStore;
  logStore: LogStore;
  connectionLabels: ConnectionLabelsStore;
  numbers: ConnectionNumbers;
  schedule?: Scheduler;
  now?: () => number;
  /** Milliseconds of records applied per slice. */
  budgetMs?: number;
}

export interface CapturedSessions {
  /** One message of the feed, with what of it could not be read. */
  receive(message: CapturedMessage, dropped: readonly string[]): void;
  /** Something about the feed the person should know (a line of the page's own in the log). */
  problem(sentence: string): void;
  /** The feed stopped: no live session is known to be live until it is back. */
  lost(): void;
  /** Apply everything that waits, now (tests; the slices do it otherwise). */
  drain(): void;
}

interface Followed {
  scope: CapturedScope;
  /** The wrapper's seq of the last record taken (queued or logged). */
  lastSeq: number;
  hidden: boolean;
}

const FRAME_KINDS: ReadonlySet<string> = new Set(['request', 'notification', 'response', 'error', 'batch', 'invalid']);

/** A capture record as a log input of `connection`: frames are classified (and paired) by the log itself. */
function inputOf(r: LogRecord, connection: number): LogInput {
  const frame = (r.direction === 'out' || r.direction === 'in') && FRAME_KINDS.has(r.kind);
  const input: LogInput = { t: r.t, at: Date.parse(r.time), connection, direction: r.direction, raw: r.raw };
  if (!frame) input.kind = r.kind;
  // A frame's notes (pairing, why it is invalid) are the log's own to make; other lines keep the wrapper's.
  if (!frame && r.note !== undefined) input.note = r.note;
  if (r.invalidUtf8) input.invalidUtf8 = true;
  if (r.bytes !== undefined) input.bytes = r.bytes;
  return input;
}

export function createCapturedSessions(deps: CapturedSessionsDeps): CapturedSessions {
  const { workspace, logStore, connectionLabels, numbers } = deps;
  const schedule = deps.schedule ?? frameScheduler;
  const now = deps.now ?? (() => performance.now());
  const budgetMs = deps.budgetMs ?? 8;
  const followed = new Map<string, Followed>();
  const queue: Array<{ f: Followed; records: LogRecord[]; next: number }> = [];
  let scheduled = false;

  function note(connection: number, raw: string): void {
    logStore.getState().append({ t: 0, connection, direction: 'system', kind: 'system', raw });
  }

  function label(f: Followed): void {
    const info = f.scope.store.getState();
    noteLabel(connectionLabels, { connection: f.scope.connection, server: capturedLabel(info), transport: `captured ${info.session.transport}` });
  }

  function follow(session: CapturedSession): Followed {
    const known = followed.get(session.id);
    if (known) {
      known.scope.store.setState({ session, unfollowed: undefined });
      if (!known.hidden) label(known);
      return known;
    }
    const connection = numbers.next();
    const scope = workspace.getState().addCaptured((id) =>
      createCapturedScope(id, connection, session, () => {
        f.hidden = true;
      }),
    );
    const f: Followed = { scope, lastSeq: 0, hidden: false };
    followed.set(session.id, f);
    label(f);
    return f;
  }

  /** The proxy no longer tells of a session (it restarted, or let it go): it stays, with why. */
  function unfollow(f: Followed, why: string): void {
    const { session } = f.scope.store.getState();
    const state = session.state === 'live' ? 'disconnected' : session.state;
    f.scope.store.setState({ session: { ...session, state }, unfollowed: why });
  }

  function take(id: string, records: LogRecord[], dropped: readonly string[]): void {
    const f = followed.get(id);
    if (f === undefined || f.hidden) return;
    if (dropped.length > 0) {
      note(
        f.scope.connection,
        `${plural(dropped.length, 'record')} of this wrapped session could not be read and ${dropped.length === 1 ? 'was' : 'were'} left out (${dropped[0]}).`,
      );
    }
    const fresh = records.filter((r) => r.seq > f.lastSeq);
    if (fresh.length === 0) return;
    f.lastSeq = fresh[fresh.length - 1]!.seq;
    queue.push({ f, records: fresh, next: 0 });
    kick();
  }

  function kick(): void {
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      work(budgetMs);
      if (queue.length > 0) kick();
    });
  }

  function work(budget: number): void {
    const start = now();
    let n = 0;
    while (queue.length > 0) {
      const batch = queue[0]!;
      const { f } = batch;
      const info = f.scope.store.getState();
      let learnt: Partial<CapturedInfo> = {};
      while (batch.next < batch.records.length) {
        if (f.hidden) {
          batch.next = batch.records.length;
          break;
        }
        const entry = logStore.getState().append(inputOf(batch.records[batch.next++]!, f.scope.connection));
        const more = learnFrom({ ...info, ...learnt }, entry);
        if (more) learnt = { ...learnt, ...more };
        if ((++n & 63) === 0 && now() - start > budget) break;
      }
      if (Object.keys(learnt).length > 0) {
        f.scope.store.setState(learnt);
        label(f);
      }
      if (batch.next < batch.records.length) return;
      queue.shift();
    }
  }

  return {
    receive(message, dropped) {
      switch (message.type) {
        case 'sessions': {
          const listed = new Set(message.sessions.map((s) => s.id));
          for (const [id, f] of followed) if (!listed.has(id)) unfollow(f, 'The proxy no longer knows this session (it was restarted).');
          for (const session of message.sessions) follow(session);
          if (dropped.length > 0) problem(`The proxy described ${plural(dropped.length, 'wrapped session')} this page could not read (${dropped[0]}).`);
          break;
        }
        case 'session':
          follow(message.session);
          break;
        case 'records':
          take(message.id, message.records, dropped);
          break;
        case 'gone': {
          const f = followed.get(message.id);
          if (f) unfollow(f, 'The proxy let this session go (it keeps a bounded number); what came here stays in the log.');
          break;
        }
      }
    },
    problem,
    lost: () => {
      for (const f of followed.values()) unfollow(f, 'The live feed from the proxy stopped; mcpscope reconnects by itself.');
    },
    drain: () => work(Infinity),
  };

  function problem(sentence: string): void {
    note(PAGE_CONNECTION, sentence);
  }
}
