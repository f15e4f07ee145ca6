// An input request of a 2026 task (tasks/get's inputRequests) is answered like
// the equivalent server→client request: by the client's handler of that method,
// under the same feature switches (the SEP: same trust model, same behaviour).

import { ErrorCode } from '../jsonrpc/codec.js';
import { handlerEnabled, type ClientFeatures } from '../session/client-capabilities.js';
import type { ServerRequestAnswer, ServerRequestHandler } from '../session/types.js';

/** A method switched off or not handled is refused with -32601, saying which. */
export async function answerTaskInput(
  handlers: Readonly<Record<string, ServerRequestHandler>>,
  features: ClientFeatures,
  method: string,
  params: unknown,
  taskId: string,
): Promise<ServerRequestAnswer> {
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!handler || !handlerEnabled(method, features)) {
    const why = handler ? "switched off in mcpscope's client capabilities" : 'mcpscope does not handle it';
    return { error: { code: ErrorCode.MethodNotFound, message: `${method} is not answered (${why})` } };
  }
  return handler(params, { id: `task ${taskId}` });
}
