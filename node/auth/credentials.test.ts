import { describe, expect, it } from 'vitest';
import { expiresAtFrom, isClientSecretExpired, isTokenExpired, TOKEN_EXPIRY_SKEW_MS } from './credentials.js';

describe('token expiry', () => {
  it('treats a token as expired within the skew of its expiry', () => {
    const now = 1_000_000;
    expect(isTokenExpired({ expiresAt: now + TOKEN_EXPIRY_SKEW_MS + 1 }, now)).toBe(false);
    expect(isTokenExpired({ expiresAt: now + TOKEN_EXPIRY_SKEW_MS }, now)).toBe(true);
    expect(isTokenExpired({ expiresAt: now - 1 }, now, 0)).toBe(true);
    expect(isTokenExpired({ expiresAt: now + 1 }, now, 0)).toBe(false);
    expect(isTokenExpired({}, now)).toBe(false);
  });

  it('turns expires_in into an instant, ignoring what is not a positive number of seconds', () => {
    expect(expiresAtFrom(3600, 1000)).toBe(1000 + 3_600_000);
    expect(expiresAtFrom('60', 0)).toBe(60_000);
    for (const bad of [undefined, null, 0, -5, 'soon', Number.NaN, Number.POSITIVE_INFINITY]) expect(expiresAtFrom(bad, 0)).toBeUndefined();
  });

  it('knows when a client secret has expired', () => {
    expect(isClientSecretExpired({ clientSecretExpiresAt: 10 }, 10)).toBe(true);
    expect(isClientSecretExpired({ clientSecretExpiresAt: 10 }, 9)).toBe(false);
    expect(isClientSecretExpired({}, 1e15)).toBe(false);
  });
});
