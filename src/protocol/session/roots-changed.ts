// notifications/roots/list_changed: sent when the client's roots change while
// a session is up — only if initialize declared roots.listChanged, and only
// after the handshake (before it, the server has not asked for roots yet).

import { isRecord } from '../json/guards.js';
import type { ClientSession } from './client-session.js';

export const ROOTS_LIST_CHANGED = 'notifications/roots/list_changed';

/** Tell the server its roots changed, when this session may; true when the notification went out. */
export function announceRootsListChanged(session: ClientSession): boolean {
  const roots = session.declaredCapabilities?.roots;
  if (session.state !== 'ready' || !isRecord(roots) || roots.listChanged !== true) return false;
  return session.notify(ROOTS_LIST_CHANGED);
}
