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
    expect(r).toMatchObject({
      ok: true,
      value: {
        command: {
          name: 'tools call',
          tool: 'add',
          args: [
            ['a', '3'],
            ['b', '5'],
          ],
        },
      },
    });
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
    [['--stdio', 'x', 'tools'], /^tools needs a subcommand: tools list or tools call\.$/],
    [['--stdio', 'x', 'prompts', 'lst'], /^Unknown command "prompts lst": prompts takes list or get\.$/],
    [['--stdio', 'x', '--bogus', 'ping'], /^Unknown option "--bogus"\.$/],
    [['--stdio', 'x', 'tools', 'list', '--bogus'], /^Unknown option "--bogus"\.$/],
    [['--stdio', 'x', 'tools', 'call', '--bogus', 'add'], /^Unknown option "--bogus"\.$/],
    [['--stdio', 'x', 'check', 'now'], /^Unexpected "now" after "check"\.$/],
    [['--stdio', 'x', 'tools', 'call', 'add', '3'], /^Unexpected "3" after "tools call add": give arguments as --arg NAME=VALUE or --args JSON\.$/],
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
    expect(
      argumentsFrom(
        [
          ['a', '3'],
          ['s', '3'],
          ['n', '7'],
          ['x', 'true'],
        ],
        schema,
      ),
    ).toEqual({ a: 3, s: '3', n: '7', x: true });
  });
  it('merges --args JSON and rejects non-objects', () => {
    expect(argumentsFrom([['a', '1']], schema, '{"b":2}')).toEqual({ a: 1, b: 2 });
    expect(() => argumentsFrom([], schema, '[1]')).toThrow(/JSON object/);
    expect(() => argumentsFrom([], schema, '{')).toThrow(/not JSON/);
  });
  it('keeps arguments named like Object.prototype members as arguments', () => {
    const args = argumentsFrom(
      [
        ['__proto__', '"x"'],
        ['constructor', '3'],
      ],
      { properties: { toString: { type: 'string' } } },
      '{"__proto__":{"a":1},"toString":"t"}',
    );
    expect(JSON.stringify(args)).toBe('{"__proto__":"x","toString":"t","constructor":3}');
  });
});

describe('elicitationAnswer', () => {
  const schema = { type: 'object', properties: { name: { type: 'string', default: 'Ann' }, age: { type: 'integer' } } };
  const params = { message: 'Who are you?', requestedSchema: schema };

  it('accepts with the schema defaults, and says which fields were left out', () => {
    const reply = elicitationAnswer('accept-defaults', params);
    expect(reply.result).toEqual({ action: 'accept', content: { name: 'Ann' } });
    expect(reply.note).toBe(
      'accepted elicitation/create "Who are you?" with the defaults its schema declares: name="Ann"; left out, having no default: "age".',
    );
  });

  it('declines as asked, and says how to accept instead', () => {
    const reply = elicitationAnswer('decline', params);
    expect(reply.result).toEqual({ action: 'decline' });
    expect(reply.note).toMatch(
      /^declined elicitation\/create "Who are you\?", as --elicitation decline \(the default\) says\. Pass --elicitation accept-defaults/,
    );
  });

  it('cancels, never silently, when a required field has no default (nobody declined: the form went unanswered)', () => {
    const reply = elicitationAnswer('accept-defaults', { ...params, requestedSchema: { ...schema, required: ['name', 'age'] } });
    expect(reply.result).toEqual({ action: 'cancel' });
    expect(reply.note).toBe(
      'cancelled elicitation/create "Who are you?": --elicitation accept-defaults cannot fill it (1 required field with no default: "age").',
    );
  });

  it('cancels when a default fails the schema, naming the field and why', () => {
    const requestedSchema = { type: 'object', properties: { plan: { type: 'string', enum: ['free', 'pro'], default: 'gold' } } };
    const reply = elicitationAnswer('accept-defaults', { message: 'Plan?', requestedSchema });
    expect(reply.result).toEqual({ action: 'cancel' });
    expect(reply.note).toMatch(/defaults that fail the schema: \/plan: must be one of \["free","pro"\]/);
  });

  it('keeps a field named __proto__ as a field', () => {
    const requestedSchema = { type: 'object', properties: JSON.parse('{"__proto__":{"type":"string","default":"x"}}') as Record<string, unknown> };
    const reply = elicitationAnswer('accept-defaults', { message: 'm', requestedSchema });
    expect(reply.result.action).toBe('accept');
    expect(JSON.stringify(reply.result)).toBe('{"action":"accept","content":{"__proto__":"x"}}');
  });

  it('URL mode: accept-defaults accepts and prints the address and its host; the CLI never opens a browser', () => {
    const reply = elicitationAnswer('accept-defaults', { mode: 'url', message: 'Sign in', url: 'https://example.com/auth', elicitationId: 'e1' });
    expect(reply.result).toEqual({ action: 'accept' });
    expect(reply.note).toBe(
      'accepted elicitation/create (url mode) "Sign in", as --elicitation accept-defaults says: open https://example.com/auth (host example.com) yourself; mcpscope never opens a browser.',
    );
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

describe('options of one command', () => {
  it('refuses an option with a command that does not take it', () => {
    expect(parseCliArgs(['--stdio', 'x', 'tools', 'list', '--count', '3'])).toEqual({ ok: false, error: '--count goes with ping, not with tools list.' });
    expect(parseCliArgs(['--stdio', 'x', '--arg', 'a=1', 'ping'])).toEqual({ ok: false, error: '--arg goes with tools call or prompts get, not with ping.' });
  });

  it('takes them anywhere on the line, before or after the command words', () => {
    expect(parseCliArgs(['--stdio', 'x', '--count=2', 'ping', '--interval', '5'])).toMatchObject({
      ok: true,
      value: { command: { name: 'ping', count: 2, intervalMs: 5 } },
    });
    expect(parseCliArgs(['--stdio', 'x', 'tools', '--arg', 'a=1', 'call', 'add', '--args={"b":2}'])).toMatchObject({
      ok: true,
      value: { command: { name: 'tools call', tool: 'add', args: [['a', '1']], json: '{"b":2}' } },
    });
  });

  it('--send-anyway goes with tools call only', () => {
    expect(parseCliArgs(['--stdio', 'x', 'tools', 'call', 'add', '--send-anyway'])).toMatchObject({
      ok: true,
      value: { command: { name: 'tools call', tool: 'add', sendAnyway: true } },
    });
    expect(parseCliArgs(['--stdio', 'x', 'ping', '--send-anyway'])).toEqual({ ok: false, error: '--send-anyway goes with tools call, not with ping.' });
  });

  it('checks the URL of conformance like --url', () => {
    expect(parseCliArgs(['conformance', 'ftp://x/mcp'])).toEqual({ ok: false, error: 'conformance: The URL must start with http:// or https://, not ftp://.' });
    expect(parseCliArgs(['--url', 'http://a/mcp', 'conformance', 'http://b/mcp'])).toEqual({
      ok: false,
      error: 'conformance takes the server URL after it, not --stdio or --url.',
    });
  });

  it('returns help for --help or -h anywhere', () => {
    expect(parseCliArgs(['--stdio', 'x', 'ping', '-h'])).toEqual({ ok: true, value: 'help' });
  });
});
