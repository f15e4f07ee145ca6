// The HTTP server bench/wrap-latency.mjs pings: POST /json answers each
// JSON-RPC request with a JSON body, POST /sse with a one-event SSE stream, as a
// Streamable HTTP server may. It prints its port on stdout once listening.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const { id } = JSON.parse(Buffer.concat(chunks).toString());
    const answer = `{"jsonrpc":"2.0","id":${id},"result":{}}`;
    if (req.url === '/sse') res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }).end(`event: message\ndata: ${answer}\n\n`);
    else res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
