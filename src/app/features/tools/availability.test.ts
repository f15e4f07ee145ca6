import { describe, expect, it } from 'vitest';
import { callBlocked, toolExclusion } from './availability.js';

const ok = { canSend: () => ({ ok: true as const }) };

describe('callBlocked', () => {
  it('explains each reason a call cannot be made now', () => {
    expect(callBlocked(null, undefined, undefined)).toMatch(/Not connected/);
    expect(callBlocked({ status: 'closed' }, ok, undefined)).toMatch(/Not connected/);
    expect(callBlocked({ status: 'connecting' }, ok, undefined)).toMatch(/Waiting/);
    expect(callBlocked({ status: 'ready' }, ok, { tool: { name: 'slow_count', inputSchema: {} } })).toMatch(/slow_count to finish, or cancel it/);
    expect(callBlocked({ status: 'ready' }, { canSend: () => ({ ok: false as const, reason: 'closed, connect again' }) }, undefined)).toBe(
      'closed, connect again',
    );
  });

  it('allows a call on a ready connection with nothing in flight', () => {
    expect(callBlocked({ status: 'ready' }, ok, undefined)).toBeUndefined();
  });
});

describe('toolExclusion', () => {
  const bad = { inputSchema: { type: 'object', properties: { score: { type: 'number', 'x-mcp-header': 'Score' } } } };
  const good = { inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } };
  const http = { kind: 'http' as const, url: 'http://h/mcp', headers: {}, mode: 'auto' as const };
  const stdio = { kind: 'stdio' as const, command: 'node', args: [], env: {} };
  const at = (version: string, transport: typeof http | typeof stdio = http) => ({
    transport,
    info: {
      offeredVersion: '2025-11-25' as const,
      protocolVersion: version,
      versionSupported: true,
      capabilities: {},
      serverInfo: { name: 's', version: '1' },
      era: version >= '2026' ? ('modern' as const) : ('legacy' as const),
    },
  });

  it('excludes a tool with invalid x-mcp-header annotations on a 2026-07-28 HTTP connection, saying why', () => {
    expect(toolExclusion(bad, at('2026-07-28'))).toMatch(/^Excluded: .*property "score".*not number/);
    expect(toolExclusion(good, at('2026-07-28'))).toBeUndefined();
  });

  it('leaves 2025 connections and stdio as they were', () => {
    expect(toolExclusion(bad, at('2025-11-25'))).toBeUndefined();
    expect(toolExclusion(bad, at('2026-07-28', stdio))).toBeUndefined();
    expect(toolExclusion(bad, null)).toBeUndefined();
  });
});
