// Asks before a destructive tool is called: a modal <dialog> (the browser
// keeps focus inside and Escape cancels) with Call anyway, Cancel, and
// "don't ask again" for this tool until the next connection.

import { useEffect, useId, useRef, useState } from 'react';
import { useTools } from '../../hooks.js';
import type { PendingCall } from './tools-store.js';

function why(call: PendingCall): string {
  const name = call.tool.name;
  return call.tool.annotations?.destructiveHint === true
    ? `The server marks ${name} as destructive (destructiveHint: true): it may delete or overwrite data.`
    : `The server marks ${name} as not read-only and gives no destructiveHint, which then defaults to true: it may delete or overwrite data.`;
}

export function ConfirmCallDialog() {
  const confirm = useTools((s) => s.confirm);
  const cancelConfirmation = useTools((s) => s.cancelConfirmation);
  const call = useTools((s) => s.confirming);
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [dontAsk, setDontAsk] = useState(false);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (call && !dialog.open) {
      setDontAsk(false);
      dialog.showModal();
      // The safe choice has the focus: Enter or Space right away does not call.
      cancel.current?.focus();
    } else if (!call && dialog.open) dialog.close();
  }, [call]);

  return (
    <dialog
      ref={ref}
      className="confirm-call"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(e) => {
        // Escape: the store decides what is open.
        e.preventDefault();
        cancelConfirmation();
      }}
    >
      {call && (
        <>
          <h3 id={titleId}>Call {call.tool.name}?</h3>
          <p id={textId}>{why(call)}</p>
          <pre className="json confirm-call-arguments" aria-label="Arguments to send">
            {JSON.stringify(call.arguments, null, 2)}
          </pre>
          <label className="confirm-call-again">
            <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
            Don't ask again for this tool in this session
          </label>
          <div className="toolbar">
            <button type="button" className="danger" onClick={() => void confirm(dontAsk)}>
              Call anyway
            </button>
            <button type="button" ref={cancel} onClick={cancelConfirmation}>
              Cancel
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
