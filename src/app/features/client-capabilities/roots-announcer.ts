// Tells a connected server when the roots change: each change of the list
// sends notifications/roots/list_changed, when the session declared
// roots.listChanged (the server then asks roots/list again).

import { announceRootsListChanged, type ClientSession } from '../../../protocol/index.js';
import type { ClientSettings } from './client-settings.js';

export function announceRootChanges(settings: ClientSettings, session: () => ClientSession | undefined): () => void {
  return settings.subscribe((now, before) => {
    if (now.roots === before.roots) return;
    const current = session();
    if (current) announceRootsListChanged(current);
  });
}
