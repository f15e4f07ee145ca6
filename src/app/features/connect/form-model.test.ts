import { describe, expect, it } from 'vitest';
import { buildConnectRequest, formFromPrefill, newEnvRow } from './form-model.js';

describe('connection form model', () => {
  it('prefills from the launch config and builds the same transport back', () => {
    const prefill = { kind: 'stdio' as const, command: 'node', args: ['server.js', 'with space'], env: { DEBUG: '1' }, cwd: '/srv' };
    const form = formFromPrefill(prefill);
    expect(form.argsText).toBe("server.js 'with space'");
    expect(form.protocolVersion).toBe('2025-11-25');
    expect(buildConnectRequest(form)).toEqual({ ok: true, request: { transport: prefill, protocolVersion: '2025-11-25' } });
  });

  it('requires a command and well-formed arguments', () => {
    const r = buildConnectRequest({ ...formFromPrefill(undefined), argsText: '"open' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toHaveLength(2);
  });

  it('ignores blank environment rows and rejects nameless values', () => {
    const form = { ...formFromPrefill(undefined), command: 'x', env: [newEnvRow(), newEnvRow('', 'v'), newEnvRow(' A ', 'b')] };
    const r = buildConnectRequest(form);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatch(/variable 2/);
    const ok = buildConnectRequest({ ...form, env: [newEnvRow(), newEnvRow(' A ', 'b')] });
    expect(ok.ok && ok.request.transport.env).toEqual({ A: 'b' });
    expect(ok.ok && 'cwd' in ok.request.transport).toBe(false);
  });
});
