import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { argumentsFrom } from './commands.js';
import { elicitationAnswer } from './elicitation.js';

describe('parseCliArgs', () => {
  it('splits --stdio like a shell, without one', () => {
    const r = parseCliArgs(['--stdio', `node "my server.js" --flag`, '-e', 'A=1', 'ping', '--count', '3']);
    expect(r).toMatchObject({
      ok: true,
      value: { target: { kind: 'stdio', command: 'node', args: ['my server.js', '--flag'], env: { A: '1' } }, command: { name: 'ping', count: 3 } },
    });
  });

  it('takes --url with headers', () => {
    const r = parseCliArgs(['--url', 'http://127.0.0.1:3000/mcp', '--header', 'Authorization: Bearer x', 'tools', 'list']);
    expect(r).toMatchObject({ ok: true, value: { target: { kind: 'http', headers: { Authorization: 'Bearer x' } }, command: { name: 'tools list' } } });
  });

  it('collects tool arguments', () => {
    const r = parseCliArgs(['--stdio', 'x', 'tools', 'call', 'add', '--arg', 'a=3', '--arg', 'b=5']);
    expect(r).toMatchObject({ ok: true, value: { command: { name: 'tools call', tool: 'add', args: [['a', '3'], ['b', '5']] } } });
  });

  const bad: Array<[string[], RegExp]> = [
    [['ping'], /--stdio/],
    [['--stdio', 'x', '--url', 'http://a', 'ping'], /not both/],
    [['--url', 'ftp://a', 'ping'], /http/],
    [['--stdio', 'x'], /Say what to do/],
    [['--stdio', 'x', 'tools', 'call'], /tool name/],
    [['--stdio', 'x', '--protocol-version', '1.0', 'ping'], /Unknown protocol version/],
    [['--stdio', 'x', 'ping', '--count', '0'], /--count/],
    [['--stdio', '"unclosed', 'ping'], /quote/],
    [['--stdio', 'x', '--elicitation', 'maybe', 'ping'], /accept-defaults or decline/],
  ];
  for (const [argv, message] of bad) {
    it(`refuses ${argv.join(' ')}`, () => {
      const r = parseCliArgs(argv);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    });
  }
});

describe('argumentsFrom', () => {
  const schema = { properties: { a: { type: 'number' }, s: { type: 'string' }, n: { type: ['string', 'null'] } } };
  it('keeps numbers numbers and strings strings, by the schema', () => {
    expect(argumentsFrom([['a', '3'], ['s', '3'], ['n', '7'], ['x', 'true']], schema)).toEqual({ a: 3, s: '3', n: '7', x: true });
  });
  it('merges --args JSON and rejects non-objects', () => {
    expect(argumentsFrom([['a', '1']], schema, '{"b":2}')).toEqual({ a: 1, b: 2 });
    expect(() => argumentsFrom([], schema, '[1]')).toThrow(/JSON object/);
    expect(() => argumentsFrom([], schema, '{')).toThrow(/not JSON/);
  });
});

describe('elicitationAnswer', () => {
  it('accepts with the schema defaults, or declines', () => {
    const params = { message: 'm', requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ann' }, age: { type: 'integer' } } } };
    expect(elicitationAnswer('accept-defaults', params)).toEqual({ action: 'accept', content: { name: 'Ann' } });
    expect(elicitationAnswer('decline', params)).toEqual({ action: 'decline' });
  });
  it('declines when the defaults cannot satisfy the schema (a required field has none)', () => {
    const params = { message: 'm', requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ann' }, age: { type: 'integer' } }, required: ['age'] } };
    expect(elicitationAnswer('accept-defaults', params)).toEqual({ action: 'decline' });
  });
});

describe('conformance command', () => {
  it('takes the URL the runner appends as the target, and accepts elicitations with defaults', () => {
    expect(parseCliArgs(['conformance', 'http://localhost:4000/mcp'])).toMatchObject({
      ok: true,
      value: { target: { kind: 'http', url: 'http://localhost:4000/mcp' }, command: { name: 'conformance' }, elicitation: 'accept-defaults' },
    });
    expect(parseCliArgs(['conformance'])).toMatchObject({ ok: false });
  });
});
