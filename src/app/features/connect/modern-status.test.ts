import { describe, expect, it } from 'vitest';
import { extensionsOf, generationLine, switchableVersions } from './modern-status.js';
import { VERSION_CHOICES, VERSION_HINTS } from './version-choice.js';

describe('the connection status of either generation', () => {
  it('says which generation and why', () => {
    expect(generationLine('modern', '2026-07-28', 'Auto: server/discover answered')).toBe('Modern · 2026-07-28 — Auto: server/discover answered');
    expect(generationLine('legacy', '2025-11-25', 'Auto: server/discover got -32601, fell back to initialize')).toBe(
      'Legacy · 2025-11-25 — Auto: server/discover got -32601, fell back to initialize',
    );
    expect(generationLine('legacy', '2025-06-18', undefined)).toBe('Legacy · 2025-06-18 — chosen on the connection form');
  });

  it('lists extensions only from an object', () => {
    expect(extensionsOf({ extensions: { 'io.modelcontextprotocol/tasks': {} } })).toEqual([['io.modelcontextprotocol/tasks', {}]]);
    expect(extensionsOf({ extensions: ['x'] })).toEqual([]);
    expect(extensionsOf({})).toEqual([]);
  });

  it('offers a -32022 switch only to versions mcpscope speaks, newest first', () => {
    expect(switchableVersions(['2025-06-18', '2030-01-01', '2025-11-25', '2025-11-25'])).toEqual({
      known: ['2025-11-25', '2025-06-18'],
      unknown: ['2030-01-01'],
    });
  });

  it('lists Auto first, then every version newest first, each with a hint', () => {
    expect(VERSION_CHOICES).toEqual(['auto', '2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(VERSION_HINTS.auto).toBe('probes with server/discover, falls back to initialize');
  });
});
