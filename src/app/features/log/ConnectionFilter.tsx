// The connection menu of the Log, Problems and Server messages: the one in view
// (the default), all connections, or one by its label, each with its count.

import { useId } from 'react';
import { useStore } from 'zustand';
import { formatCount } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { connectionFullLabel, connectionShortLabel } from '../../stores/connection-labels.js';
import { connectionsToOffer, type ConnectionChoice } from './connection-filter.js';

interface Props {
  choice: ConnectionChoice;
  onChange: (choice: ConnectionChoice) => void;
  inView: number | undefined;
  /** Per connection, how many lines it would show (the other filters applied). */
  counts: ReadonlyMap<number, number>;
}

const value = (choice: ConnectionChoice): string => String(choice);
const choiceOf = (text: string): ConnectionChoice => (text === 'view' || text === 'all' ? text : Number(text));

export function ConnectionFilter({ choice, onChange, inView, counts }: Props) {
  const id = useId();
  const labels = useStore(useApp().connectionLabels, (s) => s.labels);
  const count = (c: number): string => ` (${formatCount(counts.get(c) ?? 0)})`;
  let total = 0;
  for (const n of counts.values()) total += n;
  return (
    <span className="connection-filter">
      <label htmlFor={id}>Connection</label>
      <select id={id} value={value(choice)} onChange={(e) => onChange(choiceOf(e.target.value))}>
        <option value="view">
          {inView === undefined ? 'The one in view (none: all are shown)' : `The one in view: ${connectionShortLabel(inView, labels.get(inView))}`}
        </option>
        <option value="all">All connections{` (${formatCount(total)})`}</option>
        {connectionsToOffer(counts, inView, choice).map((c) => (
          <option key={c} value={value(c)} title={connectionFullLabel(c, labels.get(c))}>
            {connectionShortLabel(c, labels.get(c))}
            {count(c)}
          </option>
        ))}
      </select>
    </span>
  );
}
