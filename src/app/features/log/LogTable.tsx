// The message log as a virtualized ARIA table: only the rows in view are in the
// DOM, so 100,000 frames scroll as smoothly as 10. Follows the newest frame
// while the view is at the bottom.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ownValue } from '../../../protocol/index.js';
import { connectionFullLabel, connectionShortLabel, type ConnectionLabel } from '../../stores/connection-labels.js';
import type { LogEntry } from '../../stores/log-store.js';
import { LogHeaderRow, LogRow, ROW_HEIGHT } from './LogRow.js';
import { positionIn } from './positions.js';
import { useFollowScroll } from './use-follow.js';

interface Props {
  entries: readonly LogEntry[];
  /** Indices into `entries` of the rows to show, ascending. */
  indices: readonly number[];
  /** Index into `entries` of the selected entry, or -1. */
  selectedIndex: number;
  onSelect: (seq: number) => void;
  /** Changes whenever the selected row should be scrolled into view. */
  reveal: number;
  empty: ReactNode;
  /** The connections' labels when the connection column is shown (the log holds more than one). */
  connectionLabels?: ReadonlyMap<number, ConnectionLabel>;
  /** Changes (n) when focus should go back to a row, the one with `seq` (the detail was closed). */
  returnFocus?: { seq: number; n: number };
}

export function LogTable({ entries, indices, selectedIndex, onSelect, reveal, empty, connectionLabels, returnFocus }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusSeq = useRef<number | null>(null);
  const count = indices.length;
  const { following, onScroll, jumpToLatest } = useFollowScroll(scrollRef, count);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const selectedPosition = positionIn(indices, selectedIndex);

  // A reveal waits until the selected row is among the rows (filters may still be catching up).
  const lastReveal = useRef(reveal);
  const revealPending = useRef(false);
  if (lastReveal.current !== reveal) {
    lastReveal.current = reveal;
    revealPending.current = true;
  }
  useEffect(() => {
    if (!revealPending.current || selectedPosition < 0) return;
    revealPending.current = false;
    virtualizer.scrollToIndex(selectedPosition, { align: 'center' });
  });
  const select = useCallback(
    (seq: number) => {
      revealPending.current = false;
      onSelect(seq);
    },
    [onSelect],
  );

  // Closing the detail gives the focus back to its row.
  useEffect(() => {
    if (returnFocus) focusSeq.current = returnFocus.seq;
  }, [returnFocus]);

  // Keyboard moves put focus on the new row once it is rendered.
  useEffect(() => {
    const seq = focusSeq.current;
    if (seq === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-seq="${seq}"]`);
    if (row) {
      focusSeq.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = useCallback(
    (position: number) => {
      const clamped = Math.max(0, Math.min(count - 1, position));
      const entry = entries[indices[clamped] ?? -1];
      if (!entry) return;
      focusSeq.current = entry.seq;
      select(entry.seq);
      virtualizer.scrollToIndex(clamped, { align: 'auto' });
    },
    [count, entries, indices, select, virtualizer],
  );

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    const from = selectedPosition >= 0 ? selectedPosition : (virtualizer.getVirtualItems()[0]?.index ?? 0) - 1;
    const moves: Record<string, number> = {
      ArrowDown: from + 1,
      ArrowUp: from - 1,
      PageDown: from + page,
      PageUp: from - page,
      Home: 0,
      End: count - 1,
    };
    const target = ownValue(moves, e.key);
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    } else if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof HTMLElement && e.target.dataset.seq) {
      e.preventDefault();
      select(Number(e.target.dataset.seq));
    }
  }

  const items = virtualizer.getVirtualItems();
  const tabbablePosition = selectedPosition >= 0 && items.some((i) => i.index === selectedPosition) ? selectedPosition : items[0]?.index;

  return (
    <div className="log-table-area">
      <div role="table" aria-label="Message log" aria-rowcount={count + 1} className={`log-table${connectionLabels ? ' with-connection' : ''}`}>
        <div role="rowgroup" className="log-table-head">
          <LogHeaderRow withConnection={connectionLabels !== undefined} />
        </div>
        <div role="rowgroup" className="log-table-body" ref={scrollRef} onScroll={onScroll} onKeyDown={onKeyDown}>
          <div className="log-table-space" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const entry = entries[indices[item.index]!]!;
              return (
                <LogRow
                  key={entry.seq}
                  entry={entry}
                  rowIndex={item.index + 2}
                  top={item.start}
                  selected={item.index === selectedPosition}
                  tabbable={item.index === tabbablePosition}
                  onSelect={select}
                  {...(connectionLabels
                    ? {
                        connectionLabel: connectionShortLabel(entry.connection, connectionLabels.get(entry.connection)),
                        connectionTitle: connectionFullLabel(entry.connection, connectionLabels.get(entry.connection)),
                      }
                    : {})}
                />
              );
            })}
          </div>
        </div>
      </div>
      {count === 0 && <div className="log-empty">{empty}</div>}
      {!following && count > 0 && (
        <button type="button" className="jump-latest" onClick={jumpToLatest}>
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}
