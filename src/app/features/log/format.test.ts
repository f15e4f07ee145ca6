import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../stores/log-store.js';
import { formatRtt, formatSize, pairLabel, plural, rowText } from './format.js';

describe('log formatting', () => {
  it('writes sizes a person can read', () => {
    expect([0, 87, 1023, 1024, 1536, 20_000, 1_048_576, 52_428_800].map(formatSize)).toEqual([
      '0 B',
      '87 B',
      '1023 B',
      '1.0 KiB',
      '1.5 KiB',
      '20 KiB',
      '1.0 MiB',
      '50 MiB',
    ]);
  });

  it('writes round trips with sensible precision', () => {
    expect([undefined, 0.1234, 12.345, 2500].map(formatRtt)).toEqual(['', '0.12 ms', '12.3 ms', '2.50 s']);
  });

  it('counts with grouping and plurals', () => {
    expect(plural(1, 'frame')).toBe('1 frame');
    expect(plural(100_000, 'frame')).toBe('100,000 frames');
  });

  it('keeps row text to one bounded line', () => {
    const entry = { raw: `{\n  "a": "${'x'.repeat(5000)}"\n}` } as LogEntry;
    const text = rowText(entry);
    expect(text.startsWith('{ "a": "xxx')).toBe(true);
    expect(text).not.toContain('\n');
    expect(text.length).toBe(201);
  });

  it('names the paired frame', () => {
    expect(pairLabel({ kind: 'request' } as LogEntry)).toBe('response');
    expect(pairLabel({ kind: 'error' } as LogEntry)).toBe('request');
    expect(pairLabel({ kind: 'batch' } as LogEntry)).toBe('paired frame');
  });
});

describe('formatOffset over a long connection', () => {
  it('switches to seconds, then minutes, so the column stays readable', async () => {
    const { formatOffset } = await import('./format.js');
    expect(formatOffset(12.34)).toBe('+12.3 ms');
    expect(formatOffset(144_875.7)).toBe('+144.876 s');
    expect(formatOffset(3_725_500)).toBe('+62m 5.5s');
  });
});
