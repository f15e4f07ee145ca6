// "Run as task" beside the call controls (2025-11-25): offered where the tool's
// execution.taskSupport is optional, always on (and explained) where it is required.
import { useId } from 'react';
import type { ToolTaskSupport } from '../../../protocol/index.js';

export function TaskChoice({ support, asTask, onChange }: { support: ToolTaskSupport; asTask: boolean; onChange: (asTask: boolean) => void }) {
  const id = useId();
  if (support.mode === 'none') return support.note ? <p className="hint task-choice">{support.note}</p> : null;
  if (support.mode === 'required') {
    return (
      <p className="hint task-choice" role="note">
        Runs as a task: its execution.taskSupport is "required", so the server answers with a task at once, and the Tasks tab follows it to its result.
      </p>
    );
  }
  return (
    <div className="task-choice">
      <input id={id} type="checkbox" checked={asTask} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>Run as task</label>
      <span className="hint"> (execution.taskSupport "optional": the server answers with a task, which the Tasks tab follows to its result)</span>
    </div>
  );
}
