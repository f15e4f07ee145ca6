// sampling/createMessage: the server asks this client for an LLM completion.
// Requests queue up here until the person replies or rejects (the page never
// waits on them), or are answered at once: with -32602 where the spec says
// the client must refuse, or with the canned reply while it is on.
// Framework-free: what the request is judged against comes from `context`.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  ErrorCode,
  SAMPLING_REJECTED,
  declaresSampling,
  handlerAbortOf,
  whenHandlerAborted,
  type HandlerAbort,
  samplingRequestProblems,
  samplingResult,
  type JsonRpcId,
  type SamplingContext,
  type SamplingProblem,
  type ServerRequestAnswer,
  type ServerRequestInfo,
} from '../../../protocol/index.js';

/** The tools/call this page had in flight when the request came: the call it most likely belongs to. */
export interface SamplingToolCall {
  name: string;
  requestId?: JsonRpcId;
}

export interface SamplingRequestContext extends SamplingContext {
  connection: number;
  toolCall?: SamplingToolCall;
}

export interface PendingSampling {
  n: number;
  id: JsonRpcId;
  connection: number;
  params: unknown;
  /** Wall-clock time it arrived (ms since the epoch). */
  receivedAt: number;
  version: string;
  problems: SamplingProblem[];
  /** Whether the client declared sampling.tools: tool use may be answered. */
  toolsDeclared: boolean;
  toolCall?: SamplingToolCall;
  /** Why the automatic model answer did not come: the request waits for the person, with this sentence. */
  modelFailure?: string;
}

export type SamplingOutcome = 'replied' | 'rejected' | 'invalid-params' | 'canned' | 'model' | StoppedOutcome;
/** `given-up`: an input request of a multi-round call the person cancelled between rounds. */
type StoppedOutcome = 'cancelled-by-server' | 'connection-closed' | 'given-up';

function stoppedOutcomeOf(abort: HandlerAbort | undefined): StoppedOutcome {
  if (abort?.kind === 'closed') return 'connection-closed';
  return abort?.kind === 'given-up' ? 'given-up' : 'cancelled-by-server';
}

export interface AnsweredSampling {
  n: number;
  id: JsonRpcId;
  outcome: SamplingOutcome;
  /** One line: what was answered. */
  summary: string;
  at: number;
  toolCall?: SamplingToolCall;
}

export interface CannedReply {
  on: boolean;
  text: string;
  model: string;
}

/** Answer with a model without asking (this connection's requests): `ref` is `PROVIDER/MODEL`. */
export interface AutoModel {
  on: boolean;
  ref: string;
}

/** A model's answer to a request, as the result to send, or why there is none. */
export type ModelAnswer = { ok: true; result: Record<string, unknown>; summary: string } | { ok: false; message: string };

/** `signal` aborts when the server cancels the request or its connection closes: the model call stops then. */
export type AnswerWithModel = (pending: Pick<PendingSampling, 'params' | 'version'>, ref: string, signal: AbortSignal) => Promise<ModelAnswer>;

/** A request that ended while a model the person asked was answering it: its card stays, saying so, until dismissed. */
export interface StoppedSampling {
  n: number;
  id: JsonRpcId;
  outcome: StoppedOutcome;
  /** What happened, and that the model's answer was stopped. */
  sentence: string;
}

export interface SamplingState {
  queue: readonly PendingSampling[];
  /** Most recent first, at most ANSWERED_KEPT. */
  answered: readonly AnsweredSampling[];
  /** Requests that ended while a model was answering them, in the order they ended. */
  stopped: readonly StoppedSampling[];
  canned: CannedReply;
  autoModel: AutoModel;
  /** The sampling dock is open. */
  open: boolean;
  /** A request opened it (it closes again once none waits), or the person did (it stays). */
  openedBy?: 'request' | 'person';
}

export const ANSWERED_KEPT = 20;
export const DEFAULT_MODEL = 'mcpscope-human';

export interface SamplingStore {
  /** The requests waiting for a reply, what was answered lately, the canned reply and the dock. */
  store: StoreApi<SamplingState>;
  /** The handler of sampling/createMessage: a request waiting goes away when `info.signal` aborts (the server cancelled it, the connection closed). */
  request(params: unknown, info: ServerRequestInfo): Promise<ServerRequestAnswer>;
  /** Answer a pending request (the person's reply, a rejection, -32602). */
  answer(n: number, answer: ServerRequestAnswer, outcome: SamplingOutcome, summary: string): void;
  /**
   * The person asked a model to answer request `n`: `stop` is called if the request ends before the answer comes
   * (the server cancels it, the connection closes). Call the function returned once the answer has come.
   */
  modelAsked(n: number, stop: () => void): () => void;
  /** The person has read a stopped request's card. */
  dismissStopped(n: number): void;
  /**
   * The connection ended: its requests can no longer be answered. Those asked as client-side tasks need
   * this: their request was answered at once (with the task), so the close does not abort their signal.
   */
  connectionClosed(connection: number): void;
  setCanned(change: Partial<CannedReply>): void;
  setAutoModel(change: Partial<AutoModel>): void;
  setOpen(open: boolean): void;
}

export function rejection(): ServerRequestAnswer {
  return { error: { ...SAMPLING_REJECTED } };
}

/** The -32602 answer the spec asks for when a request is malformed or uses tools not declared. */
export function invalidParamsAnswer(problems: readonly SamplingProblem[]): ServerRequestAnswer {
  const reasons = problems.filter((p) => p.invalidParams).map((p) => p.message);
  return { error: { code: ErrorCode.InvalidParams, message: `Invalid sampling request: ${reasons.join(' ')}` } };
}

export function createSamplingStore(deps: { context: () => SamplingRequestContext; now?: () => number; answerWithModel?: AnswerWithModel }): SamplingStore {
  const now = deps.now ?? Date.now;
  const store = createStore<SamplingState>()(() => ({
    queue: [],
    answered: [],
    stopped: [],
    canned: { on: false, text: '', model: DEFAULT_MODEL },
    autoModel: { on: false, ref: '' },
    open: false,
  }));
  const resolvers = new Map<number, (a: ServerRequestAnswer) => void>();
  const modelsAnswering = new Map<number, () => void>();
  let n = 0;

  const record = (entry: AnsweredSampling) => store.setState((s) => ({ answered: [entry, ...s.answered].slice(0, ANSWERED_KEPT) }));

  const settle = (n: number, answer: ServerRequestAnswer | undefined, outcome: SamplingOutcome, summary: string) => {
    const item = store.getState().queue.find((q) => q.n === n);
    const resolve = resolvers.get(n);
    if (!item || !resolve) return;
    resolvers.delete(n);
    const stopModel = modelsAnswering.get(n);
    modelsAnswering.delete(n);
    const ended = outcome === 'cancelled-by-server' || outcome === 'connection-closed' || outcome === 'given-up' ? outcome : undefined;
    const stopped = stopModel !== undefined && ended !== undefined ? { n, id: item.id, outcome: ended, sentence: stoppedSentence(ended) } : undefined;
    stopModel?.();
    store.setState((s) => {
      const queue = s.queue.filter((q) => q.n !== n);
      const kept = stopped ? [...s.stopped, stopped] : s.stopped;
      return queue.length === 0 && kept.length === 0 && s.openedBy === 'request'
        ? { queue, stopped: kept, open: false, openedBy: undefined }
        : { queue, stopped: kept };
    });
    record({
      n,
      id: item.id,
      outcome,
      summary: stopped ? `${summary} ${MODEL_STOPPED}` : summary,
      at: now(),
      ...(item.toolCall ? { toolCall: item.toolCall } : {}),
    });
    // A request the server cancelled, or whose connection closed, gets no answer on the wire: the session drops it.
    resolve(answer ?? { error: { code: ErrorCode.InternalError, message: summary } });
  };

  const request = (params: unknown, info: ServerRequestInfo): Promise<ServerRequestAnswer> => {
    const context = deps.context();
    const problems = samplingRequestProblems(params, context);
    const item: PendingSampling = {
      n: ++n,
      id: info.id,
      connection: context.connection,
      params,
      receivedAt: now(),
      version: context.version,
      problems,
      toolsDeclared: declaresSampling(context.clientCapabilities, 'tools'),
      ...(context.toolCall ? { toolCall: context.toolCall } : {}),
    };
    const answeredAtOnce = (answer: ServerRequestAnswer, outcome: SamplingOutcome, summary: string) => {
      record({ n: item.n, id: item.id, outcome, summary, at: item.receivedAt, ...(item.toolCall ? { toolCall: item.toolCall } : {}) });
      return Promise.resolve(answer);
    };
    // "The client MUST return an error if [tools] is provided but sampling.tools is not declared."
    if (problems.some((p) => p.capability && p.invalidParams)) {
      return answeredAtOnce(
        invalidParamsAnswer(problems),
        'invalid-params',
        'Answered -32602 at once: it offered tools, and this client did not declare sampling.tools.',
      );
    }
    const canned = store.getState().canned;
    if (canned.on) {
      if (problems.some((p) => p.invalidParams)) {
        return answeredAtOnce(
          invalidParamsAnswer(problems),
          'invalid-params',
          'Canned reply is on, but the request is malformed: answered -32602, as the spec says.',
        );
      }
      const result = samplingResult({ content: [{ type: 'text', text: canned.text }], model: canned.model || DEFAULT_MODEL, stopReason: 'endTurn' });
      return answeredAtOnce(
        { result },
        'canned',
        `Answered with the canned reply ${JSON.stringify(shorten(canned.text))} (model ${canned.model || DEFAULT_MODEL}).`,
      );
    }
    const auto = store.getState().autoModel;
    if (auto.on && auto.ref !== '' && deps.answerWithModel && !problems.some((p) => p.invalidParams)) {
      // A model that fails leaves the request to the person, with the sentence saying why; one the server
      // cancelled (or whose connection closed) meanwhile is stopped, and nothing is sent.
      const stopped = (): Promise<ServerRequestAnswer> => {
        const abort = handlerAbortOf(info.signal);
        const outcome = stoppedOutcomeOf(abort);
        return answeredAtOnce({ error: { code: ErrorCode.InternalError, message: MODEL_STOPPED } }, outcome, `${abort?.message ?? ''} ${MODEL_STOPPED}`.trim());
      };
      return deps.answerWithModel(item, auto.ref, info.signal).then(
        (answer) => {
          if (info.signal.aborted) return stopped();
          return answer.ok
            ? answeredAtOnce({ result: answer.result }, 'model', answer.summary)
            : waitForPerson({ ...item, modelFailure: answer.message }, info);
        },
        (error: unknown) => {
          if (info.signal.aborted) return stopped();
          return waitForPerson({ ...item, modelFailure: error instanceof Error ? error.message : String(error) }, info);
        },
      );
    }
    return waitForPerson(item, info);
  };

  const waitForPerson = (item: PendingSampling, info: ServerRequestInfo): Promise<ServerRequestAnswer> =>
    new Promise((resolve) => {
      resolvers.set(item.n, resolve);
      store.setState((s) => ({ queue: [...s.queue, item], ...(s.open ? {} : { open: true, openedBy: 'request' as const }) }));
      whenHandlerAborted(info.signal, (abort) => settle(item.n, undefined, stoppedOutcomeOf(abort), abort.message));
    });

  return {
    store,
    request,
    answer: (n: number, answer: ServerRequestAnswer, outcome: SamplingOutcome, summary: string) => settle(n, answer, outcome, summary),
    modelAsked: (n: number, stop: () => void) => {
      modelsAnswering.set(n, stop);
      return () => {
        if (modelsAnswering.get(n) === stop) modelsAnswering.delete(n);
      };
    },
    dismissStopped: (n: number) =>
      store.setState((s) => {
        const stopped = s.stopped.filter((x) => x.n !== n);
        return s.queue.length === 0 && stopped.length === 0 && s.openedBy === 'request' ? { stopped, open: false, openedBy: undefined } : { stopped };
      }),
    connectionClosed: (connection: number) => {
      for (const item of store.getState().queue) {
        if (item.connection === connection) settle(item.n, undefined, 'connection-closed', 'The connection closed before this request was answered.');
      }
    },
    setCanned: (change: Partial<CannedReply>) => store.setState((s) => ({ canned: { ...s.canned, ...change } })),
    setAutoModel: (change: Partial<AutoModel>) => store.setState((s) => ({ autoModel: { ...s.autoModel, ...change } })),
    setOpen: (open: boolean) => store.setState({ open, openedBy: open ? 'person' : undefined }),
  };
}

const MODEL_STOPPED = "The model's answer was stopped.";

const STOPPED_SENTENCE: Record<StoppedOutcome, string> = {
  'cancelled-by-server': "The server cancelled this request; the model's answer was stopped.",
  'connection-closed': "The connection closed before this request was answered; the model's answer was stopped.",
  'given-up': "The call that asked for this was cancelled between rounds; the model's answer was stopped.",
};

function stoppedSentence(outcome: StoppedOutcome): string {
  return STOPPED_SENTENCE[outcome];
}

export function shorten(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
