// Every frame in order — sent, received, stderr, stdout noise and mcpscope's own
// events — of every connection, filterable (by default: the connection in view),
// with the selected frame in full beside or under the table, within the viewport.

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import { useConnection, useConnectionInView, useNavigation } from '../../hooks.js';
import { LintRuleFilter } from '../../lint/LintRuleFilter.js';
import type { ConnectionLabel } from '../../stores/connection-labels.js';
import type { LogEntry } from '../../stores/log-store.js';
import { installLogBenchHook } from './bench-hook.js';
import { connectionCount, connectionsToOffer, shownConnection, showsConnection } from './connection-filter.js';
import { ConnectionFilter } from './ConnectionFilter.js';
import { RuleClearedNotice } from './RuleClearedNotice.js';
import { NO_FILTER, filterLog, isFiltering, type FilterResult, type LogFilter } from './filter.js';
import { formatCount } from '../../../protocol/index.js';
import { LatencyPanel } from '../latency/LatencyPanel.js';
import { LogDetail } from './LogDetail.js';
import { ImportedBanner, LogFileBar } from './LogFileBar.js';
import { SavedLogBanner } from './SavedLogBanner.js';
import { SaveConnectionTest } from '../save-test/SaveConnectionTest.js';
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

/** No labels: an imported log's connections are not this page's. */
const UNLABELLED: ReadonlyMap<number, ConnectionLabel> = new Map();

export function LogTab() {
  const { connectionLabels, lint, logStore, navigationStore } = useApp();
  const live = useLogEntries(logStore);
  const snapshot = useConnection((s) => s.snapshot);
  const inView = useConnectionInView();
  const [imported, setImported] = useState<ImportedLog | null>(null);
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const [reveal, setReveal] = useState(0);
  const [showLatency, setShowLatency] = useState(false);
  const [returnFocus, setReturnFocus] = useState<{ seq: number; n: number } | undefined>();
  const previous = useRef<FilterResult | undefined>(undefined);
  const split = useRef<HTMLDivElement>(null);
  const choice = useNavigation((s) => s.logConnection);
  const labels = useStore(connectionLabels, (s) => s.labels);

  useEffect(() => installLogBenchHook(logStore, lint), [logStore, lint]);

  const entries = imported?.entries ?? live;
  const source: object = imported ?? logStore;
  // Typing in the search box stays responsive while 100,000 frames are filtered.
  const deferredFilter = useDeferredValue(filter);
  // An imported log is shown whole: its connections are not this page's.
  const connection = imported ? undefined : shownConnection(choice, inView);
  const filtered = useMemo(() => {
    const f = connection === undefined ? deferredFilter : { ...deferredFilter, connection };
    const next = filterLog(entries, f, source, previous.current);
    previous.current = next;
    return next;
  }, [entries, deferredFilter, source, connection]);
  const withConnection = connectionCount(filtered.connectionCounts) > 1;
  // The lint rule filter narrows what the other filters let through. What "Show in log" chose
  // (a rule, a connection) goes when another connection comes into view.
  const rule = useNavigation((s) => s.logRule);
  useEffect(() => navigationStore.getState().viewChanged(inView), [navigationStore, inView]);
  const bySeq = useStore(lint.store, (s) => s.bySeq);
  const result = useMemo(() => {
    if (!rule || imported) return filtered;
    return { ...filtered, indices: filtered.indices.filter((i) => bySeq.get(entries[i]!.seq)?.some((f) => f.rule === rule)) };
  }, [filtered, rule, bySeq, entries, imported]);

  const selectedIndex = indexOf(entries, imported, selectedSeq);
  const selected = selectedIndex >= 0 ? entries[selectedIndex] : undefined;
  const hiddenByFilters = selected !== undefined && positionIn(result.indices, selectedIndex) < 0;

  // Each selection (a click on the row already open too) brings the detail into the viewport.
  const [opened, setOpened] = useState(0);
  const onSelect = useCallback((seq: number) => {
    setSelectedSeq(seq);
    setOpened((n) => n + 1);
  }, []);
  const jumpTo = useCallback((seq: number) => {
    setSelectedSeq(seq);
    setReveal((n) => n + 1);
  }, []);
  const selectedConnection = selected?.connection;
  const clearFiltersAndReveal = useCallback(() => {
    setFilter(NO_FILTER);
    const nav = navigationStore.getState();
    nav.setLogRule('');
    // The frame may be of a connection the menu does not show.
    if (selectedConnection !== undefined && !showsConnection(connection, selectedConnection)) nav.setLogConnection(selectedConnection);
    setReveal((n) => n + 1);
  }, [navigationStore, selectedConnection, connection]);
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
  // The detail opens within the viewport; Escape closes it and gives the focus back to its row.
  useEffect(() => {
    if (selectedSeq !== null) split.current?.querySelector('.log-detail')?.scrollIntoView({ block: 'nearest' });
  }, [selectedSeq, opened]);
  const closeDetail = useCallback(() => {
    if (selectedSeq === null) return;
    setReturnFocus((r) => ({ seq: selectedSeq, n: (r?.n ?? 0) + 1 }));
    setSelectedSeq(null);
  }, [selectedSeq]);
  const onSplitKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || selectedSeq === null) return;
    e.preventDefault();
    closeDetail();
  };

  const filtering = isFiltering(filter) || rule !== '';
  const hidden = entries.length - result.indices.length;
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
        hidden={hidden}
        {...(imported ? {} : { findings: bySeq })}
      >
        <SaveConnectionTest key={imported?.fileName ?? 'live'} imported={imported} />
      </LogFileBar>
      {imported ? <ImportedBanner log={imported} onBack={() => switchSource(null)} /> : <SavedLogBanner />}
      <LogFilters filter={filter} result={filtered} onChange={setFilter} />
      {!imported && (
        <div className="log-scope">
          <LintRuleFilter />
          {(connectionsToOffer(filtered.connectionCounts, inView, choice).length > 1 || choice !== 'view') && (
            <ConnectionFilter
              choice={choice}
              onChange={(c) => navigationStore.getState().setLogConnection(c)}
              inView={inView}
              counts={filtered.connectionCounts}
            />
          )}
        </div>
      )}
      {!imported && <RuleClearedNotice />}
      <div className="log-showing-row">
        <p className="log-showing">
          Showing {formatCount(result.indices.length)} of {formatCount(entries.length)} frames
          {connection !== undefined && withConnection && ` (connection ${connection} only)`}
          {filtering && (
            <>
              {' '}
              <button type="button" className="link" onClick={clearAll}>
                Clear filters
              </button>
            </>
          )}
        </p>
        <button type="button" className="latency-toggle" aria-pressed={showLatency} onClick={() => setShowLatency((v) => !v)}>
          Latency by method
        </button>
      </div>
      {showLatency && <LatencyPanel entries={entries} connection={connection} source={source} />}
      <div ref={split} className={`log-split${selected ? ' open' : ''}`} onKeyDown={onSplitKeyDown}>
        <LogTable
          entries={entries}
          indices={result.indices}
          selectedIndex={selectedIndex}
          onSelect={onSelect}
          reveal={reveal}
          empty={empty}
          {...(withConnection ? { connectionLabels: imported ? UNLABELLED : labels } : {})}
          {...(returnFocus ? { returnFocus } : {})}
        />
        <LogDetail
          entry={selected}
          hiddenByFilters={hiddenByFilters}
          onJump={jumpTo}
          onClearFilters={clearFiltersAndReveal}
          onShowConversation={showConversation}
          onClose={closeDetail}
        />
      </div>
    </div>
  );
}
