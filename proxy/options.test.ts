import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT } from '../options/table.js';
import { HELP, launchConfigFor, parseOptions, type ProxyOptions } from './options.js';
import { demoServerCommand, modernDemoServerPath } from './paths.js';

function ok(argv: string[]): ProxyOptions {
  const r = parseOptions(argv);
  if (!r.ok) throw new Error(r.error);
  return r.options;
}

function error(argv: string[]): string {
  const r = parseOptions(argv);
  if (r.ok) throw new Error(`expected an error for ${argv.join(' ')}`);
  return r.error;
}

const demo = { command: '/usr/bin/node', args: ['/pkg/dist/node/examples/servers/demo-server.js'] };

describe('parseOptions', () => {
  it('has loopback defaults and no command', () => {
    expect(ok([])).toEqual({
      port: DEFAULT_PORT,
      host: '127.0.0.1',
      open: true,
      env: {},
      allowOrigins: [],
      maxServers: 8,
      rememberCredentials: false,
      help: false,
      args: [],
      headers: {},
    });
  });

  it('reads its own options before the command', () => {
    const o = ok(['--port', '0', '--host', '::1', '--no-open', '--cwd', '/srv', '-e', 'A=1', '--env=B=x=y', '--allow-origin', 'http://localhost:5173/']);
    expect(o).toMatchObject({ port: 0, host: '::1', open: false, cwd: '/srv', env: { A: '1', B: 'x=y' }, allowOrigins: ['http://localhost:5173'] });
    expect(o.command).toBeUndefined();
    expect(ok(['--port=7000']).port).toBe(7000);
  });

  it('gives everything after the first positional word to the server', () => {
    const o = ok(['--port', '9', 'node', 'server.js', '--port', '3', '-e', 'X', '--help']);
    expect(o.port).toBe(9);
    expect(o.help).toBe(false);
    expect(o.command).toBe('node');
    expect(o.args).toEqual(['server.js', '--port', '3', '-e', 'X', '--help']);
  });

  it('takes the command after -- even when it looks like an option', () => {
    const o = ok(['--no-open', '--', '--weird-binary', '-x']);
    expect(o.command).toBe('--weird-binary');
    expect(o.args).toEqual(['-x']);
    expect(ok(['--']).command).toBeUndefined();
  });

  it('reads --max-servers, a whole number from 1 to 1000, and documents it', () => {
    expect(ok(['--max-servers', '2']).maxServers).toBe(2);
    expect(ok(['--max-servers=1000', 'node', 's.js']).maxServers).toBe(1000);
    for (const bad of ['0', '1001', '-1', '2.5', 'lots', '']) {
      expect(error(['--max-servers', bad])).toBe(`--max-servers needs a whole number from 1 to 1000, not "${bad}".`);
    }
    expect(error(['--max-servers'])).toMatch(/--max-servers needs a value/);
    expect(HELP).toMatch(/--max-servers N +servers running at once, over all tabs \(default 8\)/);
  });

  it('reads --remember-credentials (OAuth tokens in a 0600 file; default memory only) and documents it', () => {
    expect(ok(['--remember-credentials']).rememberCredentials).toBe(true);
    expect(ok(['--remember-credentials', 'node', 's.js', '--remember-credentials'])).toMatchObject({
      rememberCredentials: true,
      args: ['s.js', '--remember-credentials'],
    });
    expect(HELP).toMatch(/--remember-credentials +keep OAuth client registrations and tokens in a file only you can read/);
  });

  it('lets a later -e win and keeps empty values', () => {
    expect(ok(['-e', 'A=1', '-e', 'A=', 'cmd']).env).toEqual({ A: '' });
  });

  it('refuses unknown options before the command with a usage hint', () => {
    const e = error(['--bogus', 'node', 'server.js']);
    expect(e).toContain('Unknown option "--bogus"');
    expect(e).toContain('--help');
  });

  it('explains -e without "="', () => {
    expect(error(['-e', 'TOKEN'])).toMatch(/-e needs KEY=VALUE, but "TOKEN" has no "="/);
    expect(error(['-e', '=x'])).toMatch(/no key/);
    expect(error(['-e'])).toMatch(/-e needs a value/);
  });

  it('checks ports and origins', () => {
    expect(error(['--port', 'abc'])).toMatch(/--port needs a number from 0 to 65535/);
    expect(error(['--port', '70000'])).toMatch(/--port needs a number/);
    expect(error(['--port', '-1'])).toMatch(/--port needs a number/);
    expect(error(['--allow-origin', 'localhost:5173'])).toMatch(/--allow-origin needs an http\(s\) URL/);
    expect(error(['--allow-origin', 'file:///x'])).toMatch(/--allow-origin needs/);
  });

  it('reads --help', () => {
    expect(ok(['--help']).help).toBe(true);
    expect(ok(['-h']).help).toBe(true);
  });
});

describe('--url and --header', () => {
  it('reads a remote server URL and its headers', () => {
    const o = ok(['--url', 'http://127.0.0.1:3001/mcp', '--header', 'Authorization: Bearer abc', '--header=X-Api-Key:  k1 ']);
    expect(o.url).toBe('http://127.0.0.1:3001/mcp');
    expect(o.headers).toEqual({ Authorization: 'Bearer abc', 'X-Api-Key': 'k1' });
    expect(o.command).toBeUndefined();
  });

  it('explains what is wrong with a URL or a header', () => {
    expect(error(['--url', 'ftp://x/mcp'])).toMatch(/--url: .*http:\/\/ or https:\/\//);
    expect(error(['--url', 'not a url'])).toMatch(/is not a URL/);
    expect(error(['--url', 'http://x/mcp', '--header', 'NoColon'])).toMatch(/Name: value/);
    expect(error(['--url', 'http://x/mcp', '--header', 'Accept: text/html'])).toMatch(/set by mcpscope/);
    expect(error(['--header', 'A: b'])).toMatch(/goes with --url/);
    expect(error(['--url', 'http://x/mcp', 'node', 'server.js'])).toMatch(/either a server command or --url/);
  });
});

describe('--demo', () => {
  it('reads legacy, modern or oauth, and is absent unless given', () => {
    expect(ok(['--demo', 'modern']).demo).toBe('modern');
    expect(ok(['--demo', 'oauth']).demo).toBe('oauth');
    expect(HELP).toMatch(/or oauth \(behind OAuth; it and its authorization server start with mcpscope\)/);
    expect(ok(['--demo=legacy', '-e', 'A=1']).demo).toBe('legacy');
    expect(ok([]).demo).toBeUndefined();
    expect(HELP).toMatch(/--demo NAME +the bundled demo server to prefill/);
  });

  it('says what it takes, and refuses it beside a command or --url', () => {
    expect(error(['--demo', 'newest'])).toBe('--demo needs legacy, modern or oauth, not "newest".');
    expect(error(['--demo', 'oauth', '--url', 'http://x/mcp'])).toMatch(/give one or the other \(got --demo oauth and --url/);
    expect(error(['--demo', 'modern', 'node', 's.js'])).toBe(
      '--demo prefills a bundled demo server instead of a command or --url; give one or the other (got --demo modern and the command "node").',
    );
    expect(error(['--demo', 'modern', '--url', 'http://x/mcp'])).toMatch(/give one or the other \(got --demo modern and --url http:\/\/x\/mcp\)/);
  });

  it('picks the built script of the demo it names', () => {
    expect(demoServerCommand('modern')).toEqual({ command: process.execPath, args: [modernDemoServerPath] });
    expect(modernDemoServerPath).toMatch(/dist\/node\/examples\/servers\/modern-demo-server\.js$/);
    expect(demoServerCommand()).toEqual(demoServerCommand('legacy'));
    expect(demoServerCommand().args[0]).toMatch(/dist\/node\/examples\/servers\/demo-server\.js$/);
    const o = ok(['--demo', 'modern']);
    expect(launchConfigFor(o, demoServerCommand(o.demo), '1.2.3').prefill).toEqual({
      kind: 'stdio',
      command: process.execPath,
      args: [modernDemoServerPath],
      env: {},
    });
    expect(launchConfigFor(o, demoServerCommand(o.demo), '1.2.3').protocolChoice).toBe('auto');
    expect(launchConfigFor(ok([]), demoServerCommand(), '1.2.3').protocolChoice).toBeUndefined();
  });
});

describe('launchConfigFor', () => {
  it('prefills an HTTP server in Auto mode when --url is given', () => {
    const o = ok(['--url', 'https://example.test/mcp', '--header', 'Authorization: Bearer t']);
    expect(launchConfigFor(o, demo, '1.2.3')).toEqual({
      version: '1.2.3',
      prefill: { kind: 'http', url: 'https://example.test/mcp', headers: { Authorization: 'Bearer t' }, mode: 'auto' },
    });
  });

  it('prefills the demo server when no command is given', () => {
    const o = ok(['-e', 'K=V']);
    expect(launchConfigFor(o, demo, '1.2.3')).toEqual({
      version: '1.2.3',
      prefill: { kind: 'stdio', command: demo.command, args: demo.args, env: { K: 'V' } },
    });
  });

  it('prefills the given command with an absolute cwd', () => {
    const o = ok(['--cwd', 'srv', 'python', '-m', 'server']);
    expect(launchConfigFor(o, demo, '1.2.3', '/home/me')).toEqual({
      version: '1.2.3',
      prefill: { kind: 'stdio', command: 'python', args: ['-m', 'server'], env: {}, cwd: '/home/me/srv' },
    });
  });
});

describe('--config, --server and --input', () => {
  it('reads them, spelled as the CLI spells them, and documents them', () => {
    expect(ok(['--config', '~/.cursor/mcp.json', '--server', 'everything', '--input', 'key=a=b', '--input=city=Oslo']).config).toEqual({
      file: '~/.cursor/mcp.json',
      server: 'everything',
      answers: [
        ['key', 'a=b'],
        ['city', 'Oslo'],
      ],
    });
    expect(ok(['--config=mcp.json']).config).toEqual({ file: 'mcp.json', answers: [] });
    expect(ok([]).config).toBeUndefined();
    expect(HELP).toContain('mcpscope start [options] --config FILE [--server NAME] [--input ID=VALUE]...');
    expect(HELP).toMatch(/--config FILE +offer every server of a config file in the page/);
    expect(HELP).toMatch(/--server NAME +the server of --config to select and prefill/);
    expect(HELP).toMatch(/--input ID=VALUE +the value of an \$\{input:ID\} in --config/);
  });

  it('refuses --config beside a command, --url, --demo or options of a server, and --input without it', () => {
    expect(error(['--config', 'mcp.json', 'node', 's.js'])).toBe(
      'Give --config or a server command, not both: the file says how to reach the server (got --config mcp.json and the command "node").',
    );
    expect(error(['--config', 'mcp.json', '--url', 'http://x/mcp'])).toBe(
      'Give --config or --url, not both: the file says how to reach the server (got --config mcp.json and --url http://x/mcp).',
    );
    expect(error(['--config', 'mcp.json', '--demo', 'modern'])).toMatch(/^--demo prefills a bundled demo server; it does not go with --config/);
    expect(error(['--config', 'mcp.json', '-e', 'A=1'])).toBe(
      "--env goes with a server command or --url, not --config: set it in the server's entry in mcp.json.",
    );
    expect(error(['--input', 'a=1', 'node'])).toBe('--input goes with --config: it answers an ${input:ID} of a config file.');
    expect(error(['--config', 'mcp.json', '--input', 'novalue'])).toMatch(/--input needs ID=VALUE, but "novalue" has no "="/);
  });
});

describe('--server NAME without --config', () => {
  it('names a saved server to prefill, which it leaves to the start to read', () => {
    const o = ok(['--server', 'everything']);
    expect(o.saved).toBe('everything');
    expect(o.config).toBeUndefined();
    expect(ok(['--config', 'mcp.json', '--server', 'a']).saved).toBeUndefined();
    expect(HELP).toMatch(/without --config, the saved server of that name/);
    expect(HELP).toContain('\n       mcpscope start [options] --server NAME\n');
  });

  it('refuses, in one sentence, a command, --url, --demo, -e, --cwd, --header or --input beside it', () => {
    expect(error(['--server', 'a', 'node', 's.js'])).toBe(
      'Give --server or a server command, not both: the saved server says how to reach the server (got --server a and the command "node").',
    );
    expect(error(['--server', 'a', '--url', 'http://x/mcp'])).toBe(
      'Give --server or --url, not both: the saved server says how to reach the server (got --server a and --url http://x/mcp).',
    );
    expect(error(['--server', 'a', '--demo', 'modern'])).toBe(
      '--demo prefills a bundled demo server; it does not go with --server a, which prefills a saved one.',
    );
    const elsewhere = "goes with a server command or --url, not --server alone: set it in the saved server, in the inspector's page.";
    expect(error(['--server', 'a', '-e', 'A=1'])).toBe(`--env ${elsewhere}`);
    expect(error(['--server', 'a', '--cwd', '/'])).toBe(`--cwd ${elsewhere}`);
    expect(error(['--server', 'a', '--header', 'X-A: 1'])).toBe(`--header ${elsewhere}`);
    expect(error(['--server', 'a', '--input', 'k=v'])).toBe('--input goes with --config: a saved server keeps its values.');
  });
});
