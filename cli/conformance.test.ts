import { describe, expect, it } from 'vitest';
import { CONFORMANCE_CLIENT_METADATA_URL, conformanceAuth, conformanceVersion, contextToolCalls, sampleArguments } from './conformance.js';

describe('sampleArguments', () => {
  it('fills required properties with defaults, enum values or a value of their type', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'number' },
        b: { type: 'integer' },
        s: { type: 'string', default: 'x' },
        e: { enum: ['on', 'off'] },
        f: { type: 'boolean' },
        opt: { type: 'string' },
      },
      required: ['a', 'b', 's', 'e', 'f'],
    };
    expect(sampleArguments(schema)).toEqual({ a: 1, b: 1, s: 'x', e: 'on', f: true });
    expect(sampleArguments(undefined)).toEqual({});
  });
});

describe('contextToolCalls', () => {
  it('reads the argument sets a scenario names, by tool, and ignores what is not one', () => {
    const calls = contextToolCalls(
      JSON.stringify({ name: 'http-custom-headers', toolCalls: [{ name: 'a', arguments: { x: 1 } }, { name: 'a', arguments: { x: null } }, { name: 'b' }, 7] }),
    );
    expect([...calls]).toEqual([
      ['a', [{ x: 1 }, { x: null }]],
      ['b', [{}]],
    ]);
    expect(contextToolCalls('not json').size).toBe(0);
    expect(contextToolCalls(undefined).size).toBe(0);
  });
});

describe('conformanceVersion', () => {
  it("speaks the scenario's version when mcpscope knows it", () => {
    expect(conformanceVersion('2025-11-25', '2026-07-28')).toBe('2026-07-28');
    expect(conformanceVersion('2025-11-25', '2099-01-01')).toBe('2025-11-25');
    expect(conformanceVersion('2025-06-18', undefined)).toBe('2025-06-18');
  });
});

describe('conformanceAuth', () => {
  it("uses the scenario's pre-registered credentials (auth/pre-registration)", () => {
    const context = JSON.stringify({
      name: 'auth/pre-registration',
      client_id: 'pre-registered-client',
      client_secret: 'pre-registered-secret',
      issuer: 'http://localhost:1',
    });
    expect(conformanceAuth({ mode: 'quick' }, context)).toEqual({ mode: 'quick', clientId: 'pre-registered-client', clientSecret: 'pre-registered-secret' });
  });

  it("without credentials, names the conformance client's metadata document (auth/basic-cimd expects it)", () => {
    expect(conformanceAuth({ mode: 'quick' }, JSON.stringify({ name: 'auth/basic-cimd' }))).toEqual({
      mode: 'quick',
      clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL,
    });
    expect(conformanceAuth({ mode: 'quick' }, undefined)).toEqual({ mode: 'quick', clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL });
    expect(conformanceAuth({ mode: 'quick' }, 'not json')).toEqual({ mode: 'quick', clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL });
  });

  it('what the command line said wins', () => {
    const context = JSON.stringify({ client_id: 'ctx' });
    expect(conformanceAuth({ mode: 'quick', clientId: 'flag' }, context)).toEqual({ mode: 'quick', clientId: 'flag' });
    expect(conformanceAuth({ mode: 'quick', clientMetadataUrl: 'https://a.example/c.json' }, context)).toEqual({
      mode: 'quick',
      clientMetadataUrl: 'https://a.example/c.json',
    });
  });
});
