// The filter bar: direction and kind chips with counts, a method select and a
// free-text search over the raw frames.

import { useId } from 'react';
import { formatCount, LOG_DIRECTIONS, LOG_KINDS } from '../../../protocol/index.js';
import type { FilterResult, LogChannelChoice, LogFilter } from './filter.js';

interface Props {
  filter: LogFilter;
  result: FilterResult;
  onChange: (f: LogFilter) => void;
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function Chips<T extends string>(props: {
  label: string;
  values: readonly T[];
  chosen: readonly T[];
  counts: Readonly<Record<T, number>>;
  onToggle: (v: T) => void;
}) {
  return (
    <div role="group" aria-label={props.label} className="chips">
      <span className="chips-label" aria-hidden="true">
        {props.label}
      </span>
      {props.values.map((v) => {
        const count = props.counts[v];
        const pressed = props.chosen.includes(v);
        return (
          <button key={v} type="button" aria-pressed={pressed} className={`chip${count === 0 && !pressed ? ' empty' : ''}`} onClick={() => props.onToggle(v)}>
            {v} <span className="chip-count">{formatCount(count)}</span>
          </button>
        );
      })}
    </div>
  );
}

function withChannel(filter: LogFilter, value: string): LogFilter {
  const { channel: _was, ...rest } = filter;
  return value === 'mcp' || value === 'app' ? { ...rest, channel: value satisfies LogChannelChoice } : rest;
}

function withoutConversation(filter: LogFilter): LogFilter {
  const { conversation: _shown, ...rest } = filter;
  return rest;
}

export function LogFilters({ filter, result, onChange }: Props) {
  const methodId = useId();
  const searchId = useId();
  const channelId = useId();
  const methods = [...result.methods.entries()].sort(([a], [b]) => a.localeCompare(b));
  if (filter.method !== '' && !result.methods.has(filter.method)) methods.unshift([filter.method, 0]);
  return (
    <div className="log-filters">
      <Chips
        label="Direction"
        values={LOG_DIRECTIONS}
        chosen={filter.directions}
        counts={result.directionCounts}
        onToggle={(d) => onChange({ ...filter, directions: toggle(filter.directions, d) })}
      />
      <Chips
        label="Kind"
        values={LOG_KINDS}
        chosen={filter.kinds}
        counts={result.kindCounts}
        onToggle={(k) => onChange({ ...filter, kinds: toggle(filter.kinds, k) })}
      />
      <div className="log-filter-fields">
        <label htmlFor={methodId}>Method</label>
        <select id={methodId} value={filter.method} onChange={(e) => onChange({ ...filter, method: e.target.value })}>
          <option value="">All methods</option>
          {methods.map(([m, n]) => (
            <option key={m} value={m}>
              {m} ({formatCount(n)})
            </option>
          ))}
        </select>
        <label htmlFor={channelId}>Channel</label>
        <select id={channelId} value={filter.channel ?? ''} onChange={(e) => onChange(withChannel(filter, e.target.value))}>
          <option value="">MCP and apps</option>
          <option value="mcp">MCP only</option>
          <option value="app">Apps only (host⇄app bridge)</option>
        </select>
        <label htmlFor={searchId}>Search</label>
        <input
          id={searchId}
          type="search"
          placeholder="text in the raw frame"
          value={filter.text}
          onChange={(e) => onChange({ ...filter, text: e.target.value })}
        />
        {filter.conversation !== undefined && (
          <button type="button" className="chip" aria-pressed="true" onClick={() => onChange(withoutConversation(filter))}>
            Conversation #{filter.conversation} <span aria-hidden="true">×</span>
            <span className="sr-only"> (show all frames again)</span>
          </button>
        )}
      </div>
    </div>
  );
}
