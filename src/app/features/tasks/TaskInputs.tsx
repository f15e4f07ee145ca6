// A 2026 task's input requests (tasks/get's inputRequests), each by its key:
// being answered (in the same dialog or panel as a server's request), sent
// back with tasks/update, or why it was not.
import { isRecord, type TaskTrackerState } from '../../../protocol/index.js';

const PHASE: Record<TaskTrackerState['inputs'][string]['phase'], string> = {
  asking: 'Waiting for you: answer it in the dialog.',
  sending: 'Sending the answer with tasks/update…',
  sent: 'Answered with tasks/update.',
  failed: '',
};

export function TaskInputs({ inputs }: { inputs: TaskTrackerState['inputs'] }) {
  const entries = Object.entries(inputs);
  if (entries.length === 0) return null;
  return (
    <ul className="task-inputs" aria-label="Input requests">
      {entries.map(([key, input]) => {
        const params = input.request.params;
        const message = isRecord(params) && typeof params.message === 'string' ? params.message : undefined;
        return (
          <li key={key} className={input.phase === 'failed' ? 'task-problem' : input.phase === 'asking' ? 'task-waiting' : undefined}>
            <code>{key}</code>: <code>{input.request.method}</code>
            {message !== undefined && <> “{message}”</>} — {input.phase === 'failed' ? input.message : PHASE[input.phase]}
          </li>
        );
      })}
    </ul>
  );
}
