// A URL-mode elicitation (2025-11-25): the server asks the person to open a web
// page. The dialog shows the message and the address, its host emphasised, and
// opens it only on a click: Open (a new tab, then "accept"), Decline or Cancel.

import { useStore } from 'zustand';
import { describeUrlTarget } from '../../../protocol/index.js';
import { useConnectionScope } from '../../hooks.js';
import type { PendingUrlElicitation } from './elicitation.js';
import { DeclineAndCancel, ElicitationModal } from './ElicitationModal.js';
import { UrlTargetView, openUrlElicitation } from './UrlTarget.js';

export function UrlElicitationDialog({ item }: { item: PendingUrlElicitation }) {
  const { elicitations } = useConnectionScope();
  const completed = useStore(elicitations.store, (s) => s.urls.get(item.elicitationId)?.completed === true);
  const target = describeUrlTarget(item.url);

  const open = () => {
    if ('problem' in target || !target.opens) return;
    openUrlElicitation(target);
    elicitations.opened(item.elicitationId);
    // "accept" says the person consented to open it; the page itself is out of band.
    item.answer({ result: { action: 'accept' } });
  };

  return (
    // Focus starts on Decline: Enter must not open a page the person has not read.
    <ElicitationModal item={item} title="The server asks you to open a web page" initialFocus="button[data-initial]">
      <UrlTargetView url={item.url} target={target} />
      {item.problems.length > 0 && (
        <p className="hint">This request is malformed ({item.problems.join('; ')}); it is shown as it came, and the Problems tab lists it.</p>
      )}
      {completed && (
        <p role="status" className="url-complete">
          The server reports this elicitation complete (notifications/elicitation/complete); you may still answer.
        </p>
      )}
      <p className="hint">
        Open shows it in a new browser tab that cannot reach this page, and answers &quot;accept&quot;. What you do on that page goes to the server, not through
        mcpscope.
      </p>
      <div className="toolbar">
        <button type="button" className="primary" onClick={open} disabled={'problem' in target || !target.opens}>
          Open in a new tab
        </button>
        <DeclineAndCancel item={item} initial />
      </div>
    </ElicitationModal>
  );
}
