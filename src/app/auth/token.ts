// The per-launch token: it arrives in the URL fragment (#token=…), which
// browsers never send to servers. Keep it in sessionStorage so a reload works,
// and take it out of the address bar so it does not end up in screenshots,
// bookmarks or the history.

export const TOKEN_STORAGE_KEY = 'mcpscope.token';

export interface TokenEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

export function tokenFromFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  return token !== null && token.trim() !== '' ? token.trim() : null;
}

/** Read the token from the fragment (preferred) or sessionStorage; remove it from the address bar. */
export function takeToken(env: TokenEnvironment): string | null {
  const fromFragment = tokenFromFragment(env.location.hash);
  if (fromFragment !== null) {
    try {
      env.storage.setItem(TOKEN_STORAGE_KEY, fromFragment);
    } catch {
      // Storage may be disabled; the token still works for this page view.
    }
    const params = new URLSearchParams(env.location.hash.slice(1));
    params.delete('token');
    const rest = params.toString();
    env.history.replaceState(env.history.state, '', `${env.location.pathname}${env.location.search}${rest ? `#${rest}` : ''}`);
    return fromFragment;
  }
  try {
    return env.storage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
