// The proxy's wrapped sessions, made captured connections of this page: each
// session the feed names becomes one (numbered from the page's one counter),
// its records go into the log under that number — the host's frames as the
// client's ('out'), the server's as the server's ('in') — so the log pairs
// them and the lint runner lints them as it does the page's own. Records are
// applied a slice at a time, one slice per animation frame, so a burst of
// 100,000 never holds up a paint; a record seen before (the feed sends what
// the proxy keeps again after a reconnect, or after a reload of the page that
// restored its log) is not logged twice.

import { classifyFrame, plural, type CapturedMessage, type CapturedSession, type LogRecord } from '../../protocol/index.js';
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
  /**
   * A session this page followed before a reload: its saved records are in the log again, so the proxy's copies
   * of them are skipped — those before `t`, and the first `atT` of those at `t` (the lines of one chunk share a time).
   */
  resume?: { t: number; atT: number };
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
    noteLabel(connectionLabels, {
      connection: f.scope.connection,
      server: capturedLabel(info),
      transport: `captured ${info.session.transport}`,
      captured: info.session.id,
    });
  }

  /**
   * The connection a session had before the reload, where its saved records end, and what they tell of the host
   * and the server (the proxy's copies of those records are skipped); none when it is new here.
   */
  function restoredOf(session: CapturedSession): { connection: number; resume?: Followed['resume']; learnt: Partial<CapturedInfo> } | undefined {
    const label = [...connectionLabels.getState().labels.values()].find((l) => l.restored && l.captured === session.id);
    if (label === undefined) return undefined;
    let t = -Infinity;
    let atT = 0;
    let learnt: Partial<CapturedInfo> = {};
    for (const e of logStore.getState().entries) {
      if (e.connection !== label.connection) continue;
      if (e.t > t) [t, atT] = [e.t, 1];
      else if (e.t === t) atT++;
      // Restored entries keep their text, not a parsed frame: only the few that may name the host or the server are parsed.
      if (learnt.host !== undefined && learnt.server !== undefined) continue;
      if (e.method !== 'initialize' && !(e.direction === 'out' && learnt.host === undefined) && !(e.direction === 'in' && learnt.server === undefined))
        continue;
      const more = learnFrom({ session, ...learnt }, { ...e, frame: e.frame ?? classifyFrame(e.raw) });
      if (more) learnt = { ...learnt, ...more };
    }
    return { connection: label.connection, ...(atT > 0 ? { resume: { t, atT } } : {}), learnt };
  }

  function follow(session: CapturedSession): Followed {
    const known = followed.get(session.id);
    if (known) {
      known.scope.store.setState({ session, unfollowed: undefined });
      if (!known.hidden) label(known);
      return known;
    }
    const before = restoredOf(session);
    const connection = before?.connection ?? numbers.next();
    const scope = workspace.getState().addCaptured((id) =>
      createCapturedScope(id, connection, session, () => {
        f.hidden = true;
      }),
    );
    const f: Followed = { scope, lastSeq: 0, hidden: false, ...(before?.resume ? { resume: before.resume } : {}) };
    if (before) scope.store.setState(before.learnt);
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
    const unseen = records.filter((r) => r.seq > f.lastSeq);
    if (unseen.length === 0) return;
    f.lastSeq = unseen[unseen.length - 1]!.seq;
    const fresh = unseen.filter((r) => !savedBefore(f, r));
    if (fresh.length === 0) return;
    queue.push({ f, records: fresh, next: 0 });
    kick();
  }

  /** A record the log has from before the reload (the page's own lines there have t = 0: they end no session's records). */
  function savedBefore(f: Followed, r: LogRecord): boolean {
    const resume = f.resume;
    if (resume === undefined) return false;
    if (r.t < resume.t) return true;
    if (r.t === resume.t && resume.atT > 0) {
      resume.atT--;
      return true;
    }
    f.resume = undefined;
    return false;
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
