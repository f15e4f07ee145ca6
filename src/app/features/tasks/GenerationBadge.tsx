// Which generation a task belongs to: 2025-11-25's experimental tasks or the 2026-07-28 extension.
import type { TaskGeneration } from '../../../protocol/index.js';
import './generation-badge.css';

const LABEL: Record<TaskGeneration, { text: string; title: string }> = {
  legacy: { text: '2025-11-25 tasks', title: 'Experimental tasks of 2025-11-25: tasks/get, tasks/result, tasks/list, tasks/cancel' },
  modern: { text: 'tasks extension', title: 'io.modelcontextprotocol/tasks (2026-07-28): tasks/get, tasks/update, tasks/cancel' },
};

export function GenerationBadge({ generation }: { generation: TaskGeneration }) {
  const { text, title } = LABEL[generation];
  return (
    <span className={`task-generation task-generation-${generation}`} title={title}>
      {text}
    </span>
  );
}
