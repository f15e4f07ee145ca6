// How sizes, durations and clock times read everywhere: the UI, the proxy's
// notices and the CLI print them through these, so one value reads one way.

import { formatCount } from './plural.js';

const SIZE_UNITS = ['kB', 'MB', 'GB', 'TB'];

/**
 * Bytes in decimal (SI) units, as browsers' network panels count them:
 * "999 B", "1.5 kB", "12 kB", "2.5 MB". With `exact`, sizes of 1 kB and more
 * also carry the exact count: "1.5 kB (1,536 bytes)".
 */
export function formatBytes(bytes: number, options: { exact?: boolean } = {}): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `${String(bytes)} B`;
  if (bytes < 1000) return `${bytes} B`;
  let value = bytes / 1000;
  let unit = 0;
  // Rounding decides the unit, so 999,999 bytes read "1.0 MB", never "1000 kB".
  while (unit < SIZE_UNITS.length - 1 && (value >= 10 ? Math.round(value) : value) >= 1000) {
    value /= 1000;
    unit++;
  }
  const shown = `${value < 9.95 ? value.toFixed(1) : Math.round(value)} ${SIZE_UNITS[unit]}`;
  return options.exact ? `${shown} (${formatCount(bytes)} bytes)` : shown;
}

/**
 * A duration with about three significant digits: "0.42 ms", "12.3 ms",
 * "1.24 s", "65.0 s". Round trips, call times and timings all read this way.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const t = Math.max(0, ms);
  if (t < 9.995) return `${t.toFixed(2)} ms`;
  if (t < 999.95) return `${t.toFixed(1)} ms`;
  if (t < 9995) return `${(t / 1000).toFixed(2)} s`;
  return `${(t / 1000).toFixed(1)} s`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Local wall-clock time with milliseconds, "14:03:07.125"; empty for an invalid time. */
export function formatClock(epochMs: number): string {
  const d = new Date(epochMs);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}
