// The demo's task-capable tool (2025-11-25 tasks): brew_tea may be called
// normally or as a task (execution.taskSupport "optional"). As a task it is
// answered at once with a CreateTaskResult; each brewing step becomes the
// task's statusMessage, and the SDK's task store answers tasks/get,
// tasks/result, tasks/list and tasks/cancel.
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, CreateTaskResult } from '@modelcontextprotocol/sdk/types.js';

export const TASK_CAPABILITIES = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

const STEPS = ['Boiling water', 'Warming the pot', 'Steeping', 'Pouring'];
const DEFAULT_STEP_MS = 800;
const TASK_TTL_MS = 5 * 60_000;

export const brewTeaTool = {
  name: 'brew_tea',
  title: 'Brew tea',
  description: 'Brews a pot of tea in four steps. Call it as a task to poll each step, or normally to wait for the pot.',
  inputSchema: {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: ['green', 'black', 'oolong'], default: 'green', description: 'Which tea' },
      stepMs: { type: 'integer', minimum: 10, maximum: 10_000, default: DEFAULT_STEP_MS, description: 'Milliseconds per step' },
    },
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  execution: { taskSupport: 'optional' },
};

interface TeaArgs {
  kind: string;
  stepMs: number;
}

/** The arguments, or why they are not usable (said as a tool error, like the other demo tools). */
function teaArgs(args: Record<string, unknown>): TeaArgs | string {
  const kind = args.kind ?? 'green';
  const stepMs = args.stepMs ?? DEFAULT_STEP_MS;
  if (typeof kind !== 'string' || !['green', 'black', 'oolong'].includes(kind)) return `/kind must be one of green, black, oolong`;
  if (typeof stepMs !== 'number' || !Number.isInteger(stepMs) || stepMs < 10 || stepMs > 10_000) return '/stepMs must be an integer from 10 to 10000';
  return { kind, stepMs };
}

const pot = ({ kind }: TeaArgs): CallToolResult => ({ content: [{ type: 'text', text: `A pot of ${kind} tea, ready after ${STEPS.length} steps.` }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** brew_tea called normally: the result after every step. */
export async function brewTea(args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
  const parsed = teaArgs(args);
  if (typeof parsed === 'string') return { content: [{ type: 'text', text: `Invalid arguments: ${parsed}` }], isError: true };
  for (let i = 0; i < STEPS.length && !signal.aborted; i++) await sleep(parsed.stepMs);
  return pot(parsed);
}

/** brew_tea called as a task: the task at once, the brewing in the background. */
export async function brewTeaAsTask(
  args: Record<string, unknown>,
  store: RequestTaskStore,
  requestedTtl: number | undefined,
  log: (line: string) => void,
): Promise<CreateTaskResult> {
  const parsed = teaArgs(args);
  const task = await store.createTask({ ttl: requestedTtl ?? TASK_TTL_MS, pollInterval: 500 });
  void (async () => {
    if (typeof parsed === 'string') {
      await store.storeTaskResult(task.taskId, 'failed', { content: [{ type: 'text', text: `Invalid arguments: ${parsed}` }], isError: true });
      return;
    }
    for (const [i, step] of STEPS.entries()) {
      // tasks/cancel sets the status in the store: stop brewing then.
      if ((await store.getTask(task.taskId)).status === 'cancelled') return;
      await store.updateTaskStatus(task.taskId, 'working', `${step} (${i + 1}/${STEPS.length})…`);
      await sleep(parsed.stepMs);
    }
    if ((await store.getTask(task.taskId)).status === 'cancelled') return;
    await store.storeTaskResult(task.taskId, 'completed', pot(parsed));
  })().catch((e: unknown) => log(`demo: brew_tea task ${task.taskId} failed: ${e instanceof Error ? e.message : String(e)}`));
  return { task };
}
