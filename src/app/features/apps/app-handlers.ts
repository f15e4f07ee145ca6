// What the host does with an app's requests: each goes over the scope's
// connection like the person's own (so it is on the wire, in the Log and
// linted), or into the app's panel for the person to see. A thrown Error is
// sent back to the app as a JSON-RPC error, its message a sentence.

import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { isRecord, requestFollowingInput, toolVisibility, type InputFollowingSession, type RequestOutcome, type Tool } from '../../../protocol/index.js';
import type { ToolCallRecord } from '../tools/tools-store.js';
import type { AppRequestHandlers, JsonObject } from './app-frame-contract.js';
import { DISPLAY_MODES, type AppsStore } from './apps-store.js';

export interface AppHandlerDeps {
  /** The app instance the handlers answer. */
  app: number;
  apps: AppsStore;
  /** The tools the server listed (an app may only call those it can be shown). */
  tools: () => readonly Tool[];
  /** tools/call through the Tools tab's store (kept in its history marked as this app's). */
  callTool: (tool: Tool, args: Record<string, unknown> | undefined, app: number) => Promise<ToolCallRecord | undefined>;
  /** The session of the connection the app was opened on, while it is still the current one. */
  session: () => InputFollowingSession | undefined;
  now?: () => number;
}

const NOT_CONNECTED = 'mcpscope is not connected to the server any more: connect again and reopen the app.';

/** A result as the app gets it, or the reason there is none, as an Error the bridge answers with. */
export function answerOf(method: string, outcome: RequestOutcome): JsonObject {
  switch (outcome.status) {
    case 'result':
      if (isRecord(outcome.result)) return outcome.result;
      throw new Error(`The server answered ${method} with a result that is not an object.`);
    case 'error':
      throw new Error(`The server answered ${method} with error ${outcome.error.code}: ${outcome.error.message}`);
    default:
      throw new Error(`${method} got no answer: ${outcome.message}`);
  }
}

/** Text of content blocks, for the panel; other blocks are named by their type. */
function textOf(content: readonly unknown[]): string {
  return content
    .map((block) =>
      isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : `[${isRecord(block) ? String(block.type) : 'block'}]`,
    )
    .join('\n');
}

export function createAppHandlers(deps: AppHandlerDeps): AppRequestHandlers {
  const { app, apps } = deps;
  const now = deps.now ?? Date.now;
  return {
    async callTool({ name, arguments: args }) {
      const tool = deps.tools().find((t) => t.name === name) ?? { name, inputSchema: { type: 'object' } };
      // The spec's visibility: a tool only the model may call is refused to the app, and not sent.
      if (!toolVisibility(tool).includes('app')) {
        throw new Error(`The tool "${name}" is not for apps: its _meta.ui.visibility does not include "app", so mcpscope did not send the call.`);
      }
      if (apps.getState().askBeforeToolCall && !(await apps.getState().ask(app, name, args))) {
        throw new Error(`The person using mcpscope denied this app's call of the tool "${name}".`);
      }
      const record = await deps.callTool(tool, args, app);
      if (!record) throw new Error(NOT_CONNECTED);
      return answerOf('tools/call', record.outcome);
    },
    async readResource({ uri }) {
      const session = deps.session();
      if (!session) throw new Error(NOT_CONNECTED);
      return answerOf('resources/read', await requestFollowingInput(session, 'resources/read', { uri }));
    },
    message(params) {
      apps.getState().said(app, { at: now(), kind: 'message', text: textOf(params.content) });
      return Promise.resolve({});
    },
    openLink({ url }) {
      apps.getState().said(app, { at: now(), kind: 'link', url });
      return Promise.resolve({});
    },
    updateModelContext(params) {
      apps.getState().setModelContext(app, params);
      return Promise.resolve({});
    },
    requestDisplayMode(mode: McpUiDisplayMode) {
      const current = apps.getState().instances.find((i) => i.app === app)?.displayMode ?? 'inline';
      if (!DISPLAY_MODES.includes(mode)) return Promise.resolve(current);
      apps.getState().setDisplayMode(app, mode);
      return Promise.resolve(mode);
    },
  };
}
