// In the Tools tab: the call was answered with a task, not a result yet: a
// CreateTaskResult the call asked for (2025-11-25) or a task handle the server
// chose to return (the 2026-07-28 tasks extension).
import { useApp } from '../../hooks.js';
import type { Task, TaskGeneration } from '../../../protocol/index.js';
import { GenerationBadge } from './GenerationBadge.js';

export function TaskCreated({ task, generation }: { task: Task; generation: TaskGeneration }) {
  const { navigationStore } = useApp();
  return (
    <div className="tool-success task-created">
      <p className="tool-success-title">Task created</p>
      <p>
        <GenerationBadge generation={generation} /> The server runs this call as task <code>{task.taskId}</code> ({task.status}
        {task.statusMessage ? `: ${task.statusMessage}` : ''}).{' '}
        {generation === 'modern'
          ? 'It answered with a task handle instead of the result; the Tasks tab polls tasks/get and shows the result when it ends.'
          : 'The Tasks tab polls it and shows its result when it ends.'}
      </p>
      <button type="button" className="small" onClick={() => navigationStore.getState().selectTab('tasks')}>
        Open in the Tasks tab
      </button>
    </div>
  );
}
