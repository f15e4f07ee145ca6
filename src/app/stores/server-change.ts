// Results shown for one server must not linger when the next one is another
// server: a Re-run would go to the wrong place. Reconnecting to the same
// server keeps them.

import type { ConnectionSnapshot } from '../connection/proxy-connection.js';

/** What identifies the server a connection talks to: its transport settings. */
export function serverKey(snapshot: ConnectionSnapshot | null): string | undefined {
  return snapshot ? JSON.stringify(snapshot.transport) : undefined;
}

/** Calls `onChange` when a connection starts to a server other than the previous one. */
export function watchServerChange(subscribe: (listener: (s: { snapshot: ConnectionSnapshot | null }) => void) => () => void, onChange: () => void): () => void {
  let key: string | undefined;
  let connection: number | undefined;
  return subscribe((s) => {
    if (!s.snapshot || s.snapshot.connection === connection) return;
    connection = s.snapshot.connection;
    const next = serverKey(s.snapshot);
    if (key !== undefined && next !== key) onChange();
    key = next;
  });
}
