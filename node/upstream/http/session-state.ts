// What a Streamable HTTP connection learns from the server and sends back on
// every later request: the transport in use (Auto decides on the initialize
// reply), the Mcp-Session-Id, and the agreed protocol version.

import { ErrorCode, frameRequestId, type RequestId, type SingleFrame } from '../../../src/protocol/wire.js';
import type { UpstreamListener } from '../types.js';
import type { ExchangeRun, HttpClient } from './client.js';
import type { WireResponse } from './wire.js';

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export type StreamableMode = 'streamable-http' | 'plain' | 'undecided';

export class SessionState {
  sessionId: string | undefined;
  protocolVersion: string | undefined;
  /** The initialize request in flight, whose answer is watched for. */
  initializeId: RequestId | undefined;

  constructor(
    public mode: StreamableMode,
    private readonly emit: UpstreamListener,
  ) {}

  /** Mcp-Session-Id and MCP-Protocol-Version (2025-06-18 or later) for requests after initialize. */
  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.mode === 'plain') return headers;
    if (this.sessionId !== undefined) headers['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion !== undefined && this.protocolVersion >= '2025-06-18') headers['mcp-protocol-version'] = this.protocolVersion;
    return headers;
  }

  /** The initialize reply may carry the session id. */
  takeSessionId(run: ExchangeRun, response: WireResponse): void {
    const id = response.headers.get('mcp-session-id');
    if (id === null) return;
    if (this.mode === 'plain') {
      run.warn('The server sent Mcp-Session-Id, but plain JSON-RPC mode does not use sessions; it is ignored.');
      return;
    }
    if (!VISIBLE_ASCII.test(id)) run.warn(`The session id ${JSON.stringify(id)} has characters outside visible ASCII (0x21–0x7E).`);
    this.sessionId = id;
  }

  /** Watch for the answer to initialize: the agreed version, and Auto's decision. */
  noteInitialize(frames: SingleFrame[]): void {
    const id = this.initializeId;
    if (id === undefined) return;
    for (const f of frames) {
      // Paired as the ledger pairs: by the id's JSON identity ("7" does not answer 7).
      if ((f.kind !== 'response' && f.kind !== 'error') || frameRequestId(f)?.key !== id.key) continue;
      this.initializeId = undefined;
      if (f.kind === 'response') {
        const result = f.message.result;
        const version = typeof result === 'object' && result !== null ? (result as Record<string, unknown>).protocolVersion : undefined;
        if (typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version)) this.protocolVersion = version;
      }
      if (this.mode !== 'undecided') return;
      if (f.kind === 'error' && f.message.error.code === ErrorCode.MethodNotFound && this.sessionId === undefined) {
        this.mode = 'plain';
        this.emit({
          type: 'http-mode',
          mode: 'plain',
          reason:
            'The server answered initialize with -32601 (method not found) and gave no session: it looks like a bare JSON-RPC endpoint, so no session or GET stream is used.',
        });
        return;
      }
      this.mode = 'streamable-http';
      this.emit({ type: 'http-mode', mode: 'streamable-http', reason: 'The server answered the initialize POST: it speaks Streamable HTTP.' });
      return;
    }
  }

  /** Auto: a 2026-07-28 request was answered over Streamable HTTP (that revision has no initialize to wait for). */
  decideModern(version: string): void {
    if (this.mode !== 'undecided') return;
    this.mode = 'streamable-http';
    this.emit({
      type: 'http-mode',
      mode: 'streamable-http',
      reason: `The server answered a ${version} request over Streamable HTTP (no session, per-request headers).`,
    });
  }

  /** DELETE the session, as clients SHOULD when they leave; returns a sentence for the close reason. */
  async end(client: HttpClient, url: string, timeoutMs: number): Promise<string> {
    if (this.mode !== 'streamable-http' || this.sessionId === undefined) return '';
    const start = await client.exchange({ purpose: 'end-session', method: 'DELETE', url, headers: this.headers(), headersTimeoutMs: timeoutMs });
    if (!start.ok) return ' Ending the server session with DELETE failed.';
    const { run, response } = start;
    response.cancel();
    if (response.status === 405) {
      run.done('The server does not let clients end sessions (HTTP 405); it will expire on its own.');
      return '';
    }
    if (response.status >= 400) {
      run.fail({ problem: 'http-error', message: `DELETE of the session got HTTP ${response.status}.` });
      return ` Ending the server session with DELETE got HTTP ${response.status}.`;
    }
    run.done();
    return ' The server session was ended with DELETE.';
  }
}
