// bench/session-inprocess: the client session's own work per request, with no
// transport: `request('ping')` to its outcome against a fake server that
// answers each frame in a microtask, and a server's `ping` answered by the
// session. Give another build's protocol index to compare two versions.
//
//   npm run build && node bench/session-inprocess.mjs [path/to/protocol/index.js]
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const target = process.argv[2] ? pathToFileURL(process.argv[2]).href : '../dist/node/src/protocol/index.js';
const protocol = await import(target);
const PINGS = 50_000;
const WARMUP = 2_000;

async function outgoing() {
  let session;
  session = new protocol.ClientSession({
    send: (raw) => {
      const m = JSON.parse(raw);
      if (m.id !== undefined && m.method) queueMicrotask(() => session.receive(`{"jsonrpc":"2.0","id":${m.id},"result":{}}`));
    },
  });
  session.markReadyWithoutInitialize();
  const times = [];
  for (let i = 0; i < PINGS + WARMUP; i++) {
    const t0 = performance.now();
    const outcome = await session.request('ping');
    if (outcome.status !== 'result') throw new Error(`ping ended ${outcome.status}`);
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] * 1000;
}

function incoming() {
  const session = new protocol.ClientSession({ send: () => {} });
  session.markReadyWithoutInitialize();
  const frames = Array.from({ length: 2 * PINGS }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"ping"}`);
  for (let i = 0; i < WARMUP; i++) session.receive(frames[i]);
  const t0 = performance.now();
  for (const frame of frames) session.receive(frame);
  return ((performance.now() - t0) / frames.length) * 1000;
}

console.log(`request('ping') to outcome, p50 of ${PINGS}: ${(await outgoing()).toFixed(1)} µs`);
console.log(`a server's ping answered, mean of ${2 * PINGS}: ${incoming().toFixed(2)} µs`);
