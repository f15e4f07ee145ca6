import { describe, expect, it } from 'vitest';
import { buildConnectRequest, formFromPrefill, newEnvRow, newHeaderRow } from './form-model.js';
import { KEPT_SECRET } from '../../../protocol/index.js';

const LEGACY = { choice: '2025-11-25', probe: true } as const;

describe('connection form model', () => {
  it('prefills from the launch config and builds the same transport back', () => {
    const prefill = { kind: 'stdio' as const, command: 'node', args: ['server.js', 'with space'], env: { DEBUG: '1' }, cwd: '/srv' };
    const form = formFromPrefill(prefill);
    expect(form.argsText).toBe("server.js 'with space'");
    expect(form.transportKind).toBe('stdio');
    expect(buildConnectRequest(form, LEGACY)).toEqual({ ok: true, request: { transport: prefill, protocolVersion: '2025-11-25' } });
  });

  it('requires a command and well-formed arguments', () => {
    const r = buildConnectRequest({ ...formFromPrefill(undefined), argsText: '"open' }, LEGACY);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toHaveLength(2);
  });

  it('ignores blank environment rows and rejects nameless values', () => {
    const form = { ...formFromPrefill(undefined), command: 'x', env: [newEnvRow(), newEnvRow('', 'v'), newEnvRow(' A ', 'b')] };
    const r = buildConnectRequest(form, LEGACY);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatch(/variable 2/);
    const ok = buildConnectRequest({ ...form, env: [newEnvRow(), newEnvRow(' A ', 'b')] }, LEGACY);
    expect(ok.ok && ok.request.transport.kind === 'stdio' && ok.request.transport.env).toEqual({ A: 'b' });
    expect(ok.ok && 'cwd' in ok.request.transport).toBe(false);
  });
});

describe('HTTP in the connection form', () => {
  it('prefills a URL, headers and mode (from --url), and builds them back', () => {
    const prefill = { kind: 'http' as const, url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' }, mode: 'auto' as const };
    const form = formFromPrefill(prefill);
    expect(form).toMatchObject({ transportKind: 'http', url: prefill.url, httpMode: 'auto', command: '' });
    expect(buildConnectRequest(form, LEGACY)).toEqual({ ok: true, request: { transport: prefill, protocolVersion: '2025-11-25' } });
  });

  it('checks the URL and every header, and says what is wrong', () => {
    const base = { ...formFromPrefill(undefined), transportKind: 'http' as const };
    const noUrl = buildConnectRequest(base, LEGACY);
    expect(!noUrl.ok && noUrl.errors).toEqual(['Enter the URL of the server, for example http://127.0.0.1:3001/mcp.']);
    const bad = buildConnectRequest(
      {
        ...base,
        url: 'http://h/mcp',
        headers: [newHeaderRow('', 'orphan'), newHeaderRow('Mcp-Session-Id', 'x'), newHeaderRow('X-Key', 'a'), newHeaderRow('x-key', 'b'), newHeaderRow()],
      },
      LEGACY,
    );
    expect(!bad.ok && bad.errors).toEqual([
      'Header 1 has a value but no name.',
      'Mcp-Session-Id is set by mcpscope for each request (the transport depends on it); remove this header.',
      'The header x-key is given twice; keep one.',
    ]);
  });

  it('keeps the chosen mode and trims the URL', () => {
    const r = buildConnectRequest({ ...formFromPrefill(undefined), transportKind: 'http', url: ' http://h/sse ', httpMode: 'sse' }, LEGACY);
    expect(r.ok && r.request.transport).toEqual({ kind: 'http', url: 'http://h/sse', headers: {}, mode: 'sse' });
  });
});

describe('a kept secret in the connection form', () => {
  it('passes a header whose value the proxy keeps (not Latin-1, but replaced there)', () => {
    const form = { ...formFromPrefill({ kind: 'http', url: 'https://h.example/mcp', headers: { 'X-Key': KEPT_SECRET }, mode: 'auto' }) };
    const built = buildConnectRequest(form, { choice: 'auto', probe: true });
    expect(built.ok && built.request.transport).toMatchObject({ headers: { 'X-Key': KEPT_SECRET } });
    const typed = { ...form, headers: form.headers.map((r) => ({ ...r, value: '•• typed' })) };
    expect(buildConnectRequest(typed, { choice: 'auto', probe: true }).ok).toBe(false);
  });
});

describe('the protocol choice in the connect request', () => {
  const form = { ...formFromPrefill(undefined), command: 'node' };

  it('carries Auto with its probe switch, on or off', () => {
    expect(buildConnectRequest(form, { choice: 'auto', probe: true })).toMatchObject({ ok: true, request: { protocolVersion: 'auto', probe: true } });
    expect(buildConnectRequest(form, { choice: 'auto', probe: false })).toMatchObject({ ok: true, request: { protocolVersion: 'auto', probe: false } });
  });

  it('leaves the probe out of a version picked by hand', () => {
    const built = buildConnectRequest(form, { choice: '2026-07-28', probe: true });
    expect(built.ok && built.request).toEqual({ transport: { kind: 'stdio', command: 'node', args: [], env: {} }, protocolVersion: '2026-07-28' });
  });
});
