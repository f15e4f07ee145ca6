// Limits and timings of the HTTP transports, with their defaults.

import type { ConnectionAuth } from './auth.js';

export interface HttpUpstreamOptions {
  /** Until a new TCP (and TLS) connection is up. */
  connectTimeoutMs?: number;
  /** From sending a request until its response headers arrive (connect included). */
  headersTimeoutMs?: number;
  /** Reading a whole JSON (or error) body. */
  bodyTimeoutMs?: number;
  /** HTTP+SSE: from opening the event stream until its `endpoint` event. */
  endpointTimeoutMs?: number;
  /** Largest JSON body or SSE event accepted. */
  maxBodyBytes?: number;
  /** Wait before reconnecting a dropped stream when the server sent no `retry`. */
  reconnectDelayMs?: number;
  /** Reconnect attempts in a row before giving up on a stream. */
  maxReconnects?: number;
  /** The DELETE that ends a session on disconnect. */
  deleteTimeoutMs?: number;
}

export interface ResolvedHttpOptions extends Required<HttpUpstreamOptions> {
  /** Numbers exchanges 1, 2, … across every transport one connection tries (Auto tries two). */
  nextExchangeId: () => number;
  /** OAuth: one per connection, shared by the transports Auto tries. */
  auth?: ConnectionAuth;
  /** The 401 advice when OAuth was asked for but the person's own Authorization header keeps it off. */
  authorizationHint?: string;
}

export function resolveHttpOptions(options: HttpUpstreamOptions = {}): ResolvedHttpOptions {
  let exchanges = 0;
  return {
    nextExchangeId: () => ++exchanges,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    headersTimeoutMs: options.headersTimeoutMs ?? 60_000,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 60_000,
    endpointTimeoutMs: options.endpointTimeoutMs ?? 15_000,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024 * 1024,
    reconnectDelayMs: options.reconnectDelayMs ?? 1000,
    maxReconnects: options.maxReconnects ?? 5,
    deleteTimeoutMs: options.deleteTimeoutMs ?? 3000,
  };
}
