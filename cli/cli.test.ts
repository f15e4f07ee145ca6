// The headless CLI end to end: real servers over stdio, in-process.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, demoTarget, node, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';

const bad = fileURLToPath(new URL('../test/fixtures/bad-server.mjs', import.meta.url));
const blobs = fileURLToPath(new URL('../test/fixtures/blob-server.mjs', import.meta.url));
const exitAfterPing = fileURLToPath(new URL('../test/fixtures/exit-after-ping.mjs', import.meta.url));

const badTarget = (mode: string, ...extra: string[]) => ['--stdio', `${node} ${JSON.stringify(bad)} --mode ${mode} ${extra.join(' ')}`];

requireBuiltDemo();

describe('mcpscope CLI commands', () => {
  it('ping prints the round trip and Compliant', async () => {
    const r = await cli(...demoTarget, 'ping', '--count', '2', '--interval', '1');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/ping 1: \d+\.\d+ ms — Compliant/);
    expect(r.out).toMatch(/2 pings, 0 missed: p50/);
  });

  it('tools list follows pages; tools call sends numbers as numbers', async () => {
    const list = await cli(...demoTarget, 'tools', 'list');
    expect(list.out).toContain('fail (Fail)');
    const add = await cli(...demoTarget, 'tools', 'call', 'add', '--arg', 'a=3', '--arg', 'b=5');
    expect(add).toMatchObject({ code: 0, out: '8' });
    const echo = await cli(...demoTarget, 'tools', 'call', 'echo', '--arg', 'message=42');
    expect(echo.out).toBe('42');
    const json = await cli(
      ...demoTarget,
      '--json',
      'tools',
      'call',
      'create_order',
      '--args',
      '{"customer":{"name":"Ann"},"items":[{"sku":"ABC-123","quantity":2}],"priority":"high"}',
    );
    expect(JSON.parse(json.out).structuredContent).toMatchObject({ units: 2, priority: 'high' });
  });

  it('a tool error exits 1 and says so', async () => {
    const r = await cli(...demoTarget, 'tools', 'call', 'fail');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^Tool error/);
  });

  it('resources and prompts', async () => {
    expect((await cli(...demoTarget, 'resources', 'list')).out).toContain('demo://readme');
    expect((await cli(...demoTarget, 'resources', 'read', 'demo://greeting/Ana?lang=pt')).out).toBe('Olá, Ana!');
    const missing = await cli(...demoTarget, 'resources', 'read', 'demo://nope');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/-32002/);
    expect((await cli(...demoTarget, 'prompts', 'list')).out).toContain('code_review (language, focus?)');
    expect((await cli(...demoTarget, 'prompts', 'get', 'code_review', '--arg', 'language=Go')).out).toMatch(/^user: Please review this Go code/);
  });

  it('usage errors exit 2 with a message; a missing command exits 1 with the reason', async () => {
    expect(await cli('ping')).toMatchObject({ code: 2, err: expect.stringMatching(/--stdio/) });
    expect(await cli(...demoTarget, 'dance')).toMatchObject({ code: 2, err: expect.stringMatching(/Unknown command/) });
    expect(await cli('--stdio', 'mcpscope-no-such-program', 'ping')).toMatchObject({ code: 1, err: expect.stringMatching(/Command not found/) });
  });

  it('a server crashing on a tool call: exit 1 with its exit code and stderr', async () => {
    const r = await cli(...badTarget('crash-on-call'), 'tools', 'call', 'explode');
    expect(r.code).toBe(1);
    expect(r.out + r.err).toMatch(/code 70/);
    expect(r.out + r.err).toContain('bad-server: fatal: explode was called');
  });
});

describe('mcpscope check', () => {
  it('passes the demo server with no findings', async () => {
    const r = await cli(...demoTarget, '--json', 'check');
    const report = JSON.parse(r.out);
    expect(r.code).toBe(0);
    expect(report.findings).toEqual([]);
    expect(report.steps.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining([
        'initialize',
        'ping',
        'unknown method',
        'ping with params',
        'notification gets no answer',
        'tools/list',
        'tools/call get_weather (outputSchema)',
      ]),
    );
  });

  // A string id does not answer a numeric request (ids keep their JSON type), so those requests wait out --timeout.
  const cases: Array<[string, string, string[]]> = [
    ['pong', 'PING-RESULT', []],
    ['noise', 'STDIO-NONMSG', []],
    ['string-ids', 'JR-RESP-ORPHAN', ['--timeout', '400']],
  ];
  for (const [mode, rule, extra] of cases) {
    it(`finds ${rule} in a server that misbehaves (${mode}) and exits 1`, async () => {
      const r = await cli(...badTarget(mode), ...extra, '--json', 'check');
      expect(r.code).toBe(1);
      const report = JSON.parse(r.out);
      expect(report.findings.map((f: { rule: string }) => f.rule)).toContain(rule);
      expect(report.ok).toBe(false);
    });
  }

  it('a server that never answers ping fails the ping step (and the server saw the cancellation)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-cli-'));
    const record = join(dir, 'received.jsonl');
    const r = await cli(...badTarget('silent-ping', '--record', JSON.stringify(record)), 'check');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/✗\s+ping\s+No response to ping/);
    const received = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { method?: string });
    expect(received.some((m) => m.method === 'notifications/cancelled')).toBe(true);
  }, 30_000);

  it('a server that sends its own ping gets {} and the check stays clean', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-cli-'));
    const record = join(dir, 'received.jsonl');
    const r = await cli(...badTarget('server-ping', '--record', JSON.stringify(record)), 'check');
    expect(r.code).toBe(0);
    const received = readFileSync(record, 'utf8');
    expect(received).toContain('{"jsonrpc":"2.0","id":"server-ping-1","result":{}}');
  });

  it('a server whose method and tool names are Object.prototype members (constructor, __proto__, …) is checked to the end', async () => {
    const r = await cli(...badTarget('proto-names'), '--json', 'check');
    const report = JSON.parse(r.out);
    const rules = report.findings.map((f: { rule: string }) => f.rule);
    // Its request "constructor" and notifications are unknown methods; its later bad ping result is still found.
    expect(rules).toEqual(expect.arrayContaining(['METHOD-UNKNOWN', 'PING-RESULT']));
    expect(rules).not.toContain('LINT-INTERNAL');
    expect(report.findings.filter((f: { rule: string }) => f.rule === 'METHOD-UNKNOWN').map((f: { message: string }) => f.message)).toEqual([
      'constructor is not an MCP request a server sends.',
      'constructor is not an MCP notification a server sends.',
      '__proto__ is not an MCP notification a server sends.',
      'toString is not an MCP notification a server sends.',
      'hasOwnProperty is not an MCP notification a server sends.',
    ]);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(report.steps).toContainEqual({ name: `tools/call ${name} (outputSchema)`, status: 'pass', detail: 'structuredContent matches the outputSchema' });
    }
    expect(r.code).toBe(1);
  });

  it('offers only the capabilities of the offered version: no elicitation in 2024-11-05', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-cli-'));
    const capabilitiesFor = async (version: string) => {
      const record = join(dir, `received-${version}.jsonl`);
      await cli(...badTarget('clean', '--record', JSON.stringify(record)), '--protocol-version', version, 'ping', '--count', '1');
      const init = readFileSync(record, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { method?: string; params?: { capabilities?: unknown } })[0]!;
      expect(init.method).toBe('initialize');
      return init.params?.capabilities;
    };
    // MCP Apps is an extension, declared in every version.
    const apps = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
    expect(await capabilitiesFor('2024-11-05')).toEqual(apps);
    expect(await capabilitiesFor('2025-03-26')).toEqual(apps);
    expect(await capabilitiesFor('2025-06-18')).toEqual({ elicitation: {}, ...apps });
  });

  it('declares MCP Apps by default, and not with --no-apps', async () => {
    const initialize = async (...options: string[]) =>
      (await cli(...demoTarget, ...options, '--verbose', 'ping')).err.split('\n').find((l) => l.includes('"method":"initialize"'));
    expect(await initialize()).toContain('"extensions":{"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}}');
    expect(await initialize('--no-apps')).toContain('"capabilities":{"elicitation":{"form":{},"url":{}}}');
  });
});

describe('what the CLI says to a newcomer', () => {
  it('a command that cannot start names the CLI option to check, not a form field', async () => {
    const missing = await cli('--stdio', 'mcpscope-no-such-program --flag', 'ping');
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(
      'mcpscope: Command not found: "mcpscope-no-such-program". Check the first word of --stdio: it must be a program on PATH or a path to one.',
    );
    const cwd = await cli(...demoTarget, '--cwd', '/mcpscope-no-such-dir', 'ping');
    expect(cwd.err).toBe('mcpscope: The working directory "/mcpscope-no-such-dir" does not exist. Check the --cwd option.');
    expect(missing.err + cwd.err).not.toMatch(/field|tab\b|button|press/i);
  });

  it('counts in the singular and the plural', async () => {
    const one = await cli(...badTarget('clean'), 'check');
    expect(one.out).toMatch(/✓\s+tools\/list\s+1 tool on 1 page;/);
    // Its one tool leaves objects open, which OpenAI's and Anthropic's strict modes refuse: one warning step.
    expect(one.out).toMatch(/!\s+provider strict modes\s+OpenAI: 1 of 1 tool fails; Anthropic: 1 of 1 tool fails; Gemini: the tool passes/);
    expect(one.out).toContain('OK: no errors, 1 warning.');
    const many = await cli(...demoTarget, 'check');
    expect(many.out).toMatch(/20 tools on 5 pages;/);
    expect(many.out + one.out).not.toMatch(/\(s\)|\b1 tools\b|\b1 pages\b/);
  });

  it('says on stderr how it answered an elicitation: declined by default, cancelled when defaults cannot fill the form', async () => {
    const declined = await cli(...demoTarget, 'tools', 'call', 'sign_up');
    expect(declined.out).toBe('decline: {}');
    expect(declined.err).toMatch(/^mcpscope: declined elicitation\/create "Please tell us about yourself\.", as --elicitation decline \(the default\) says/);
    const cancelled = await cli(...demoTarget, '--elicitation', 'accept-defaults', 'tools', 'call', 'sign_up');
    expect(cancelled.out).toBe('cancel: {}');
    expect(cancelled.err).toBe(
      'mcpscope: cancelled elicitation/create "Please tell us about yourself.": --elicitation accept-defaults cannot fill it (1 required field with no default: "age").',
    );
  });

  it('offering 2024-11-05 declares no elicitation capability (that version has none)', async () => {
    const r = await cli(...demoTarget, '--protocol-version', '2024-11-05', '--verbose', 'ping');
    const initialize = r.err.split('\n').find((l) => l.includes('"method":"initialize"'));
    expect(initialize).toContain('"capabilities":{"extensions":{"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}}}');
    const current = await cli(...demoTarget, '--verbose', 'ping');
    expect(current.err).toContain(
      '"capabilities":{"elicitation":{"form":{},"url":{}},"extensions":{"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}}}',
    );
  });

  it('prints the text of text blobs (resources and embedded), marks invalid UTF-8, and sizes binary', async () => {
    const target = ['--stdio', `${node} ${JSON.stringify(blobs)}`];
    const notes = await cli(...target, 'resources', 'read', 'blob://notes.txt');
    expect(notes).toMatchObject({ code: 0, out: '[blob text/plain; charset=utf-8, 28 bytes, decoded as UTF-8]\nfirst line\nsecond line: Olá' });
    expect((await cli(...target, 'resources', 'read', 'blob://data.json')).out).toBe(
      '[blob application/vnd.example+json, 11 bytes, decoded as UTF-8]\n{"ok":true}',
    );
    expect((await cli(...target, 'resources', 'read', 'blob://latin1.txt')).out).toBe(
      '[blob text/plain, 4 bytes, decoded as UTF-8; it is not valid UTF-8, bad bytes shown as \uFFFD]\ncaf\uFFFD',
    );
    expect((await cli(...target, 'resources', 'read', 'blob://image.png')).out).toBe('[blob image/png, 8 bytes]');
    expect((await cli(...target, 'tools', 'call', 'attach')).out).toBe(
      '[resource blob://notes.txt, blob text/plain; charset=utf-8, 28 bytes, decoded as UTF-8]\nfirst line\nsecond line: Olá',
    );
  });

  it('an empty list says so instead of printing nothing', async () => {
    const r = await cli('--stdio', `${node} ${JSON.stringify(blobs)}`, 'prompts', 'list');
    expect(r).toMatchObject({ code: 0, out: 'The server lists no prompts.' });
  });

  it('a list the server did not declare the capability for says so', async () => {
    const r = await cli(...badTarget('clean'), 'resources', 'list');
    expect(r.code).toBe(1);
    expect(r.err).toContain('The server did not declare the "resources" capability when it initialized, so it need not answer resources/list.');
  });

  it('a list that fails part-way names the pages read and the page that failed; check fails the tools/list step with it', async () => {
    const failing = ['--stdio', `${node} ${JSON.stringify(fileURLToPath(new URL('../test/fixtures/failing-pages.mjs', import.meta.url)))}`];
    const r = await cli(...failing, 'resources', 'list');
    expect(r.code).toBe(1);
    expect(r.err).toContain('1 page of resources/list read, page 2 failed: The server answered with error -32603: The resource store went away.');
    const check = await cli(...failing, 'check');
    expect(check.out).toMatch(/✗\s+tools\/list\s+3 pages of tools\/list read, page 4 failed: The server answered with error -32603/);
  });

  it('an initialize timeout suggests --timeout', async () => {
    const r = await cli(...demoTarget, '--timeout', '1', 'ping');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^mcpscope: The server did not answer initialize within \d+ ms\./);
    expect(r.err).toContain('if it is slow to start, give it longer with --timeout (now 1 ms).');
  });

  it('a result nested too deeply to print is named, not a crash, in text and in --json', async () => {
    const text = await cli(...badTarget('deep'), 'tools', 'call', 'explode');
    expect(text).toMatchObject({ code: 0, out: '[content block of type "weird", nested too deeply to print (--verbose prints the raw frame)]' });
    const json = await cli(...badTarget('deep'), '--json', 'tools', 'call', 'explode');
    expect(json.code).toBe(1);
    expect(json.err).toBe(
      'mcpscope: The result is nested too deeply to print as JSON. Run without --json to see the rest of it, or add --verbose to see the raw frame.',
    );
  });

  it('a server gone mid-command: requests say why they were not sent (not "Connect again"), its stderr once at the end', async () => {
    const r = await cli('--stdio', `${node} ${JSON.stringify(exitAfterPing)}`, 'ping', '--count', '3', '--interval', '1000');
    expect(r.code).toBe(1);
    expect(r.out.split('\n')).toEqual([
      expect.stringMatching(/^ping 1: \d+\.\d+ ms — Compliant$/),
      // Refused once the close is known; on a slow machine the request may be pending when it comes.
      expect.stringMatching(/^ping 2: (refused — Not sent: the connection had already closed\. |closed — )The server exited with code 4\.$/),
      expect.stringMatching(/^2 pings, 0 missed, 1 failed: p50/),
    ]);
    expect(r.err).toBe('mcpscope: the connection closed during the command. The server exited with code 4.\nLast stderr lines:\n  exit-after-ping: bye');
  });

  it('a usage error points at --help', async () => {
    const r = await cli(...demoTarget, 'tools');
    expect(r.code).toBe(2);
    expect(r.err.split('\n')).toEqual([
      'mcpscope: tools needs a subcommand: tools list or tools call.',
      expect.stringMatching(/^Usage: mcpscope/),
      'mcpscope --help lists every command and option.',
    ]);
  });

  it('--help describes what --elicitation accept-defaults does when it cannot fill a form', async () => {
    const r = await cli('--help');
    expect(r.out).toMatch(
      /accept-defaults accepts with each field's schema default, and cancels,\s+naming the fields, when a required field has none or a default fails/,
    );
  });
});
