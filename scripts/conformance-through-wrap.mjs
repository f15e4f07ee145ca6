// The conformance suite's client command, through `mcpscope wrap --to`: the
// suite appends its scenario server's URL; this starts the wrapper in front of
// it, runs the client command given here against the wrapper's URL instead,
// and ends with the client's exit code once the wrapper has stopped (its
// capture whole). Used by `node scripts/conformance.mjs --through-wrap`.
//
//   node scripts/conformance-through-wrap.mjs CLIENT [ARGS...] URL
// Captures go to $MCPSCOPE_CONFORMANCE_CAPTURES (else a scratch folder), one per scenario.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/mcpscope.js', import.meta.url));
const argv = process.argv.slice(2);
const url = argv.at(-1);
if (argv.length < 2 || !/^https?:\/\//.test(url)) {
  console.error('usage: node scripts/conformance-through-wrap.mjs CLIENT [ARGS...] URL');
  process.exit(2);
}
const [client, ...clientArgs] = argv.slice(0, -1);
const scenario = (process.env.MCP_CONFORMANCE_SCENARIO ?? 'scenario').replace(/[^\w.-]+/g, '-');
const dir = process.env.MCPSCOPE_CONFORMANCE_CAPTURES ?? mkdtempSync(join(tmpdir(), 'mcpscope-conformance-wrap-'));
const capture = join(dir, `${scenario}-${process.pid}.jsonl`);

const wrap = spawn(process.execPath, [bin, 'wrap', '--listen', '127.0.0.1:0', '--to', url, '--capture', capture], { stdio: ['ignore', 'ignore', 'pipe'] });
const wrapClosed = new Promise((resolve) => wrap.once('close', resolve));
let said = '';
const wrapUrl = await new Promise((resolve) => {
  wrap.stderr.on('data', (chunk) => {
    said += String(chunk);
    const m = /point the host at (\S+) /.exec(said);
    if (m) resolve(m[1]);
  });
  wrap.once('close', () => resolve(undefined));
});
if (wrapUrl === undefined) {
  process.stderr.write(`conformance-through-wrap: mcpscope wrap did not start:\n${said}`);
  process.exit(1);
}

const run = spawn(client, [...clientArgs, wrapUrl], { stdio: 'inherit' });
// The suite stops a client that runs too long: the client and the wrapper stop with it.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => run.kill(signal));
const [code, signal] = await new Promise((resolve) => run.once('close', (c, s) => resolve([c, s])));
wrap.kill('SIGTERM');
await wrapClosed;
// What the wrapper said beyond its ready line (it could not reach the server, …) goes with the client's output.
const more = said.split('\n').filter((l) => l !== '' && !l.includes('point the host at'));
if (more.length > 0) process.stderr.write(`${more.join('\n')}\n`);
process.exit(code ?? (signal ? 1 : 0));
