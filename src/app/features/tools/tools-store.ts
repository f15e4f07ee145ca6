// The Tools tab's state: which tool is selected, each tool's draft arguments,
// the call in flight (with its request id, so it can be cancelled) and the
// history of this page's calls. Framework-free: the session is passed in.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ClientSession, JsonRpcId, ProgressUpdate, RequestOutcome, Tool } from '../../../protocol/index.js';

export const CANCEL_REASON = 'Cancelled by the user in mcpscope';
export const DEFAULT_TIMEOUT_SECONDS = 60;
export const MAX_TIMEOUT_SECONDS = 3600;
export const HISTORY_LENGTH = 50;

export type CallSession = Pick<ClientSession, 'request' | 'cancel'>;

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
  cancelRequested: boolean;
  session: CallSession;
}

export interface ToolCallRecord {
  seq: number;
  tool: Tool;
  arguments: unknown;
  startedAt: number;
  durationMs: number;
  outcome: RequestOutcome;
  /** Sent although the arguments failed validation (Send anyway). */
  sentAnyway: boolean;
  lastProgress?: ProgressUpdate;
  /** Called as a task (params.task): a CreateTaskResult is the expected answer. */
  asTask?: boolean;
}

export interface ToolsState {
  selected?: string;
  filter: string;
  /** The timeout field's text, as typed. */
  timeoutText: string;
  drafts: Record<string, ToolDraft>;
  inFlight?: InFlightCall;
  /** Most recent first. */
  history: ToolCallRecord[];
  /** The call whose result is shown (see shownRecord). */
  shown?: number;
  /** A call of a destructive tool waiting for the user to confirm it. */
  confirming?: PendingCall;
  /** Tools the user said not to ask about again, until the next connection. */
  noConfirm: string[];
}

export type ToolsStore = StoreApi<ToolsState>;

export function createToolsStore(): ToolsStore {
  return createStore<ToolsState>()(() => ({ filter: '', timeoutText: String(DEFAULT_TIMEOUT_SECONDS), drafts: {}, history: [], noConfirm: [] }));
}

let seqCounter = 0;

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
  arguments: unknown;
  sentAnyway: boolean;
  asTask?: boolean;
}

export interface CallRequest {
  tool: Tool;
  arguments: unknown;
  timeoutMs: number;
  sentAnyway?: boolean;
  /** Ask the server to run it as a task (2025-11-25). */
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

/**
 * Send tools/call and record its outcome. One call at a time: returns
 * undefined (and sends nothing) while another is in flight.
 */
export async function callTool(
  store: ToolsStore,
  session: CallSession,
  request: CallRequest,
  now: () => number = Date.now,
): Promise<ToolCallRecord | undefined> {
  if (store.getState().inFlight) return undefined;
  const seq = ++seqCounter;
  const startedAt = now();
  const patch = (change: Partial<InFlightCall>) => store.setState((s) => (s.inFlight?.seq === seq ? { inFlight: { ...s.inFlight, ...change } } : s));
  store.setState({ inFlight: { seq, tool: request.tool, arguments: request.arguments, startedAt, cancelRequested: false, session } });
  const outcome = await session.request(
    'tools/call',
    { name: request.tool.name, arguments: request.arguments, ...(request.asTask ? { task: {} } : {}) },
    {
      timeoutMs: request.timeoutMs,
      onSent: (sent) => patch({ requestId: sent.id }),
      onProgress: (progress) => patch({ progress }),
    },
  );
  const lastProgress = store.getState().inFlight?.progress;
  const record: ToolCallRecord = {
    seq,
    tool: request.tool,
    arguments: request.arguments,
    startedAt,
    durationMs: durationOf(outcome, startedAt, now()),
    outcome,
    sentAnyway: request.sentAnyway ?? false,
    ...(lastProgress ? { lastProgress } : {}),
    ...(request.asTask ? { asTask: true } : {}),
  };
  store.setState((s) => ({
    inFlight: s.inFlight?.seq === seq ? undefined : s.inFlight,
    history: [record, ...s.history].slice(0, HISTORY_LENGTH),
    shown: seq,
  }));
  return record;
}

/** Cancel the call in flight: sends notifications/cancelled. False when there is nothing to cancel yet. */
export function cancelCall(store: ToolsStore): boolean {
  const call = store.getState().inFlight;
  if (!call || call.requestId === undefined || call.cancelRequested) return false;
  store.setState({ inFlight: { ...call, cancelRequested: true } });
  return call.session.cancel(call.requestId, CANCEL_REASON);
}

/** Selecting a tool shows its own latest result, or none: never the previous tool's. */
export function selectTool(store: ToolsStore, name: string | undefined): void {
  if (name === undefined) return store.setState({ selected: undefined });
  store.setState((s) => ({ selected: name, shown: s.history.find((r) => r.tool.name === name)?.seq }));
}

/** Show a past call's result, with its tool selected. */
export function viewRecord(store: ToolsStore, record: ToolCallRecord): void {
  store.setState({ selected: record.tool.name, shown: record.seq });
}

/** The result shown beside the selected tool: the one picked if it is that tool's, else that tool's latest. */
export function shownRecord(s: ToolsState): ToolCallRecord | undefined {
  const picked = s.history.find((r) => r.seq === s.shown);
  if (s.selected === undefined || picked?.tool.name === s.selected) return picked;
  return s.history.find((r) => r.tool.name === s.selected);
}

export function setDraft(store: ToolsStore, name: string, draft: ToolDraft): void {
  store.setState((s) => ({ drafts: { ...s.drafts, [name]: draft } }));
}

/** Put a past call's arguments into its tool's form, and select that tool. */
export function loadArguments(store: ToolsStore, record: ToolCallRecord): void {
  setDraft(store, record.tool.name, { formData: structuredClone(record.arguments) });
  selectTool(store, record.tool.name);
}

/** A new connection: drafts, the selection and "don't ask again" belonged to the previous session. */
export function resetForConnection(store: ToolsStore): void {
  store.setState({ selected: undefined, drafts: {}, confirming: undefined, noConfirm: [] });
}
