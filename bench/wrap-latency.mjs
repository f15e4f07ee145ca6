// bench/wrap-latency: what `mcpscope wrap` adds to a round trip over stdio. The
// same demo server is pinged straight (this process writes its stdin and reads
// its stdout) and through the wrapper (recording into a capture, as a host's
// session would), in one run, alternating in rounds so that load elsewhere on
// the machine hits both alike. p50 and p95 of each path, and the p50 added.
//
//   npm run build:node && node bench/wrap-latency.mjs [--pings 4000] [--warmup 400]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

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

const demoServer = fileURLToPath(new URL('../dist/node/examples/servers/demo-server.js', import.meta.url));
const bin = fileURLToPath(new URL('../bin/mcpscope.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-bench-'));
const capture = join(scratch, 'bench.jsonl');

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
rmSync(scratch, { recursive: true, force: true });

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (v) => `${v.toFixed(3)} ms`;
const row = (name, values) => `| ${name} | ${values.length} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.95))} |`;
console.log(`wrap-latency: Node ${process.versions.node}, load ${loadavg()[0].toFixed(2)}, ${PINGS} pings per path after ${WARMUP} warm-up, ${ROUNDS} rounds`);
console.log('| path | pings | p50 | p95 |');
console.log('| --- | --- | --- | --- |');
console.log(row('through mcpscope wrap (recording)', viaWrap));
console.log(row('direct (stdio)', viaDirect));
const added = quantile(viaWrap, 0.5) - quantile(viaDirect, 0.5);
console.log(`p50 added by the wrapper: ${ms(added)} (p95 added: ${ms(quantile(viaWrap, 0.95) - quantile(viaDirect, 0.95))}); capture ${captureBytes} bytes`);
