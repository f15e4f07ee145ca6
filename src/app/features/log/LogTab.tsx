// Every frame in order — sent, received, stderr, stdout noise and mcpscope's own
// events — filterable, with the selected frame in full beside the table.

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import { useConnection, useNavigation } from '../../hooks.js';
import { LintRuleFilter } from '../../lint/LintRuleFilter.js';
import type { LogEntry } from '../../stores/log-store.js';
import { installLogBenchHook } from './bench-hook.js';
import { NO_FILTER, filterLog, isFiltering, type FilterResult, type LogFilter } from './filter.js';
import { formatCount } from '../../../protocol/index.js';
import { LogDetail } from './LogDetail.js';
import { ImportedBanner, LogFileBar } from './LogFileBar.js';
import { SavedLogBanner } from './SavedLogBanner.js';
import { LogFilters } from './LogFilters.js';
import { LogTable } from './LogTable.js';
import { serverOf, type ImportedLog } from './log-file.js';
import { positionIn } from './positions.js';
import { useLogEntries } from './use-log-entries.js';
import './log.css';

/** Index into `entries` of the entry with `seq`, or -1. */
function indexOf(entries: readonly LogEntry[], imported: ImportedLog | null, seq: number | null): number {
  if (seq === null) return -1;
  if (imported) return imported.indexOfSeq.get(seq) ?? -1;
  // The live log has no gaps (it only drops its oldest entries), so seq n sits at n - first seq.
  const i = seq - (entries[0]?.seq ?? 1);
  return entries[i]?.seq === seq ? i : -1;
}

export function LogTab() {
  const { lint, logStore, navigationStore } = useApp();
  const live = useLogEntries(logStore);
  const snapshot = useConnection((s) => s.snapshot);
  const [imported, setImported] = useState<ImportedLog | null>(null);
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const [reveal, setReveal] = useState(0);
  const previous = useRef<FilterResult | undefined>(undefined);

  useEffect(() => installLogBenchHook(logStore, lint), [logStore, lint]);

  const entries = imported?.entries ?? live;
  const source: object = imported ?? logStore;
  // Typing in the search box stays responsive while 100,000 frames are filtered.
  const deferredFilter = useDeferredValue(filter);
  const filtered = useMemo(() => {
    const next = filterLog(entries, deferredFilter, source, previous.current);
    previous.current = next;
    return next;
  }, [entries, deferredFilter, source]);
  // The lint rule filter narrows what the other filters let through.
  const rule = useNavigation((s) => s.logRule);
  const bySeq = useStore(lint.store, (s) => s.bySeq);
  const result = useMemo(() => {
    if (!rule || imported) return filtered;
    return { ...filtered, indices: filtered.indices.filter((i) => bySeq.get(entries[i]!.seq)?.some((f) => f.rule === rule)) };
  }, [filtered, rule, bySeq, entries, imported]);

  const selectedIndex = indexOf(entries, imported, selectedSeq);
  const selected = selectedIndex >= 0 ? entries[selectedIndex] : undefined;
  const hiddenByFilters = selected !== undefined && positionIn(result.indices, selectedIndex) < 0;

  const onSelect = useCallback((seq: number) => setSelectedSeq(seq), []);
  const jumpTo = useCallback((seq: number) => {
    setSelectedSeq(seq);
    setReveal((n) => n + 1);
  }, []);
  const clearFiltersAndReveal = useCallback(() => {
    setFilter(NO_FILTER);
    navigationStore.getState().setLogRule('');
    setReveal((n) => n + 1);
  }, [navigationStore]);
  // Another tab (Problems) asked for a frame.
  const logReveal = useNavigation((s) => s.logReveal);
  useEffect(() => {
    if (logReveal) jumpTo(logReveal.seq);
  }, [logReveal, jumpTo]);
  const showConversation = useCallback((firstSeq: number) => {
    setFilter({ ...NO_FILTER, conversation: firstSeq });
    setReveal((n) => n + 1);
  }, []);
  const clearAll = () => {
    setFilter(NO_FILTER);
    navigationStore.getState().setLogRule('');
  };
  const switchSource = (next: ImportedLog | null) => {
    setImported(next);
    setSelectedSeq(null);
  };

  const filtering = isFiltering(filter) || rule !== '';
  const empty =
    entries.length === 0 ? (
      <p className="hint">
        {imported
          ? 'The imported file holds no frame that could be read: see the lines named above.'
          : 'No frames yet. Connect to a server to see its traffic.'}
      </p>
    ) : (
      <p className="hint">
        No frames match the filters.{' '}
        <button type="button" onClick={clearAll}>
          Clear filters
        </button>
      </p>
    );

  return (
    <div className="log-tab">
      <LogFileBar
        entries={entries}
        server={imported ? imported.header.server : serverOf(snapshot)}
        onImported={(log) => switchSource(log)}
        {...(imported ? {} : { findings: bySeq })}
      />
      {imported ? <ImportedBanner log={imported} onBack={() => switchSource(null)} /> : <SavedLogBanner />}
      <LogFilters filter={filter} result={filtered} onChange={setFilter} />
      {!imported && <LintRuleFilter />}
      <p className="log-showing">
        Showing {formatCount(result.indices.length)} of {formatCount(entries.length)} frames
        {filtering && (
          <>
            {' '}
            <button type="button" className="link" onClick={clearAll}>
              Clear filters
            </button>
          </>
        )}
      </p>
      <div className="log-split">
        <LogTable entries={entries} indices={result.indices} selectedIndex={selectedIndex} onSelect={onSelect} reveal={reveal} empty={empty} />
        <LogDetail
          entry={selected}
          hiddenByFilters={hiddenByFilters}
          onJump={jumpTo}
          onClearFilters={clearFiltersAndReveal}
          onShowConversation={showConversation}
        />
      </div>
    </div>
  );
}
