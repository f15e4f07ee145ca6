import { describe, expect, it } from 'vitest';
import { formatBytes, formatClock, formatDuration } from './format.js';

describe('formatBytes', () => {
  it('counts in decimal units with one decimal while small', () => {
    expect([0, 87, 999, 1000, 1536, 12_345, 412_300, 999_999, 2_500_000, 52_428_800, 3e9].map((n) => formatBytes(n))).toEqual([
      '0 B',
      '87 B',
      '999 B',
      '1.0 kB',
      '1.5 kB',
      '12 kB',
      '412 kB',
      '1.0 MB',
      '2.5 MB',
      '52 MB',
      '3.0 GB',
    ]);
  });

  it('adds the exact count on request, from 1 kB up', () => {
    expect(formatBytes(5, { exact: true })).toBe('5 B');
    expect(formatBytes(1536, { exact: true })).toBe('1.5 kB (1,536 bytes)');
    expect(formatBytes(3_145_728, { exact: true })).toBe('3.1 MB (3,145,728 bytes)');
  });

  it('says what it got when it is no size', () => {
    expect(formatBytes(-1)).toBe('-1 B');
    expect(formatBytes(Number.NaN)).toBe('NaN B');
  });
});

describe('formatDuration', () => {
  it('keeps about three significant digits', () => {
    expect([0, 0.1234, 0.42, 9.999, 12.345, 35.4, 999.96, 1234, 2500, 65_000].map(formatDuration)).toEqual([
      '0.00 ms',
      '0.12 ms',
      '0.42 ms',
      '10.0 ms',
      '12.3 ms',
      '35.4 ms',
      '1.00 s',
      '1.23 s',
      '2.50 s',
      '65.0 s',
    ]);
  });

  it('shows no negative or unknown time as one', () => {
    expect(formatDuration(-3)).toBe('0.00 ms');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatClock', () => {
  it('writes local time with milliseconds', () => {
    expect(formatClock(new Date(2025, 5, 1, 9, 3, 7, 25).getTime())).toBe('09:03:07.025');
  });

  it('is empty for an invalid time', () => {
    expect(formatClock(Number.NaN)).toBe('');
  });
});
