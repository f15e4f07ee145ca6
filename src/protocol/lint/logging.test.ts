import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';
import type { Finding } from './state.js';

const init = (caps: Record<string, unknown> = { logging: {} }): unknown[] => [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: caps, serverInfo: { name: 's', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
];

/** Frames in order; a frame with a method and an id, or `notifications/initialized`, is the client's. */
function lint(frames: unknown[]): Finding[] {
  const linter = new Linter({ offeredVersion: '2025-11-25' });
  for (const f of frames) {
    const m = f as { method?: string; id?: unknown };
    const client = (m.method !== undefined && m.id !== undefined) || m.method === 'notifications/initialized';
    linter.frame(client ? 'client' : 'server', JSON.stringify(f));
  }
  return [...linter.findings];
}
const rules = (frames: unknown[]) => lint(frames).map((f) => f.rule);

const log = (params: unknown) => ({ jsonrpc: '2.0', method: 'notifications/message', params });
const setLevel = (id: number, level: unknown) => ({ jsonrpc: '2.0', id, method: 'logging/setLevel', params: { level } });
const ok = (id: number, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });
const fail = (id: number, code: number) => ({ jsonrpc: '2.0', id, error: { code, message: 'no' } });

describe('logging rules', () => {
  it('a well-formed exchange at every level is clean', () => {
    const levels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
    expect(rules([...init(), setLevel(2, 'debug'), ok(2), ...levels.map((level) => log({ level, logger: 'db', data: { n: 1 } }))])).toEqual([]);
  });

  it('LOG-MESSAGE: a level not among the eight', () => {
    const [f] = lint([...init(), log({ level: 'verbose', data: 'x' })]);
    expect(f).toMatchObject({ rule: 'LOG-MESSAGE', severity: 'error', subject: 'server' });
    expect(f?.message).toMatch(/level "verbose" is not a log level; it must be one of debug, info/);
  });

  it('LOG-MESSAGE: data missing, a logger that is not a string, params not an object', () => {
    expect(lint([...init(), log({ level: 'info' })])[0]?.message).toMatch(/data is missing/);
    expect(lint([...init(), log({ level: 'info', data: 1, logger: 7 })])[0]?.message).toMatch(/logger is 7; it must be a string/);
    expect(rules([...init(), log(['info'])])).toEqual(['LOG-MESSAGE']);
  });

  it('CAP-UNDECLARED: logging/setLevel to a server without logging, and log messages from it', () => {
    expect(rules([...init({ tools: {} }), setLevel(2, 'info'), ok(2)])).toEqual(['CAP-UNDECLARED']);
    expect(rules([...init({ tools: {} }), log({ level: 'info', data: 1 })])).toEqual(['CAP-UNDECLARED']);
  });

  it('LOG-SET-LEVEL: the client sends a level not among the eight', () => {
    const [f] = lint([...init(), setLevel(2, 'loud'), fail(2, -32602)]);
    expect(f).toMatchObject({ rule: 'LOG-SET-LEVEL', subject: 'client' });
    expect(rules([...init(), { jsonrpc: '2.0', id: 2, method: 'logging/setLevel' }, fail(2, -32602)])).toEqual(['LOG-SET-LEVEL']);
  });

  it('LOG-SET-LEVEL: the answer', () => {
    // A result that is not an object.
    expect(lint([...init(), setLevel(2, 'info'), ok(2, 'done')])).toMatchObject([{ rule: 'LOG-SET-LEVEL', severity: 'error', subject: 'server' }]);
    // A valid level refused; -32603 (configuration error) is allowed, so only noted.
    expect(lint([...init(), setLevel(2, 'info'), fail(2, -32601)])).toMatchObject([{ rule: 'LOG-SET-LEVEL', severity: 'warning' }]);
    expect(lint([...init(), setLevel(2, 'info'), fail(2, -32603)])).toMatchObject([{ rule: 'LOG-SET-LEVEL', severity: 'info' }]);
    // An invalid level: -32602 is right, anything else is not.
    const invalid = (answer: unknown) => lint([...init(), setLevel(2, 'loud'), answer]).filter((f) => f.subject === 'server');
    expect(invalid(fail(2, -32602))).toEqual([]);
    expect(invalid(fail(2, -32000))).toMatchObject([{ rule: 'LOG-SET-LEVEL', severity: 'warning' }]);
    expect(invalid(ok(2))).toMatchObject([{ rule: 'LOG-SET-LEVEL', severity: 'warning' }]);
  });

  it('LOG-BELOW-LEVEL: a message below the level, once the server accepted it', () => {
    const below = lint([...init(), setLevel(2, 'error'), ok(2), log({ level: 'warning', logger: 'db', data: 'x' })]);
    expect(below).toMatchObject([{ rule: 'LOG-BELOW-LEVEL', severity: 'warning' }]);
    expect(below[0]?.message).toBe(
      'A warning message from logger "db" arrived after the server accepted logging/setLevel error; it should send only error and above.',
    );
    // At or above: fine.
    expect(rules([...init(), setLevel(2, 'error'), ok(2), log({ level: 'error', data: 'x' }), log({ level: 'emergency', data: 'x' })])).toEqual([]);
  });

  it('LOG-BELOW-LEVEL is judged only once the answer came, and only against an accepted level', () => {
    // Before the answer the server may not have applied the level yet.
    expect(rules([...init(), setLevel(2, 'error'), log({ level: 'debug', data: 'x' }), ok(2)])).toEqual([]);
    // A refused level changes nothing.
    expect(rules([...init(), setLevel(2, 'error'), fail(2, -32603), log({ level: 'debug', data: 'x' })])).toEqual(['LOG-SET-LEVEL']);
    // A later, lower level replaces the earlier one.
    expect(rules([...init(), setLevel(2, 'error'), ok(2), setLevel(3, 'debug'), ok(3), log({ level: 'debug', data: 'x' })])).toEqual([]);
  });
});
