import { describe, expect, it } from 'vitest';
import { LOGGING_LEVELS, isAtOrAbove, isLoggingLevel } from './levels.js';
import { readLogMessage } from './log-message.js';

describe('log levels', () => {
  it('are the eight RFC 5424 severities, least severe first', () => {
    expect(LOGGING_LEVELS).toEqual(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
    expect(isLoggingLevel('notice')).toBe(true);
    expect(isLoggingLevel('warn')).toBe(false);
    expect(isLoggingLevel('toString')).toBe(false);
    expect(isAtOrAbove('error', 'error')).toBe(true);
    expect(isAtOrAbove('emergency', 'error')).toBe(true);
    expect(isAtOrAbove('warning', 'error')).toBe(false);
  });
});

describe('readLogMessage', () => {
  it('reads a well-formed message', () => {
    expect(readLogMessage({ level: 'error', logger: 'db', data: { host: 'x' } })).toEqual({
      level: 'error',
      known: 'error',
      logger: 'db',
      data: { host: 'x' },
      hasData: true,
      problems: [],
    });
  });

  it('keeps null data as data', () => {
    expect(readLogMessage({ level: 'info', data: null })).toMatchObject({ hasData: true, data: null, problems: [] });
  });

  it('keeps what a bad message has, and names each problem', () => {
    const m = readLogMessage({ level: 'LOUD', logger: 3 });
    expect(m).toMatchObject({ level: 'LOUD', hasData: false });
    expect(m.known).toBeUndefined();
    expect(m.problems).toEqual([
      'level "LOUD" is not a log level; it must be one of debug, info, notice, warning, error, critical, alert, emergency',
      'data is missing; it is required (any JSON value)',
      'logger is 3; it must be a string when present',
    ]);
    expect(readLogMessage({ data: 1 })).toMatchObject({ level: '(none)', problems: [expect.stringMatching(/^level is missing/)] });
    expect(readLogMessage({ level: 5, data: 1 })).toMatchObject({ level: '5' });
  });

  it('params that are not an object', () => {
    expect(readLogMessage(undefined).problems).toEqual(['params is missing; it must be an object with level and data']);
    expect(readLogMessage('boom').problems).toEqual(['params is "boom"; it must be an object with level and data']);
  });
});
