// The frame every elicitation dialog shares: a modal that keeps Tab inside,
// answers "cancel" on Escape, and puts the focus on the control the caller names.

import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { PendingElicitation } from './elicitation.js';
import { trapFocus } from './trap-focus.js';

export function ElicitationModal({
  item,
  title,
  initialFocus,
  children,
}: {
  item: PendingElicitation;
  title: string;
  /** A selector for the control focused on opening. */
  initialFocus: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  // Each caller passes a fixed selector, so this runs once, on opening.
  useEffect(() => root.current?.querySelector<HTMLElement>(initialFocus)?.focus(), [initialFocus]);

  return (
    <div className="elicitation-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="elicitation-dialog"
        ref={root}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            item.answer({ result: { action: 'cancel' } });
          } else if (e.key === 'Tab') trapFocus(e, root.current);
        }}
      >
        <h3 id={titleId}>{title}</h3>
        <p className="elicitation-message">{item.message}</p>
        {children}
      </div>
    </div>
  );
}

/** The two refusals every elicitation offers; `initial` marks Decline as the control focused on opening. */
export function DeclineAndCancel({ item, initial = false }: { item: PendingElicitation; initial?: boolean }) {
  return (
    <>
      <button type="button" data-initial={initial || undefined} onClick={() => item.answer({ result: { action: 'decline' } })}>
        Decline
      </button>
      <button type="button" onClick={() => item.answer({ result: { action: 'cancel' } })}>
        Cancel
      </button>
    </>
  );
}
