import type { Frame, JsonRpcErrorObject, JsonRpcId } from '../jsonrpc/codec.js';
import type { ProtocolEra, ProtocolVersion } from '../versions.js';

export type SessionState = 'new' | 'initializing' | 'ready' | 'closed';

export interface Implementation {
  name: string;
  version: string;
  title?: string;
  /** As the server sent them (2025-11-25); whoever shows them checks each entry. */
  icons?: unknown;
}

/** What the initialize handshake established (legacy), or what server/discover said (modern). */
export interface InitializeInfo {
  offeredVersion: ProtocolVersion;
  protocolVersion: string;
  /** False when the server answered with a version this client does not know. */
  versionSupported: boolean;
  capabilities: Record<string, unknown>;
  serverInfo: Implementation;
  instructions?: string;
  era: ProtocolEra;
  /** Modern: the versions server/discover listed. */
  supportedVersions?: string[];
}

/** A server/discover result (2026-07-28), checked. */
export interface DiscoverInfo {
  supportedVersions: string[];
  capabilities: Record<string, unknown>;
  serverInfo?: Implementation;
  instructions?: string;
  ttlMs?: number;
  cacheScope?: string;
}

export interface SentRequest {
  id: JsonRpcId;
  method: string;
  raw: string;
  /** Session clock (ms) when the frame was handed to the transport. */
  sentAt: number;
}

export interface ReceivedResponse {
  raw: string;
  frame: Frame;
  receivedAt: number;
}

export type RequestOutcome =
  | { status: 'result'; request: SentRequest; response: ReceivedResponse; result: unknown; rttMs: number }
  | { status: 'error'; request: SentRequest; response: ReceivedResponse; error: JsonRpcErrorObject; rttMs: number }
  /** No answer in time; `notifications/cancelled` was sent (except for initialize). */
  | { status: 'timeout'; request: SentRequest; elapsedMs: number; message: string }
  /** The connection ended while waiting. */
  | { status: 'closed'; request?: SentRequest; message: string }
  /** Not sent: the session state does not allow it. */
  | { status: 'refused'; message: string }
  /** Cancelled by this client (`ClientSession.cancel`): `notifications/cancelled` was sent and the answer is no longer awaited. */
  | { status: 'cancelled'; request: SentRequest; elapsedMs: number; message: string }
  /** A multi-round request (2026-07-28) the client stopped following: the last answer asked for input it could not give, or too often. */
  | { status: 'stopped'; request: SentRequest; response: ReceivedResponse; result: unknown; rttMs: number; message: string };

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

export interface RequestOptions {
  timeoutMs?: number;
  /** Asks the server for progress (adds `_meta.progressToken`); each update resets the timeout. */
  onProgress?: (update: ProgressUpdate) => void;
  /** Called once the frame was handed to the transport, with its id (e.g. to cancel it later). */
  onSent?: (request: SentRequest) => void;
}

export type SessionEvent =
  | { type: 'state'; state: SessionState }
  | { type: 'initialized'; info: InitializeInfo }
  | { type: 'notification'; method: string; params: unknown; raw: string }
  | { type: 'server-request'; id: JsonRpcId; method: string; answer: 'result' | 'error'; raw: string }
  /** The server cancelled a request of its own while its handler ran: the handler's signal was aborted, and no answer goes back. */
  | { type: 'server-cancelled'; id: JsonRpcId; method: string; message: string }
  | { type: 'late-response'; id: JsonRpcId; method: string; raw: string; lateByMs: number }
  | { type: 'duplicate-response'; id: JsonRpcId; method: string; raw: string }
  | { type: 'orphan-response'; id: JsonRpcId | null | undefined; raw: string }
  /** The response's id has the request's digits in the other JSON type ("7" for 7): it does not answer it. */
  | { type: 'id-type-mismatch'; requestId: JsonRpcId; responseId: JsonRpcId; method: string }
  | { type: 'timeout'; id: JsonRpcId; method: string; elapsedMs: number }
  | { type: 'invalid-frame'; reason: string; raw: string }
  | { type: 'closed'; message: string }
  /** A modern result's `_meta` named the server differently from what the session knew. */
  | { type: 'server-info'; serverInfo: Implementation }
  /** Auto's server/discover probe: its frame went out, then how it was answered (e.g. "legacy: -32601"). */
  | { type: 'probe'; id: JsonRpcId; method: string; phase: 'sent' | 'answered'; verdict?: string }
  /** One round of a multi-round request was sent: the log groups a conversation's rounds. */
  | { type: 'input-round'; conversation: number; round: number; method: string; id: JsonRpcId };

export type ServerRequestAnswer = { result: unknown } | { error: JsonRpcErrorObject };

/**
 * Which server request a handler answers: its id, a signal aborted when the answer is no longer
 * wanted, and, when it runs as a client-side task, the task.
 */
export interface ServerRequestInfo {
  id: JsonRpcId;
  /**
   * Aborted when the server cancels the request (notifications/cancelled for its id), the connection
   * closes, or, for a client-side task, the server cancels the task; for an input request of a multi-round
   * request, when this client gives it up; `handlerAbortOf` reads why.
   */
  signal: AbortSignal;
  /** The task this request runs as. */
  taskId?: string;
}

/** Answers a server→client request; may take its time (a person filling an elicitation form). */
export type ServerRequestHandler = (params: unknown, request: ServerRequestInfo) => ServerRequestAnswer | Promise<ServerRequestAnswer>;
