// Server logging in the CLI: log lines on stderr, --log-level, and check's logging/setLevel probes.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { logLine } from './logging.js';
import { main } from './main.js';

const demo = fileURLToPath(new URL('../dist/node/examples/servers/demo-server.js', import.meta.url));
const logServer = fileURLToPath(new URL('../test/fixtures/log-server.mjs', import.meta.url));
const node = JSON.stringify(process.execPath);
const demoTarget = ['--stdio', `${node} ${JSON.stringify(demo)}`];
const logTarget = (...extra: string[]) => ['--stdio', `${node} ${JSON.stringify(logServer)} ${extra.join(' ')}`];

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err };
}

beforeAll(() => {
  if (!existsSync(demo)) throw new Error('Build first: npm run build (dist/node is missing).');
});

describe('logLine', () => {
  it('level and logger first, then the data: strings as they are, JSON otherwise', () => {
    expect(logLine({ level: 'error', logger: 'db', data: { host: 'x' } })).toBe('server log error [db]: {"host":"x"}');
    expect(logLine({ level: 'info', data: 'ready' })).toBe('server log info: ready');
  });
  it('a malformed message is printed with what is wrong', () => {
    expect(logLine({ level: 'loud' })).toBe(
      'server log loud (not a log level): (no data) — malformed: level "loud" is not a log level; it must be one of debug, info, notice, warning, error, critical, alert, emergency; data is missing; it is required (any JSON value)',
    );
  });
  it('long data is cut with a count', () => {
    expect(logLine({ level: 'debug', data: 'z'.repeat(2500) })).toMatch(/z… \(500 more characters; --verbose prints the frame\)$/);
  });
});

describe('--log-level and server log lines', () => {
  it('sends logging/setLevel after initialize, and prints only what the server then sends', async () => {
    const r = await cli(...demoTarget, '--log-level', 'error', 'tools', 'call', 'log_each_level', '--arg', 'logger=cli');
    expect(r.code).toBe(0);
    expect(r.err[0]).toBe('mcpscope: logging/setLevel error accepted: the server should send error and above.');
    expect(r.err.filter((l) => l.startsWith('server log '))).toEqual([
      'server log error [cli]: {"message":"A error message from the demo server","n":5,"of":8}',
      'server log critical [cli]: {"message":"A critical message from the demo server","n":6,"of":8}',
      'server log alert [cli]: {"message":"A alert message from the demo server","n":7,"of":8}',
      'server log emergency [cli]: {"message":"A emergency message from the demo server","n":8,"of":8}',
    ]);
  });

  it('without --log-level, every message the server sends is printed', async () => {
    const r = await cli(...demoTarget, 'tools', 'call', 'log_each_level');
    expect(r.err.filter((l) => l.startsWith('server log '))).toHaveLength(8);
  });

  it('says so, and sends nothing, when the server does not declare logging', async () => {
    const r = await cli(...logTarget('--no-logging'), '--log-level', 'info', '--verbose', 'ping');
    expect(r.code).toBe(0);
    expect(r.err).toContain('mcpscope: --log-level info was not sent: the server does not declare the logging capability, so it takes no logging/setLevel.');
    expect(r.err.some((l) => l.includes('logging/setLevel') && l.startsWith('→'))).toBe(false);
    // What it logs anyway is printed, malformed or not.
    expect(r.err).toContain('server log error: {"why":"the logger is a number"} — malformed: logger is 42; it must be a string when present');
  });

  it('an unknown level is a usage error', async () => {
    const r = await cli(...demoTarget, '--log-level', 'loud', 'ping');
    expect(r.code).toBe(2);
    expect(r.err[0]).toBe('mcpscope: --log-level needs debug, info, notice, warning, error, critical, alert or emergency, not "loud".');
  });
});

describe('check probes logging/setLevel', () => {
  it('the demo server passes both probes', async () => {
    const r = await cli(...demoTarget, '--json', 'check');
    const report = JSON.parse(r.out);
    expect(r.code).toBe(0);
    expect(report.steps).toEqual(
      expect.arrayContaining([
        { name: 'logging/setLevel', status: 'pass', detail: 'level info accepted with an empty result' },
        { name: 'logging/setLevel (unknown level)', status: 'pass', detail: 'refused with -32602 Invalid params' },
      ]),
    );
  });

  it('a server that accepts any level and sends malformed messages is reported', async () => {
    const r = await cli(...logTarget(), '--json', 'check');
    const report = JSON.parse(r.out);
    expect(r.code).toBe(1);
    expect(report.steps).toContainEqual({
      name: 'logging/setLevel (unknown level)',
      status: 'warn',
      detail: 'logging/setLevel with an invalid level was accepted; the server should answer -32602 (Invalid params).',
    });
    expect(report.findings.map((f: { rule: string }) => f.rule)).toEqual(expect.arrayContaining(['LOG-MESSAGE', 'LOG-SET-LEVEL']));
  });

  it('skips where logging is not declared', async () => {
    const r = await cli(...logTarget('--no-logging'), '--json', 'check');
    expect(JSON.parse(r.out).steps).toContainEqual({ name: 'logging/setLevel', status: 'skip', detail: 'the server does not declare the logging capability' });
  });
});
