// bench/wrap-latency: what `mcpscope wrap` adds to a round trip. stdio: the
// same demo server is pinged straight (this process writes its stdin and reads
// its stdout) and through the wrapper (recording into a capture, as a host's
// session would). HTTP: a small server (bench/http-ping-server.mjs) is sent ping
// POSTs answered with a JSON body and with an SSE stream, straight and through
// `wrap --listen 127.0.0.1:0 --to` (recording) and through bench/bare-http-relay.mjs
// (the floor: a hop with nothing else), over kept-alive connections as a host's.
// Each in one run, alternating in rounds so that load elsewhere on the machine
// hits every path alike. p50 and p95 of each path, and the p50 added.
//
//   npm run build:node && node bench/wrap-latency.mjs [--pings 4000] [--warmup 400] [--only stdio|http]
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startedChild } from '../scripts/child-ready.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  const n = at < 0 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(n) || n < 0) {
    console.error(`${name} takes a whole number. usage: node bench/wrap-latency.mjs [--pings N] [--warmup N]`);
    process.exit(2);
  }
  return n;
};
const PINGS = option('--pings', 4000);
const WARMUP = option('--warmup', 400);
const ROUNDS = 10;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && only !== 'stdio' && only !== 'http') {
  console.error('--only takes stdio or http. usage: node bench/wrap-latency.mjs [--pings N] [--warmup N] [--only stdio|http]');
  process.exit(2);
}

const demoServer = fileURLToPath(new URL('../dist/node/examples/servers/demo-server.js', import.meta.url));
const bin = fileURLToPath(new URL('../bin/mcpscope.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-bench-'));
const capture = join(scratch, 'bench.jsonl');
const httpCapture = join(scratch, 'bench-http.jsonl');
const httpServer = fileURLToPath(new URL('./http-ping-server.mjs', import.meta.url));
const bareHttpRelay = fileURLToPath(new URL('./bare-http-relay.mjs', import.meta.url));

/** One stdio peer, driven one request at a time: each line read settles the request waiting for it. */
function peer(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let pending;
  let held = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    held += text;
    for (let nl = held.indexOf('\n'); nl >= 0; nl = held.indexOf('\n')) {
      const line = held.slice(0, nl);
      held = held.slice(nl + 1);
      const reply = JSON.parse(line);
      if (pending && reply.id === pending.id) {
        const settle = pending.settle;
        pending = undefined;
        settle(reply);
      }
    }
  });
  const request = (id, frame) =>
    new Promise((settle) => {
      pending = { id, settle };
      child.stdin.write(`${frame}\n`);
    });
  return {
    request,
    async ping(id) {
      const t0 = performance.now();
      const reply = await request(id, `{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
      const ms = performance.now() - t0;
      if (reply.error || typeof reply.result !== 'object') throw new Error(`ping ${id} was answered with ${JSON.stringify(reply)}`);
      return ms;
    },
    stop: () => new Promise((resolve) => (child.once('close', resolve), child.stdin.end())),
  };
}

async function ready(p) {
  const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'wrap-bench', version: '0' } };
  await p.request(0, JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params }));
  return p;
}

/** Sequential pings over one kept-alive connection, as a host's: each POST settles with its whole answer. */
function httpPeer(base) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const post = (path, id) =>
    new Promise((resolve, reject) => {
      const body = `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
      const req = request(`${base}${path}`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200 || !text.includes(`"id":${id},"result":{}`)) reject(new Error(`ping ${id} to ${path} got ${res.statusCode}: ${text}`));
          else resolve();
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    async ping(path, id) {
      const t0 = performance.now();
      await post(path, id);
      return performance.now() - t0;
    },
    stop: () => agent.destroy(),
  };
}

async function httpBench() {
  const server = await startedChild([httpServer], 'stdout', /^(\d+)\n/);
  const origin = `http://127.0.0.1:${server.value}`;
  const wrap = await startedChild(
    [bin, 'wrap', '--listen', '127.0.0.1:0', '--to', `${origin}/`, '--capture', httpCapture],
    'stderr',
    /point the host at (\S+) /,
  );
  const relay = await startedChild([bareHttpRelay, origin], 'stdout', /^(\d+)\n/);
  const direct = httpPeer(origin);
  const wrapped = httpPeer(wrap.value.replace(/\/$/, ''));
  const bare = httpPeer(`http://127.0.0.1:${relay.value}`);
  const figures = { json: { direct: [], wrap: [], bare: [] }, sse: { direct: [], wrap: [], bare: [] } };
  let id = 1;
  const run = async (peer, path, n, into) => {
    for (let i = 0; i < n; i++) {
      const ms = await peer.ping(path, id++);
      into?.push(ms);
    }
  };
  for (const path of ['/json', '/sse']) {
    await run(direct, path, WARMUP);
    await run(wrapped, path, WARMUP);
    await run(bare, path, WARMUP);
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const kind of ['json', 'sse']) {
      await run(direct, `/${kind}`, PINGS / ROUNDS, figures[kind].direct);
      await run(wrapped, `/${kind}`, PINGS / ROUNDS, figures[kind].wrap);
      await run(bare, `/${kind}`, PINGS / ROUNDS, figures[kind].bare);
    }
  }
  direct.stop();
  wrapped.stop();
  bare.stop();
  const closed = (child) => new Promise((resolve) => (child.once('close', resolve), child.kill('SIGTERM')));
  await closed(wrap.child);
  await closed(relay.child);
  await closed(server.child);
  return { figures, captureBytes: statSync(httpCapture).size };
}

async function stdioBench() {
  const direct = await ready(peer(process.execPath, [demoServer]));
  const wrapped = await ready(peer(process.execPath, [bin, 'wrap', '--capture', capture, '--', process.execPath, demoServer]));

  let id = 1;
  const run = async (p, n, into) => {
    for (let i = 0; i < n; i++) {
      const ms = await p.ping(id++);
      into?.push(ms);
    }
  };
  await run(direct, WARMUP);
  await run(wrapped, WARMUP);
  const viaDirect = [];
  const viaWrap = [];
  for (let r = 0; r < ROUNDS; r++) {
    await run(direct, PINGS / ROUNDS, viaDirect);
    await run(wrapped, PINGS / ROUNDS, viaWrap);
  }
  await direct.stop();
  await wrapped.stop();
  const captureBytes = statSync(capture).size;
  return { viaDirect, viaWrap, captureBytes };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (v) => `${v.toFixed(3)} ms`;
const row = (name, values) => `| ${name} | ${values.length} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.95))} |`;
const header = `Node ${process.versions.node}, load ${loadavg()[0].toFixed(2)}, ${PINGS} pings per path after ${WARMUP} warm-up, ${ROUNDS} rounds`;
const added = (wrapped, direct, q) => quantile(wrapped, q) - quantile(direct, q);
if (only !== 'http') {
  const { viaDirect, viaWrap, captureBytes } = await stdioBench();
  console.log(`wrap-latency (stdio): ${header}`);
  console.log('| path | pings | p50 | p95 |');
  console.log('| --- | --- | --- | --- |');
  console.log(row('through mcpscope wrap (recording)', viaWrap));
  console.log(row('direct (stdio)', viaDirect));
  console.log(
    `p50 added by the wrapper: ${ms(added(viaWrap, viaDirect, 0.5))} (p95 added: ${ms(added(viaWrap, viaDirect, 0.95))}); capture ${captureBytes} bytes`,
  );
}
if (only !== 'stdio') {
  const { figures, captureBytes } = await httpBench();
  console.log(`wrap-latency (HTTP): ${header}`);
  console.log('| path | pings | p50 | p95 |');
  console.log('| --- | --- | --- | --- |');
  for (const kind of ['json', 'sse']) {
    const answer = kind === 'json' ? 'JSON answer' : 'SSE answer';
    console.log(row(`through mcpscope wrap --to (recording), ${answer}`, figures[kind].wrap));
    console.log(row(`direct, ${answer}`, figures[kind].direct));
    console.log(row(`through a bare node:http relay (the floor), ${answer}`, figures[kind].bare));
  }
  for (const kind of ['json', 'sse']) {
    const { wrap, direct, bare } = figures[kind];
    const p50 = added(wrap, direct, 0.5);
    const floor = added(bare, direct, 0.5);
    console.log(
      `${kind === 'json' ? 'JSON' : 'SSE'} answer: p50 added ${ms(p50)} (${((100 * p50) / quantile(direct, 0.5)).toFixed(1)}% of direct; p95 added ${ms(added(wrap, direct, 0.95))}); the bare relay adds ${ms(floor)} (${((100 * floor) / quantile(direct, 0.5)).toFixed(1)}%)`,
    );
  }
  console.log(`capture ${captureBytes} bytes`);
}
rmSync(scratch, { recursive: true, force: true });
