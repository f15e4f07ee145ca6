// "Save as test" in the Log's toolbar: every call, read and prompt answered on
// the connection in view (the page's own, or a captured one), or in the
// imported log shown, as a test file.

import { useApp } from '../../app-context.js';
import { useCapturedInView, useConnection } from '../../hooks.js';
import type { ImportedLog } from '../log/log-file.js';
import { SaveTestStatus, useSaveTest, type SaveTestBuilder } from './SaveTest.js';

export function SaveConnectionTest({ imported }: { imported: ImportedLog | null }) {
  const { logStore } = useApp();
  const captured = useCapturedInView();
  const snapshot = useConnection((s) => s.snapshot);
  const { status, save } = useSaveTest();
  const make = (b: SaveTestBuilder) => {
    if (imported) return b.importedTest(imported);
    const entries = logStore.getState().entries;
    return captured ? b.capturedTest(captured.store.getState(), captured.connection, entries) : b.connectionTest(snapshot, entries);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => save(make)}
        title={`Every tool call, resource read and prompt ${imported ? 'of the imported log' : 'of the connection in view'}, with its result, as a file for mcpscope test`}
      >
        Save as test
      </button>
      <SaveTestStatus status={status} />
    </>
  );
}
