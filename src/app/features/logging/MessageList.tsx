// The log messages as a virtualized table: only the rows in view are in the
// DOM, so thousands of messages scroll as smoothly as ten. Follows the newest
// while the view is at the bottom; a click selects a row for the detail.

import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { formatClock } from '../../../protocol/index.js';
import { connectionFullLabel, connectionShortLabel, type ConnectionLabel } from '../../stores/connection-labels.js';
import { useFollowScroll } from '../log/use-follow.js';
import { dataPreview } from './format.js';
import type { ReceivedLogMessage } from './logging-store.js';

const ROW_HEIGHT = 24;

interface Props {
  messages: readonly ReceivedLogMessage[];
  indices: readonly number[];
  selected: number | undefined;
  onSelect: (n: number) => void;
  /** With several connections shown: their labels, for a connection column. */
  labels?: ReadonlyMap<number, ConnectionLabel>;
}

export function MessageList({ messages, indices, selected, onSelect, labels }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = indices.length;
  const { following, onScroll, jumpToLatest } = useFollowScroll(scrollRef, count);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  return (
    <div className="log-table-area">
      <div role="table" aria-label="Server log messages" aria-rowcount={count + 1} className={`log-table logging-table${labels ? ' with-connection' : ''}`}>
        <div role="rowgroup" className="log-table-head">
          <div role="row" aria-rowindex={1} className="log-row logging-row head">
            <div role="columnheader">Time</div>
            {labels && <div role="columnheader">Connection</div>}
            <div role="columnheader">Level</div>
            <div role="columnheader">Logger</div>
            <div role="columnheader">Data</div>
          </div>
        </div>
        <div role="rowgroup" className="log-table-body logging-body" ref={scrollRef} onScroll={onScroll}>
          <div className="log-table-space" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const m = messages[indices[item.index]!]!;
              const label = labels?.get(m.connection);
              return (
                <MessageRow
                  key={m.n}
                  m={m}
                  rowIndex={item.index + 2}
                  top={item.start}
                  selected={m.n === selected}
                  onSelect={onSelect}
                  {...(labels ? { connectionLabel: connectionShortLabel(m.connection, label), connectionTitle: connectionFullLabel(m.connection, label) } : {})}
                />
              );
            })}
          </div>
        </div>
      </div>
      {!following && count > 0 && (
        <button type="button" className="small jump-latest" onClick={jumpToLatest}>
          Jump to newest
        </button>
      )}
    </div>
  );
}

const MessageRow = memo(function MessageRow({
  m,
  rowIndex,
  top,
  selected,
  onSelect,
  connectionLabel,
  connectionTitle,
}: {
  m: ReceivedLogMessage;
  rowIndex: number;
  top: number;
  selected: boolean;
  onSelect: (n: number) => void;
  connectionLabel?: string;
  connectionTitle?: string;
}) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      aria-current={selected ? 'true' : undefined}
      tabIndex={0}
      className={`log-row logging-row${selected ? ' selected' : ''}${m.problems.length ? ' has-problems' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(m.n)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect(m.n);
        }
      }}
    >
      <div role="cell" className="num muted">
        {formatClock(m.receivedAt)}
      </div>
      {connectionLabel !== undefined && (
        <div role="cell" className="muted" title={connectionTitle}>
          {connectionLabel}
        </div>
      )}
      <div role="cell">
        <span className={`level-badge level-${m.known ?? 'unknown'}`} title={m.known ? undefined : 'Not one of the eight log levels'}>
          {m.level}
        </span>
      </div>
      <div role="cell" className="mono">
        {m.logger ?? ''}
      </div>
      <div role="cell" className="mono">
        {m.problems.length > 0 && (
          <span className="problem-mark" aria-label="Malformed message" title={m.problems.join('; ')}>
            ⚠{' '}
          </span>
        )}
        {dataPreview(m)}
      </div>
    </div>
  );
});
