// "Save as test" for the connection in view (the Log's toolbar): every call,
// read and prompt it answered, as a test file — the page's own connection, or
// a captured one.

import { useApp } from '../../app-context.js';
import { useCapturedInView, useConnection } from '../../hooks.js';
import { capturedTest, connectionTest } from './save-test.js';
import { SaveTestStatus, useSaveTest } from './SaveTest.js';

export function SaveConnectionTest() {
  const { logStore } = useApp();
  const captured = useCapturedInView();
  const snapshot = useConnection((s) => s.snapshot);
  const { status, save } = useSaveTest();
  const make = () => {
    const entries = logStore.getState().entries;
    return captured ? capturedTest(captured.store.getState(), captured.connection, entries) : connectionTest(snapshot, entries);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => save(make)}
        title="Every tool call, resource read and prompt of the connection in view, with its result, as a file for mcpscope test"
      >
        Save as test
      </button>
      <SaveTestStatus status={status} />
    </>
  );
}
