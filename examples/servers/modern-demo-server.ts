// The modern (2026-07-28) demo MCP server: `npm start -- --demo modern`'s
// target. Over stdio by default; `--http [PORT]` serves Streamable HTTP on
// 127.0.0.1 instead (PORT 0 or none: a free one) and prints its URL.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createModernDemoServer, demoStateCodec } from './modern/server.js';
import { serveModernHttp } from './modern/http.js';

const state = demoStateCodec();
const factory = () => createModernDemoServer(state);
const argv = process.argv.slice(2);
const httpAt = argv.indexOf('--http');

if (httpAt === -1) {
  // legacy: 'serve' (the default): an initialize opening gets a 2025-era server from the same factory.
  serveStdio(factory, { onerror: (err) => console.error(`modern demo: ${err.message}`) });
  console.error('mcpscope modern demo server ready on stdio');
} else {
  const portText = argv[httpAt + 1] ?? '0';
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    console.error(`modern demo: --http takes a port from 0 to 65535, not "${portText}".`);
    process.exit(2);
  }
  serveModernHttp(factory, port).then(
    ({ url }) => console.log(`mcpscope modern demo listening on ${url}`),
    (err: unknown) => {
      console.error(`modern demo: could not listen on port ${port}: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
