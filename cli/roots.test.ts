// --root: the roots the CLI offers a server, checked as file:// URIs, and
// answered to roots/list (the demo's list_roots tool asks for them).
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { cli, demoTarget, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';

describe('--root', () => {
  it('is repeatable, and each must be a file:// URI', () => {
    expect(parseCliArgs(['--stdio', 'x', '--root', 'file:///a', '--root', 'file:///b', 'ping'])).toMatchObject({
      ok: true,
      value: { roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] },
    });
    expect(parseCliArgs(['--stdio', 'x', 'ping'])).toMatchObject({ ok: true, value: { roots: [] } });
    expect(parseCliArgs(['--stdio', 'x', '--root', 'https://example.com/repo', 'ping'])).toEqual({
      ok: false,
      error: '--root: Roots must be file:// URIs; got "https://example.com/repo".',
    });
  });
});

describe('roots against the demo server', () => {
  requireBuiltDemo();

  it('answers roots/list with the --root URIs, and says so on stderr', async () => {
    const r = await cli(...demoTarget, '--root', 'file:///work/a', '--root', 'file:///work/b', '--verbose', 'tools', 'call', 'list_roots');
    expect(r.code).toBe(0);
    expect(r.out).toBe('The client has 2 roots:\n1. file:///work/a\n2. file:///work/b');
    expect(r.err).toContain(
      '"capabilities":{"roots":{"listChanged":true},"elicitation":{"form":{},"url":{}},"extensions":{"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}}}',
    );
    expect(r.err).toContain('mcpscope: answered roots/list with 2 roots from --root: file:///work/a, file:///work/b.');
  });

  it('without --root declares no roots, and the server says what is missing', async () => {
    const r = await cli(...demoTarget, '--verbose', 'tools', 'call', 'list_roots');
    expect(r.err).toContain(
      '"capabilities":{"elicitation":{"form":{},"url":{}},"extensions":{"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}}}',
    );
    expect(r.out).toMatch(
      /^Tool error \(isError: true\):\nThis client did not declare the roots capability in initialize.*in its CLI, pass --root file:\/\/\/…\.$/s,
    );
  });
});
