import { describe, expect, it } from 'vitest';
import { readOptions } from './read.js';

describe('readOptions', () => {
  it('reads -e attached, --env=, and a value that looks like an option as the value', () => {
    const r = readOptions(['-eA=1', '--env=B=2', '-e', '-C=3'], 'proxy');
    expect(r).toEqual({
      ok: true,
      value: {
        values: {
          env: [
            ['A', '1'],
            ['B', '2'],
            ['-C', '3'],
          ],
        },
        positionals: [],
        command: [],
      },
    });
    expect(readOptions(['--count', '-1'], 'cli')).toEqual({ ok: false, error: '--count needs a whole number of 1 or more, not "-1".' });
  });

  it('names an unknown option as it was typed, a group of short letters included', () => {
    expect(readOptions(['-xyz'], 'cli')).toEqual({ ok: false, error: 'Unknown option "-xyz".' });
    expect(readOptions(['--bogus=3'], 'proxy')).toEqual({ ok: false, error: 'Unknown option "--bogus=3".' });
  });

  it('stops at the server command, or after --, when asked; else collects every word', () => {
    expect(readOptions(['--port', '1', 'node', '--port', '2'], 'proxy', { untilCommand: true })).toMatchObject({
      ok: true,
      value: { values: { port: 1 }, command: ['node', '--port', '2'] },
    });
    expect(readOptions(['--', '-x', '--help'], 'proxy', { untilCommand: true })).toMatchObject({ ok: true, value: { values: {}, command: ['-x', '--help'] } });
    expect(readOptions(['tools', '--json', 'call', '--', '--odd'], 'cli')).toMatchObject({
      ok: true,
      value: { values: { json: true }, positionals: ['tools', 'call', '--odd'] },
    });
  });

  it('lets the last of a repeated single-value option win', () => {
    expect(readOptions(['--timeout', '5', '--timeout=7'], 'cli')).toMatchObject({ ok: true, value: { values: { timeout: 7 } } });
  });
});
