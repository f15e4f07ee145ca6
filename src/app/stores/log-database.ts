// The saved log in IndexedDB. Entries are stored in chunks (one record per
// batch, keyed by its first seq) and findings in chunks per connection (keyed
// [connection, n], n a chunk counter that only grows): one record per batch is one serialization and one message to
// the browser's storage process, where a record per frame cost a painted frame
// now and then during a flood. Connection labels are keyed by number. One
// database per browser tab (sessionStorage keeps its name across reloads), so
// two tabs never write over each other.

import type { LintFinding } from '../lint/lint-runner.js';
import type { ConnectionLabel } from './connection-labels.js';
import type { LogEntry } from './log-store.js';

export interface SavedLog {
  entries: LogEntry[];
  findings: LintFinding[];
  labels: ConnectionLabel[];
  /** One more than the highest chunk number of the saved findings: where new chunks continue. */
  nextFindingChunk: number;
}

export interface SavedBatch {
  /** Consecutive entries: one chunk. */
  entries: readonly LogEntry[];
  /** Chunks of one connection's findings, each keyed [connection, chunk number]; a number is never used twice. */
  findings: ReadonlyArray<{ key: [number, number]; findings: readonly LintFinding[] }>;
  labels: readonly ConnectionLabel[];
}

/** What the saver needs of a store; IndexedDB in the page, a Map in tests. */
export interface LogDatabase {
  read(): Promise<SavedLog>;
  write(batch: SavedBatch): Promise<void>;
  /** Delete entries before `seq` (a chunk boundary: where an earlier page's log ended) and the findings and labels of connections up to `connection`. */
  dropBefore(seq: number, connection: number): Promise<void>;
  /** Delete the whole database (nothing is left in it); the next write makes it again. */
  remove(): Promise<void>;
}

const ENTRIES = 'entries';
const FINDINGS = 'findings';
const LABELS = 'labels';

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction was aborted'));
  });
}

function openDatabase(name: string, factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(name, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore(ENTRIES);
    db.createObjectStore(FINDINGS);
    db.createObjectStore(LABELS, { keyPath: 'connection' });
  };
  const blocked = new Promise<never>((_, reject) => {
    open.onblocked = () => reject(new Error('another tab holds an older version of the saved log open'));
  });
  return Promise.race([result(open), blocked]);
}

export function openLogDatabase(name: string, factory: IDBFactory = indexedDB): Promise<LogDatabase> {
  let opened: Promise<IDBDatabase> | undefined = openDatabase(name, factory);
  let removing: Promise<unknown> = Promise.resolve();
  // Opened again only once a delete is done: an open connection would block it.
  const database = () => (opened ??= removing.then(() => openDatabase(name, factory)));
  return opened.then((): LogDatabase => ({
    async read() {
      const db = await database();
      const tx = db.transaction([ENTRIES, FINDINGS, LABELS], 'readonly');
      const [entries, findings, findingKeys, labels] = await Promise.all([
        result(tx.objectStore(ENTRIES).getAll() as IDBRequest<LogEntry[][]>),
        result(tx.objectStore(FINDINGS).getAll() as IDBRequest<LintFinding[][]>),
        result(tx.objectStore(FINDINGS).getAllKeys()),
        result(tx.objectStore(LABELS).getAll() as IDBRequest<ConnectionLabel[]>),
      ]);
      // Keys sort by connection first: the chunks' own order is their number.
      const numbers = findingKeys.map((key) => (key as [number, number])[1]);
      const order = numbers.map((n, i) => [n, i] as const).sort((a, b) => a[0] - b[0]);
      const nextFindingChunk = numbers.reduce((max, n) => Math.max(max, n + 1), 0);
      return { entries: entries.flat(), findings: order.flatMap(([, i]) => findings[i]!), labels, nextFindingChunk };
    },
    async write(batch) {
      const db = await database();
      const tx = db.transaction([ENTRIES, FINDINGS, LABELS], 'readwrite');
      const first = batch.entries[0];
      if (first) tx.objectStore(ENTRIES).put(batch.entries, first.seq);
      const findings = tx.objectStore(FINDINGS);
      for (const chunk of batch.findings) findings.put(chunk.findings, chunk.key);
      const labels = tx.objectStore(LABELS);
      for (const l of batch.labels) labels.put(l);
      await committed(tx);
    },
    async dropBefore(seq, connection) {
      const db = await database();
      const tx = db.transaction([ENTRIES, FINDINGS, LABELS], 'readwrite');
      // A failed delete fails the transaction, which `committed` reports.
      tx.objectStore(ENTRIES).delete(IDBKeyRange.upperBound(seq, true));
      tx.objectStore(FINDINGS).delete(IDBKeyRange.upperBound([connection, Infinity]));
      tx.objectStore(LABELS).delete(IDBKeyRange.upperBound(connection));
      await committed(tx);
    },
    async remove() {
      const db = await database();
      opened = undefined;
      db.close(); // our own connection would block the delete
      const deleted = result(factory.deleteDatabase(name));
      removing = deleted.catch(() => undefined);
      await deleted;
    },
  }));
}
