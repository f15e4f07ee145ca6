import { describe, expect, it } from 'vitest';
import { headerNameProblem, headerValueProblem, httpUrlProblem, isSecretHeaderName, maskHeaderValue, parseHeaderLine } from './headers.js';

describe('user headers', () => {
  it('accepts ordinary names and refuses invalid or transport-owned ones', () => {
    expect(headerNameProblem('Authorization')).toBeUndefined();
    expect(headerNameProblem('X-Api-Key')).toBeUndefined();
    expect(headerNameProblem('Bad Name')).toMatch(/not a valid header name/);
    expect(headerNameProblem('')).toMatch(/needs a name/);
    expect(headerNameProblem('Mcp-Session-Id')).toMatch(/set by mcpscope/);
    expect(headerNameProblem('accept')).toMatch(/set by mcpscope/);
    // The 2026-07-28 request headers are mirrored from each body.
    expect(headerNameProblem('Mcp-Method')).toMatch(/set by mcpscope/);
    expect(headerNameProblem('Mcp-Name')).toMatch(/set by mcpscope/);
    expect(headerNameProblem('Mcp-Param-Region')).toMatch(/set by mcpscope/);
  });

  it('refuses line breaks and characters headers cannot carry', () => {
    expect(headerValueProblem('A', 'ok value\twith tab')).toBeUndefined();
    expect(headerValueProblem('A', 'x\r\nInjected: 1')).toMatch(/line break/);
    expect(headerValueProblem('A', 'café ☕')).toMatch(/Latin-1/);
  });

  it('masks values, keeping the Authorization scheme readable', () => {
    expect(maskHeaderValue('Authorization', 'Bearer abc.def')).toBe('Bearer •••• (7 characters hidden)');
    expect(maskHeaderValue('X-Api-Key', 'k')).toBe('•••• (1 character hidden)');
    expect(maskHeaderValue('X-Api-Key', '')).toBe('');
  });

  it('knows the headers that always carry a credential', () => {
    for (const name of ['Authorization', 'proxy-authorization', 'Cookie', 'Set-Cookie']) expect(isSecretHeaderName(name)).toBe(true);
    for (const name of ['WWW-Authenticate', 'Content-Type', 'X-Api-Key']) expect(isSecretHeaderName(name)).toBe(false);
  });

  it('parses "Name: value" lines', () => {
    expect(parseHeaderLine('Authorization:  Bearer t ')).toEqual({ ok: true, name: 'Authorization', value: 'Bearer t' });
    expect(parseHeaderLine(': x')).toMatchObject({ ok: false });
    expect(parseHeaderLine('Host: evil')).toMatchObject({ ok: false, error: expect.stringMatching(/set by mcpscope/) });
  });
});

describe('httpUrlProblem', () => {
  it('wants a full http(s) URL without credentials', () => {
    expect(httpUrlProblem('http://127.0.0.1:3001/mcp')).toBeUndefined();
    expect(httpUrlProblem(' https://example.com/mcp ')).toBeUndefined();
    expect(httpUrlProblem('')).toMatch(/Enter the URL/);
    expect(httpUrlProblem('localhost:3001/mcp')).toMatch(/http:\/\/ or https:\/\//);
    expect(httpUrlProblem('mcp')).toMatch(/not a URL/);
    expect(httpUrlProblem('http://user:pw@host/mcp')).toMatch(/credentials in a header/);
  });
});
