// Auto: try Streamable HTTP; when the initialize POST gets a 4xx that an older
// server would give (400, 404, 405 …), fall back to HTTP+SSE as the spec's
// backwards-compatibility section describes — GET the same URL and expect an
// `endpoint` event — and say which transport was chosen.

import { carriedMessages, carriedRequestIds, type HttpTransportConfig } from '../../../src/protocol/wire.js';
import type { HttpUpstreamStarted, Upstream, UpstreamEvent, UpstreamListener } from '../types.js';
import { HttpStartError } from './errors.js';
import { LegacySseUpstream } from './legacy-sse.js';
import type { ResolvedHttpOptions } from './options.js';
import { StreamableHttpUpstream } from './streamable.js';

export class AutoHttpUpstream implements Upstream<HttpUpstreamStarted> {
  private current: Upstream<HttpUpstreamStarted>;
  private readonly streamable: StreamableHttpUpstream;
  private switching: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly config: HttpTransportConfig,
    private readonly listener: UpstreamListener,
    private readonly options: ResolvedHttpOptions,
  ) {
    // The abandoned Streamable HTTP side must not report a close of its own.
    const fromStreamable = (e: UpstreamEvent): void => {
      if (e.type === 'close' && this.current !== this.streamable) return;
      listener(e);
    };
    this.streamable = new StreamableHttpUpstream(config, fromStreamable, {
      ...options,
      flavour: 'auto',
      onFallback: (raw, status) => this.fallBack(raw, status),
    });
    this.current = this.streamable;
  }

  start(): Promise<HttpUpstreamStarted> {
    return this.streamable.start();
  }

  pauseReading(): void {
    this.current.pauseReading?.();
  }

  resumeReading(): void {
    this.current.resumeReading?.();
  }

  async send(raw: string): Promise<void> {
    if (this.switching !== undefined) await this.switching;
    return this.current.send(raw);
  }

  private fallBack(initializeRaw: string, status: number): void {
    const legacy = new LegacySseUpstream(this.config, this.listener, this.options);
    this.switching = (async () => {
      try {
        const started = await legacy.start();
        if (this.stopped) {
          await legacy.shutdown();
          return;
        }
        this.current = legacy;
        void this.streamable.shutdown();
        const endpoint = started.http.endpoint;
        this.listener({
          type: 'http-mode',
          mode: 'sse',
          reason: `The initialize POST got HTTP ${status}, so Auto tried HTTP+SSE (2024-11-05): GET ${this.config.url} opened an event stream naming the endpoint ${endpoint ?? '(none)'}.`,
        });
        await legacy.send(initializeRaw);
      } catch (err) {
        const why = err instanceof HttpStartError ? err.failure.message : String(err);
        const problem = err instanceof HttpStartError ? err.failure.problem : 'network';
        this.listener({
          type: 'request-failed',
          idTexts: carriedRequestIds(carriedMessages(initializeRaw)).map((id) => id.text),
          problem: problem === 'no-endpoint' ? 'not-found' : problem,
          message: `Neither transport worked at ${this.config.url}. Streamable HTTP: the initialize POST got HTTP ${status}. HTTP+SSE: ${why} Check the URL (Streamable HTTP servers often live at /mcp, HTTP+SSE servers at /sse).`,
        });
      } finally {
        this.switching = undefined;
      }
    })();
  }

  async shutdown(): Promise<void> {
    this.stopped = true;
    if (this.switching !== undefined) await this.switching;
    await this.current.shutdown();
    if (this.current !== this.streamable) await this.streamable.shutdown();
  }
}
