// bench/ping-rtt: round trips through the proxy's WebSocket against the same
// demo server driven directly over stdio and through bench/bare-relay.mjs, in
// one run, plus the proxy's start-up time and resident memory with one open
// session. The HTTP row does the same against one Streamable HTTP server on a
// loopback port: through the proxy against a direct `fetch` client.
//
// --method ping (the default): `ping` to the legacy demo (after initialize);
// the HTTP row is server-everything. --method discover: 2026-07-28
// `server/discover`, with the modern `_meta` as mcpscope's session sends it, to
// the modern demo (no handshake); the HTTP row is the modern demo's `--http`.
//
//   npm run bench            (builds first, then runs both)
//   node bench/ping-rtt.mjs [--method ping|discover] [--pings 2000] [--warmup 200] [--profile-proxy DIR]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import * as protocol from '../dist/node/src/protocol/index.js';
import { launchProxy } from './proxy-process.mjs';
import { HTTP_ROUNDS, STDIO_ROUNDS, parseRttArgs, replyProblem, rttRequest } from './rtt-requests.mjs';

const args = parseRttArgs(process.argv.slice(2));
if (!args.ok) {
  console.error(args.message);
  process.exit(2);
}
const { method: METHOD, pings: PINGS, warmup: WARMUP } = args;
// --profile-proxy DIR writes a V8 CPU profile of the proxy there (for finding hot spots).
const profileDir = args.profileDir;
const MODERN = METHOD === 'discover';
const TOKEN = 'bench-token-0123456789abcdef';

const server = (file) => fileURLToPath(new URL(`../dist/node/examples/servers/${file}`, import.meta.url));
const demoServer = server(MODERN ? 'modern-demo-server.js' : 'demo-server.js');
const everythingServer = fileURLToPath(new URL('../test/fixtures/http-everything.mjs', import.meta.url));
const request = rttRequest(METHOD, protocol);

const initialize = (id) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  });
const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

/** The legacy handshake before pings; a modern session has none (every request carries its version). */
async function handshake(d, sendLine) {
  if (MODERN) return;
  await d.call(0, initialize(0));
  sendLine(initialized);
}

/** A tiny request/response driver over any "send a line, get lines back" channel. */
function driver(sendLine) {
  const waiting = new Map();
  return {
    onLine(text) {
      let msg;
      try {
        msg = JSON.parse(text);
      } catch {
        return;
      }
      const w = waiting.get(msg.id);
      if (w) {
        waiting.delete(msg.id);
        w(msg);
      }
    },
    call(id, raw) {
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        sendLine(raw);
      });
    },
  };
}

async function startDirect() {
  const child = spawn(process.execPath, [demoServer], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buf = '';
  const d = driver((raw) => child.stdin.write(`${raw}\n`));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buf += chunk;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      d.onLine(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  });
  await handshake(d, (raw) => child.stdin.write(`${raw}\n`));
  return { d, stop: () => child.kill() };
}

/** The floor: bench/bare-relay.mjs, a relay with nothing but the two hops. */
async function startBareRelay() {
  const relay = spawn(process.execPath, [fileURLToPath(new URL('./bare-relay.mjs', import.meta.url)), process.execPath, demoServer], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve) => relay.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const d = driver((raw) => ws.send(raw));
  ws.on('message', (data) => d.onLine(String(data)));
  await handshake(d, (raw) => ws.send(raw));
  return {
    d,
    stop: async () => {
      ws.close();
      await new Promise((r) => relay.once('exit', r));
    },
  };
}

async function startProxy(transport = { kind: 'stdio', command: process.execPath, args: [demoServer], env: {} }) {
  const t0 = performance.now();
  const nodeArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const proxy = await launchProxy({ token: TOKEN, nodeArgs });
  const startupMs = performance.now() - t0;
  const { host } = new URL(proxy.origin);
  const ws = new WebSocket(`ws://${host}/ws`, ['mcpscope.v1', `mcpscope.token.${TOKEN}`]);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const d = driver((raw) => ws.send(JSON.stringify({ type: 'send', raw })));
  const opened = new Promise((resolve) => {
    ws.on('message', (data) => {
      const env = JSON.parse(String(data));
      if (env.type === 'opened' || env.type === 'http-opened') resolve();
      if (env.type === 'message') d.onLine(env.text);
    });
  });
  ws.send(JSON.stringify({ type: 'open', transport }));
  await opened;
  await handshake(d, (raw) => ws.send(JSON.stringify({ type: 'send', raw })));
  return {
    d,
    startupMs,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proxy.child.pid}/status`, 'utf8'))[1]) / 1024,
    stop: async () => {
      ws.close();
      await proxy.stop();
    },
  };
}

/** On a free loopback port: server-everything in streamableHttp mode (ping), or the modern demo's --http (discover). */
async function startHttpServer() {
  const [argv, env, ready, name] = MODERN
    ? [[demoServer, '--http', '0'], process.env, /mcpscope modern demo listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 'the modern demo']
    : [[everythingServer, 'streamableHttp'], { ...process.env, PORT: '0' }, /mcpscope-fixture listening on (http:\/\/127\.0\.0\.1:\d+)/, 'server-everything'];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'ignore'], env });
  const origin = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c) => {
      out += c;
      const m = ready.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  child.stdout.resume();
  return { url: MODERN ? origin : `${origin}/mcp`, stop: () => child.kill() };
}

/** A minimal Streamable HTTP client on fetch: the direct path the proxy is measured against. */
async function startDirectHttp(url) {
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (raw, headers) => fetch(url, { method: 'POST', headers: { ...base, ...headers }, body: raw });
  let session;
  if (MODERN) {
    // 2026-07-28: no session; each POST carries the standard headers mirrored from its body, by the protocol core's rule.
    const frame = JSON.parse(request(0));
    const version = frame.params._meta[protocol.META_PROTOCOL_VERSION];
    session = protocol.mcpRequestHeaders(version, frame.method, frame.params).headers;
  } else {
    const init = await post(initialize(0), {});
    session = { 'mcp-session-id': init.headers.get('mcp-session-id'), 'mcp-protocol-version': '2025-11-25' };
    await init.text();
    await (await post(initialized, session)).text();
  }
  const d = {
    async call(id, raw) {
      const response = await post(raw, session);
      const body = await response.text();
      // A JSON body, or an SSE stream whose data lines carry the answer.
      const texts = response.headers.get('content-type')?.startsWith('text/event-stream')
        ? body
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .filter((t) => t !== '')
        : [body];
      const answer = texts.map((t) => JSON.parse(t)).find((m) => m.id === id);
      if (!answer) throw new Error(`no answer to ${id} in ${body}`);
      return answer;
    },
  };
  return { d, stop: async () => (MODERN ? undefined : fetch(url, { method: 'DELETE', headers: session }).then((r) => r.text())) };
}

let nextId = 1;
/** n round trips of the bench's request on one path; each reply is checked (outside the timing). */
async function roundTrips(d, n, into) {
  for (let i = 0; i < n; i++) {
    const id = nextId++;
    const raw = request(id);
    const t = performance.now();
    const reply = await d.call(id, raw);
    into?.push(performance.now() - t);
    const problem = replyProblem(METHOD, protocol, reply);
    if (problem !== undefined) throw new Error(`The bench's ${METHOD} got a wrong answer, so its times would mean nothing: ${problem}`);
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Both paths alternately in short rounds, so load from elsewhere on the machine hits both alike. */
async function measure(a, b, rounds = HTTP_ROUNDS) {
  await roundTrips(a.d, WARMUP);
  await roundTrips(b.d, WARMUP);
  const viaA = [];
  const viaB = [];
  for (let r = 0; r < rounds; r++) {
    await roundTrips(a.d, PINGS / rounds, viaA);
    await roundTrips(b.d, PINGS / rounds, viaB);
  }
  return [viaA.sort((x, y) => x - y), viaB.sort((x, y) => x - y)];
}
const fmt = (ms) => `${ms.toFixed(3)} ms`;

const direct = await startDirect();
const proxy = await startProxy();
const bare = await startBareRelay();
await roundTrips(direct.d, WARMUP);
await roundTrips(proxy.d, WARMUP);
await roundTrips(bare.d, WARMUP);
const viaProxy = [];
const viaDirect = [];
const viaBare = [];
for (let r = 0; r < STDIO_ROUNDS; r++) {
  await roundTrips(proxy.d, PINGS / STDIO_ROUNDS, viaProxy);
  await roundTrips(direct.d, PINGS / STDIO_ROUNDS, viaDirect);
  await roundTrips(bare.d, PINGS / STDIO_ROUNDS, viaBare);
}
const rss = proxy.rssMb();
await proxy.stop();
await bare.stop();
direct.stop();

viaProxy.sort((a, b) => a - b);
viaDirect.sort((a, b) => a - b);
viaBare.sort((a, b) => a - b);

// The HTTP row: the same Streamable HTTP server, through the proxy and directly with fetch.
const httpServer = await startHttpServer();
const httpDirect = await startDirectHttp(httpServer.url);
const httpProxy = await startProxy({ kind: 'http', url: httpServer.url, headers: {}, mode: 'streamable-http' });
const [httpViaProxy, httpViaDirect] = await measure(httpProxy, httpDirect);
await httpProxy.stop();
await httpDirect.stop();
httpServer.stop();
const row = (name, s) => `| ${name} | ${s.length} | ${fmt(pct(s, 50))} | ${fmt(pct(s, 90))} | ${fmt(pct(s, 99))} |`;
const what = MODERN ? `server/discover (${protocol.NEWEST_MODERN_VERSION}, modern demo)` : 'ping (legacy demo)';
console.log(
  `ping-rtt --method ${METHOD}: ${PINGS} × ${what} each after ${WARMUP} warm-up, node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`| path | ${MODERN ? 'requests' : 'pings'} | p50 | p90 | p99 |`);
console.log('| --- | --- | --- | --- | --- |');
console.log(row('proxy (WebSocket → stdio)', viaProxy));
console.log(row('direct (stdio)', viaDirect));
console.log(row('bare relay, the floor (WebSocket → stdio, nothing else)', viaBare));
console.log(row('proxy (WebSocket → Streamable HTTP)', httpViaProxy));
console.log(row('direct (fetch → Streamable HTTP)', httpViaDirect));
console.log(`p50 ratio proxy/direct (stdio): ${(pct(viaProxy, 50) / pct(viaDirect, 50)).toFixed(2)}`);
console.log(`p50 ratio bare relay/direct (stdio): ${(pct(viaBare, 50) / pct(viaDirect, 50)).toFixed(2)}`);
console.log(`p50 ratio proxy/bare relay (stdio): ${(pct(viaProxy, 50) / pct(viaBare, 50)).toFixed(2)}`);
console.log(`p50 ratio proxy/direct (HTTP): ${(pct(httpViaProxy, 50) / pct(httpViaDirect, 50)).toFixed(2)}`);
console.log(`proxy start → ready line (spawn of node included): ${proxy.startupMs.toFixed(0)} ms`);
console.log(`proxy resident memory with one open session: ${rss.toFixed(1)} MB`);
