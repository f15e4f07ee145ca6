// The 2026-07-28 side of Streamable HTTP, decided per frame: a request whose
// `_meta` names a modern version gets the mirrored headers (and no session id);
// the tool schemas needed for Mcp-Param-* are learned from tools/list replies
// passing by; a notifications/cancelled for a modern request in flight becomes
// the close of that request's response stream, which is how 2026-07-28 cancels
// over HTTP (the notification itself is not POSTed).

import {
  frameRequestId,
  isRecord,
  mcpRequestHeaders,
  modernFrameVersion,
  requestIdOf,
  toolHeaderCheck,
  type RequestId,
  type SingleFrame,
  type ToolHeader,
} from '../../../src/protocol/wire.js';
import type { ExchangeRun } from './client.js';

export interface ModernPost {
  version: string;
  headers: Record<string, string>;
  warnings: string[];
}

type KnownTool = { ok: true; headers: ToolHeader[] } | { ok: false; problems: string[] };

export class ModernRequests {
  /** Tool name → its x-mcp-header annotations, from the latest tools/list reply that listed it. */
  private readonly tools = new Map<string, KnownTool>();
  /** Keys of modern tools/list requests awaiting their reply. */
  private readonly listing = new Set<string>();
  /** Modern requests under way, by id key: closing their stream cancels them. */
  private readonly running = new Map<string, ExchangeRun | undefined>();
  /** The version each running request named. */
  private readonly versions = new Map<string, string>();
  /** Cancelled while still waiting to be POSTed: their POST is not made. */
  private readonly cancelledEarly = new Set<string>();

  /** The headers of a POST carrying this frame, when it is a modern request; else undefined. */
  post(frame: SingleFrame): ModernPost | undefined {
    if (frame.kind !== 'request') return undefined;
    const { method, params } = frame.message;
    const version = modernFrameVersion(params);
    if (version === undefined) return undefined;
    const id = frameRequestId(frame);
    if (id !== undefined) {
      this.running.set(id.key, undefined);
      this.versions.set(id.key, version);
      if (method === 'tools/list') this.listing.add(id.key);
    }
    let toolHeaders: ToolHeader[] | undefined;
    const extra: string[] = [];
    if (method === 'tools/call' && isRecord(params) && typeof params.name === 'string') {
      const known = this.tools.get(params.name);
      if (known === undefined)
        extra.push(
          `Tool ${JSON.stringify(params.name)} was not in a tools/list reply on this connection, so its x-mcp-header arguments could not be mirrored into Mcp-Param-* headers.`,
        );
      else if (!known.ok)
        extra.push(
          `Tool ${JSON.stringify(params.name)} has invalid x-mcp-header annotations, so a conforming client does not call it; sent as asked, without Mcp-Param-* headers.`,
        );
      else toolHeaders = known.headers;
    }
    const { headers, warnings } = mcpRequestHeaders(version, method, params, toolHeaders);
    return { version, headers, warnings: [...extra, ...warnings] };
  }

  /** The exchange carrying a modern request, once it exists; false when the request was cancelled before. */
  started(key: string, run: ExchangeRun): boolean {
    if (this.cancelledEarly.delete(key)) return false;
    if (this.running.has(key)) this.running.set(key, run);
    return true;
  }

  /** The request's exchange is over (answered, failed or cancelled). */
  finished(key: string): void {
    this.running.delete(key);
    this.versions.delete(key);
    this.listing.delete(key);
  }

  /**
   * A notifications/cancelled naming a modern request under way: returns that
   * request (and forgets it) so the caller closes its stream instead of POSTing
   * the notification; undefined for any other frame.
   */
  cancellation(frame: SingleFrame): { id: RequestId; run: ExchangeRun | undefined; reason?: string } | undefined {
    if (frame.kind !== 'notification' || frame.message.method !== 'notifications/cancelled') return undefined;
    const params = frame.message.params;
    const target = isRecord(params) ? params.requestId : undefined;
    if (typeof target !== 'string' && typeof target !== 'number') return undefined;
    const id = requestIdOf(target);
    if (!this.running.has(id.key)) return undefined;
    const run = this.running.get(id.key);
    this.finished(id.key);
    if (run === undefined) this.cancelledEarly.add(id.key);
    return { id, run, ...(isRecord(params) && typeof params.reason === 'string' ? { reason: params.reason } : {}) };
  }

  /** Learn the tools of tools/list replies to modern requests; returns the version of a modern request that got a result. */
  noteFrames(frames: readonly SingleFrame[]): string | undefined {
    let answered: string | undefined;
    for (const f of frames) {
      if (f.kind !== 'response') continue;
      const key = frameRequestId(f)?.key;
      if (key === undefined) continue;
      answered ??= this.running.has(key) ? this.versions.get(key) : undefined;
      if (!this.listing.has(key)) continue;
      this.listing.delete(key);
      const result = f.message.result;
      const tools = isRecord(result) && Array.isArray(result.tools) ? result.tools : [];
      for (const tool of tools) {
        if (isRecord(tool) && typeof tool.name === 'string') this.tools.set(tool.name, toolHeaderCheck(tool.inputSchema));
      }
    }
    return answered;
  }
}
