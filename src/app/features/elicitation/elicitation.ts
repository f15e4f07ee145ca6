// elicitation/create: the server asks the user for input, in a form (form
// mode) or by sending them to a web page (URL mode, 2025-11-25). Requests queue
// up here until the person answers. URL elicitations are also followed by id —
// those of requests and those a -32042 error listed — so a later
// notifications/elicitation/complete can mark them done; completions of ids
// never seen are ignored, as the spec says.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  completedElicitationId,
  elicitationModeOf,
  isRecord,
  urlElicitationOf,
  urlElicitationProblems,
  whenHandlerAborted,
  type ServerRequestAnswer,
} from '../../../protocol/index.js';
import { fieldsOf, type ElicitationField } from './form-fields.js';

interface PendingBase {
  n: number;
  message: string;
  answer: (a: ServerRequestAnswer) => void;
}

export interface PendingFormElicitation extends PendingBase {
  mode: 'form';
  schema: Record<string, unknown>;
  fields: ElicitationField[];
  /** Fields the form cannot show (not a flat primitive); the request still gets an answer. */
  unsupported: string[];
}

export interface PendingUrlElicitation extends PendingBase {
  mode: 'url';
  url: string;
  elicitationId: string;
  /** What is wrong with the request (no elicitationId, a url that is not one). */
  problems: string[];
}

export type PendingElicitation = PendingFormElicitation | PendingUrlElicitation;

/** What became of one URL elicitation. */
export interface UrlElicitationStatus {
  /** The person opened its URL from mcpscope. */
  opened: boolean;
  /** The server sent notifications/elicitation/complete for it. */
  completed: boolean;
  /** It came in a request (answered by the dialog), not in a -32042 error. */
  fromRequest: boolean;
  /** For the list of opened ones: where it went and why. */
  url: string;
  message: string;
}

export interface ElicitationState {
  queue: readonly PendingElicitation[];
  /** URL elicitations of this connection by id (a Map: ids are server-chosen). */
  urls: ReadonlyMap<string, UrlElicitationStatus>;
}

export interface ElicitationStore {
  /** The questions waiting and the URL elicitations followed. */
  store: StoreApi<ElicitationState>;
  /**
   * The handler of elicitation/create: resolves when the person answers, or with "cancel" when `signal`
   * aborts (the server cancelled the request or its task, the connection closed) and the dialog goes away.
   */
  request(params: unknown, signal?: AbortSignal): Promise<ServerRequestAnswer>;
  /** notifications/elicitation/complete: marks a known URL elicitation done; false (and nothing changes) for an unknown id. */
  complete(params: unknown): boolean;
  /** Follow URL elicitations a -32042 error listed. */
  track(elicitations: ReadonlyArray<{ elicitationId: string; url: string; message: string }>): void;
  /** The person opened the URL of this elicitation. */
  opened(elicitationId: string): void;
  /** Stop listing an opened URL elicitation. */
  dismiss(elicitationId: string): void;
  /** A new connection: the last one's URL elicitations mean nothing to the new server. */
  reset(): void;
}

let n = 0;

export function createElicitationStore(): ElicitationStore {
  const store = createStore<ElicitationState>()(() => ({ queue: [], urls: new Map() }));
  const patchUrl = (id: string, change: Partial<UrlElicitationStatus>): void =>
    store.setState((s) => {
      const current = s.urls.get(id);
      return current ? { urls: new Map(s.urls).set(id, { ...current, ...change }) } : s;
    });
  const follow = (id: string, status: UrlElicitationStatus): void => store.setState((s) => (s.urls.has(id) ? s : { urls: new Map(s.urls).set(id, status) }));

  const enqueue = (make: (answer: PendingBase['answer']) => PendingElicitation, signal: AbortSignal | undefined): Promise<ServerRequestAnswer> =>
    new Promise((resolve) => {
      const item = make((a) => {
        store.setState((s) => ({ queue: s.queue.filter((q) => q !== item) }));
        resolve(a);
      });
      store.setState((s) => ({ queue: [...s.queue, item] }));
      if (signal) whenHandlerAborted(signal, () => item.answer({ result: { action: 'cancel' } }));
    });

  const request = (params: unknown, signal?: AbortSignal): Promise<ServerRequestAnswer> => {
    const p = isRecord(params) ? params : {};
    const message = typeof p.message === 'string' ? p.message : '(the server sent no message)';
    // The session refused modes this client did not declare, so this is form or url.
    if (elicitationModeOf(p) === 'url') {
      const { url, elicitationId } = urlElicitationOf(p);
      if (elicitationId) follow(elicitationId, { opened: false, completed: false, fromRequest: true, url, message });
      return enqueue((answer) => ({ mode: 'url', n: ++n, message, url, elicitationId, problems: urlElicitationProblems(p), answer }), signal);
    }
    const schema = isRecord(p.requestedSchema) ? p.requestedSchema : {};
    const { fields, unsupported } = fieldsOf(schema);
    return enqueue((answer) => ({ mode: 'form', n: ++n, message, schema, fields, unsupported, answer }), signal);
  };

  return {
    store,
    request,
    complete: (params: unknown): boolean => {
      const id = completedElicitationId(params);
      if (id === undefined || !store.getState().urls.has(id)) return false;
      patchUrl(id, { completed: true });
      return true;
    },
    track: (elicitations: ReadonlyArray<{ elicitationId: string; url: string; message: string }>): void => {
      for (const e of elicitations) {
        if (e.elicitationId) follow(e.elicitationId, { opened: false, completed: false, fromRequest: false, url: e.url, message: e.message });
      }
    },
    opened: (id: string): void => patchUrl(id, { opened: true }),
    dismiss: (id: string): void =>
      store.setState((s) => {
        const urls = new Map(s.urls);
        urls.delete(id);
        return { urls };
      }),
    reset: (): void => store.setState({ urls: new Map() }),
  };
}
