// Feeds the message log to the lint engine, in order, as entries arrive: a new
// Linter per connection (checked against the version it offered until one is
// negotiated), findings kept by the log sequence number they were found on and
// by the connection they were found on, for as long as their frames are in the
// log (a reconnect does not take them away). The lint engine itself may load
// on demand (in the page, a chunk of its own: its schema validation is heavy):
// until it is there, frames and HTTP exchanges wait, in order, and none is lost.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  RULES,
  internalFinding,
  providerRuleSet,
  type BridgeDirection,
  appRuleSet,
  type Finding,
  type HttpExchangeFacts,
  type LinterOptions,
  type PassiveLinter,
  type RuleId,
  type SandboxDiagnostic,
  type Severity,
} from '../../protocol/index.js';
import type { LogChannel, LogEntry } from '../stores/log-store.js';

/** Lints the bridge messages of one app instance, in the order they crossed (the MCP Apps extension's rules). */
export interface BridgeLint {
  message(direction: BridgeDirection, raw: string, seq: number): readonly Finding[];
  /** What the sandbox reported of the app (a CSP violation, a dropped message, …). */
  diagnostic(diagnostic: SandboxDiagnostic, seq?: number): readonly Finding[];
}

export interface RuleCount {
  rule: RuleId;
  count: number;
  /** The worst severity seen for this rule (a rule may report below its default). */
  severity: Severity;
}

/** A finding with the connection (of this page's log) it was found on. */
export type LintFinding = Finding & { connection: number };

export interface LintState {
  /** Every connection's findings, in the order they were found. */
  findings: readonly LintFinding[];
  bySeq: ReadonlyMap<number, readonly LintFinding[]>;
  /** Counts over every connection (the Log's rule filter). */
  byRule: ReadonlyMap<RuleId, RuleCount>;
  /** Counts per connection (the Problems tab groups by connection). */
  byConnection: ReadonlyMap<number, ReadonlyMap<RuleId, RuleCount>>;
  /** Why the lint engine could not be loaded (the error's message), while it cannot; frames wait until `retryLoad`. */
  loadError?: string;
}

const emptyState = (): LintState => ({ findings: [], bySeq: new Map(), byRule: new Map(), byConnection: new Map() });

export type LinterClass = typeof PassiveLinter;

/** The schemas of rule SCHEMA: the legacy generation's, and the 2026-07-28 one's as `modern`. */
export type PublishedSchemas = NonNullable<LinterOptions['schema']> & { modern?: NonNullable<LinterOptions['modernSchema']> };

const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

export function worst(findings: readonly Finding[]): Severity | undefined {
  let w: Severity | undefined;
  for (const f of findings) if (!w || SEVERITY_RANK[f.severity] > SEVERITY_RANK[w]) w = f.severity;
  return w;
}

type Waiting = { connection: number; afterSeq: number } & (
  { facts: HttpExchangeFacts } | { report: { channel: LogChannel; diagnostic: SandboxDiagnostic; seq?: number } }
);

export interface LintRunnerOptions {
  /** The PassiveLinter class, or a promise of it (the page imports it on demand). Asked for once there is something to lint. */
  loadLinter: () => LinterClass | Promise<LinterClass>;
  /** Milliseconds of linting per slice, so a flood of frames never blocks a paint. */
  budgetMs?: number;
  /** Runs the next slice later (a zero-delay timer by default). */
  schedule?: (work: () => void) => void;
  now?: () => number;
  /**
   * Whether a connection's HTTP exchanges come to `exchange()` with their facts (one this page drives); its HTTP
   * log entries are then not read again. Those of other connections (captured, imported) are read from the entries.
   */
  judgesExchanges?: (connection: number) => boolean;
  /** A bridge linter for an app instance's messages; without one, they are not linted (never by the MCP linter). */
  /** Undefined until the lint engine's chunk (which brings the bridge linter) has loaded. */
  bridgeLinter?: (connection: number, channel: LogChannel) => BridgeLint | undefined;
}

export class LintRunner {
  readonly store: StoreApi<LintState>;
  /** One Linter per connection: the frames of connections that run at once (captured sessions too) interleave in the log. */
  private readonly linters = new Map<number, PassiveLinter>();
  /** One bridge linter per app instance, keyed "connection app n": an app's messages are not the server's. */
  private readonly bridgeLinters = new Map<string, { connection: number; lint: BridgeLint }>();
  private readonly bridgeLinter: LintRunnerOptions['bridgeLinter'];
  private connection = -1;
  /** seq of the last entry linted (seqs only grow; the log may drop its oldest entries). */
  private lintedSeq = 0;
  private source: readonly LogEntry[] = [];
  private scheduled = false;
  private readonly budgetMs: number;
  private readonly schedule: (work: () => void) => void;
  private readonly now: () => number;
  private schema: PublishedSchemas | undefined;
  private readonly loadLinter: LintRunnerOptions['loadLinter'];
  /** The Linter class once loaded; 'loading' while asked for; undefined before, or after a failure. */
  private engine: LinterClass | 'loading' | undefined;
  /**
   * HTTP exchanges that ended, and what app sandboxes reported, before the engine (and with it the bridge
   * linter) was there, each after the log entry (seq) it followed.
   */
  private waiting: Waiting[] = [];
  private readonly judgesExchanges: (connection: number) => boolean;
  /** Connections whose exchanges came to `exchange()`: their HTTP entries are judged already. */
  private readonly exchangesSeen = new Set<number>();

  constructor(
    /** The version a connection offered, for linting before negotiation. */
    private readonly offeredVersion: (connection: number) => string | undefined,
    options: LintRunnerOptions,
  ) {
    this.store = createStore<LintState>()(emptyState);
    this.loadLinter = options.loadLinter;
    this.budgetMs = options.budgetMs ?? 4;
    this.schedule = options.schedule ?? ((work) => setTimeout(work, 0));
    this.now = options.now ?? (() => performance.now());
    this.judgesExchanges = options.judgesExchanges ?? (() => false);
    this.bridgeLinter = options.bridgeLinter;
  }

  /** Lint the entries not seen yet, in slices. The log only appends, so this resumes where it stopped. */
  observe(entries: readonly LogEntry[]): void {
    // A log that ends before what was linted is another log: start over.
    if ((entries[entries.length - 1]?.seq ?? 0) < this.lintedSeq) this.reset();
    this.source = entries;
    if (this.next() < entries.length) this.kick();
  }

  /** Index into the observed entries of the first one not linted yet. */
  private next(): number {
    const first = this.source[0]?.seq ?? 1;
    return Math.max(0, this.lintedSeq - first + 1);
  }

  /** The seq of the last entry linted: the log is saved no further, so a reload never skips a frame. */
  linted(): number {
    return this.lintedSeq;
  }

  /**
   * Findings saved with a log from before a reload: taken as they are, and the
   * entries up to `upToSeq` count as linted (they are not linted again). A
   * finding on a frame after `upToSeq` was saved without its frame, whose seq
   * this page gives to another one: it is dropped.
   */
  restore(findings: readonly LintFinding[], upToSeq: number): void {
    this.lintedSeq = Math.max(this.lintedSeq, upToSeq);
    const byConnection = new Map<number, LintFinding[]>();
    for (const f of findings) {
      if (f.seq !== undefined && f.seq > upToSeq) continue;
      const list = byConnection.get(f.connection);
      if (list) list.push(f);
      else byConnection.set(f.connection, [f]);
    }
    for (const [connection, found] of byConnection) this.publish(found, connection);
  }

  /** The log let go of connections up to `connection`: their findings go with them. */
  forgetConnections(connection: number): void {
    const { findings, loadError } = this.store.getState();
    const kept = findings.filter((f) => f.connection > connection);
    const linted = this.lintedSeq;
    this.waiting = this.waiting.filter((w) => w.connection > connection);
    for (const c of this.linters.keys()) if (c <= connection) this.linters.delete(c);
    for (const [key, bridge] of this.bridgeLinters) if (bridge.connection <= connection) this.bridgeLinters.delete(key);
    this.store.setState({ ...emptyState(), loadError });
    this.restore(kept, linted);
  }

  /** The published-schema check (loaded lazily), with the 2026-07-28 one as `modern`; applies to linters created from now on. */
  setSchema(schema: PublishedSchemas): void {
    this.schema = schema;
  }

  /** Lint everything observed so far, now (once the engine is loaded; until then it waits). */
  drain(): void {
    this.work(Infinity);
  }

  /** Ask for the lint engine again after it failed to load; what waited is linted once it comes. */
  retryLoad(): void {
    if (this.engine !== undefined) return;
    this.store.setState({ loadError: undefined });
    this.kick();
  }

  /** Whether the engine is there; if not, it is asked for (once at a time, not again after a failure). */
  private ready(): boolean {
    if (typeof this.engine === 'function') return true;
    if (this.engine === 'loading' || this.store.getState().loadError !== undefined) return false;
    let loaded: LinterClass | Promise<LinterClass>;
    try {
      loaded = this.loadLinter();
    } catch (error) {
      loaded = Promise.reject(error);
    }
    if (typeof loaded === 'function') {
      this.engine = loaded;
      return true;
    }
    this.engine = 'loading';
    loaded.then(
      (engine) => {
        this.engine = engine;
        this.kick();
      },
      (error: unknown) => {
        this.engine = undefined;
        this.store.setState({ loadError: error instanceof Error ? error.message : String(error) });
      },
    );
    return false;
  }

  private kick(): void {
    if (!this.ready() || this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.work(this.budgetMs);
      if (this.next() < this.source.length) this.kick();
    });
  }

  private work(budgetMs: number): void {
    if (!this.ready()) return;
    const start = this.now();
    let found: Finding[] = [];
    const entries = this.source;
    let i = this.next();
    let n = 0;
    while (i < entries.length) {
      const entry = entries[i]!;
      // An exchange that waited for the engine is judged in its place, after the entries before it.
      if (this.waiting.length && entry.seq > this.waiting[0]!.afterSeq) {
        if (found.length) this.publish(found, this.connection);
        found = [];
        this.judgeWaiting(entry.seq - 1);
      }
      // Findings are published per connection: each belongs to the one it was found on.
      if (entry.connection !== this.connection && found.length) {
        this.publish(found, this.connection);
        found = [];
      }
      found.push(...this.lintOne(entry));
      this.lintedSeq = entry.seq;
      i++;
      // Check the clock every 64 frames: reading it costs more than linting a ping.
      if ((++n & 63) === 0 && this.now() - start > budgetMs) break;
    }
    if (found.length) this.publish(found, this.connection);
    if (i === entries.length) this.judgeWaiting(Infinity);
  }

  private reset(): void {
    this.lintedSeq = 0;
    this.connection = -1;
    this.linters.clear();
    this.bridgeLinters.clear();
    this.waiting = [];
    this.store.setState({ ...emptyState(), loadError: this.store.getState().loadError });
  }

  /** Findings judged outside the frames, for `connection`: the OAuth flow's AUTH-* ones, which the proxy judged. */
  add(connection: number, findings: readonly Finding[]): void {
    if (findings.length > 0) this.publish(findings, connection);
  }

  /** Takes back findings of `connection` on the entries `seqs` (an eval run again replaces what its earlier run found). */
  withdraw(connection: number, seqs: ReadonlySet<number>): void {
    const s = this.store.getState();
    const findings = s.findings.filter((f) => f.connection !== connection || f.seq === undefined || !seqs.has(f.seq));
    if (findings.length === s.findings.length) return;
    const bySeq = new Map<number, LintFinding[]>();
    const byRule = new Map<RuleId, RuleCount>();
    const byConnection = new Map<number, Map<RuleId, RuleCount>>();
    for (const f of findings) {
      if (f.seq !== undefined) bySeq.set(f.seq, [...(bySeq.get(f.seq) ?? []), f]);
      count(byRule, f);
      const mine = byConnection.get(f.connection) ?? new Map<RuleId, RuleCount>();
      byConnection.set(f.connection, mine);
      count(mine, f);
    }
    this.store.setState({ findings, bySeq, byRule, byConnection });
  }

  /** One HTTP exchange of `connection`, once it has ended. */
  exchange(connection: number, facts: HttpExchangeFacts): void {
    this.exchangesSeen.add(connection);
    if (!this.ready()) {
      // Judged once the engine is there, after the frames that came before it.
      this.waiting.push({ connection, facts, afterSeq: this.source[this.source.length - 1]?.seq ?? this.lintedSeq });
      return;
    }
    // Catch the frames (and any exchange that waited) up first, so the exchange is judged with what they established.
    this.drain();
    this.judge(connection, facts);
  }

  /** The exchanges and sandbox reports that waited for the engine and came after no entry later than `upToSeq`. */
  private judgeWaiting(upToSeq: number): void {
    while (this.waiting.length && this.waiting[0]!.afterSeq <= upToSeq) {
      const next = this.waiting.shift()!;
      if ('facts' in next) this.judge(next.connection, next.facts);
      else this.judgeReport(next.connection, next.report.channel, next.report.diagnostic, next.report.seq);
    }
  }

  private judge(connection: number, facts: HttpExchangeFacts): void {
    let found: Finding[];
    try {
      found = this.linterFor(connection).exchange(facts);
    } catch (error) {
      found = [internalFinding('the linter', `the HTTP ${facts.method} exchange`, error, 'client')];
    }
    if (found.length) this.publish(found, connection);
  }

  private linterFor(connection: number): PassiveLinter {
    this.connection = connection;
    let linter = this.linters.get(connection);
    if (linter === undefined) {
      // A new connection gets a fresh linter; the findings of the last one stay with its frames.
      const offeredVersion = this.offeredVersion(connection);
      const Linter = this.engine;
      if (typeof Linter !== 'function') throw new Error('the lint engine is used before it has loaded');
      const schema = this.schema;
      linter = new Linter({
        // The tools against the model providers' strict modes: warnings in Problems, beside the spec's rules;
        // and the MCP Apps rules on tools/list and ui:// resources.
        ruleSets: [providerRuleSet, appRuleSet],
        ...(offeredVersion ? { offeredVersion } : {}),
        ...(schema ? { schema: { check: schema.check, version: schema.version }, ...(schema.modern ? { modernSchema: schema.modern } : {}) } : {}),
      });
      this.linters.set(connection, linter);
    }
    return linter;
  }

  private lintOne(e: LogEntry): readonly Finding[] {
    if (e.channel) return this.lintBridge(e, e.channel);
    const linter = this.linterFor(e.connection);
    // A live frame was classified when it was logged: the linter reads that, and the log lets go of it
    // (it keeps the text, not a parsed tree per frame). Restored and imported entries, and those past the
    // log's frame window, are classified here. Cleared, not deleted: `delete` of a property that is not an
    // object's last turns it into a dictionary (in V8, about 700 bytes more per entry, for good).
    const frame = e.frame;
    if (frame !== undefined) e.frame = undefined;
    const httpRecords = e.kind === 'http' && !this.exchangesSeen.has(e.connection) && !this.judgesExchanges(e.connection);
    return linter.record(e, { ...(frame ? { frame } : {}), httpRecords });
  }

  private bridgeFor(connection: number, channel: LogChannel): BridgeLint | undefined {
    if (!this.bridgeLinter) return undefined;
    const key = `${connection} app ${channel.app}`;
    let bridge = this.bridgeLinters.get(key);
    if (bridge === undefined) {
      const lint = this.bridgeLinter(connection, channel);
      if (lint === undefined) return undefined;
      this.bridgeLinters.set(key, (bridge = { connection, lint }));
    }
    return bridge.lint;
  }

  /** What the sandbox reported of an app instance, after the messages logged before it; `seq` is its line in the log. */
  bridgeDiagnostic(connection: number, channel: LogChannel, diagnostic: SandboxDiagnostic, seq?: number): void {
    if (!this.ready()) {
      // Judged once the engine is there, after the frames that came before it (the report's own line, `seq`, among them).
      const afterSeq = seq ?? this.source[this.source.length - 1]?.seq ?? this.lintedSeq;
      this.waiting.push({ connection, afterSeq, report: { channel, diagnostic, ...(seq !== undefined ? { seq } : {}) } });
      return;
    }
    this.drain();
    this.judgeReport(connection, channel, diagnostic, seq);
  }

  private judgeReport(connection: number, channel: LogChannel, diagnostic: SandboxDiagnostic, seq?: number): void {
    let found: readonly Finding[];
    try {
      found = this.bridgeFor(connection, channel)?.diagnostic(diagnostic, seq) ?? [];
    } catch (error) {
      found = [internalFinding('the bridge linter', `the sandbox's ${diagnostic.kind} report`, error, 'server', seq)];
    }
    if (found.length) this.publish(found, connection);
  }

  /** A bridge message goes to its app instance's bridge linter, never to the MCP linter. */
  private lintBridge(e: LogEntry, channel: LogChannel): readonly Finding[] {
    this.connection = e.connection;
    if (e.frame !== undefined) e.frame = undefined;
    const bridge = e.direction === 'in' || e.direction === 'out' ? this.bridgeFor(e.connection, channel) : undefined;
    if (!bridge) return [];
    try {
      return bridge.message(e.direction === 'out' ? 'host-to-app' : 'app-to-host', e.raw, e.seq);
    } catch (error) {
      return [internalFinding('the bridge linter', `frame #${e.seq}`, error, e.direction === 'out' ? 'client' : 'server', e.seq)];
    }
  }

  private publish(found: readonly Finding[], connection: number): void {
    const s = this.store.getState();
    const tagged = found.map((f): LintFinding => ({ ...f, connection }));
    const bySeq = new Map(s.bySeq);
    const byRule = new Map(s.byRule);
    const mine = new Map(s.byConnection.get(connection));
    for (const f of tagged) {
      if (f.seq !== undefined) bySeq.set(f.seq, [...(bySeq.get(f.seq) ?? []), f]);
      count(byRule, f);
      count(mine, f);
    }
    const byConnection = new Map(s.byConnection).set(connection, mine);
    this.store.setState({ findings: [...s.findings, ...tagged], bySeq, byRule, byConnection });
  }
}

function count(counts: Map<RuleId, RuleCount>, f: Finding): void {
  const prev = counts.get(f.rule);
  const severity = prev && SEVERITY_RANK[prev.severity] >= SEVERITY_RANK[f.severity] ? prev.severity : f.severity;
  counts.set(f.rule, { rule: f.rule, count: (prev?.count ?? 0) + 1, severity });
}

export function ruleTitle(rule: RuleId): string {
  return RULES[rule].title;
}
