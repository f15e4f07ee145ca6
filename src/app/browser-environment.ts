// What the page reads from the browser, gathered in one function that
// main.tsx calls: the token, the proxy's URL, per-tab storage, IndexedDB.

import { takeToken } from './auth/token.js';
import { capturedFeedUrl } from './api/captured-feed.js';
import { proxySocketUrl } from './connection/socket.js';
import type { PageEnvironment } from './app.js';
import { openLogDatabase } from './stores/log-database.js';
import { deleteStaleLogDatabases, holdLogDatabase, newLogDatabaseName } from './stores/log-database-names.js';

function storageOrNothing(page: Window, which: 'sessionStorage' | 'localStorage'): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return page[which];
  } catch {
    // Storage can be disabled; the token (or a setting) then lasts for this page view only.
    return { getItem: () => null, setItem: () => {} };
  }
}

// The log is saved in IndexedDB, one database per tab, so that a reload can show it again.
const LOG_DATABASE_KEY = 'mcpscope.logDatabase';

function logDatabaseName(storage: Pick<Storage, 'getItem' | 'setItem'>): string {
  const known = storage.getItem(LOG_DATABASE_KEY);
  if (known) return known;
  const name = newLogDatabaseName(Date.now());
  storage.setItem(LOG_DATABASE_KEY, name);
  return name;
}

export function browserEnvironment(page: Window): PageEnvironment {
  const tabStorage = storageOrNothing(page, 'sessionStorage');
  return {
    token: takeToken({ location: page.location, storage: tabStorage, history: page.history }),
    socketUrl: () => proxySocketUrl(page.location),
    capturedFeedUrl: () => capturedFeedUrl(page.location),
    logDatabase: () => {
      if (typeof page.indexedDB === 'undefined') return Promise.reject(new Error('this browser offers no IndexedDB'));
      const name = logDatabaseName(tabStorage);
      const locks = page.navigator.locks as LockManager | undefined; // absent outside a secure context
      holdLogDatabase(name, locks);
      // Closed tabs' logs may hold tool arguments and stderr: they do not stay forever.
      void deleteStaleLogDatabases(page.indexedDB, name, Date.now(), locks).catch(() => {});
      return openLogDatabase(name, page.indexedDB);
    },
    settings: storageOrNothing(page, 'localStorage'),
    prefersDark: page.matchMedia('(prefers-color-scheme: dark)'),
    // noopener: the authorization server's page gets no handle on this one.
    openUrl: (url) => void page.open(url, '_blank', 'noopener'),
    page,
    loadSchemaCheck: () =>
      import('../protocol/lint/sdk-schemas.js').then((m) => ({
        check: m.sdkSchemaCheck,
        version: m.SDK_SCHEMA_VERSION,
        modern: { check: m.modernSchemaCheck, version: m.MODERN_SCHEMA_VERSION },
      })),
  };
}
