// One HTTP request on node:http(s), with keep-alive connections: less overhead
// per request than fetch, and the response headers exactly as received.

import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

const agents = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
};

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Destroy the request if no response headers arrived by then. */
  timeoutMs: number;
  /** Destroy it sooner if the TCP (and TLS) connection is not up by then. */
  connectTimeoutMs: number;
  /** Aborting destroys the request, even before its response headers came (a cancellation). */
  signal?: AbortSignal;
  /** Resolve the host with this (the OAuth fetch policy's judged addresses), on a connection of its own: a kept-alive one was not judged. */
  lookup?: LookupFunction;
}

export interface WireResponse {
  status: number;
  statusText: string;
  /** Header pairs as received: original case and order. */
  headerPairs: Array<[string, string]>;
  headers: { get(name: string): string | null };
  body: IncomingMessage;
  /** Stop reading: the connection is closed instead of reused. */
  cancel(): void;
}

export class WireTimeout extends Error {
  constructor(
    readonly ms: number,
    readonly phase: 'connect' | 'headers',
  ) {
    super(phase === 'connect' ? `no connection within ${ms} ms` : `no response headers within ${ms} ms`);
  }
}

function pairs(raw: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/** Send a request; resolves with the response once its headers arrived. */
export function send(req: WireRequest): Promise<WireResponse> {
  const url = new URL(req.url);
  const https = url.protocol === 'https:';
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
  return new Promise((resolve, reject) => {
    const outgoing = (https ? httpsRequest : httpRequest)(url, {
      method: req.method,
      headers,
      agent: req.lookup ? false : agents[https ? 'https:' : 'http:'],
      ...(req.lookup ? { lookup: req.lookup } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
    });
    const timer = setTimeout(() => outgoing.destroy(new WireTimeout(req.timeoutMs, 'headers')), req.timeoutMs);
    outgoing.once('socket', (socket) => {
      if (!socket.connecting) return; // a kept-alive connection
      const connectTimer = setTimeout(() => outgoing.destroy(new WireTimeout(req.connectTimeoutMs, 'connect')), req.connectTimeoutMs);
      socket.once(https ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });
    outgoing.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    outgoing.once('response', (res) => {
      clearTimeout(timer);
      res.on('error', () => {}); // surfaced by whoever reads the body
      const headerPairs = pairs(res.rawHeaders);
      resolve({
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? '',
        headerPairs,
        headers: {
          get: (name) => {
            const value = res.headers[name.toLowerCase()];
            return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
          },
        },
        body: res,
        cancel: () => {
          if (!res.complete) res.destroy();
          else res.resume();
        },
      });
    });
    outgoing.end(req.body);
  });
}
