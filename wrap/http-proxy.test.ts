// The HTTP wrapper's forwarding, against a scripted loopback server: an SSE
// stream passes byte for byte and each event reaches the host before the next
// is written; MCP's headers pass, hop-by-hop ones do not; redirects come back
// as they are; an abort on either side reaches the other; bad input is one
// sentence.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { LogRecord } from '../src/protocol/wire.js';
import { waitFor } from '../test/fixtures/proxy-helpers.js';
import { parseWrapArgs } from './args.js';
import { Recorder } from './recorder.js';
import { startHttpWrap, targetUrl, type HttpTap, type HttpWrap } from './http-proxy.js';

const quiet: HttpTap = { body: () => {}, exchange: () => {}, system: () => {} };
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function scripted(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function wrapOf(to: string, said: string[] = []): Promise<HttpWrap> {
  const started = await startHttpWrap({ host: '127.0.0.1', port: 0, to: new URL(to), tap: quiet, say: (l) => said.push(l) });
  if (!started.ok) throw new Error(started.error);
  cleanup.push(() => started.value.close());
  return started.value;
}

/** A request as a host sends it, its answer's bytes collected as they come. */
function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const chunks: Buffer[] = [];
  let onChunk = () => {};
  const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} });
  let ended!: Promise<void>;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', (res) => {
      // At once: a short answer's 'end' comes before a promise callback would run.
      ended = new Promise<void>((done) => {
        res.once('end', done); // it came whole
        res.once('close', done); // it was cut short
      });
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        onChunk();
      });
      resolve(res);
    });
    req.on('error', reject);
  });
  req.end(init.body);
  return {
    req,
    response,
    get ended() {
      return ended;
    },
    bytes: () => Buffer.concat(chunks),
    /** Resolves once the bytes received end with `tail`. */
    received: (tail: Buffer) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (Buffer.concat(chunks).subarray(-tail.length).equals(tail)) resolve();
        };
        onChunk = check;
        check();
      }),
  };
}

describe('the HTTP wrapper forwards', () => {
  it('an SSE stream byte for byte, each event reaching the host before the next is written, with MCP headers both ways', async () => {
    const events = [
      Buffer.from('id: 1\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"caf'),
      Buffer.from([0xc3]), // a character split across writes
      Buffer.from([0xa9, ...Buffer.from('"}}\n\n')]),
      Buffer.from(': keep-alive\r\n\r\n'),
      Buffer.from('id: 2\r\ndata: {"jsonrpc":"2.0","id":7,\r\ndata: "result":{}}\r\n\r\n'),
    ];
    let seen: IncomingMessage | undefined;
    const hostReady: { host?: ReturnType<typeof send> } = {};
    const upstream = await scripted(async (req, res) => {
      seen = req;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Mcp-Session-Id': 'session-42', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      await hostReady.host!.response;
      for (const e of events) {
        res.write(e);
        await hostReady.host!.received(e);
      }
      res.end();
    });
    const wrap = await wrapOf(`${upstream.url}/base/mcp?tenant=a`);
    const host = (hostReady.host = send(`${wrap.url}stream?x=1`, {
      headers: {
        Accept: 'text/event-stream',
        'Last-Event-ID': '0',
        'Mcp-Session-Id': 'session-42',
        'MCP-Protocol-Version': '2025-06-18',
        Connection: 'keep-alive, X-Hop',
        'X-Hop': 'only to the wrapper',
        'X-Other': 'kept',
      },
    }));
    const res = await host.response;
    await host.ended;
    expect(host.bytes().equals(Buffer.concat(events))).toBe(true);
    expect(res.headers).toMatchObject({ 'content-type': 'text/event-stream', 'mcp-session-id': 'session-42', 'cache-control': 'no-cache' });
    expect(seen!.url).toBe('/base/mcp/stream?tenant=a&x=1');
    expect(seen!.headers).toMatchObject({
      host: new URL(upstream.url).host,
      'last-event-id': '0',
      'mcp-session-id': 'session-42',
      'mcp-protocol-version': '2025-06-18',
      'x-other': 'kept',
    });
    expect(seen!.headers['x-hop']).toBeUndefined();
  });

  it('a request body as it was sent, and a redirect back to the host as it is (never followed)', async () => {
    let body = '';
    const upstream = await scripted((req, res) => {
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        res.writeHead(307, { Location: 'https://elsewhere.example/mcp' });
        res.end('moved');
      });
    });
    const wrap = await wrapOf(`${upstream.url}/mcp`);
    const frame = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const host = send(wrap.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: frame });
    const res = await host.response;
    await host.ended;
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('https://elsewhere.example/mcp');
    expect(host.bytes().toString()).toBe('moved');
    expect(body).toBe(frame);
  });

  it('a compressed answer as it came, recorded decoded', async () => {
    const frame = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}';
    const upstream = await scripted((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(frame));
    });
    const lines: string[] = [];
    const recorder = new Recorder({ sink: { write: (l) => lines.push(l) }, startedAt: 0, now: () => 0 });
    const started = await startHttpWrap({ host: '127.0.0.1', port: 0, to: new URL(upstream.url), tap: recorder, say: () => {} });
    if (!started.ok) throw new Error(started.error);
    cleanup.push(() => started.value.close());
    const host = send(started.value.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    await host.response;
    await host.ended;
    expect(gunzipSync(host.bytes()).toString()).toBe(frame);
    const recorded = () =>
      lines
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as LogRecord);
    await waitFor(() => recorded().some((r) => r.direction === 'in'), 5000, 'the decoded answer in the capture');
    expect(recorded().find((r) => r.direction === 'in')).toMatchObject({ kind: 'response', method: 'tools/list', raw: frame });
  });

  it("the host's abort to the server, and the server's to the host", async () => {
    let upstreamClosed: Promise<void> | undefined;
    const upstream = await scripted((req, res) => {
      upstreamClosed = new Promise((resolve) => res.on('close', () => resolve()));
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"jsonrpc":"2.0","method":"first"}\n\n');
      if (req.url === '/cut') setTimeout(() => res.socket?.destroy(), 0);
    });
    const wrap = await wrapOf(upstream.url);
    const hostGoes = send(wrap.url);
    await hostGoes.received(Buffer.from('\n\n'));
    hostGoes.req.destroy();
    await upstreamClosed;

    const serverGoes = send(`${wrap.url}cut`);
    const res = await serverGoes.response;
    await serverGoes.ended;
    expect(res.complete).toBe(false);
  });
});

describe('the HTTP wrapper and kept-alive sockets', () => {
  it('sends a request again on a new socket when the target closed the kept-alive one it went out on', async () => {
    const bodies: string[] = [];
    const served = new Map<object, number>();
    const upstream = await scripted((req, res) => {
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      let body = '';
      req.on('data', (c: Buffer) => (body += String(c)));
      req.on('end', () => {
        bodies.push(body);
        // As a server whose idle timeout closed the socket just as the next request came.
        if (n > 1) return req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${bodies.length},"result":{}}`);
      });
    });
    const said: string[] = [];
    const wrap = await wrapOf(`${upstream.url}/mcp`, said);
    for (const id of [1, 2]) {
      const host = send(wrap.url, { method: 'POST', body: `{"jsonrpc":"2.0","id":${id},"method":"ping"}` });
      const res = await host.response;
      await host.ended;
      expect(res.statusCode).toBe(200);
    }
    expect(bodies).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      '{"jsonrpc":"2.0","id":2,"method":"ping"}',
      '{"jsonrpc":"2.0","id":2,"method":"ping"}',
    ]);
    expect(said).toEqual([]);
  });
});

describe('the HTTP wrapper, given bad input', () => {
  it('answers 502 with a sentence when the target is down, and says it once on stderr', async () => {
    const gone = await scripted(() => {});
    const to = gone.url;
    await new Promise<void>((resolve) => gone.server.close(() => resolve()));
    const said: string[] = [];
    const wrap = await wrapOf(`${to}/mcp`, said);
    for (let i = 0; i < 2; i++) {
      const host = send(wrap.url, { method: 'POST', body: '{}' });
      const res = await host.response;
      await host.ended;
      expect(res.statusCode).toBe(502);
      expect(host.bytes().toString()).toBe(
        `mcpscope wrap could not reach ${to}: the connection was refused (nothing is listening there). Check that the server is running and that --to is right.\n`,
      );
    }
    expect(said).toEqual([expect.stringMatching(/^could not reach .+: the connection was refused/)]);
  });

  it('answers 502 with a sentence when the target answers something that is not HTTP', async () => {
    const sockets: Socket[] = [];
    const garbage = createNetServer((socket) => {
      sockets.push(socket);
      socket.end('SSH-2.0-OpenSSH_9.6\r\n');
    });
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => garbage.close(() => resolve()));
    });
    const wrap = await wrapOf(`http://127.0.0.1:${(garbage.address() as AddressInfo).port}/mcp`);
    const host = send(wrap.url, { method: 'POST', body: '{}' });
    const res = await host.response;
    await host.ended;
    expect(res.statusCode).toBe(502);
    expect(host.bytes().toString()).toMatch(
      /: it answered with something that is not valid HTTP \(HPE_[A-Z_]+\)\. Check that the server is running and that --to is right\.\n$/,
    );
  });

  it('refuses a port in use with one sentence', async () => {
    const busy = await scripted(() => {});
    const port = Number(new URL(busy.url).port);
    const started = await startHttpWrap({ host: '127.0.0.1', port, to: new URL('http://127.0.0.1:1/'), tap: quiet, say: () => {} });
    expect(started).toEqual({
      ok: false,
      error: `Cannot listen on 127.0.0.1:${port}: the port is in use. Choose another with --listen (port 0 picks a free one).`,
    });
  });

  it('answers a request addressed to another name than loopback with 421 (a rebinding page), forwarding nothing', async () => {
    let reached = false;
    const upstream = await scripted((_req, res) => {
      reached = true;
      res.end();
    });
    const wrap = await wrapOf(upstream.url);
    const host = send(wrap.url, { headers: { Host: 'attacker.example:80' } });
    const res = await host.response;
    await host.ended;
    expect(res.statusCode).toBe(421);
    expect(host.bytes().toString()).toMatch(/^mcpscope wrap answers only requests addressed to loopback/);
    expect(reached).toBe(false);
  });

  it.each([
    [['--to', 'ftp://example.com/mcp'], '--to: The URL must start with http:// or https://, not ftp://.'],
    [['--to', 'example.com/mcp'], '--to: "example.com/mcp" is not a URL: write it in full, for example http://127.0.0.1:3001/mcp.'],
    [
      ['--listen', '127.0.0.1:99999', '--to', 'http://127.0.0.1:1/'],
      '--listen takes HOST:PORT, such as 127.0.0.1:3002 (port 0 picks a free one), not "127.0.0.1:99999".',
    ],
    [['--listen', '127.0.0.1:3002'], '--listen needs --to URL: the server each request is forwarded to.'],
    [['--to', 'http://127.0.0.1:1/', '--', 'node', 's.js'], 'Give either --to URL (an HTTP server) or a command after -- (a stdio server), not both.'],
  ])('%j: %s', (argv, error) => {
    expect(parseWrapArgs(argv)).toEqual({ ok: false, error });
  });

  it('reads --listen as HOST:PORT, [IPv6]:PORT or a port on loopback', () => {
    const listen = (value: string) => {
      const r = parseWrapArgs(['--listen', value, '--to', 'http://127.0.0.1:1/']);
      return r.ok && r.value !== 'help' && 'listen' in r.value ? r.value.listen : r;
    };
    expect(listen('0.0.0.0:3002')).toEqual({ host: '0.0.0.0', port: 3002 });
    expect(listen('[::1]:3002')).toEqual({ host: '::1', port: 3002 });
    expect(listen('3002')).toEqual({ host: '127.0.0.1', port: 3002 });
  });
});

describe('targetUrl', () => {
  it.each([
    ['http://h/mcp', '/', 'http://h/mcp'],
    ['http://h/mcp', '/?a=1', 'http://h/mcp?a=1'],
    ['http://h/mcp/', '/messages?sessionId=9', 'http://h/mcp/messages?sessionId=9'],
    ['http://h/', '/mcp', 'http://h/mcp'],
    ['http://h/mcp?key=k', '/', 'http://h/mcp?key=k'],
  ])('%s + %s → %s', (to, path, expected) => {
    expect(targetUrl(new URL(to), path).href).toBe(expected);
  });
});
