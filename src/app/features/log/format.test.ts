import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../stores/log-store.js';
import { pairLabel, rowText } from './format.js';

describe('log formatting', () => {
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
