// bench/oauth-body-memory: the proxy's resident memory while an MCP server's
// protected resource metadata answer is 1 GB (zeros, streamed as fast as the
// proxy reads). A loopback MCP server refuses `initialize` with a challenge
// whose resource_metadata is that answer; the proxy runs its OAuth flow (quick).
// Prints the proxy's resident memory before, its peak (VmHWM) and at the end,
// and how much of the answer the server got to write.
//
//   npm run build:node && node bench/oauth-body-memory.mjs [--mb 1024] [--parallel 1]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { launchProxy } from './proxy-process.mjs';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '1024' }, parallel: { type: 'string', default: '1' } } });
const TOTAL = Number(values.mb) * 1024 * 1024;
const PARALLEL = Number(values.parallel);
const TOKEN = 'bench-token-0123456789abcdef';

let written = 0;
const server = createServer((req, res) => {
  if (req.url === '/mcp') {
    const resourceMetadata = `http://127.0.0.1:${server.address().port}/big`;
    res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${resourceMetadata}"`, 'content-type': 'application/json' }).end('{}');
    return;
  }
  if (req.url !== '/big') return void res.writeHead(404).end();
  const chunk = Buffer.alloc(1024 * 1024, 0x30);
  let sent = 0;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.on('error', () => undefined);
  const write = () => {
    while (sent < TOTAL) {
      sent += chunk.byteLength;
      written += chunk.byteLength;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
    res.end();
  };
  write();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const mcpUrl = `http://127.0.0.1:${server.address().port}/mcp`;

const proxy = await launchProxy({ token: TOKEN });
const status = () => readFileSync(`/proc/${proxy.child.pid}/status`, 'utf8');
const mb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status())[1]) / 1024;

/** One connection whose initialize is refused: resolves with the flow's last summary once it ends (or the answer comes). */
async function connection() {
  const ws = new WebSocket(`ws://${new URL(proxy.origin).host}/ws`, ['mcpscope.v1', `mcpscope.token.${TOKEN}`]);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const ended = new Promise((resolve) => {
    ws.on('message', (data) => {
      const env = JSON.parse(String(data));
      if (env.type === 'http-opened') {
        const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } };
        ws.send(JSON.stringify({ type: 'send', raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params }) }));
      }
      if (env.type === 'auth' && env.flow.state !== 'running' && env.flow.state !== 'waiting') {
        const failed = env.flow.steps.find((s) => s.state === 'failed');
        resolve(failed ? `${failed.title}: ${failed.error ?? failed.summary}` : env.flow.state);
      }
      if (env.type === 'close') resolve(`closed: ${env.reason}`);
    });
  });
  ws.send(JSON.stringify({ type: 'open', transport: { kind: 'http', url: mcpUrl, headers: {}, mode: 'streamable-http', auth: { mode: 'quick' } } }));
  const outcome = await Promise.race([ended, new Promise((r) => setTimeout(() => r('no outcome within 180 s'), 180_000))]);
  ws.close();
  return outcome;
}

await new Promise((r) => setTimeout(r, 500));
const before = mb('VmRSS');
const t0 = performance.now();
const outcomes = await Promise.all(Array.from({ length: PARALLEL }, connection));
const seconds = (performance.now() - t0) / 1000;
const peak = mb('VmHWM');
const after = mb('VmRSS');
console.log(`answer offered: ${values.mb} MB × ${PARALLEL}; the server wrote ${(written / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s`);
console.log(`proxy resident memory: before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB`);
for (const o of outcomes) console.log(`flow: ${o}`);
await proxy.stop();
server.close();
