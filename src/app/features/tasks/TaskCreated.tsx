// In the Tools tab: the call was answered with a task (CreateTaskResult), not a result yet.
import { useApp } from '../../hooks.js';
import type { Task } from '../../../protocol/index.js';

export function TaskCreated({ task }: { task: Task }) {
  const { navigationStore } = useApp();
  return (
    <div className="tool-success task-created">
      <p className="tool-success-title">Task created</p>
      <p>
        The server runs this call as task <code>{task.taskId}</code> ({task.status}
        {task.statusMessage ? `: ${task.statusMessage}` : ''}). The Tasks tab polls it and shows its result when it ends.
      </p>
      <button type="button" className="small" onClick={() => navigationStore.getState().selectTab('tasks')}>
        Open in the Tasks tab
      </button>
    </div>
  );
}
