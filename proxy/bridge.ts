// One WebSocket ⇄ one upstream. Every incoming message is validated (it comes
// from a network socket); upstream events go out as envelopes carrying the raw
// text the server wrote.
import type { WebSocket } from 'ws';
import {
  MAX_KEPT_LINE_BYTES,
  parseClientEnvelope,
  type ClientEnvelope,
  type ProxyEnvelope,
  type ProxyErrorCode,
  type TransportConfig,
  type WireUpstreamEvent,
} from '../src/protocol/wire.js';
import type { SavedServers } from '../node/servers/saved-servers.js';
import type { Authorizer } from '../node/auth/authorizer-types.js';
import { authorizerFactory, type ProxyOAuth } from '../node/auth/proxy-oauth.js';
import { OutputHold } from './output-hold.js';
import { ServerLimitError } from './server-limit.js';
import type { HttpConnectionOptions } from '../node/upstream/http/index.js';
import type { AnyUpstream, UpstreamEvent, UpstreamListener } from '../node/upstream/types.js';

/** `connection` carries what only HTTP upstreams use (OAuth). */
export type UpstreamFactory = (config: TransportConfig, listener: UpstreamListener, connection?: HttpConnectionOptions) => AnyUpstream;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type OutgoingEnvelope = DistributiveOmit<ProxyEnvelope, 'at'>;

/** Bytes queued for the browser above which the server is no longer read, and below which reading resumes. */
export const HIGH_WATER_BYTES = 16 * 1024 * 1024;
const LOW_WATER_BYTES = 4 * 1024 * 1024;
/** Pauses are summed up for the Console at most this often, so a long flood gives a few notices, not thousands. */
const HELD_REPORT_MS = 1000;

export class Bridge {
  private upstream: AnyUpstream | undefined;
  private state: 'idle' | 'starting' | 'open' | 'closed' = 'idle';
  private socketClosed = false;
  private readonly hold = new OutputHold();
  private reportTimer: NodeJS.Timeout | undefined;
  /** An HTTP server (reached, not started). */
  private remote = false;
  /** OAuth: this connection's, when its transport asked for guided or quick. */
  private authorizer: Authorizer | undefined;

  /**
   * `onDone` runs once the socket has closed and the upstream has stopped; `oauth` is the proxy's, when it offers
   * OAuth; `servers`, the saved-server list, whose kept secrets an open of a saved server gets.
   */
  constructor(
    private readonly socket: WebSocket,
    private readonly createUpstream: UpstreamFactory,
    onDone: () => void = () => {},
    private readonly oauth?: ProxyOAuth,
    private readonly servers?: SavedServers,
  ) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        this.error('bad-envelope', 'Envelopes are JSON text frames; a binary frame was received.');
        return;
      }
      this.receive(data.toString());
    });
    socket.on('close', () => {
      this.socketClosed = true;
      clearTimeout(this.reportTimer);
      void this.shutdown().finally(onDone);
    });
    socket.on('error', () => {}); // a broken socket also emits close
  }

  /** Stop the upstream (if any); resolves when it has exited. */
  async shutdown(): Promise<void> {
    this.authorizer?.dispose();
    await this.upstream?.shutdown();
  }

  private receive(text: string): void {
    const parsed = parseClientEnvelope(text);
    if (!parsed.ok) {
      this.error('bad-envelope', `Bad envelope: ${parsed.error}.`);
      return;
    }
    this.handle(parsed.value);
  }

  private handle(envelope: ClientEnvelope): void {
    switch (envelope.type) {
      case 'open':
        if (envelope.savedServer === undefined) this.open(envelope.transport);
        else void this.openSaved(envelope.transport, envelope.savedServer);
        return;
      case 'send':
        if (this.state !== 'open' || this.upstream === undefined) {
          const why = this.state === 'closed' ? (this.remote ? 'the connection to the server has ended' : 'the server has exited') : 'no server is running yet';
          this.error('not-open', `Cannot send: ${why}. Send an open envelope first.`);
          return;
        }
        this.upstream.send(envelope.raw).catch((err: Error) => this.error('write-failed', err.message));
        return;
      case 'close':
        void this.shutdown();
        return;
      case 'auth':
        if (this.authorizer === undefined) {
          this.error('not-open', 'No authorization runs on this connection: connect to an HTTP server with OAuth set to guided or quick first.');
          return;
        }
        this.authorizer.control(envelope.flowId, envelope.action);
        return;
    }
  }

  /** A saved server, as the page shows it: its KEPT_SECRET values become the stored secrets here, never in the page. */
  private async openSaved(shown: TransportConfig, id: string): Promise<void> {
    if (!this.claimOpen()) return;
    const failCode = shown.kind === 'http' ? 'connect-failed' : 'spawn-failed';
    const resolved =
      this.servers === undefined
        ? { ok: false as const, error: 'This proxy keeps no saved servers, so none can be opened by its id: connect with the settings typed in.' }
        : await this.servers.resolveOpen(id, shown).catch((err: unknown) => ({
            ok: false as const,
            error: `The saved server could not be read (${err instanceof Error ? err.message : String(err)}): connect again.`,
          }));
    this.state = 'idle';
    if (this.socketClosed) return;
    if (!resolved.ok) {
      this.error(failCode, resolved.error);
      return;
    }
    this.open(resolved.value);
  }

  /** Whether this socket may start its server now (one per socket); else the page is told. */
  private claimOpen(): boolean {
    if (this.state === 'idle') {
      this.state = 'starting';
      return true;
    }
    this.error('already-open', 'This connection already started a server; open a new WebSocket to start another.');
    return false;
  }

  private open(transport: TransportConfig): void {
    if (!this.claimOpen()) return;
    this.remote = transport.kind === 'http';
    const wantsAuth = transport.kind === 'http' && transport.auth !== undefined && transport.auth.mode !== 'off';
    const connection: HttpConnectionOptions =
      wantsAuth && this.oauth !== undefined ? { authorize: authorizerFactory(this.oauth, (a) => (this.authorizer = a)) } : {};
    let upstream: AnyUpstream;
    try {
      upstream = this.createUpstream(transport, (event) => this.forward(event), connection);
    } catch (err) {
      // Building it threw (the Authorizer's set-up, a factory's bug): the open fails with a sentence, the proxy stays up.
      this.authorizer?.dispose();
      this.authorizer = undefined;
      this.state = 'idle';
      const why = err instanceof Error ? err.message : String(err);
      const what = wantsAuth ? 'Authorization (OAuth) could not be set up for this connection' : 'The connection could not be set up';
      this.error(
        transport.kind === 'http' ? 'connect-failed' : 'spawn-failed',
        `${what}: ${why.replace(/\.$/, '')}; nothing was started, so check the settings and connect again.`,
      );
      return;
    }
    this.upstream = upstream;
    upstream.start().then(
      (started) => {
        if (this.state === 'starting') this.state = 'open';
        if ('http' in started) {
          const { url, mode, endpoint } = started.http;
          this.emit({ type: 'http-opened', url, mode, ...(endpoint !== undefined ? { endpoint } : {}) });
        } else if (transport.kind === 'stdio') {
          this.emit({ type: 'opened', transport: 'stdio', pid: started.pid, command: transport.command, args: transport.args });
        }
        // The socket closed while the server was starting: shutdown() already waits for it.
      },
      (err: Error) => {
        this.upstream = undefined;
        this.authorizer?.dispose();
        this.authorizer = undefined;
        this.state = 'idle'; // a failed start may be corrected and retried
        const code = err instanceof ServerLimitError ? 'server-limit' : transport.kind === 'http' ? 'connect-failed' : 'spawn-failed';
        this.error(code, err.message);
      },
    );
  }

  /** Upstream events go to the page in their own shape; only a line's exact bytes become base64. */
  private forward(event: UpstreamEvent): void {
    if (event.type === 'close') {
      this.state = 'closed';
      this.authorizer?.dispose();
      this.reportHeld();
    }
    this.emit(onTheWire(event));
  }

  private error(code: ProxyErrorCode, message: string): void {
    this.emit({ type: 'error', code, message });
  }

  private emit(envelope: OutgoingEnvelope): void {
    if (this.socketClosed || this.socket.readyState !== this.socket.OPEN) return;
    const text = encode(envelope);
    if (this.hold.paused) {
      // Stamped now, sent once the browser has caught up; only stderr may be dropped.
      this.hold.hold(text, envelope.type === 'stderr' ? Buffer.byteLength(envelope.line) : undefined);
      return;
    }
    this.socket.send(text);
    this.applyBackpressure();
  }

  /** A server can write faster than the browser reads: past the mark, stop reading it until the socket drains. */
  private applyBackpressure(): void {
    if (this.hold.paused || this.socket.bufferedAmount < HIGH_WATER_BYTES || !this.upstream?.pauseReading) return;
    this.hold.pause(Date.now());
    this.upstream.pauseReading();
    const check = (): void => {
      if (this.socketClosed) return;
      if (this.socket.bufferedAmount > LOW_WATER_BYTES) {
        setTimeout(check, 10);
        return;
      }
      for (const text of this.hold.resume(Date.now())) this.socket.send(text);
      this.upstream?.resumeReading?.();
      this.scheduleReport();
      this.applyBackpressure();
    };
    setTimeout(check, 10);
  }

  private scheduleReport(): void {
    if (this.reportTimer !== undefined) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = undefined;
      if (this.socketClosed) return;
      // Still behind: say it once reading resumes.
      if (this.hold.paused) this.scheduleReport();
      else this.reportHeld();
    }, HELD_REPORT_MS);
  }

  /** Tell the browser what the pauses since the last report held back (a Console notice). */
  private reportHeld(): void {
    const held = this.hold.report(Date.now());
    if (held !== undefined) this.emit({ type: 'output-held', ...held });
  }
}

/** The envelope as JSON text, stamped with the proxy's clock. */
function encode(envelope: OutgoingEnvelope): string {
  try {
    return JSON.stringify({ ...envelope, at: Date.now() });
  } catch (e) {
    // A server can send something too large to encode; that must not take the proxy down.
    return JSON.stringify({
      type: 'error',
      at: Date.now(),
      code: 'write-failed',
      message: `A ${envelope.type} message from the server could not be relayed: ${e instanceof Error ? e.message : String(e)}.`,
    });
  }
}

/** An upstream event as the page gets it: the invalid-UTF-8 mark and exact bytes (base64) only on lines that were not valid UTF-8. */
function onTheWire(event: UpstreamEvent): WireUpstreamEvent {
  if (event.type !== 'message' && event.type !== 'noise' && event.type !== 'stderr') return event;
  // The hot path (every frame) builds the small object directly, with no rest spread.
  const line = event.type === 'stderr' ? { type: event.type, line: event.line } : { type: event.type, text: event.text };
  if (!event.invalidUtf8) return line;
  const { bytes } = event;
  if (bytes === undefined) return { ...line, invalidUtf8: true };
  // Base64 of a huge line would travel and be saved at 4/3 its size on top of its text.
  if (bytes.byteLength > MAX_KEPT_LINE_BYTES) return { ...line, invalidUtf8: true, bytesNotKept: bytes.byteLength };
  return { ...line, invalidUtf8: true, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}
