// How the Tasks tab writes a task's times and durations.
import { formatClock, formatDuration } from '../../../protocol/index.js';

/** An ISO 8601 time from the receiver as local clock time; as written when it does not parse. */
export function taskTime(iso: string): string {
  if (iso === '') return '(missing)';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? `${iso} (not an ISO 8601 time)` : formatClock(t);
}

export function taskTtl(ttl: number | null): string {
  return ttl === null ? 'unlimited' : formatDuration(ttl);
}
