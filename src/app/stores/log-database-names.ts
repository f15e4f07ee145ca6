// Names of the saved-log databases, one per tab: `mcpscope-log-<created>-<random>`
// (created in base 36 milliseconds). A tab's name lives only in its
// sessionStorage, so a closed tab's database would stay forever: each page,
// on start, deletes the ones of other tabs that are over a day old and that
// no open tab holds (each tab holds a Web Lock named after its database for
// as long as it is open).

export const LOG_DATABASE_PREFIX = 'mcpscope-log-';
/** A closed tab's saved log is kept this long (a reload of it within that time still finds it). */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

const NAME = /^mcpscope-log-([0-9a-z]+)-[0-9a-z]+$/;

export function newLogDatabaseName(now: number, random: () => number = Math.random): string {
  return `${LOG_DATABASE_PREFIX}${now.toString(36)}-${random().toString(36).slice(2) || '0'}`;
}

/** When the database was made, from its name; undefined for a name mcpscope did not make. */
export function logDatabaseCreated(name: string): number | undefined {
  const m = NAME.exec(name);
  return m ? parseInt(m[1]!, 36) : undefined;
}

type Locks = Pick<LockManager, 'request'>;

/** Hold the lock named after this tab's database until the page goes: other tabs then leave it alone. */
export function holdLogDatabase(name: string, locks: Locks | undefined): void {
  void locks?.request(name, () => new Promise<never>(() => {})).catch(() => {});
}

function deleted(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`));
  });
}

/**
 * Delete the saved logs of tabs closed over a day ago: never `own`, never one
 * an open tab holds (where the browser offers Web Locks). Resolves to the names deleted.
 */
export async function deleteStaleLogDatabases(factory: IDBFactory, own: string, now: number, locks: Locks | undefined): Promise<string[]> {
  if (typeof factory.databases !== 'function') return [];
  const stale = (await factory.databases()).map((d) => d.name ?? '').filter((name) => name !== own && now - (logDatabaseCreated(name) ?? now) > STALE_AFTER_MS);
  const gone: string[] = [];
  for (const name of stale) {
    if (locks === undefined) {
      await deleted(factory, name);
      gone.push(name);
      continue;
    }
    // Held while deleting, so the tab it belongs to (if it is reloading right now) waits.
    await locks.request(name, { ifAvailable: true }, async (lock) => {
      if (lock === null) return; // an open tab's log
      await deleted(factory, name);
      gone.push(name);
    });
  }
  return gone;
}
