// Whether a tool may be called as a task (2025-11-25): the server must declare
// tasks.requests.tools.call, and then the tool's execution.taskSupport decides.

import { isRecord } from '../json/guards.js';
import type { Tool } from '../mcp/types.js';

export interface ToolTaskSupport {
  /** none: call it normally; optional: the person chooses; required: always as a task. */
  mode: 'none' | 'optional' | 'required';
  /** Why, when the tool and the server disagree. */
  note?: string;
}

/** A declared capability is an object (possibly empty). */
function serverRunsToolTasks(capabilities: Record<string, unknown> | undefined): boolean {
  const tasks = capabilities?.tasks;
  const requests = isRecord(tasks) ? tasks.requests : undefined;
  return isRecord(requests) && isRecord(requests.tools) && Object.hasOwn(requests.tools, 'call') && isRecord(requests.tools.call);
}

export function toolTaskSupport(tool: Pick<Tool, 'execution'>, capabilities: Record<string, unknown> | undefined): ToolTaskSupport {
  const declared = isRecord(tool.execution) ? tool.execution.taskSupport : undefined;
  if (declared !== 'optional' && declared !== 'required') return { mode: 'none' };
  if (!serverRunsToolTasks(capabilities)) {
    return {
      mode: 'none',
      note: `The tool says execution.taskSupport "${declared}", but the server does not declare tasks.requests.tools.call, so a client must not call it as a task; it is called normally.`,
    };
  }
  return { mode: declared };
}
