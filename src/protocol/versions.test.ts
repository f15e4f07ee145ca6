import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS, bestMutualVersion, eraOf, isKnownProtocolVersion, isLegacyVersion, isModernVersion, isVersionChoice } from './versions.js';

describe('protocol versions in two eras', () => {
  it('lists legacy versions first, then modern ones', () => {
    expect(PROTOCOL_VERSIONS).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
  });

  it('calls any version from 2026-07-28 on modern, known or not', () => {
    expect(eraOf('2025-11-25')).toBe('legacy');
    expect(eraOf('2024-11-05')).toBe('legacy');
    expect(eraOf('2026-07-28')).toBe('modern');
    expect(eraOf('2027-01-01')).toBe('modern');
    expect(isModernVersion('2026-07-27')).toBe(false);
    expect(isLegacyVersion('2026-07-28')).toBe(false);
    expect(isKnownProtocolVersion('2026-07-28')).toBe(true);
  });

  it('accepts a version or auto as a choice, nothing else', () => {
    expect(isVersionChoice('auto')).toBe(true);
    expect(isVersionChoice('2026-07-28')).toBe(true);
    expect(isVersionChoice('2025-11-25')).toBe(true);
    expect(isVersionChoice('modern')).toBe(false);
    expect(isVersionChoice('2027-01-01')).toBe(false);
  });

  it('picks the newest version both sides speak from a server list', () => {
    expect(bestMutualVersion(['2025-06-18', '2026-07-28', '2027-01-01'])).toBe('2026-07-28');
    expect(bestMutualVersion(['2025-11-25', '2025-06-18'])).toBe('2025-11-25');
    expect(bestMutualVersion(['2027-01-01'])).toBeUndefined();
    expect(bestMutualVersion([])).toBeUndefined();
  });
});
