// Every front-end reads the one table of options (options/table.ts): npm start
// (proxy/options.ts), the headless CLI (cli/args.ts) and the passthrough
// (wrap/args.ts). An option they share is spelled, checked and explained the
// same way in each.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_USAGE, parseCliArgs, type CliOptions } from '../cli/args.js';
import { parseDiffArgs, type DiffOptions } from '../cli/diff-args.js';
import { isTestCommand, testArgs } from '../cli/test/command.js';
import { optionSpelling } from '../options/help.js';
import { OPTIONS, optionsOf, type OptionName, type Program } from '../options/table.js';
import { HELP, parseOptions, type ProxyOptions } from '../proxy/options.js';
import { WRAP_USAGE, parseWrapArgs, type PrintConfigOptions, type WrapHttpOptions, type WrapOptions } from '../wrap/args.js';

type TestCommandLine = { files: string[]; values: unknown };
type Parsed =
  | { ok: true; value: ProxyOptions | CliOptions | DiffOptions | TestCommandLine | WrapOptions | WrapHttpOptions | PrintConfigOptions | 'help' }
  | { ok: false; error: string };

function proxy(argv: string[]): Parsed {
  const r = parseOptions(argv);
  return r.ok ? { ok: true, value: r.options } : r;
}

// As cli/main.ts dispatches: test and diff read their own command lines from the same table.
function cli(argv: string[]): Parsed {
  if (isTestCommand(argv)) {
    const read = testArgs(argv);
    return typeof read === 'string' ? { ok: false, error: read } : { ok: true, value: { files: read.files, values: read.values } };
  }
  return parseDiffArgs(argv) ?? parseCliArgs(argv);
}
const wrap = (argv: string[]): Parsed => parseWrapArgs(argv);
const parse: Record<Program, (argv: string[]) => Parsed> = { proxy, cli, wrap };

function error(program: Program, argv: string[]): string {
  const r = parse[program](argv);
  if (r.ok) throw new Error(`expected an error for ${argv.join(' ')}`);
  return r.error;
}

/** A valid value for each option that takes one, and what else its command line needs. */
const samples: Partial<Record<OptionName, { value: string; around: (spelled: string[]) => Partial<Record<Program, string[]>> }>> = {};
const plain = (value: string) => ({ value, around: (s: string[]) => ({ proxy: s, cli: ['--stdio', 'node s.js', ...s, 'ping'] }) });
const withUrl = (value: string) => ({
  value,
  around: (s: string[]) => ({ proxy: ['--url', 'http://127.0.0.1:1/mcp', ...s], cli: ['--url', 'http://127.0.0.1:1/mcp', ...s, 'ping'] }),
});
/** An OAuth option: with --url and --auth (and whatever else `also` names). */
const withAuth = (value: string, also: string[] = []) => ({
  value,
  around: (s: string[]) => ({ proxy: s, cli: ['--url', 'http://127.0.0.1:1/mcp', '--auth', ...also, ...s, 'ping'] }),
});
const toolCall = (value: string) => ({ value, around: (s: string[]) => ({ proxy: s, cli: ['--stdio', 'node s.js', 'tools', 'call', 'add', ...s] }) });
const configFixture = (path: string) => fileURLToPath(new URL(`./fixtures/configs/${path}`, import.meta.url));
const windsurf = configFixture('windsurf/mcp_config.json');
Object.assign(samples, {
  config: { value: windsurf, around: (s: string[]) => ({ proxy: s, cli: [...s, '--server', 'git', 'ping'], wrap: ['--print-config', ...s] }) },
  server: {
    value: 'git',
    around: (s: string[]) => ({
      proxy: ['--config', windsurf, ...s],
      cli: ['--config', windsurf, ...s, 'ping'],
      wrap: ['--print-config', '--config', windsurf, ...s],
    }),
  },
  input: {
    value: 'city=Oslo',
    around: (s: string[]) => ({
      proxy: ['--config', configFixture('registry/server.json'), ...s],
      cli: ['--config', configFixture('registry/server.json'), '--server', 'weather-npm', ...s, 'ping'],
    }),
  },
  stdio: { value: 'node "my server.js" --flag', around: (s: string[]) => ({ proxy: s, cli: [...s, 'ping'] }) },
  url: { value: 'http://127.0.0.1:3001/mcp', around: (s: string[]) => ({ proxy: s, cli: [...s, 'ping'] }) },
  header: withUrl('Authorization: Bearer a=b'),
  mode: withUrl('sse'),
  env: plain('A=x=y'),
  cwd: plain('/srv'),
  port: plain('7000'),
  sandboxPort: plain('7001'),
  host: plain('::1'),
  allowOrigin: plain('http://localhost:5173/'),
  maxServers: plain('3'),
  demo: plain('modern'),
  protocolVersion: plain('2025-06-18'),
  protocolEra: plain('modern'),
  timeout: plain('1500'),
  elicitation: plain('accept-defaults'),
  logLevel: plain('warning'),
  root: plain('file:///srv/project'),
  sampling: plain('reply:hello=world'),
  count: plain('3'),
  interval: plain('10'),
  arg: toolCall('a=3'),
  args: toolCall('{"b":2}'),
  maxRounds: toolCall('3'),
  clientId: withAuth('my-client'),
  clientSecret: withAuth('s3cret', ['--client-id', 'my-client']),
  tokenEndpointAuthMethod: withAuth('none', ['--client-id', 'my-client']),
  clientMetadataUrl: withAuth('https://client.example/metadata.json'),
  scope: withAuth('mcp:tools mcp:read'),
  name: { value: 'weather', around: (s: string[]) => ({ wrap: [...s, '--', 'node', 's.js'] }) },
  capture: { value: '/tmp/session.jsonl', around: (s: string[]) => ({ wrap: [...s, 'node', 's.js'] }) },
  listen: { value: '127.0.0.1:3002', around: (s: string[]) => ({ wrap: [...s, '--to', 'http://127.0.0.1:1/mcp'] }) },
  to: { value: 'http://127.0.0.1:1/mcp', around: (s: string[]) => ({ wrap: s }) },
  filter: { value: 'call.*', around: (s: string[]) => ({ cli: ['test', 'a.test.yaml', ...s] }) },
  from: { value: 'capture.jsonl', around: (s: string[]) => ({ cli: ['test', ...s, 'a.test.yaml'] }) },
  reporter: { value: 'junit', around: (s: string[]) => ({ cli: ['--stdio', 'node s.js', ...s, 'check'] }) },
  strictProviders: { value: 'openai,gemini', around: (s: string[]) => ({ cli: ['--stdio', 'node s.js', ...s, 'check'] }) },
  save: { value: 'before.json', around: (s: string[]) => ({ cli: ['diff', ...s, 'http://127.0.0.1:1/mcp'] }) },
  context: { value: 'country=Japan', around: (s: string[]) => ({ proxy: s, cli: ['--stdio', 'node s.js', 'complete', 'prompt', 'plan_trip', 'city', ...s] }) },
});

describe('one table for npm start, the CLI and wrap', () => {
  for (const program of ['proxy', 'cli', 'wrap'] as const) {
    const valued = optionsOf(program).filter(([, spec]) => spec.kind !== 'switch');

    it(`${program}: has a sample for every option that takes a value`, () => {
      expect(valued.map(([name]) => name).filter((name) => samples[name] === undefined)).toEqual([]);
    });

    for (const [name, spec] of valued) {
      it(`${program}: reads ${spec.flag}=value as ${spec.flag} value`, () => {
        const sample = samples[name]!;
        const separate = parse[program](sample.around([spec.flag, sample.value])[program]!);
        const joined = parse[program](sample.around([`${spec.flag}=${sample.value}`])[program]!);
        expect(separate.ok).toBe(true);
        expect(joined).toEqual(separate);
      });
    }

    it(`${program}: lets asking for help win over a mistake beside it`, () => {
      expect(parse[program](['--bogus', '--help'])).toMatchObject({ ok: true });
      // wrap: a word that is not an option starts the server's command, so -h after one is the server's.
      expect(parse[program](program === 'wrap' ? ['--name=', '-h'] : ['--port', 'x', '-h'])).toMatchObject({ ok: true });
    });

    it(`${program}: generates --help from the table, and names no option the table lacks`, () => {
      const help = { proxy: HELP, cli: CLI_USAGE, wrap: WRAP_USAGE }[program];
      for (const [, spec] of optionsOf(program)) expect(help).toContain(optionSpelling(spec));
      const flags = new Set(optionsOf(program).map(([, spec]) => spec.flag));
      expect([...help.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]).filter((flag) => !flags.has(flag as `--${string}`))).toEqual([]);
    });
  }

  it('gives the shared options one explanation in both helps', () => {
    for (const [, spec] of optionsOf('proxy').filter(([, s]) => s.programs.includes('cli') && typeof s.help === 'string')) {
      const line = (help: string) =>
        help
          .split('\n')
          .find((l) => l.trimStart().startsWith(optionSpelling(spec)))
          ?.trim()
          .replace(/\s+/g, ' ');
      expect(line(HELP)).toBe(line(CLI_USAGE));
    }
  });

  it('refuses a bad --header with the same sentence in both, transport headers included', () => {
    for (const bad of ['NoColon', 'Accept: text/html', 'Bad Name: v', 'X-Key: a\u0001b']) {
      const proxyError = error('proxy', ['--url', 'http://x/mcp', '--header', bad]);
      expect(proxyError).toMatch(/^--header: /);
      expect(error('cli', ['--url', 'http://x/mcp', '--header', bad, 'ping'])).toBe(proxyError);
    }
  });

  it('refuses bad -e, --cwd and --url values with the same sentences in both', () => {
    const cases: string[][] = [['-e', 'TOKEN'], ['-e', '=x'], ['--env=TOKEN'], ['--cwd', ''], ['--cwd=']];
    for (const args of cases) expect(error('cli', ['--stdio', 'x', ...args, 'ping'])).toBe(error('proxy', args));
    expect(error('cli', ['--stdio', 'x', 'ping', '-e'])).toBe(error('proxy', ['-e']));
    for (const url of ['ftp://x/mcp', 'not a url', 'http://user:pw@x/mcp', '']) {
      expect(error('cli', ['--url', url, 'ping'])).toBe(error('proxy', ['--url', url]));
    }
  });

  it('keeps -e exactly as typed in both: no trimming, a later one wins, __proto__ is an ordinary name', () => {
    const expected = '{"__proto__":" p ","A":" 2 "}';
    const argv = ['-e', '__proto__= p ', '-e', 'A=1', '-e', 'A= 2 '];
    const fromProxy = parseOptions([...argv, 'node', 's.js']);
    const fromCli = parseCliArgs(['--stdio', 'node s.js', ...argv, 'ping']);
    expect(fromProxy.ok && JSON.stringify(fromProxy.options.env)).toBe(expected);
    expect(fromCli.ok && fromCli.value !== 'help' && fromCli.value.target.kind === 'stdio' && JSON.stringify(fromCli.value.target.env)).toBe(expected);
  });

  it('refuses, in both, options of a stdio server with --url and --header without it', () => {
    const url = ['--url', 'http://x/mcp'];
    for (const [args, message] of [
      [[...url, '-e', 'A=1'], /^-e goes with .*: it sets an environment variable of a server mcpscope starts, not of one at --url\.$/],
      [[...url, '--cwd', '/srv'], /^--cwd goes with .*: it sets the working directory of a server mcpscope starts/],
    ] as const) {
      expect(error('proxy', [...args])).toMatch(message);
      expect(error('cli', [...args, 'ping'])).toMatch(message);
    }
    const headerAlone = '--header goes with --url: it sets a request header of the remote server.';
    expect(error('proxy', ['--header', 'A: b'])).toBe(headerAlone);
    expect(error('cli', ['--stdio', 'x', '--header', 'A: b', 'ping'])).toBe(headerAlone);
  });

  it('says when an option belongs to the other program', () => {
    expect(error('proxy', ['--timeout', '5', 'node', 's.js'])).toMatch(
      /^Unknown option "--timeout": it is an option of the headless CLI .*, not of the inspector \(npm start\)\./,
    );
    expect(error('cli', ['--stdio', 'x', '--port', '1', 'ping'])).toBe(
      'Unknown option "--port": it is an option of the inspector (npm start), not of the headless CLI (mcpscope --stdio … or --url …).',
    );
  });

  it('refuses a value given to a switch, in both', () => {
    expect(error('proxy', ['--no-open=yes'])).toBe('--no-open takes no value; write --no-open alone.');
    expect(error('cli', ['--stdio', 'x', '--json=yes', 'ping'])).toBe('--json takes no value; write --json alone.');
  });

  it('declares each shared option once, for every program that takes it', () => {
    const shared = Object.values(OPTIONS)
      .filter((spec) => spec.programs.length >= 2)
      .map((spec) => spec.flag);
    expect(shared).toEqual(['--remember-credentials', '--url', '--header', '--env', '--cwd', '--config', '--server', '--input', '--help']);
  });

  it('refuses, in both, --config beside a server of its own, and --input without it', () => {
    expect(error('proxy', ['--config', 'mcp.json', '--url', 'http://x/mcp'])).toBe(error('cli', ['--config', 'mcp.json', '--url', 'http://x/mcp', 'ping']));
    expect(error('proxy', ['--config', 'mcp.json', 'node', 's.js'])).toMatch(
      /^Give --config or a server command, not both: the file says how to reach the server/,
    );
    expect(error('cli', ['--config', 'mcp.json', '--stdio', 'node s.js', 'ping'])).toMatch(
      /^Give --config or --stdio, not both: the file says how to reach the server/,
    );
    expect(error('proxy', ['--input', 'a=1'])).toBe(error('cli', ['--stdio', 'x', '--input', 'a=1', 'ping']));
  });
});
