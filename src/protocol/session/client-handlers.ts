// The client's answers to server requests: one handler per method, installed
// only for the features switched on; any other method is refused with -32601
// saying why, and an elicitation mode the client did not declare with -32602.

import { ErrorCode, type JsonRpcErrorObject } from '../jsonrpc/codec.js';
import { elicitationModeRefusal } from '../mcp/elicitation.js';
import { handlerEnabled, type ClientFeatures } from './client-capabilities.js';
import type { ServerRequestAnswer, ServerRequestHandler, ServerRequestInfo } from './types.js';

export class ClientHandlers {
  private readonly handlers = new Map<string, ServerRequestHandler>();

  constructor(private readonly features: Readonly<ClientFeatures>) {
    // Either side may ping at any time; the answer is an empty result.
    this.handlers.set('ping', () => ({ result: {} }));
  }

  /** Install a handler; ignored for a method whose feature is switched off (the server keeps getting -32601). */
  set(method: string, handler: ServerRequestHandler): void {
    if (handlerEnabled(method, this.features)) this.handlers.set(method, handler);
  }

  has(method: string): boolean {
    return this.handlers.has(method);
  }

  /** Why a server request of `method` is refused without asking anyone, or undefined. */
  refusal(method: string): { error: JsonRpcErrorObject } | undefined {
    if (this.handlers.has(method)) return undefined;
    const why = handlerEnabled(method, this.features) ? 'mcpscope does not handle it' : "switched off in mcpscope's client capabilities";
    return { error: { code: ErrorCode.MethodNotFound, message: `Method not found: ${method} (${why})` } };
  }

  /** The installed handler's answer, or the refusal; `declared` is what initialize (or the modern `_meta`) declared. */
  answer(
    method: string,
    params: unknown,
    info: ServerRequestInfo,
    declared: Record<string, unknown> | undefined,
  ): ServerRequestAnswer | Promise<ServerRequestAnswer> {
    const refused = this.refusal(method);
    if (refused) return refused;
    // A mode the client did not declare is refused before anyone is asked (-32602, as the spec says).
    const modeRefusal = method === 'elicitation/create' && declared ? elicitationModeRefusal(params, declared) : undefined;
    if (modeRefusal !== undefined) return { error: { code: ErrorCode.InvalidParams, message: modeRefusal } };
    return this.handlers.get(method)!(params, info);
  }
}
