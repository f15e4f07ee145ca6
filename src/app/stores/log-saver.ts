// Keeps the message log (frames, findings, connection labels) in a LogDatabase
// so that a reload can show it again. Writes happen one small batch per idle
// moment, off the path that appends frames (a flood is saved over a few seconds
// rather than stalling the page); leaving the page writes the rest at once. A
// failure stops saving and says so, never silently.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LintFinding } from '../lint/lint-runner.js';
import type { ConnectionLabel } from './connection-labels.js';
import type { LogDatabase, SavedBatch, SavedLog } from './log-database.js';
import { savedEntry, type LogEntry } from './log-store.js';

export interface RestoredLog {
  /** The first and last seq from before the reload. */
  fromSeq: number;
  upToSeq: number;
  /** The highest connection number from before the reload. */
  lastConnection: number;
  frames: number;
}

export interface LogSaverState {
  /** What the page showed before the reload, while it is still in the log. */
  restored?: RestoredLog;
  /** Why the log is not being saved, as a sentence for the page. */
  error?: string;
}

export interface LogSources {
  entries: () => readonly LogEntry[];
  findings: () => readonly LintFinding[];
  /** The seq of the last entry the linter has reached: entries after it are saved once it has. */
  lintedSeq: () => number;
  labels: () => ReadonlyMap<number, ConnectionLabel>;
}

/** Entries per transaction: small enough that cloning them never costs a painted frame. */
export const BATCH = 1000;
export const SAVE_DELAY_MS = 250;

/** Runs `work` when the page is idle (at the latest after a second), or after `delayMs` where there is no idle callback. */
export function whenIdle(delayMs: number): (work: () => void) => void {
  return (work) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 });
    else setTimeout(work, delayMs);
  };
}

export function saveFailure(e: unknown): string {
  const name = e instanceof Error || (typeof DOMException !== 'undefined' && e instanceof DOMException) ? (e as Error).name : '';
  const why =
    name === 'QuotaExceededError' ? "the browser's storage for this page is full" : `${e instanceof Error ? e.message : String(e)}`.replace(/\.$/, '');
  return `The log is no longer saved for a reload: ${why}. Everything is still on this page; use Export log to keep it before you reload or close the tab.`;
}

/** A saved log as the page shows it: each request paired with its answer again (pairs made after a write were not saved). */
export function repairPairs(entries: LogEntry[]): LogEntry[] {
  const first = entries[0]?.seq ?? 1;
  for (const e of entries) {
    if (e.pairSeq === undefined || e.pairSeq >= e.seq) continue;
    const i = e.pairSeq - first;
    const request = entries[i];
    if (request && request.seq === e.pairSeq && request.pairSeq === undefined) entries[i] = { ...request, pairSeq: e.seq };
  }
  return entries;
}

/** Findings cut where the connection changes, the chunks keyed [connection, n] numbered from `firstChunk`. */
export function chunksByConnection(findings: readonly LintFinding[], firstChunk: number): SavedBatch['findings'] {
  const chunks: Array<{ key: [number, number]; findings: LintFinding[] }> = [];
  for (const f of findings) {
    const last = chunks[chunks.length - 1];
    if (last && last.key[0] === f.connection) last.findings.push(f);
    else chunks.push({ key: [f.connection, firstChunk + chunks.length], findings: [f] });
  }
  return chunks;
}

/** How many of `findings`, from the start and at most BATCH, are on frames up to `seq` (or on none). */
function findingsUpTo(findings: readonly LintFinding[], from: number, seq: number): number {
  let n = 0;
  while (n < BATCH && from + n < findings.length) {
    const f = findings[from + n]!;
    if (f.seq !== undefined && f.seq > seq) break;
    n++;
  }
  return n;
}

export class LogSaver {
  readonly store: StoreApi<LogSaverState> = createStore<LogSaverState>()(() => ({}));
  private savedSeq = 0;
  private savedFindings = 0;
  private restoredFindings = 0;
  /** The next findings chunk's number (IndexedDB key): only grows, so no chunk is written over. */
  private nextChunk = 0;
  /** The labels last written, as text (a handful of short strings). */
  private savedLabels = '';
  private scheduled = false;
  private writing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Promise<LogDatabase>,
    private readonly sources: LogSources,
    private readonly schedule: (work: () => void) => void = whenIdle(SAVE_DELAY_MS),
  ) {}

  /** The log changed: save what is new, a batch at a time, when the page is idle. */
  changed(): void {
    if (this.stopped || this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      void this.saveBatch().then((more) => {
        if (more) this.changed();
      });
    });
  }

  /** Read what an earlier page saved; the caller puts it back into its stores. */
  async load(): Promise<SavedLog | undefined> {
    try {
      const saved = await (await this.db).read();
      saved.entries = repairPairs(saved.entries);
      this.nextChunk = saved.nextFindingChunk;
      const last = saved.entries[saved.entries.length - 1];
      if (last) this.savedSeq = last.seq;
      if (saved.entries.length === 0) return undefined;
      // The caller puts these first in the page's findings: they are saved already.
      this.savedFindings = this.restoredFindings = saved.findings.length;
      const lastConnection = Math.max(0, ...saved.entries.map((e) => e.connection), ...saved.labels.map((l) => l.connection));
      this.store.setState({ restored: { fromSeq: saved.entries[0]!.seq, upToSeq: this.savedSeq, lastConnection, frames: saved.entries.length } });
      return saved;
    } catch (e) {
      // Writing now could overwrite what could not be read: stop instead.
      this.fail(
        `The log from before the reload could not be read (${e instanceof Error ? e.message : String(e)}), so this page's log is not saved either; use Export log to keep it.`,
      );
      return undefined;
    }
  }

  /** Write everything not written yet, batch after batch (the page is about to go). */
  async save(): Promise<void> {
    while (!this.stopped && (await this.saveBatch()));
  }

  /** Write the next batch; true when more is waiting. */
  private async saveBatch(): Promise<boolean> {
    while (this.writing) await this.writing;
    if (this.stopped) return false;
    let more = false;
    this.writing = this.writeBatch()
      .then((m) => void (more = m))
      .finally(() => (this.writing = undefined));
    await this.writing;
    return more;
  }

  /** Forget the log from before the reload, here and in storage. */
  async clearRestored(): Promise<void> {
    const restored = this.store.getState().restored;
    if (!restored) return;
    this.store.setState({ restored: undefined });
    this.savedFindings = Math.max(0, this.savedFindings - this.restoredFindings);
    this.restoredFindings = 0;
    // Nothing of this page saved yet: the whole database goes (the next save makes it again).
    const nothingOfOurs = this.savedSeq <= restored.upToSeq && this.savedFindings === 0 && (this.savedLabels === '' || this.savedLabels === '[]');
    try {
      const db = await this.db;
      await (nothingOfOurs ? db.remove() : db.dropBefore(restored.upToSeq + 1, restored.lastConnection));
    } catch (e) {
      this.fail(saveFailure(e));
    }
  }

  private async writeBatch(): Promise<boolean> {
    try {
      const entries = this.sources.entries();
      const first = entries[0]?.seq ?? 1;
      // Only entries the linter has reached: a reload takes saved entries as linted.
      const from = Math.max(0, this.savedSeq - first + 1);
      const batch = entries.slice(from, Math.min(from + BATCH, Math.max(from, this.sources.lintedSeq() - first + 1)));
      const upToSeq = batch.length ? batch[batch.length - 1]!.seq : this.savedSeq;
      const allFindings = this.sources.findings();
      // Findings of connections the log let go of are gone from the list: start counting again.
      if (allFindings.length < this.savedFindings) this.savedFindings = allFindings.length;
      // Only findings on frames saved: one saved without its frame would attach to another after a reload.
      const findings = allFindings.slice(this.savedFindings, this.savedFindings + findingsUpTo(allFindings, this.savedFindings, upToSeq));
      const ours = [...this.sources.labels().values()].filter((l) => !l.restored);
      const labelText = JSON.stringify(ours);
      const newLabels = labelText === this.savedLabels ? [] : ours;
      if (batch.length === 0 && findings.length === 0 && newLabels.length === 0) return false;
      const chunks = chunksByConnection(findings, this.nextChunk);
      await (await this.db).write({ entries: batch.map(savedEntry), findings: chunks, labels: newLabels });
      this.nextChunk += chunks.length;
      if (batch.length) this.savedSeq = batch[batch.length - 1]!.seq;
      this.savedFindings += findings.length;
      this.savedLabels = labelText;
      return batch.length === BATCH || findings.length === BATCH;
    } catch (e) {
      this.fail(saveFailure(e));
      return false;
    }
  }

  /** Stop saving, with the sentence the page shows. */
  fail(error: string): void {
    this.stopped = true;
    this.store.setState({ error });
  }
}
