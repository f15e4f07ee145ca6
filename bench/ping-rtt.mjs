// bench/ping-rtt: ping round trips through the proxy's WebSocket against the
// same demo server driven directly over stdio, in one run, plus the proxy's
// start-up time and resident memory with one open session. The HTTP row does
// the same against one Streamable HTTP server (server-everything on a loopback
// port): pings through the proxy against a direct `fetch` client. The
// server/discover row (2026-07-28, which has no ping) times discover round
// trips, with the modern _meta, to a hand-written 2026-07-28 stdio server,
// through the proxy against the same server driven directly.
//
//   npm run bench            (builds first)
//   node bench/ping-rtt.mjs [--pings 2000] [--warmup 200] [--profile-proxy DIR]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { launchProxy } from './proxy-process.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const PINGS = opt('--pings', 2000);
// --profile-proxy DIR writes a V8 CPU profile of the proxy there (for finding hot spots).
const profileDir = argv.includes('--profile-proxy') ? argv[argv.indexOf('--profile-proxy') + 1] : undefined;
const WARMUP = opt('--warmup', 200);
const ROUNDS = 4; // alternate proxy and direct in rounds, so drift hits both alike
const TOKEN = 'bench-token-0123456789abcdef';

const demoServer = fileURLToPath(new URL('../dist/node/examples/servers/demo-server.js', import.meta.url));
const everythingServer = fileURLToPath(new URL('../test/fixtures/http-everything.mjs', import.meta.url));
const modernServer = [fileURLToPath(new URL('../test/fixtures/modern-server.mjs', import.meta.url)), 'modern'];

const initialize = (id) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  });
const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

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

/** `handshake`: initialize first (legacy); a 2026-07-28 server has none. */
async function startDirect(serverArgs = [demoServer], handshake = true) {
  const child = spawn(process.execPath, serverArgs, { stdio: ['pipe', 'pipe', 'ignore'] });
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
  if (handshake) {
    await d.call(0, initialize(0));
    child.stdin.write(`${initialized}\n`);
  }
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
  await d.call(0, initialize(0));
  ws.send(initialized);
  return {
    d,
    stop: async () => {
      ws.close();
      await new Promise((r) => relay.once('exit', r));
    },
  };
}

async function startProxy(transport = { kind: 'stdio', command: process.execPath, args: [demoServer], env: {} }, handshake = true) {
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
  if (handshake) {
    await d.call(0, initialize(0));
    ws.send(JSON.stringify({ type: 'send', raw: initialized }));
  }
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

/** server-everything in streamableHttp mode on a free loopback port. */
async function startHttpServer() {
  const child = spawn(process.execPath, [everythingServer, 'streamableHttp'], { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, PORT: '0' } });
  const origin = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c) => {
      out += c;
      const m = /mcpscope-fixture listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
  });
  child.stdout.resume();
  return { url: `${origin}/mcp`, stop: () => child.kill() };
}

/** A minimal Streamable HTTP client on fetch: the direct path the proxy is measured against. */
async function startDirectHttp(url) {
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (raw, headers) => fetch(url, { method: 'POST', headers: { ...base, ...headers }, body: raw });
  const init = await post(initialize(0), {});
  const session = { 'mcp-session-id': init.headers.get('mcp-session-id'), 'mcp-protocol-version': '2025-11-25' };
  await init.text();
  await (await post(initialized, session)).text();
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
  return { d, stop: () => fetch(url, { method: 'DELETE', headers: session }).then((r) => r.text()) };
}

let nextId = 1;
const pingFrame = (id) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
/** server/discover with the _meta every 2026-07-28 request carries. */
const discoverFrame = (id) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'server/discover',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0' },
      },
    },
  });
async function pings(d, n, into, frame = pingFrame) {
  for (let i = 0; i < n; i++) {
    const id = nextId++;
    const t = performance.now();
    await d.call(id, frame(id));
    into?.push(performance.now() - t);
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Ping both paths alternately in short rounds, so load from elsewhere on the machine hits both alike. */
async function measure(a, b, rounds = 20, frame = pingFrame) {
  await pings(a.d, WARMUP, undefined, frame);
  await pings(b.d, WARMUP, undefined, frame);
  const viaA = [];
  const viaB = [];
  for (let r = 0; r < rounds; r++) {
    await pings(a.d, PINGS / rounds, viaA, frame);
    await pings(b.d, PINGS / rounds, viaB, frame);
  }
  return [viaA.sort((x, y) => x - y), viaB.sort((x, y) => x - y)];
}
const fmt = (ms) => `${ms.toFixed(3)} ms`;

const direct = await startDirect();
const proxy = await startProxy();
const bare = await startBareRelay();
await pings(direct.d, WARMUP);
await pings(proxy.d, WARMUP);
await pings(bare.d, WARMUP);
const viaProxy = [];
const viaDirect = [];
const viaBare = [];
for (let r = 0; r < ROUNDS; r++) {
  await pings(proxy.d, PINGS / ROUNDS, viaProxy);
  await pings(direct.d, PINGS / ROUNDS, viaDirect);
  await pings(bare.d, PINGS / ROUNDS, viaBare);
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
// The 2026-07-28 row: server/discover, through the proxy and directly over stdio.
const discoverDirect = await startDirect(modernServer, false);
const discoverProxy = await startProxy({ kind: 'stdio', command: process.execPath, args: modernServer, env: {} }, false);
const [discoverViaProxy, discoverViaDirect] = await measure(discoverProxy, discoverDirect, 20, discoverFrame);
await discoverProxy.stop();
discoverDirect.stop();
const row = (name, s) => `| ${name} | ${s.length} | ${fmt(pct(s, 50))} | ${fmt(pct(s, 90))} | ${fmt(pct(s, 99))} |`;
console.log(`ping-rtt: ${PINGS} pings each after ${WARMUP} warm-up, node ${process.version}`);
console.log('| path | pings | p50 | p90 | p99 |');
console.log('| --- | --- | --- | --- | --- |');
console.log(row('proxy (WebSocket → stdio)', viaProxy));
console.log(row('direct (stdio)', viaDirect));
console.log(row('bare relay, the floor (WebSocket → stdio, nothing else)', viaBare));
console.log(row('proxy (WebSocket → Streamable HTTP)', httpViaProxy));
console.log(row('direct (fetch → Streamable HTTP)', httpViaDirect));
console.log(row('server/discover, proxy (WebSocket → stdio, 2026-07-28)', discoverViaProxy));
console.log(row('server/discover, direct (stdio, 2026-07-28)', discoverViaDirect));
console.log(`p50 ratio proxy/direct (stdio): ${(pct(viaProxy, 50) / pct(viaDirect, 50)).toFixed(2)}`);
console.log(`p50 ratio bare relay/direct (stdio): ${(pct(viaBare, 50) / pct(viaDirect, 50)).toFixed(2)}`);
console.log(`p50 ratio proxy/bare relay (stdio): ${(pct(viaProxy, 50) / pct(viaBare, 50)).toFixed(2)}`);
console.log(`p50 ratio proxy/direct (HTTP): ${(pct(httpViaProxy, 50) / pct(httpViaDirect, 50)).toFixed(2)}`);
console.log(`p50 ratio proxy/direct (server/discover, stdio): ${(pct(discoverViaProxy, 50) / pct(discoverViaDirect, 50)).toFixed(2)}`);
console.log(`proxy start → ready line (spawn of node included): ${proxy.startupMs.toFixed(0)} ms`);
console.log(`proxy resident memory with one open session: ${rss.toFixed(1)} MB`);
