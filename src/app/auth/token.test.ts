import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, takeToken, tokenFromFragment, type TokenEnvironment } from './token.js';

function env(hash: string, stored: string | null = null) {
  const store = new Map<string, string>();
  if (stored !== null) store.set(TOKEN_STORAGE_KEY, stored);
  const urls: string[] = [];
  const e: TokenEnvironment = {
    location: { hash, pathname: '/', search: '' },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    history: { state: null, replaceState: (_s, _t, url) => void urls.push(String(url)) },
  };
  return { e, store, urls };
}

describe('token', () => {
  it('parses #token=', () => {
    expect(tokenFromFragment('#token=abc123')).toBe('abc123');
    expect(tokenFromFragment('#x=1&token=abc')).toBe('abc');
    expect(tokenFromFragment('')).toBeNull();
    expect(tokenFromFragment('#token=')).toBeNull();
  });

  it('stores the fragment token and removes it from the address bar', () => {
    const { e, store, urls } = env('#token=secret');
    expect(takeToken(e)).toBe('secret');
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('secret');
    expect(urls).toEqual(['/']);
  });

  it('falls back to sessionStorage after a reload', () => {
    const { e, urls } = env('', 'kept');
    expect(takeToken(e)).toBe('kept');
    expect(urls).toEqual([]);
  });

  it('prefers a new fragment token over a stored one', () => {
    const { e } = env('#token=new', 'old');
    expect(takeToken(e)).toBe('new');
  });

  it('returns null when there is none', () => {
    expect(takeToken(env('').e)).toBeNull();
  });
});
