// The floor for bench/wrap-latency's HTTP figures: the thinnest reverse proxy a
// separate process can be on node:http — each request piped to the target and
// its answer piped back, headers as they came, no checks, no recording. What
// `mcpscope wrap --to` adds is measured against this. Prints its port.
//   node bench/bare-http-relay.mjs http://127.0.0.1:PORT
import { createServer, request } from 'node:http';

const to = new URL(process.argv[2]);
const server = createServer((req, res) => {
  const upstream = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  });
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
