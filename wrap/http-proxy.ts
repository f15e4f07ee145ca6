// `mcpscope wrap --listen … --to URL`: a reverse proxy on node:http that a host
// points at instead of the remote server. Each request goes to the target as it
// came (method, path and query appended to the target's path, headers unchanged
// but for hop-by-hop ones and Host), bodies streamed both ways through pipes, a
// redirect handed back as it is. The tap sees each chunk after it was given to
// the pipe and never slows or changes what is forwarded.
import { request as httpRequest, type IncomingMessage, type ServerResponse, createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { exchangeRecord, type ExchangeFacts } from './http-record.js';
import { JsonBodyFramer, SseBodyFramer, decodedCopy } from './http-bodies.js';
import { EndpointRoutes, forwardAfterEndpoint, planEndpoint, rewrittenHead, type FirstEvent } from './http-endpoint.js';
import { listenProblem, unreachableSentence } from './http-problems.js';
import type { BodyFramer } from './recorder.js';

/** Where the recording goes: the Recorder (bounded; it frames and writes off the forwarding path). */
export interface HttpTap {
  body(framer: BodyFramer, bytes: Buffer | null): void;
  exchange(raw: string, note: string): void;
  /** mcpscope's own line in the capture. */
  system(raw: string): void;
}

export interface HttpWrapOptions {
  host: string;
  port: number;
  to: URL;
  tap: HttpTap;
  /** A sentence on stderr. */
  say: (line: string) => void;
}

export interface HttpWrap {
  server: Server;
  /** The address the host points at, e.g. http://127.0.0.1:4000/. */
  url: string;
  close(): Promise<void>;
}

/** A request body up to this size is kept, to be sent again on a new socket (see STALE_SOCKET). */
const RESEND_BODY_BYTES = 1024 * 1024;
/** How a kept-alive socket that the target closed while idle fails a request sent on it. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/** Headers of one connection only (RFC 9110 §7.6.1), never forwarded; Host is set for the target. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

/** Loopback names a host may use in Host when the wrapper listens on loopback (a rebinding page may not). */
export function isLoopbackName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * The target URL of a request: its path appended to the target's path (or, for a path an endpoint event
 * named, the path the server meant), its query after the target's.
 */
export function targetUrl(to: URL, requestUrl: string, routes?: EndpointRoutes): URL {
  const asked = new URL(requestUrl, 'http://wrap.invalid');
  const url = new URL(to.href);
  const base = to.pathname.replace(/\/+$/, '');
  url.pathname = routes?.get(asked.pathname) ?? (asked.pathname === '/' && base !== '' ? base : `${base}${asked.pathname}`);
  const query = [to.search.slice(1), asked.search.slice(1)].filter((q) => q !== '').join('&');
  url.search = query === '' ? '' : `?${query}`;
  return url;
}

/** Raw header pairs (as node gives them, a flat list) without the hop-by-hop ones and those Connection names. */
export function forwardedHeaders(raw: readonly string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection') for (const n of raw[i + 1]!.split(',')) named.add(n.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!HOP_BY_HOP.has(name) && !named.has(name)) out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

const pairs = (raw: readonly string[]): Array<[string, string]> => {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
};

export async function startHttpWrap(o: HttpWrapOptions): Promise<{ ok: true; value: HttpWrap } | { ok: false; error: string }> {
  const clock = () => performance.now();
  const loopback = isLoopbackName(o.host);
  let unreachableSaid = false;
  let elsewhereSaid = false;
  const routes = new EndpointRoutes();
  let listenOrigin = '';

  // Exchanges under way, each ended (and recorded) once; close() waits for them.
  let open = 0;
  let allEnded: (() => void) | undefined;
  let stopping = false;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const hostHeader = req.headers.host ?? '';
    if (loopback && !isLoopbackName(hostHeader.replace(/:\d+$/, ''))) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`mcpscope wrap answers only requests addressed to loopback (Host: ${o.host}), not to "${hostHeader}".\n`);
      return;
    }
    const target = targetUrl(o.to, req.url ?? '/', routes);
    const facts: ExchangeFacts = {
      method: req.method ?? 'GET',
      url: target.href,
      requestHeaders: pairs(req.rawHeaders),
      requestBytes: 0,
      responseBytes: 0,
      startedAt: clock(),
    };
    const hostFrames = new JsonBodyFramer('host');
    let done = false;
    open++;
    const finish = (end: ExchangeFacts['end']) => {
      if (done) return;
      done = true;
      if (--open === 0) allEnded?.();
      facts.end = end;
      facts.durationMs = clock() - facts.startedAt;
      const { raw, note } = exchangeRecord(facts);
      o.tap.exchange(raw, note);
    };

    // With headers as a list, node adds no Host of its own: the target's.
    const headers = ['Host', target.host, ...forwardedHeaders(req.rawHeaders)];
    const send = (fresh: boolean) =>
      (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, { method: req.method, headers, ...(fresh ? { agent: false } : {}) });
    let upstream = send(false);
    // The body's chunks, kept while small, to send again should the target have closed the kept-alive socket.
    let kept: Buffer[] | undefined = [];
    req.pipe(upstream);
    req.on('data', (bytes: Buffer) => {
      facts.requestBytes += bytes.length;
      if (facts.requestBytes > RESEND_BODY_BYTES) kept = undefined;
      else kept?.push(bytes);
      o.tap.body(hostFrames, bytes);
    });
    req.on('end', () => o.tap.body(hostFrames, null));

    const onResponse = (answer: IncomingMessage) => {
      if (unreachableSaid) {
        unreachableSaid = false;
        o.say(`${o.to.origin} answers again.`);
      }
      facts.status = answer.statusCode ?? 502;
      facts.statusText = answer.statusMessage ?? '';
      facts.responseHeaders = pairs(answer.rawHeaders);
      facts.headersMs = clock() - facts.startedAt;
      const sse = /^\s*text\/event-stream/i.test(answer.headers['content-type'] ?? '');
      const json = /json/i.test(answer.headers['content-type'] ?? '');
      const serverFrames = sse ? new SseBodyFramer() : json ? new JsonBodyFramer('server') : undefined;
      const copy = serverFrames && decodedCopy(answer.headers['content-encoding'], (bytes) => o.tap.body(serverFrames, bytes));
      res.writeHead(facts.status, facts.statusText, forwardedHeaders(answer.rawHeaders));
      // The headers go with the body's first bytes, in one write, or alone once those have not come by the
      // next turn of the loop: a long-lived stream may carry no event for minutes.
      const flush = setImmediate(() => res.flushHeaders());
      answer.once('data', () => clearImmediate(flush));
      answer.once('end', () => clearImmediate(flush));
      // A long-lived GET stream is recorded when it opens too; a POST's answer once, when it ends.
      if (sse && req.method === 'GET') {
        const open = exchangeRecord({ ...facts, end: 'open' });
        o.tap.exchange(open.raw, open.note);
      }
      answer.on('data', (bytes: Buffer) => {
        facts.responseBytes += bytes.length;
        copy?.write(bytes);
      });
      // An HTTP+SSE stream names its endpoint first: the one event the wrapper may have to change.
      if (sse && req.method === 'GET') {
        const origin = req.headers.host !== undefined ? `http://${req.headers.host}` : listenOrigin;
        forwardAfterEndpoint(answer, res, (head, first) => endpointHead(head, first, target, req.url ?? '/', origin));
      } else answer.pipe(res);
      answer.on('end', () => {
        copy?.end();
        finish('done');
      });
      // The target cut the answer short: the host's answer is cut short too, as it would be without us.
      answer.on('aborted', () => {
        res.destroy();
        finish('cut by the server');
      });
      answer.on('error', () => res.destroy());
    };

    const onError = (err: NodeJS.ErrnoException) => {
      // A kept-alive socket the target closed as the request went out (its idle timeout): once, on a new one.
      if (upstream.reusedSocket && !res.headersSent && !done && req.complete && kept !== undefined && STALE_SOCKET.has(err.code ?? '')) {
        upstream = send(true);
        upstream.on('response', onResponse);
        upstream.on('error', onError);
        upstream.end(Buffer.concat(kept));
        return;
      }
      if (res.headersSent || done) {
        res.destroy();
        finish('cut by the server');
        return;
      }
      const what = unreachableSentence(err, o.to);
      const sentence = `mcpscope wrap ${what}`;
      if (!unreachableSaid) {
        unreachableSaid = true;
        o.say(what);
      }
      facts.failure = sentence;
      facts.status = 502;
      facts.statusText = 'Bad Gateway (answered by mcpscope wrap)';
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${sentence}\n`);
      finish('failed');
    };
    upstream.on('response', onResponse);
    upstream.on('error', onError);

    // The host went away before the answer ended: the request to the target is aborted too.
    res.on('close', () => {
      if (!res.writableFinished) {
        upstream.destroy();
        finish(stopping ? 'ended as mcpscope wrap stopped' : 'cancelled by the host');
      }
    });
  };

  /** The stream's head as the host gets it, the endpoint's path learned and the rewrite recorded. */
  const endpointHead = (head: Buffer, first: FirstEvent, stream: URL, hostUrl: string, origin: string): Buffer => {
    const plan = first.value !== undefined ? planEndpoint(first.data, stream, hostUrl, origin) : ({ kind: 'not a URL', endpoint: first.data } as const);
    switch (plan.kind) {
      case 'relative':
        routes.add(plan.hostPath, plan.targetPath);
        return head;
      case 'rewritten':
        routes.add(plan.hostPath, plan.targetPath);
        o.tap.system(`endpoint rewritten from ${plan.from} to ${plan.to}: the host posts to mcpscope wrap, which forwards to the server.`);
        return rewrittenHead(head, first, plan);
      case 'elsewhere': {
        const sentence = `The server's endpoint event names ${plan.endpoint}, on another origin than ${o.to.origin}: the host sends its messages there directly, past mcpscope wrap, and they are not recorded.`;
        o.tap.system(sentence);
        if (!elsewhereSaid) {
          elsewhereSaid = true;
          o.say(sentence);
        }
        return head;
      }
      case 'not a URL':
        o.tap.system(`The server's endpoint event names ${JSON.stringify(plan.endpoint)}, which is not a URL; it is forwarded as it is.`);
        return head;
    }
  };

  const server = createServer(handle);
  // A long-lived GET stream has no end: no timeout of the server's own ends it.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  // A host's idle kept-alive socket is not closed sooner than a server's would be: a host that sends on it
  // just as it closes gets a reset the server would not have caused.
  server.keepAliveTimeout = 65_000;
  const listening = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    server.once('error', resolve);
    server.listen(o.port, o.host, () => resolve(undefined));
  });
  if (listening !== undefined) return { ok: false, error: listenProblem(listening, o.host, o.port) };
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  listenOrigin = `http://${shownHost}:${address.port}`;
  return {
    ok: true,
    value: {
      server,
      url: `${listenOrigin}/`,
      /** Stop: every connection closed, every exchange under way ended and handed to the tap. */
      close: async () => {
        stopping = true;
        const ended = new Promise<void>((resolve) => (allEnded = resolve));
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        if (open > 0) await ended;
      },
    },
  };
}
