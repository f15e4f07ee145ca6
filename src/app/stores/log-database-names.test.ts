import { describe, expect, it } from 'vitest';
import { STALE_AFTER_MS, deleteStaleLogDatabases, logDatabaseCreated, newLogDatabaseName } from './log-database-names.js';

/** The two calls of IDBFactory the cleanup makes, over a set of names. */
function fakeFactory(names: string[]) {
  const present = new Set(names);
  const factory = {
    databases: async () => [...present].map((name) => ({ name, version: 1 })),
    deleteDatabase(name: string) {
      const request: { onsuccess?: () => void; onerror?: () => void; error: null } = { error: null };
      queueMicrotask(() => {
        present.delete(name);
        request.onsuccess?.();
      });
      return request;
    },
  };
  // A fake of the two calls only: the rest of IDBFactory is never reached.
  return { factory: factory as unknown as IDBFactory, present };
}

/** Web Locks where `held` names are taken by another tab. */
function fakeLocks(held: string[]) {
  return {
    request: (async (name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) =>
      callback(held.includes(name) ? null : ({ name, mode: 'exclusive' } as Lock))) as unknown as LockManager['request'],
  };
}

describe('saved-log database names', () => {
  const now = Date.UTC(2025, 5, 1);
  const made = (ago: number, tail = 'x') => newLogDatabaseName(now - ago, () => Number(`0.${tail.charCodeAt(0)}`));

  it('carries the time it was made', () => {
    expect(logDatabaseCreated(newLogDatabaseName(now))).toBe(now);
    expect(logDatabaseCreated('mcpscope-log-settings')).toBeUndefined();
    expect(logDatabaseCreated('other-db')).toBeUndefined();
  });

  it("deletes other tabs' logs over a day old, never this tab's, a fresh one, one an open tab holds, or one not ours", async () => {
    const own = made(2 * STALE_AFTER_MS, 'a');
    const closedLongAgo = made(STALE_AFTER_MS + 1000, 'b');
    const heldByOpenTab = made(3 * STALE_AFTER_MS, 'c');
    const recent = made(STALE_AFTER_MS - 1000, 'd');
    const { factory, present } = fakeFactory([own, closedLongAgo, heldByOpenTab, recent, 'other-app', 'mcpscope-log-settings']);
    expect(await deleteStaleLogDatabases(factory, own, now, fakeLocks([heldByOpenTab]))).toEqual([closedLongAgo]);
    expect([...present].sort()).toEqual([own, heldByOpenTab, recent, 'other-app', 'mcpscope-log-settings'].sort());
  });

  it('goes by age alone where there are no Web Locks', async () => {
    const old = made(STALE_AFTER_MS + 1, 'e');
    const { factory, present } = fakeFactory([old]);
    expect(await deleteStaleLogDatabases(factory, 'mine', now, undefined)).toEqual([old]);
    expect(present.size).toBe(0);
  });
});
