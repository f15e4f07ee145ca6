// The log from before a reload: put back before anything can be connected
// (its numbering continues from it), and saved as it grows.

import { restoreLabels } from './stores/connection-labels.js';
import type { App } from './app.js';
import { restoreLogMessages } from './features/logging/restore.js';
import { activeScope } from './workspace/workspace-store.js';

type SavedLogParts = Pick<App, 'logSaver' | 'logStore' | 'lint' | 'connectionLabels' | 'connectionNumbers' | 'workspace'>;

/** Puts the log from before a reload back, then saves the log as it changes. */
export async function restoreSavedLog(app: SavedLogParts): Promise<void> {
  const { logSaver, logStore, lint, connectionLabels } = app;
  const saved = await logSaver.load();
  if (saved) {
    const { upToSeq, lastConnection } = logSaver.store.getState().restored!;
    if (logStore.getState().restore(saved.entries)) {
      lint.restore(saved.findings, upToSeq);
      restoreLabels(connectionLabels, saved.labels);
      // Server messages from before the reload go to the scope the page starts with.
      restoreLogMessages(saved.entries, activeScope(app.workspace).logging);
      app.connectionNumbers.after(lastConnection);
    } else {
      logSaver.fail(
        "The log from before the reload was not shown because this page had already logged frames; it is left in storage, and this page's log is not saved. Use Export log to keep this one.",
      );
      logSaver.store.setState({ restored: undefined });
    }
  }
  const save = () => logSaver.changed();
  logStore.subscribe(save);
  lint.store.subscribe(save);
  connectionLabels.subscribe(save);
  save();
}

/** Clear the log from before the reload: from the page and from storage. */
export function clearRestoredLog(app: Pick<App, 'logSaver' | 'logStore' | 'lint'>): void {
  const restored = app.logSaver.store.getState().restored;
  if (!restored) return;
  app.logStore.getState().dropBefore(restored.upToSeq + 1);
  app.lint.forgetConnections(restored.lastConnection);
  void app.logSaver.clearRestored();
}
