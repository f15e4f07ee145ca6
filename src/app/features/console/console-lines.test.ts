import { describe, expect, it } from 'vitest';
import { createLogStore } from '../../stores/log-store.js';
import { filterLog } from '../log/filter.js';
import { consoleFilter, linesAfter } from './console-lines.js';

function log() {
  const store = createLogStore((run) => run());
  const s = store.getState();
  s.append({ t: 0, connection: 1, direction: 'stderr', kind: 'stderr', raw: 'starting' });
  s.append({ t: 1, connection: 1, direction: 'out', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
  s.append({ t: 2, connection: 1, direction: 'noise', kind: 'noise', raw: 'console.log output' });
  s.append({ t: 3, connection: 1, direction: 'system', kind: 'system', raw: 'Server started' });
  s.append({ t: 4, connection: 1, direction: 'stderr', kind: 'stderr', raw: 'ready on stdio' });
  return store.getState().entries;
}

describe('console lines', () => {
  const entries = log();
  const raws = (indices: readonly number[]) => indices.map((i) => entries[i]!.raw);

  it('shows stderr and stdout noise, nothing else; noise can be hidden', () => {
    expect(raws(filterLog(entries, consoleFilter('', true), 'c').indices)).toEqual(['starting', 'console.log output', 'ready on stdio']);
    expect(raws(filterLog(entries, consoleFilter('', false), 'c').indices)).toEqual(['starting', 'ready on stdio']);
    expect(raws(filterLog(entries, consoleFilter('READY', true), 'c').indices)).toEqual(['ready on stdio']);
  });

  it('drops what came before the view was cleared', () => {
    const all = filterLog(entries, consoleFilter('', true), 'c').indices;
    expect(raws(linesAfter(entries, all, 0))).toEqual(raws(all));
    expect(raws(linesAfter(entries, all, 1))).toEqual(['console.log output', 'ready on stdio']);
    expect(raws(linesAfter(entries, all, 4))).toEqual(['ready on stdio']);
    expect(linesAfter(entries, all, 5)).toEqual([]);
  });
});
