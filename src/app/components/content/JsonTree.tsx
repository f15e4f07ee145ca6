// A collapsible JSON tree: objects and arrays as <details>, open to a depth.

import { plural } from '../../../protocol/index.js';

const MAX_ENTRIES = 500;

function summaryOf(value: object): string {
  return Array.isArray(value) ? `[${plural(value.length, 'item')}]` : `{${plural(Object.keys(value).length, 'key')}}`;
}

function Leaf({ value }: { value: unknown }) {
  const kind = value === null ? 'null' : typeof value;
  return <span className={`json-${kind}`}>{value === undefined ? 'undefined' : JSON.stringify(value)}</span>;
}

function Node({ name, value, depth, openDepth }: { name?: string; value: unknown; depth: number; openDepth: number }) {
  const key = name !== undefined && <span className="json-key">{name}: </span>;
  if (typeof value !== 'object' || value === null) {
    return (
      <>
        {key}
        <Leaf value={value} />
      </>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return (
    <details open={depth < openDepth}>
      <summary>
        {key}
        <span className="json-summary">{summaryOf(value)}</span>
      </summary>
      <ul>
        {entries.slice(0, MAX_ENTRIES).map(([k, v]) => (
          <li key={k}>
            <Node name={k} value={v} depth={depth + 1} openDepth={openDepth} />
          </li>
        ))}
        {entries.length > MAX_ENTRIES && <li className="hint">… {entries.length - MAX_ENTRIES} more (see Raw)</li>}
      </ul>
    </details>
  );
}

export function JsonTree({ value, label, openDepth = 3 }: { value: unknown; label: string; openDepth?: number }) {
  return (
    <div className="json-tree mono" role="group" aria-label={label}>
      <Node value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}
