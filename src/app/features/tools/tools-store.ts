// The Tools tab's state: which tool is selected, each tool's draft arguments,
// the call in flight (with its request id, so it can be cancelled) and the
// history of this page's calls, with the actions that change them.
// Framework-free: the current session comes from its deps.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  CANCELLED_BETWEEN_ROUNDS,
  requestFollowingInput,
  toolCallTask,
  type ClientSession,
  type JsonRpcId,
  type ProgressUpdate,
  type RequestOutcome,
  type Task,
  type TaskGeneration,
  type Tool,
} from '../../../protocol/index.js';
import type { RequestExtras } from '../request-extras/request-extras.js';
import { confirmation } from './confirm-call.js';

export const CANCEL_REASON = 'Cancelled by the user in mcpscope';
export const DEFAULT_TIMEOUT_SECONDS = 60;
export const MAX_TIMEOUT_SECONDS = 3600;
export const HISTORY_LENGTH = 50;

/** requestWithInput follows multi-round calls (2026-07-28); without it, tools/call is one request. */
export type CallSession = Pick<ClientSession, 'request' | 'cancel'> & Partial<Pick<ClientSession, 'requestWithInput'>>;

/** What the user is editing for one tool: the form's data, and the JSON text while the JSON view is open. */
export interface ToolDraft {
  formData: unknown;
  json?: { text: string; error?: string };
}

export interface InFlightCall {
  seq: number;
  tool: Tool;
  arguments: unknown;
  /** Wall-clock start (ms since the epoch). */
  startedAt: number;
  /** Known once the frame was handed to the transport. */
  requestId?: JsonRpcId;
  progress?: ProgressUpdate;
  /** A multi-round call (2026-07-28) between rounds: the server asked for input, which is being answered (Cancel gives it up). */
  awaitingInput?: { round: number; keys: readonly string[] };
  cancelRequested: boolean;
  session: CallSession;
}

export interface ToolCallRecord {
  seq: number;
  tool: Tool;
  /** Undefined: `arguments` was left out of the request. */
  arguments: unknown;
  /** The `_meta` the person wrote for this call. */
  meta?: Record<string, unknown>;
  startedAt: number;
  durationMs: number;
  outcome: RequestOutcome;
  /** Sent although the arguments failed validation (Send anyway). */
  sentAnyway: boolean;
  lastProgress?: ProgressUpdate;
  /** Called as a task (params.task): a CreateTaskResult is the expected answer. */
  asTask?: boolean;
  /** A multi-round call (2026-07-28): how many requests it took, when more than one. */
  rounds?: number;
  /** Asked by an app over its bridge (MCP Apps), not by the person: which app instance. */
  fromApp?: { app: number };
  /** Made by the model in the Chat view. */
  fromChat?: boolean;
}

export interface ToolsState {
  selected?: string;
  filter: string;
  /** The timeout field's text, as typed. */
  timeoutText: string;
  drafts: Record<string, ToolDraft>;
  /** `arguments: {}` and `_meta` per tool, as set under its form. */
  extras: Record<string, RequestExtras>;
  inFlight?: InFlightCall;
  /** Most recent first. */
  history: ToolCallRecord[];
  /** The call whose result is shown (see shownRecord). */
  shown?: number;
  /** A call of a destructive tool waiting for the user to confirm it. */
  confirming?: PendingCall;
  /** Tools the user said not to ask about again, until the next connection. */
  noConfirm: string[];

  setFilter(filter: string): void;
  setTimeoutText(text: string): void;
  /** Selecting a tool shows its own latest result, or none: never the previous tool's. */
  select(name: string | undefined): void;
  /** Show a past call's result, with its tool selected. */
  view(record: ToolCallRecord): void;
  setDraft(name: string, draft: ToolDraft): void;
  setExtras(name: string, extras: RequestExtras): void;
  /** Put a past call's arguments into its tool's form, and select that tool. */
  loadArguments(record: ToolCallRecord): void;
  /**
   * Call a tool as the user asked: a destructive tool is held for confirmation
   * (resolves undefined, nothing sent); any other is sent at once, as `call`.
   */
  startCall(call: PendingCall): Promise<ToolCallRecord | undefined>;
  /** "Call anyway": send the held call; optionally stop asking about its tool until the next connection. */
  confirm(dontAskAgain: boolean): Promise<ToolCallRecord | undefined>;
  cancelConfirmation(): void;
  /**
   * Send tools/call now, with the timeout field's value, and record its outcome. One call at a
   * time: resolves undefined (and sends nothing) while another is in flight, when not connected
   * or when the timeout field is not a valid number.
   */
  call(call: PendingCall): Promise<ToolCallRecord | undefined>;
  /**
   * A tools/call an app asked for (the person may have been asked first): sent at once, beside any call of the
   * person's in flight, with the timeout field's value (or the default), and kept in the history marked as the
   * app's. Undefined when not connected.
   */
  callFromApp(tool: Tool, args: Record<string, unknown> | undefined, app: number): Promise<ToolCallRecord | undefined>;
  /**
   * A tools/call the model made in the chat: sent beside any call of the person's in flight, kept in the history
   * marked "from chat"; aborting `signal` cancels it (notifications/cancelled). Undefined when not connected.
   */
  callFromChat(tool: Tool, args: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<ToolCallRecord | undefined>;
  /**
   * Cancel the call in flight: sends notifications/cancelled for its round in flight; between the rounds of a
   * multi-round call, gives up the input awaited and sends no next round. False when there is nothing to cancel yet.
   */
  cancel(): boolean;
  /** A new connection: drafts, the selection and "don't ask again" belonged to the previous session. */
  forConnection(): void;
  /** Another server: the last one's results no longer describe anything (a Re-run would go to the wrong server). */
  serverChanged(): void;
}

export type ToolsStore = StoreApi<ToolsState>;

export interface ToolsDeps {
  /** The current connection's session, if any. */
  session: () => CallSession | undefined;
  now?: () => number;
  /** A call asked as a task was answered with one (CreateTaskResult): the Tasks tab follows it. */
  /** The server answered with a task: a CreateTaskResult (2025-11-25, asked for) or a task handle (2026-07-28 extension, unsolicited). */
  taskCreated?: (task: Task, session: CallSession, toolName: string, generation: TaskGeneration) => void;
}

export function parseTimeout(text: string): { ok: true; ms: number } | { ok: false; message: string } {
  const seconds = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS) {
    return { ok: false, message: `Enter the timeout in seconds: a number above 0 and at most ${MAX_TIMEOUT_SECONDS}.` };
  }
  return { ok: true, ms: Math.round(seconds * 1000) };
}

/** A call the user asked for, before its timeout is read and it is sent. */
export interface PendingCall {
  tool: Tool;
  /** Undefined leaves `arguments` out of the request. */
  arguments: unknown;
  meta?: Record<string, unknown>;
  sentAnyway: boolean;
  asTask?: boolean;
}

function durationOf(outcome: RequestOutcome, startedAt: number, now: number): number {
  switch (outcome.status) {
    case 'result':
    case 'error':
      return outcome.rttMs;
    case 'timeout':
    case 'cancelled':
      return outcome.elapsedMs;
    default:
      return now - startedAt;
  }
}

export function createToolsStore(deps: ToolsDeps): ToolsStore {
  const now = deps.now ?? Date.now;
  let seqCounter = 0;
  /** Aborted by Cancel: stops the person's call in flight between rounds. */
  let callAbort: AbortController | undefined;
  return createStore<ToolsState>()((set, get) => {
    const call = async (request: PendingCall): Promise<ToolCallRecord | undefined> => {
      const session = deps.session();
      const timeout = parseTimeout(get().timeoutText);
      if (get().inFlight || !session || !timeout.ok) return undefined;
      const seq = ++seqCounter;
      const startedAt = now();
      const patch = (change: Partial<InFlightCall>) => set((s) => (s.inFlight?.seq === seq ? { inFlight: { ...s.inFlight, ...change } } : s));
      set({ inFlight: { seq, tool: request.tool, arguments: request.arguments, startedAt, cancelRequested: false, session } });
      const controller = new AbortController();
      callAbort = controller;
      const { rounds, ...followed } = await requestFollowingInput(
        session,
        'tools/call',
        {
          name: request.tool.name,
          ...(request.arguments !== undefined ? { arguments: request.arguments } : {}),
          ...(request.meta ? { _meta: request.meta } : {}),
          ...(request.asTask ? { task: {} } : {}),
        },
        {
          timeoutMs: timeout.ms,
          onSent: (sent) => patch({ requestId: sent.id, awaitingInput: undefined }),
          onInputRequired: (round, keys) => patch({ requestId: undefined, awaitingInput: { round, keys } }),
          onProgress: (progress) => patch({ progress }),
          signal: controller.signal,
        },
      );
      if (callAbort === controller) callAbort = undefined;
      // Cancel between rounds stopped the conversation: to the person, the call was cancelled.
      const outcome: RequestOutcome =
        controller.signal.aborted && followed.status === 'stopped' && followed.message.startsWith(CANCELLED_BETWEEN_ROUNDS)
          ? { status: 'cancelled', request: followed.request, elapsedMs: now() - startedAt, message: followed.message }
          : followed;
      const lastProgress = get().inFlight?.progress;
      const record: ToolCallRecord = {
        seq,
        tool: request.tool,
        arguments: request.arguments,
        ...(request.meta ? { meta: request.meta } : {}),
        startedAt,
        // A multi-round call took all its rounds and the answers between them, not the last round trip.
        durationMs: rounds !== undefined && rounds > 1 ? now() - startedAt : durationOf(outcome, startedAt, now()),
        outcome,
        sentAnyway: request.sentAnyway,
        ...(lastProgress ? { lastProgress } : {}),
        ...(request.asTask ? { asTask: true } : {}),
        ...(rounds !== undefined && rounds > 1 ? { rounds } : {}),
      };
      set((s) => ({
        inFlight: s.inFlight?.seq === seq ? undefined : s.inFlight,
        history: [record, ...s.history].slice(0, HISTORY_LENGTH),
        shown: seq,
      }));
      const task = outcome.status === 'result' ? toolCallTask(outcome.result, request.asTask === true) : undefined;
      if (task?.ok) deps.taskCreated?.(task.value.task, session, request.tool.name, task.value.generation);
      return record;
    };
    /**
     * A tools/call made by an app or by the model in the chat: sent at once, beside any call of the person's in
     * flight; aborting `signal` sends notifications/cancelled for it.
     */
    const callBeside = async (
      tool: Tool,
      args: Record<string, unknown> | undefined,
      origin: Pick<ToolCallRecord, 'fromApp' | 'fromChat'>,
      signal?: AbortSignal,
    ): Promise<ToolCallRecord | undefined> => {
      const session = deps.session();
      if (!session || signal?.aborted) return undefined;
      const timeout = parseTimeout(get().timeoutText);
      const seq = ++seqCounter;
      const startedAt = now();
      let requestId: JsonRpcId | undefined;
      const cancel = () => {
        if (requestId !== undefined) session.cancel(requestId, CANCEL_REASON);
      };
      signal?.addEventListener('abort', cancel, { once: true });
      const { rounds, ...outcome } = await requestFollowingInput(
        session,
        'tools/call',
        { name: tool.name, ...(args !== undefined ? { arguments: args } : {}) },
        {
          timeoutMs: timeout.ok ? timeout.ms : DEFAULT_TIMEOUT_SECONDS * 1000,
          onSent: (sent) => {
            requestId = sent.id;
          },
          onInputRequired: () => {
            requestId = undefined;
          },
          // Between rounds there is no request to cancel: the signal keeps the next round from being sent.
          ...(signal ? { signal } : {}),
        },
      ).finally(() => signal?.removeEventListener('abort', cancel));
      const record: ToolCallRecord = {
        seq,
        tool,
        arguments: args,
        startedAt,
        durationMs: rounds !== undefined && rounds > 1 ? now() - startedAt : durationOf(outcome, startedAt, now()),
        outcome,
        sentAnyway: false,
        ...origin,
        ...(rounds !== undefined && rounds > 1 ? { rounds } : {}),
      };
      // Kept in the history, but the result the person is looking at stays in view.
      set((s) => ({ history: [record, ...s.history].slice(0, HISTORY_LENGTH) }));
      return record;
    };
    const select = (name: string | undefined): void => {
      if (name === undefined) return set({ selected: undefined });
      set((s) => ({ selected: name, shown: s.history.find((r) => r.tool.name === name)?.seq }));
    };
    const setDraft = (name: string, draft: ToolDraft): void => set((s) => ({ drafts: { ...s.drafts, [name]: draft } }));

    return {
      filter: '',
      timeoutText: String(DEFAULT_TIMEOUT_SECONDS),
      drafts: {},
      extras: {},
      history: [],
      noConfirm: [],

      setFilter: (filter) => set({ filter }),
      setTimeoutText: (timeoutText) => set({ timeoutText }),
      select,
      view: (record) => set({ selected: record.tool.name, shown: record.seq }),
      setDraft,
      setExtras: (name, extras) => set((s) => ({ extras: { ...s.extras, [name]: extras } })),
      loadArguments: (record) => {
        setDraft(record.tool.name, { formData: structuredClone(record.arguments) ?? {} });
        const extras = { sendEmptyArguments: record.arguments !== undefined, metaText: record.meta ? JSON.stringify(record.meta, null, 2) : '' };
        set((s) => ({ extras: { ...s.extras, [record.tool.name]: extras } }));
        select(record.tool.name);
      },
      startCall: (request) => {
        if (confirmation(request.tool, request.arguments, get().noConfirm) === 'ask') {
          set({ confirming: request });
          return Promise.resolve(undefined);
        }
        return call(request);
      },
      confirm: (dontAskAgain) => {
        const held = get().confirming;
        if (!held) return Promise.resolve(undefined);
        set((s) => ({
          confirming: undefined,
          noConfirm: dontAskAgain && !s.noConfirm.includes(held.tool.name) ? [...s.noConfirm, held.tool.name] : s.noConfirm,
        }));
        return call(held);
      },
      cancelConfirmation: () => set({ confirming: undefined }),
      call,
      callFromApp: (tool, args, app) => callBeside(tool, args, { fromApp: { app } }),
      callFromChat: (tool, args, signal) => callBeside(tool, args, { fromChat: true }, signal),
      cancel: () => {
        const inFlight = get().inFlight;
        if (!inFlight || inFlight.cancelRequested || (inFlight.requestId === undefined && inFlight.awaitingInput === undefined)) return false;
        set({ inFlight: { ...inFlight, cancelRequested: true } });
        // Also keeps a round answered with input_required just now from being followed.
        callAbort?.abort();
        return inFlight.requestId === undefined || inFlight.session.cancel(inFlight.requestId, CANCEL_REASON);
      },
      forConnection: () => set({ selected: undefined, drafts: {}, extras: {}, confirming: undefined, noConfirm: [] }),
      serverChanged: () => set({ history: [], shown: undefined, drafts: {}, extras: {}, selected: undefined, filter: '' }),
    };
  });
}

/** The result shown beside the selected tool: the one picked if it is that tool's, else that tool's latest. */
export function shownRecord(s: ToolsState): ToolCallRecord | undefined {
  const picked = s.history.find((r) => r.seq === s.shown);
  if (s.selected === undefined || picked?.tool.name === s.selected) return picked;
  return s.history.find((r) => r.tool.name === s.selected);
}
