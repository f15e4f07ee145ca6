// "Ask before the app calls a tool": the first question of one app instance as
// a modal dialog with the tool and its arguments; Deny (or Escape, or ×)
// answers the app with an error. Shown by that instance's own view.

import { Modal } from '../servers/Modal.js';
import { useApps } from './use-apps.js';

export function ToolCallQuestionDialog({ app }: { app: number }) {
  const question = useApps((s) => s.questions.find((q) => q.app === app));
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
