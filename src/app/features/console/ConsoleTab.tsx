// The server's own output, like a terminal: stderr lines, and stdout lines that
// are not JSON-RPC (marked as noise). Clearing empties this view only; every
// line stays in the Log tab and in exports.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import { useApp } from '../../app-context.js';
import { filterLog, type FilterResult } from '../log/filter.js';
import { formatClock, formatCount, formatOffset, plural } from '../log/format.js';
import { useFollowScroll } from '../log/use-follow.js';
import { ByteMarks, VisibleText } from '../log/ByteMarks.js';
import { useLogEntries } from '../log/use-log-entries.js';
import { consoleFilter, linesAfter } from './console-lines.js';
import './console.css';

const LINE_HEIGHT = 18;

export function ConsoleTab() {
  const { logStore } = useApp();
  const entries = useLogEntries(logStore);
  const [text, setText] = useState('');
  const [showNoise, setShowNoise] = useState(true);
  const [clearedAfter, setClearedAfter] = useState<{ seq: number; at: number } | null>(null);
  const previous = useRef<FilterResult | undefined>(undefined);
  const previousAll = useRef<FilterResult | undefined>(undefined);
  const scrollRef = useRef<HTMLDivElement>(null);
  const filterId = useId();

  const result = useMemo(() => {
    const next = filterLog(entries, consoleFilter(text, showNoise), logStore, previous.current);
    previous.current = next;
    return next;
  }, [entries, text, showNoise]);
  // How many lines there are without the text filter, for "12 of 40 lines".
  const unfiltered = useMemo(() => {
    const next = filterLog(entries, consoleFilter('', showNoise), logStore, previousAll.current);
    previousAll.current = next;
    return next;
  }, [entries, showNoise]);
  const lines = useMemo(() => linesAfter(entries, result.indices, clearedAfter?.seq ?? 0), [entries, result, clearedAfter]);
  const hiddenByClear = result.indices.length - lines.length;

  const { following, onScroll, jumpToLatest } = useFollowScroll(scrollRef, lines.length);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
  });

  const total = unfiltered.indices.length;
  const last = entries[entries.length - 1];

  return (
    <div className="console-tab">
      <div className="toolbar console-toolbar">
        <button
          type="button"
          disabled={lines.length === 0}
          onClick={() => setClearedAfter(last ? { seq: last.seq, at: Date.now() } : null)}
          title="Empties this view only; the Log tab keeps every line"
        >
          Clear view
        </button>
        <label htmlFor={filterId}>Filter</label>
        <input id={filterId} type="search" placeholder="text in a line" value={text} onChange={(e) => setText(e.target.value)} />
        <label className="inline">
          <input type="checkbox" checked={showNoise} onChange={(e) => setShowNoise(e.target.checked)} /> Show stdout noise
        </label>
        <span className="hint">
          {formatCount(lines.length)} of {plural(total, 'line')}
        </span>
      </div>
      {clearedAfter && (
        <p className="console-cleared">
          View cleared at {formatClock(clearedAfter.at)}
          {hiddenByClear > 0 ? `; ${plural(hiddenByClear, 'earlier line')} ${hiddenByClear === 1 ? 'is' : 'are'} still in the Log tab` : ''}.{' '}
          <button type="button" className="link" onClick={() => setClearedAfter(null)}>
            Show them again
          </button>
        </p>
      )}
      <div className="console-area">
        <div ref={scrollRef} className="console-screen" role="log" aria-label="Server output" aria-live="off" tabIndex={0} onScroll={onScroll}>
          <div className="console-space" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const entry = entries[lines[item.index]!]!;
              const before = item.index > 0 ? entries[lines[item.index - 1]!] : undefined;
              const newConnection = before !== undefined && before.connection !== entry.connection;
              return (
                <div
                  key={entry.seq}
                  className={`console-line ${entry.direction}${entry.kind === 'system' ? ' notice' : ''}${newConnection ? ' new-connection' : ''}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                  title={entry.kind === 'system' ? entry.raw : undefined}
                >
                  <span className="console-time" aria-hidden="true">
                    {formatOffset(entry.t)}
                  </span>
                  {entry.direction === 'noise' && <span className="console-tag">stdout noise</span>}
                  {entry.kind === 'system' && <span className="console-tag notice">mcpscope</span>}
                  {newConnection && <span className="console-tag">connection {entry.connection}</span>}
                  <ByteMarks entry={entry} className="console-tag bad" />
                  <span className="console-text">
                    <VisibleText text={entry.raw} />
                  </span>
                </div>
              );
            })}
          </div>
          {lines.length === 0 && (
            <p className="console-empty">
              {total > 0
                ? 'No lines to show: the view was cleared or the filter matches none.'
                : 'Nothing on stderr yet. A stdio server writes its own logs there; they appear here as they come.'}
            </p>
          )}
        </div>
        {!following && lines.length > 0 && (
          <button type="button" className="jump-latest" onClick={jumpToLatest}>
            Jump to latest ↓
          </button>
        )}
      </div>
    </div>
  );
}
