// One log entry as a table row. Kept flat and memoized so the table can be virtualized later.

import { memo } from 'react';
import type { LogEntry } from '../../stores/log-store.js';
import { DIRECTION_LABEL, formatId, formatOffset, rowText } from './format.js';

interface Props {
  entry: LogEntry;
  selected: boolean;
  onSelect: (seq: number) => void;
}

export const LogRow = memo(function LogRow({ entry, selected, onSelect }: Props) {
  const dir = DIRECTION_LABEL[entry.direction];
  return (
    <tr
      className={`log-row dir-${entry.direction} kind-${entry.kind}${selected ? ' selected' : ''}`}
      tabIndex={0}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(entry.seq)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect(entry.seq);
        }
      }}
    >
      <td className="mono num">{formatOffset(entry.t)}</td>
      <td className="dir" title={dir.words}>
        <span aria-hidden="true">{dir.symbol}</span>
        <span className="sr-only">{dir.words}</span>
      </td>
      <td className="kind">{entry.kind}</td>
      <td className="mono method">{entry.method ?? ''}</td>
      <td className="mono id">{formatId(entry.id)}</td>
      <td className="mono raw">{rowText(entry)}</td>
    </tr>
  );
});
