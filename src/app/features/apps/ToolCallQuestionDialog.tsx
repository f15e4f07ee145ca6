// "Ask before the app calls a tool": the first waiting question as a modal
// dialog with the tool and its arguments; Deny (or Escape, or ×) answers the
// app with an error.

import { Modal } from '../servers/Modal.js';
import { useApps } from './use-apps.js';

export function ToolCallQuestionDialog() {
  const question = useApps((s) => s.questions[0]);
  if (!question) return null;
  return (
    <Modal
      key={`${question.app} ${question.name}`}
      title={`App ${question.app} wants to call ${question.name}`}
      className="app-question"
      onClose={() => question.answer(false)}
    >
      <pre className="json confirm-call-arguments" aria-label="Arguments the app sends">
        {JSON.stringify(question.arguments ?? {}, null, 2)}
      </pre>
      <div className="toolbar">
        <button type="button" onClick={() => question.answer(true)}>
          Allow
        </button>
        <button type="button" onClick={() => question.answer(false)}>
          Deny
        </button>
      </div>
    </Modal>
  );
}
