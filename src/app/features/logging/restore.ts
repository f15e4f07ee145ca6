// After a reload the Log puts back its saved frames; the log messages among
// them are put back here too, so the Server messages tab agrees with the Log.

import type { LogEntry } from '../../stores/log-store.js';
import type { LoggingStore } from './logging-store.js';

export function restoreLogMessages(entries: readonly LogEntry[], store: LoggingStore): void {
  for (const e of entries) {
    if (e.direction !== 'in' || e.kind !== 'notification' || e.method !== 'notifications/message') continue;
    let params: unknown;
    try {
      params = (JSON.parse(e.raw) as { params?: unknown }).params;
    } catch {
      continue; // a notification entry is valid JSON; nothing to show otherwise
    }
    store.getState().receive(params, e.connection, e.at);
  }
}
