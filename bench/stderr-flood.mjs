// bench/stderr-flood: the proxy's resident memory while a stdio server writes
// stderr as fast as it can and the browser does not read (its WebSocket is
// paused), sampled for a while; then the browser reads again and the envelopes
// are counted. Run `npm run build:node` first.
//
//   node bench/stderr-flood.mjs [--seconds 10] [--burst BYTES]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { launchProxy } from './proxy-process.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : dflt);
const SECONDS = opt('--seconds', 10);
const BURST = opt('--burst', 0);
const TOKEN = 'bench-token-0123456789abcdef';
const flood = fileURLToPath(new URL('../test/fixtures/stderr-flood.mjs', import.meta.url));

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

const proxy = await launchProxy({ token: TOKEN });
const { host } = new URL(proxy.origin);
const ws = new WebSocket(`ws://${host}/ws`, ['mcpscope.v1', `mcpscope.token.${TOKEN}`], { origin: proxy.origin });
const counts = {};
const notices = [];
ws.on('message', (data) => {
  const e = JSON.parse(String(data));
  counts[e.type] = (counts[e.type] ?? 0) + 1;
  if (e.type === 'output-held') notices.push(e);
});
await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
const args = BURST > 0 ? [flood, '--burst', String(BURST)] : [flood];
ws.send(JSON.stringify({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args, env: {} } }));
while (!counts.opened) await delay(5);
ws.pause(); // the browser falls behind

const before = rssMiB(proxy.child.pid);
let peak = before;
const samples = [];
for (let s = 0; s < SECONDS * 2; s++) {
  await delay(500);
  const rss = rssMiB(proxy.child.pid);
  peak = Math.max(peak, rss);
  samples.push(rss.toFixed(0));
}
console.log(`proxy RSS while not read: start ${before.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB after ${SECONDS} s`);
console.log(`samples (MiB, every 0.5 s): ${samples.join(' ')}`);
ws.resume();
await delay(3000);
console.log(`after reading for 3 s: ${JSON.stringify(counts)}; proxy RSS ${rssMiB(proxy.child.pid).toFixed(0)} MiB`);
for (const n of notices.slice(0, 3)) console.log(`output-held: ${JSON.stringify(n)}`);
ws.close();
await delay(300);
await proxy.stop();
