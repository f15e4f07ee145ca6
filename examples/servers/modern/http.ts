// The modern demo over Streamable HTTP on loopback: node:http in front of the
// SDK's web-standard createMcpHandler (Request in, Response out), which serves
// 2026-07-28 exchanges and, statelessly, 2025-era ones.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';

export const MODERN_DEMO_PATH = '/mcp';

function webRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined;
  // duplex is required by Node's fetch for a streamed body; the DOM RequestInit type lacks it.
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body, duplex: 'half' } as RequestInit);
}

async function sendWeb(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null) return void res.end();
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  res.on('close', () => body.destroy()); // the client went away: stop the stream (and so the request)
  body.pipe(res);
}

/** Listens on 127.0.0.1:port (0: a free one); resolves with the server's URL. */
export async function serveModernHttp(factory: McpServerFactory, port: number): Promise<{ url: string; server: Server }> {
  const handler = createMcpHandler(factory, { onerror: (err) => console.error(`modern demo: ${err.message}`) });
  let origin = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname !== MODERN_DEMO_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${MODERN_DEMO_PATH}\n`);
      return;
    }
    handler.fetch(webRequest(req, origin)).then(
      (response) => sendWeb(response, res),
      (err: unknown) => {
        console.error(`modern demo: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal error\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  origin = `http://127.0.0.1:${bound}`;
  server.on('close', () => void handler.close());
  return { url: `${origin}${MODERN_DEMO_PATH}`, server };
}
