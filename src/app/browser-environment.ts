// What the page reads from the browser, gathered in one function that
// main.tsx calls: the token, the proxy's URL, per-tab storage, IndexedDB.

import { takeToken } from './auth/token.js';
import { proxySocketUrl } from './connection/socket.js';
import type { PageEnvironment } from './create-app.js';
import { openLogDatabase } from './stores/log-database.js';

function sessionStorageOrNothing(page: Window): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return page.sessionStorage;
  } catch {
    // Storage can be disabled; the token then lasts for this page view only.
    return { getItem: () => null, setItem: () => {} };
  }
}

// The log is saved in IndexedDB, one database per tab, so that a reload can show it again.
const LOG_DATABASE_KEY = 'mcpscope.logDatabase';

function logDatabaseName(storage: Pick<Storage, 'getItem' | 'setItem'>): string {
  const known = storage.getItem(LOG_DATABASE_KEY);
  if (known) return known;
  const name = `mcpscope-log-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  storage.setItem(LOG_DATABASE_KEY, name);
  return name;
}

export function browserEnvironment(page: Window): PageEnvironment {
  const tabStorage = sessionStorageOrNothing(page);
  return {
    token: takeToken({ location: page.location, storage: tabStorage, history: page.history }),
    socketUrl: () => proxySocketUrl(page.location),
    logDatabase: () =>
      typeof page.indexedDB === 'undefined'
        ? Promise.reject(new Error('this browser offers no IndexedDB'))
        : openLogDatabase(logDatabaseName(tabStorage), page.indexedDB),
    page,
    loadSchemaCheck: () => import('../protocol/lint/sdk-schemas.js').then((m) => ({ check: m.sdkSchemaCheck, version: m.SDK_SCHEMA_VERSION })),
  };
}
