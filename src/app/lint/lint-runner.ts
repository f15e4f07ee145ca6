// Feeds the message log to the lint engine, in order, as entries arrive: a new
// Linter per connection (checked against the version it offered until one is
// negotiated), findings kept by the log sequence number they were found on.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { Linter, RULES, internalFinding, type Finding, type HttpExchangeFacts, type LinterOptions, type RuleId, type Severity } from '../../protocol/index.js';
import type { LogEntry } from '../stores/log-store.js';

export interface RuleCount {
  rule: RuleId;
  count: number;
  /** The worst severity seen for this rule (a rule may report below its default). */
  severity: Severity;
}

export interface LintState {
  findings: readonly Finding[];
  bySeq: ReadonlyMap<number, readonly Finding[]>;
  byRule: ReadonlyMap<RuleId, RuleCount>;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

export function worst(findings: readonly Finding[]): Severity | undefined {
  let w: Severity | undefined;
  for (const f of findings) if (!w || SEVERITY_RANK[f.severity] > SEVERITY_RANK[w]) w = f.severity;
  return w;
}

const FRAME_KINDS = new Set(['request', 'notification', 'response', 'error', 'batch', 'invalid']);

export interface LintRunnerOptions {
  /** Milliseconds of linting per slice, so a flood of frames never blocks a paint. */
  budgetMs?: number;
  /** Runs the next slice later (a zero-delay timer by default). */
  schedule?: (work: () => void) => void;
  now?: () => number;
}

export class LintRunner {
  readonly store: StoreApi<LintState>;
  private linter: Linter | undefined;
  private connection = -1;
  private processed = 0;
  private source: readonly LogEntry[] = [];
  private scheduled = false;
  private readonly budgetMs: number;
  private readonly schedule: (work: () => void) => void;
  private readonly now: () => number;
  private schema: LinterOptions['schema'];

  constructor(
    /** The version a connection offered, for linting before negotiation. */
    private readonly offeredVersion: (connection: number) => string | undefined,
    options: LintRunnerOptions = {},
  ) {
    this.store = createStore<LintState>()(() => ({ findings: [], bySeq: new Map(), byRule: new Map() }));
    this.budgetMs = options.budgetMs ?? 4;
    this.schedule = options.schedule ?? ((work) => setTimeout(work, 0));
    this.now = options.now ?? (() => performance.now());
  }

  /** Lint the entries not seen yet, in slices. The log only appends, so this resumes where it stopped. */
  observe(entries: readonly LogEntry[]): void {
    if (entries.length < this.processed) this.reset();
    this.source = entries;
    if (entries.length > this.processed) this.kick();
  }

  /** The published-schema check (loaded lazily); applies to linters created from now on. */
  setSchema(schema: NonNullable<LinterOptions['schema']>): void {
    this.schema = schema;
  }

  /** Lint everything observed so far, now. */
  drain(): void {
    this.work(Infinity);
  }

  private kick(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.work(this.budgetMs);
      if (this.processed < this.source.length) this.kick();
    });
  }

  private work(budgetMs: number): void {
    const start = this.now();
    const found: Finding[] = [];
    const entries = this.source;
    while (this.processed < entries.length) {
      const entry = entries[this.processed]!;
      // A new connection clears the board: what was found for the old one goes with it.
      if (entry.connection !== this.connection) found.length = 0;
      found.push(...this.lintOne(entry));
      this.processed++;
      // Check the clock every 64 frames: reading it costs more than linting a ping.
      if ((this.processed & 63) === 0 && this.now() - start > budgetMs) break;
    }
    if (found.length) this.publish(found);
  }

  private reset(): void {
    this.processed = 0;
    this.connection = -1;
    this.linter = undefined;
    this.store.setState({ findings: [], bySeq: new Map(), byRule: new Map() });
  }

  /** One HTTP exchange of `connection`, once it has ended. */
  exchange(connection: number, facts: HttpExchangeFacts): void {
    // Catch the frames up first, so the exchange is judged with what they established.
    this.drain();
    let found: Finding[];
    try {
      found = this.linterFor(connection).httpExchange(facts);
    } catch (error) {
      found = [internalFinding('the linter', `the HTTP ${facts.method} exchange`, error, 'client')];
    }
    if (found.length) this.publish(found);
  }

  private linterFor(connection: number): Linter {
    if (connection !== this.connection || !this.linter) {
      // Problems are about the connection in front of you: a new one starts clean.
      if (this.linter) this.store.setState({ findings: [], bySeq: new Map(), byRule: new Map() });
      this.connection = connection;
      const offeredVersion = this.offeredVersion(connection);
      this.linter = new Linter({ ...(offeredVersion ? { offeredVersion } : {}), ...(this.schema ? { schema: this.schema } : {}) });
    }
    return this.linter;
  }

  private lintOne(e: LogEntry): Finding[] {
    this.linter = this.linterFor(e.connection);
    const meta = { seq: e.seq, at: e.t, invalidUtf8: e.note?.includes('invalid UTF-8') ?? false };
    try {
      if (FRAME_KINDS.has(e.kind) && (e.direction === 'out' || e.direction === 'in')) {
        return this.linter.frame(e.direction === 'out' ? 'client' : 'server', e.raw, meta);
      }
      if (e.kind === 'noise') return this.linter.stdoutNoise(e.raw, meta);
    } catch (error) {
      // The Linter guards its own rules; should it throw anyway, this frame gets a finding and the slices go on.
      return [internalFinding('the linter', `frame #${e.seq}`, error, e.direction === 'out' ? 'client' : 'server', e.seq)];
    }
    return [];
  }

  private publish(found: Finding[]): void {
    const s = this.store.getState();
    const bySeq = new Map(s.bySeq);
    const byRule = new Map(s.byRule);
    for (const f of found) {
      if (f.seq !== undefined) bySeq.set(f.seq, [...(bySeq.get(f.seq) ?? []), f]);
      const prev = byRule.get(f.rule);
      const severity = prev && SEVERITY_RANK[prev.severity] >= SEVERITY_RANK[f.severity] ? prev.severity : f.severity;
      byRule.set(f.rule, { rule: f.rule, count: (prev?.count ?? 0) + 1, severity });
    }
    this.store.setState({ findings: [...s.findings, ...found], bySeq, byRule });
  }
}

export function ruleTitle(rule: RuleId): string {
  return RULES[rule].title;
}
