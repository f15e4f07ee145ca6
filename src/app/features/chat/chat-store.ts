// The Chat view's conversation: the person's messages, the model's replies and the tool calls they cause. One turn
// is one model request through the proxy; each tool_use is a tools/call over its own connection, made by that
// connection's Tools store like the person's own call (so it is in the Log, linted, and in History "from chat").
// Framework-free: the model, the connections and the settings come from its deps.
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  callResult,
  errorResult,
  modelToolsOf,
  chatTools,
  parseModelRef,
  resolveToolUse,
  toolUsesOf,
  type ChatToolSource,
  type ModelContent,
  type ModelFailure,
  type ModelMessage,
  type ModelOutcome,
  type ModelReply,
  type ModelRequest,
  type ResultCut,
  type RequestOutcome,
  type Tool,
} from '../../../protocol/index.js';
import type { ToolCallRecord } from '../tools/tools-store.js';
import type { ChatRunSettings } from './chat-settings.js';

/** A connection whose tools the chat may use. */
export interface ChatConnection extends ChatToolSource<Tool> {
  /** The connection number the tools were listed on (a tool's app is opened on it). */
  connection: number;
  /**
   * tools/call through the connection's Tools store; undefined when it sent nothing (not connected). Aborting
   * `signal` cancels the call in flight (notifications/cancelled), or its next round.
   */
  call: (tool: Tool, args: Record<string, unknown>, signal: AbortSignal) => Promise<ToolCallRecord | undefined>;
}

export interface ChatDeps {
  generate: (request: ModelRequest, signal: AbortSignal) => Promise<ModelOutcome>;
  /** The chosen connections, with their tools as listed now. */
  connections: () => Promise<readonly ChatConnection[]>;
  /** The settings as they are now; undefined while one of them is wrong (the settings panel says which). */
  settings: () => ChatRunSettings | undefined;
  /** The page's time limit for one model answer as a request is sent, in seconds (undefined: the proxy's default). */
  timeoutSeconds: () => number | undefined;
}

/** The model a failed request asked and the time limit it had, so a timeout is said with both. */
export interface AskedModel {
  model: string;
  timeoutSeconds: number | undefined;
}

type ToolCallStatus = 'awaiting-approval' | 'running' | 'done';

export type ChatEntry =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; reply: ModelReply }
  | {
      kind: 'tool';
      toolUseId: string;
      name: string;
      server?: string;
      /** The connection's scope (ChatConnection.key) and number, once the tool was found. */
      key?: number;
      connection?: number;
      arguments: unknown;
      status: ToolCallStatus;
      /** The tool_result the model is given. */
      result?: ModelContent;
      /** The result was too long for the model: it was given the first characters only. */
      cut?: ResultCut;
      /** Why it was not called as asked (unknown tool, arguments refused, denied). */
      problem?: string;
      /** The call as the Tools store kept it, once it was sent. */
      record?: ToolCallRecord;
    }
  | { kind: 'notice'; text: string }
  | { kind: 'failure'; failure: ModelFailure; asked?: AskedModel };

export interface ChatState {
  model: string;
  entries: ChatEntry[];
  /** What the model is given: the conversation in MCP's sampling words. */
  messages: ModelMessage[];
  running: boolean;
  setModel(model: string): void;
  /** The person's message, then turns until the model stops asking for tools. */
  send(text: string): Promise<void>;
  /** A server prompt's messages (prompts/get) as the start of the conversation, then a turn. */
  startWith(messages: readonly ModelMessage[]): Promise<void>;
  /** After a failure: the same request again. */
  retry(): Promise<void>;
  /** Allow or deny the tool call waiting for approval. */
  decide(toolUseId: string, allow: boolean): void;
  stop(): void;
  clear(): void;
}

export type ChatStore = StoreApi<ChatState>;

const DENIED = 'The person using mcpscope declined this tool call; it was not sent to the server.';
const STOPPED = 'The person stopped the chat before this tool call was made.';
const CANCELLED = 'The person stopped the chat while this tool call ran: mcpscope sent notifications/cancelled for it.';
const limit = (rounds: number) => `Not run: this message already caused ${rounds} rounds of tool calls, the chat's limit (Max rounds in the settings).`;
const UNSETTLED = 'mcpscope did not ask it, because a chat setting is wrong (the settings say which). Correct it, then try again.';

function outcomeBlock(toolUseId: string, outcome: RequestOutcome): { block: ModelContent; cut?: ResultCut; problem?: string } {
  if (outcome.status === 'result') return callResult(toolUseId, outcome.result);
  const message = outcome.status === 'error' ? `The server answered with error ${outcome.error.code}: ${outcome.error.message}` : outcome.message;
  return { block: errorResult(toolUseId, message), problem: message };
}

export function createChatStore(deps: ChatDeps): ChatStore {
  let controller: AbortController | undefined;
  const approvals = new Map<string, (allow: boolean) => void>();
  return createStore<ChatState>()((set, get) => {
    const push = (entry: ChatEntry) => set((s) => ({ entries: [...s.entries, entry] }));
    const patchTool = (toolUseId: string, change: Partial<Extract<ChatEntry, { kind: 'tool' }>>) =>
      set((s) => ({ entries: s.entries.map((e) => (e.kind === 'tool' && e.toolUseId === toolUseId ? { ...e, ...change } : e)) }));

    const approval = (toolUseId: string, signal: AbortSignal): Promise<boolean> =>
      new Promise((resolve) => {
        const done = (allow: boolean) => {
          approvals.delete(toolUseId);
          resolve(allow);
        };
        approvals.set(toolUseId, done);
        signal.addEventListener('abort', () => done(false), { once: true });
      });

    const runUse = async (use: ReturnType<typeof toolUsesOf>[number], connections: readonly ChatConnection[], signal: AbortSignal): Promise<ModelContent> => {
      const offered = chatTools(connections);
      const resolved = resolveToolUse(use, offered);
      const connection = resolved.ok ? connections.find((c) => c.key === resolved.tool.key) : undefined;
      push({
        kind: 'tool',
        toolUseId: use.id,
        name: use.name,
        ...(resolved.ok && connection ? { server: resolved.tool.label, key: connection.key, connection: connection.connection } : {}),
        arguments: use.input,
        status: 'running',
      });
      const fail = (problem: string, block = errorResult(use.id, problem)) => {
        patchTool(use.id, { status: 'done', result: block, problem });
        return block;
      };
      if (!resolved.ok || !connection) return fail(resolved.ok ? 'The connection of this tool is no longer open.' : resolved.message);
      if (signal.aborted) return fail(STOPPED);
      if (deps.settings()?.approveEach === true) {
        patchTool(use.id, { status: 'awaiting-approval' });
        const allowed = await approval(use.id, signal);
        if (!allowed) return fail(signal.aborted ? STOPPED : DENIED);
        patchTool(use.id, { status: 'running' });
      }
      const record = await connection.call(resolved.tool.tool, resolved.arguments, signal);
      if (!record) return fail(signal.aborted ? STOPPED : `Not sent: the connection to "${connection.label}" is not ready.`);
      patchTool(use.id, { record });
      if (signal.aborted && record.outcome.status === 'cancelled') return fail(CANCELLED);
      const { block, cut, problem } = outcomeBlock(use.id, record.outcome);
      patchTool(use.id, { status: 'done', result: block, ...(cut !== undefined ? { cut } : {}), ...(problem !== undefined ? { problem } : {}) });
      return block;
    };

    const turns = async (): Promise<void> => {
      controller = new AbortController();
      const { signal } = controller;
      set({ running: true });
      try {
        for (let round = 0; ; round++) {
          const settings = deps.settings();
          if (!settings) return push({ kind: 'failure', failure: { kind: 'bad-request', message: UNSETTLED, retryable: true } });
          const connections = await deps.connections();
          const tools = modelToolsOf(chatTools(connections));
          const model = parseModelRef(get().model);
          if (!model.ok) return push({ kind: 'failure', failure: { kind: 'bad-request', message: `Choose a model first: ${model.error}`, retryable: true } });
          const asked: AskedModel = { model: get().model, timeoutSeconds: deps.timeoutSeconds() };
          const outcome = await deps.generate(
            {
              model: model.value,
              ...(settings.systemPrompt !== undefined ? { systemPrompt: settings.systemPrompt } : {}),
              messages: get().messages,
              maxTokens: settings.maxTokens,
              ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
              ...(tools.length > 0 ? { tools } : {}),
            },
            signal,
          );
          if (signal.aborted) return;
          if (!outcome.ok) return push({ kind: 'failure', failure: outcome.failure, asked });
          const reply = outcome.reply;
          set((s) => ({ messages: [...s.messages, { role: 'assistant', content: reply.content }] }));
          push({ kind: 'assistant', reply });
          const uses = toolUsesOf(reply.content);
          if (uses.length === 0) return;
          const results: ModelContent[] = [];
          const atLimit = round >= settings.maxRounds;
          if (atLimit) {
            for (const use of uses) results.push(errorResult(use.id, limit(settings.maxRounds)));
            push({
              kind: 'notice',
              text: `The model asked for more tools after ${settings.maxRounds} rounds of tool calls: the chat stopped here (Max rounds in the settings). Send a message to go on.`,
            });
          } else for (const use of uses) results.push(await runUse(use, connections, signal));
          // Every tool_use is answered, even when stopped, so the conversation stays one the model accepts.
          set((s) => ({ messages: [...s.messages, { role: 'user', content: results }] }));
          if (signal.aborted || atLimit) return;
        }
      } catch (error) {
        if (!signal.aborted)
          push({
            kind: 'failure',
            failure: { kind: 'provider', message: `The chat stopped: ${error instanceof Error ? error.message : String(error)}`, retryable: true },
          });
      } finally {
        if (controller?.signal === signal) controller = undefined;
        set({ running: false });
      }
    };

    return {
      model: '',
      entries: [],
      messages: [],
      running: false,
      setModel: (model) => set({ model }),
      send: (text) => {
        if (get().running || text.trim() === '') return Promise.resolve();
        push({ kind: 'user', text });
        set((s) => ({ messages: [...s.messages, { role: 'user', content: [{ type: 'text', text }] }] }));
        return turns();
      },
      startWith: (messages) => {
        if (get().running || messages.length === 0) return Promise.resolve();
        for (const m of messages) {
          const text = m.content.map((b) => (b.type === 'text' ? String(b.text) : `[${b.type}]`)).join('\n');
          push(m.role === 'user' ? { kind: 'user', text } : { kind: 'notice', text: `The prompt gives the model this as its own reply: ${text}` });
        }
        set((s) => ({ messages: [...s.messages, ...messages] }));
        return turns();
      },
      retry: () => (get().running ? Promise.resolve() : turns()),
      decide: (toolUseId, allow) => approvals.get(toolUseId)?.(allow),
      stop: () => controller?.abort(),
      clear: () => {
        controller?.abort();
        set({ entries: [], messages: [] });
      },
    };
  });
}
