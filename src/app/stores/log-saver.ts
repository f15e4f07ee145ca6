// Keeps the message log (frames, findings, connection labels) in a LogDatabase
// so that a reload can show it again. Writes happen in batches on a timer, off
// the path that appends frames; a failure stops saving and says so, never silently.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LintFinding } from '../lint/lint-runner.js';
import type { ConnectionLabel } from './connection-labels.js';
import type { LogDatabase, SavedLog } from './log-database.js';
import type { LogEntry } from './log-store.js';

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
  labels: () => ReadonlyMap<number, ConnectionLabel>;
}

/** Entries per transaction: big enough to keep up with a flood, small enough to keep each write short. */
export const BATCH = 5000;
export const SAVE_DELAY_MS = 250;

export function saveFailure(e: unknown): string {
  const name = e instanceof Error || (typeof DOMException !== 'undefined' && e instanceof DOMException) ? (e as Error).name : '';
  const why =
    name === 'QuotaExceededError'
      ? "the browser's storage for this page is full"
      : `${e instanceof Error ? e.message : String(e)}`.replace(/\.$/, '');
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

export class LogSaver {
  readonly store: StoreApi<LogSaverState> = createStore<LogSaverState>()(() => ({}));
  private savedSeq = 0;
  private savedFindings = 0;
  private restoredFindings = 0;
  /** The labels last written, as text (a handful of short strings). */
  private savedLabels = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Promise<LogDatabase>,
    private readonly sources: LogSources,
    private readonly delayMs = SAVE_DELAY_MS,
  ) {}

  /** The log changed: save what is new, soon. */
  changed(): void {
    if (this.stopped || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, this.delayMs);
  }

  /** Read what an earlier page saved; the caller puts it back into its stores. */
  async load(): Promise<SavedLog | undefined> {
    try {
      const saved = await (await this.db).read();
      saved.entries = repairPairs(saved.entries);
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
      this.fail(`The log from before the reload could not be read (${e instanceof Error ? e.message : String(e)}), so this page's log is not saved either; use Export log to keep it.`);
      return undefined;
    }
  }

  /** Write everything not written yet, in batches. */
  async save(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.stopped) return;
    this.writing = this.writeAll().finally(() => (this.writing = undefined));
    await this.writing;
  }

  /** Forget the log from before the reload, here and in storage. */
  async clearRestored(): Promise<void> {
    const restored = this.store.getState().restored;
    if (!restored) return;
    this.store.setState({ restored: undefined });
    this.savedFindings = Math.max(0, this.savedFindings - this.restoredFindings);
    this.restoredFindings = 0;
    try {
      await (await this.db).dropBefore(restored.upToSeq + 1, restored.lastConnection);
    } catch (e) {
      this.fail(saveFailure(e));
    }
  }

  private async writeAll(): Promise<void> {
    try {
      for (;;) {
        const entries = this.sources.entries();
        const first = entries[0]?.seq ?? 1;
        const batch = entries.slice(Math.max(0, this.savedSeq - first + 1), Math.max(0, this.savedSeq - first + 1) + BATCH);
        const allFindings = this.sources.findings();
        // Findings of connections the log let go of are gone from the list: start counting again.
        if (allFindings.length < this.savedFindings) this.savedFindings = allFindings.length;
        const findings = allFindings.slice(this.savedFindings, this.savedFindings + BATCH);
        const ours = [...this.sources.labels().values()].filter((l) => !l.restored);
        const labelText = JSON.stringify(ours);
        const newLabels = labelText === this.savedLabels ? [] : ours;
        if (batch.length === 0 && findings.length === 0 && newLabels.length === 0) return;
        const base = this.savedFindings;
        await (await this.db).write({
          entries: batch,
          findings: findings.map((finding, i) => ({ key: [finding.connection, base + i] as [number, number], finding })),
          labels: newLabels,
        });
        if (batch.length) this.savedSeq = batch[batch.length - 1]!.seq;
        this.savedFindings += findings.length;
        this.savedLabels = labelText;
        if (this.stopped) return;
      }
    } catch (e) {
      this.fail(saveFailure(e));
    }
  }

  /** Stop saving, with the sentence the page shows. */
  fail(error: string): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.store.setState({ error });
  }
}
