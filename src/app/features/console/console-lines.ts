// Which log entries the Console shows: stderr (and stdout noise) lines.

import type { LogEntry } from '../../stores/log-store.js';
import { NO_FILTER, type LogFilter } from '../log/filter.js';

export function consoleFilter(text: string, showNoise: boolean): LogFilter {
  return { ...NO_FILTER, directions: showNoise ? ['stderr', 'noise'] : ['stderr'], text };
}

/** The indices whose entries come after `seq` (the view was cleared there); `indices` ascend. */
export function linesAfter(entries: readonly LogEntry[], indices: readonly number[], seq: number): readonly number[] {
  if (seq <= 0) return indices;
  let lo = 0;
  let hi = indices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[indices[mid]!]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? indices : indices.slice(lo);
}
