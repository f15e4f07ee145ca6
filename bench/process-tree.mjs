// bench/process-tree: the resident memory of mcpscope's process tree with one
// open stdio session — the proxy, its reaper and the server (the 2025-era
// demo), each from /proc/<pid>/status (VmRSS), after the session is open and
// the reaper has started. Linux only. `npm run build` first.
//
//   node bench/process-tree.mjs [--samples 5]
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { launchProxy } from './proxy-process.mjs';

const TOKEN = 'bench-token-0123456789abcdef';
const demoServer = fileURLToPath(new URL('../dist/node/examples/servers/demo-server.js', import.meta.url));
const samplesAt = process.argv.indexOf('--samples');
const SAMPLES = samplesAt > 0 ? Number(process.argv[samplesAt + 1]) : 5;

const statusOf = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(statusOf(pid))[1]) / 1024;
/** The program and its first argument (the reaper's script is long). */
const commandOf = (pid) => readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').slice(0, 2).join(' ');

/** The live descendants of `root`, from each process's ppid. */
function descendants(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(statusOf(name))[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // exited meanwhile
    }
  }
  const out = [];
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

const proxy = await launchProxy({ token: TOKEN });
const { host } = new URL(proxy.origin);
const ws = new WebSocket(`ws://${host}/ws`, ['mcpscope.v1', `mcpscope.token.${TOKEN}`]);
await new Promise((resolve, reject) => {
  ws.once('open', resolve);
  ws.once('error', reject);
});
const opened = new Promise((resolve) => ws.on('message', (data) => JSON.parse(String(data)).type === 'opened' && resolve()));
ws.send(JSON.stringify({ type: 'open', transport: { kind: 'stdio', command: process.execPath, args: [demoServer], env: {} } }));
await opened;
ws.send(JSON.stringify({ type: 'send', raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) }));

const rows = [];
for (let i = 0; i < SAMPLES; i++) {
  await new Promise((r) => setTimeout(r, 1000));
  const pids = descendants(proxy.child.pid);
  const server = pids.filter((pid) => commandOf(pid).endsWith(demoServer));
  const reaper = pids.filter((pid) => !server.includes(pid));
  const sum = (list) => list.reduce((total, pid) => total + rssMiB(pid), 0);
  rows.push({
    proxy: rssMiB(proxy.child.pid),
    reaper: sum(reaper),
    server: sum(server),
    reaperCommand: reaper.map((pid) => commandOf(pid).split('\n')[0]).join(' | '),
  });
}
const median = (key) => rows.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
const [p, r, s] = [median('proxy'), median('reaper'), median('server')];
console.log(`reaper: ${rows.at(-1).reaperCommand || '(none)'}`);
console.log(`resident memory, median of ${SAMPLES} samples 1 s apart (MiB):`);
console.log(
  `  proxy ${p.toFixed(1)} · reaper ${r.toFixed(1)} · mcpscope (proxy + reaper) ${(p + r).toFixed(1)} · server ${s.toFixed(1)} · whole tree ${(p + r + s).toFixed(1)}`,
);
ws.close();
await proxy.stop();
