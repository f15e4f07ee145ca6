// The Log's word about the saved log: which frames came back from before the
// reload (with a way to clear them), and when the log could not be saved.

import { useStore } from 'zustand';
import { plural } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';

export function SavedLogBanner() {
  const { clearRestoredLog, logSaver } = useApp();
  const restored = useStore(logSaver.store, (s) => s.restored);
  const error = useStore(logSaver.store, (s) => s.error);
  return (
    <>
      {restored && (
        <div className="restored-banner" role="region" aria-label="Log from before the reload">
          <p>
            <strong>
              Frames #{restored.fromSeq}–#{restored.upToSeq} ({plural(restored.frames, 'frame')}) are from before the page was reloaded.
            </strong>{' '}
            The reload ended their connections; new connections are numbered from {restored.lastConnection + 1}.{' '}
            <button type="button" onClick={clearRestoredLog}>
              Clear the log from before the reload
            </button>
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="log-error">
          {error}
        </p>
      )}
    </>
  );
}
