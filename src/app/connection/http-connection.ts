// The HTTP side of a ProxyConnection: what the proxy reports about a remote
// server (exchanges, the transport Auto chose, requests the transport failed)
// turned into log entries, snapshot fields and failures.

import {
  HTTP_MODE_LABEL,
  headerValue,
  type HttpExchange,
  type HttpExchangeFacts,
  type HttpProblem,
  type HttpMode,
  type HttpTransportConfig,
  type RequestId,
  type ProxyEnvelope,
  type ResolvedHttpMode,
} from '../../protocol/index.js';
import type { LogInput } from '../stores/log-store.js';
import { httpFailure, type ConnectionFailure } from './failures.js';
import { ExchangeLogger, exchangeLine, exchangeNote, modeLine } from './http-log.js';

/** What the status area shows about an HTTP connection. */
export interface HttpConnectionInfo {
  url: string;
  requested: HttpMode;
  /** The transport in use: the requested one, or what Auto chose once it knows. */
  mode?: ResolvedHttpMode;
  modeReason?: string;
  /** HTTP+SSE: where messages are POSTed. */
  endpoint?: string;
  /** Streamable HTTP: the Mcp-Session-Id the server issued. */
  sessionId?: string;
}

/** Reported to the Network view, tagged with the connection number by the controller. */
export type HttpEvent =
  /** `facts` is set once, when the exchange has ended: what the transport lint rules judge (see ConnectionCore). */
  { type: 'exchange'; exchange: HttpExchange; facts?: HttpExchangeFacts } | { type: 'mode'; mode: ResolvedHttpMode; reason: string };

type HttpOpenedEnvelope = Extract<ProxyEnvelope, { type: 'http-opened' }>;

export interface HttpSideHost {
  log(input: Omit<LogInput, 't' | 'connection'>): void;
  info(): HttpConnectionInfo | undefined;
  setInfo(info: HttpConnectionInfo): void;
  /** True while the initialize request is the one that matters. */
  initializing(): boolean;
  fail(failure: ConnectionFailure): void;
  onHttp?: (event: HttpEvent) => void;
}

export class HttpSide {
  private readonly exchanges = new ExchangeLogger();
  /** The id of the initialize request, once sent: its failure ends the connection. */
  initializeId: RequestId | undefined;

  constructor(private readonly host: HttpSideHost) {}

  /** Before the socket opens: say where we are going (header names only, never values). */
  starting(transport: HttpTransportConfig): void {
    const names = Object.keys(transport.headers);
    this.system(
      `Connecting to ${transport.url} over HTTP (${HTTP_MODE_LABEL[transport.mode]})`,
      names.length > 0 ? `Extra headers (values hidden): ${names.join(', ')}` : undefined,
    );
    this.host.setInfo({ url: transport.url, requested: transport.mode, ...(transport.mode !== 'auto' ? { mode: transport.mode } : {}) });
  }

  /** The proxy reached the server (HTTP+SSE: its event stream is open). */
  opened(env: HttpOpenedEnvelope): void {
    const info = this.host.info();
    if (info && env.endpoint !== undefined) this.host.setInfo({ ...info, endpoint: env.endpoint });
    this.system(
      env.endpoint !== undefined
        ? `The HTTP+SSE event stream is open; messages go to ${env.endpoint}.`
        : `Ready to send to ${env.url}; the first POST is initialize.`,
    );
  }

  /** The transport in use, once known. */
  mode(mode: ResolvedHttpMode, reason: string): void {
    const info = this.host.info();
    if (info) this.host.setInfo({ ...info, mode, modeReason: reason });
    this.system(modeLine(mode, reason));
    this.host.onHttp?.({ type: 'mode', mode, reason });
  }

  exchange(x: HttpExchange, facts: HttpExchangeFacts | undefined): void {
    const entry = this.exchanges.entry(x);
    if (entry) this.host.log({ direction: 'system', kind: 'http', raw: entry.raw, note: entry.note });
    const info = this.host.info();
    const issued = headerValue(x.responseHeaders, 'mcp-session-id');
    if (info && issued !== undefined && x.carried.some((c) => c.method === 'initialize') && info.sessionId !== issued) {
      this.host.setInfo({ ...info, sessionId: issued });
    }
    this.host.onHttp?.({ type: 'exchange', exchange: x, ...(facts !== undefined ? { facts } : {}) });
  }

  /** True when the failure ends the connection (an expired session, or initialize failed); else each request fails alone. */
  requestFailed(ids: RequestId[], problem: HttpProblem, message: string): boolean {
    if (problem === 'session-expired' || (this.host.initializing() && ids.some((id) => id.key === this.initializeId?.key))) {
      this.host.fail(httpFailure(problem, message));
      return true;
    }
    return false;
  }

  private system(raw: string, note?: string): void {
    this.host.log({ direction: 'system', kind: 'system', raw, ...(note !== undefined ? { note } : {}) });
  }
}

export { exchangeLine, exchangeNote };
