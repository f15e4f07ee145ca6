import { describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from './www-authenticate.js';

describe('parseWwwAuthenticate', () => {
  it('reads the Bearer parameters MCP uses', () => {
    const r = parseWwwAuthenticate('Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource", scope="files:read files:write"');
    expect(r.bearer).toEqual({ resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource', scope: 'files:read files:write' });
    expect(r.problems).toEqual([]);
  });

  it('reads error and error_description of a 403 insufficient_scope', () => {
    const r = parseWwwAuthenticate(
      'Bearer error="insufficient_scope", scope="admin", error_description="needs \\"admin\\"", resource_metadata="https://a.example/prm"',
    );
    expect(r.bearer).toEqual({ error: 'insufficient_scope', scope: 'admin', errorDescription: 'needs "admin"', resourceMetadata: 'https://a.example/prm' });
  });

  it('takes unquoted tokens, odd spacing and case-insensitive names and scheme', () => {
    const r = parseWwwAuthenticate('  bearer   Error = invalid_token ,,  REALM="x" ,Scope=read  ');
    expect(r.bearer).toEqual({ error: 'invalid_token', realm: 'x', scope: 'read' });
    expect(r.problems).toEqual([]);
  });

  it('finds the Bearer challenge among several, in one header or in several lines', () => {
    const one = parseWwwAuthenticate('Basic realm="legacy", Negotiate abc123==, Bearer scope="a", resource_metadata="https://x.example/m"');
    expect(one.challenges.map((c) => c.scheme)).toEqual(['Basic', 'Negotiate', 'Bearer']);
    expect(one.challenges[1]!.token68).toBe('abc123==');
    expect(one.challenges[0]!.params).toEqual({ realm: 'legacy' });
    expect(one.bearer).toEqual({ scope: 'a', resourceMetadata: 'https://x.example/m' });
    const lines = parseWwwAuthenticate(['Basic realm="legacy"', 'Bearer scope="b"']);
    expect(lines.bearer).toEqual({ scope: 'b' });
    expect(lines.problems).toEqual([]);
  });

  it('keeps a comma inside a quoted value', () => {
    expect(parseWwwAuthenticate('Bearer error_description="a, b", scope="s"').bearer).toEqual({ errorDescription: 'a, b', scope: 's' });
  });

  it('says what is wrong with malformed headers and keeps what it can, without throwing', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['scope="x"', /starts with the parameter scope instead of a scheme/],
      ['Bearer scope="unterminated', /no closing quote/],
      ['Bearer scope=', /carries "scope=" instead of name="value" parameters/],
      ['Bearer scope="a", error=', /error has no value/],
      ['Bearer scope="a" error="invalid_token"', /instead of a comma/],
      ['Bearer scope="a", scope="b"', /repeats the parameter scope/],
      ['Bearer resource_metadata="/relative"', /resource_metadata must be an absolute http\(s\) URL/],
      ['Bearer resource_metadata="ftp://x.example/m"', /not an http\(s\) URL/],
      ['Basic realm="x"', /no Bearer challenge \(it names Basic\)/],
      ['Bearer @@@, scope="a"', /unexpected "@"/],
    ];
    for (const [header, message] of cases) {
      const r = parseWwwAuthenticate(header);
      expect(r.problems.map((p) => p.message).join(' | '), header).toMatch(message);
      for (const p of r.problems) {
        expect(p.step).toBe('www-authenticate');
        expect(p.spec).toMatch(/^https:\/\//);
      }
    }
    // What could be read is kept.
    expect(parseWwwAuthenticate('Bearer scope="a" error="invalid_token"').bearer).toEqual({ scope: 'a', error: 'invalid_token' });
    expect(parseWwwAuthenticate('Bearer scope="a", scope="b"').bearer?.scope).toBe('a');
    expect(parseWwwAuthenticate('Bearer @@@, scope="a"').bearer?.scope).toBe('a');
  });

  it('takes parameters named after Object.prototype members as the unknown parameters they are', () => {
    const r = parseWwwAuthenticate('Bearer constructor="a", __proto__="b", toString=c, scope="read"');
    expect(r.problems).toEqual([]);
    expect(r.bearer).toEqual({ scope: 'read' });
    const params = r.challenges[0]!.params;
    expect(Object.keys(params)).toEqual(['constructor', '__proto__', 'tostring', 'scope']);
    expect(Object.getOwnPropertyDescriptor(params, '__proto__')?.value).toBe('b');
  });
});
