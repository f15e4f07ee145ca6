// `npm run test:pack`: mcpscope as a person installs it. `npm pack` (its prepack
// builds), `npm install -g` of the tgz into a scratch prefix, then from a
// directory outside the clone, with only that prefix's bin and Node on PATH:
// the CLI's help, wrap's byte-exact passthrough, the page's ready line (and the
// OAuth demo's), and ping against both installed demo servers. The prepack
// rebuilds dist/ of the clone it runs in.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPackage, runtimeDependencyProblems } from './runtime-deps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** How long a started page may take to print its ready line, or a command to end, on a loaded machine. */
const READY_TIMEOUT_MS = 60_000;
/** npm pack (a whole build) and npm install. */
const NPM_TIMEOUT_MS = 600_000;

const scratch = mkdtempSync(join(tmpdir(), 'mcpscope-pack-'));
const prefix = join(scratch, 'prefix');
const outside = join(scratch, 'elsewhere');
mkdirSync(outside);
const binDir = process.platform === 'win32' ? prefix : join(prefix, 'bin');
const installed = process.platform === 'win32' ? join(prefix, 'node_modules', 'mcpscope') : join(prefix, 'lib', 'node_modules', 'mcpscope');
// Nothing of the clone, of npm's own run or of the person's config reaches the installed mcpscope.
const env = {
  PATH: [binDir, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter),
  HOME: join(scratch, 'home'),
  XDG_CONFIG_HOME: join(scratch, 'config'),
  CI: '1',
};

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const failures = [];
let step = 0;

function fail(what) {
  failures.push(what);
  console.error(`pack-test: FAILED: ${what}`);
}

function ok(what) {
  console.log(`pack-test: ok ${++step}: ${what}`);
}

/** Runs a command without a shell; stops the whole test when it fails. */
function must(what, command, args, options) {
  const t = Date.now();
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: NPM_TIMEOUT_MS, ...options });
  if (r.error !== undefined || r.status !== 0) {
    console.error(r.stdout ?? '', r.stderr ?? '');
    fail(`${what}: ${r.error?.message ?? `exit ${r.status ?? r.signal}`}`);
    finish();
  }
  console.log(`pack-test: ${what} (${seconds(t)})`);
  return r;
}

function run(args, input) {
  const r = spawnSync('mcpscope', args, { cwd: outside, env, input, maxBuffer: 16 * 1024 * 1024, timeout: READY_TIMEOUT_MS });
  // A hang or a missing command is a failure with a reason, like an exit code.
  return { ...r, status: r.error !== undefined ? `${r.error.message}` : (r.status ?? r.signal) };
}

function finish() {
  if (failures.length === 0) rmSync(scratch, { recursive: true, force: true });
  else console.error(`pack-test: the scratch directory is kept for a look: ${scratch}`);
  console.log(`pack-test: ${failures.length === 0 ? 'passed' : `${failures.length} failed`} in ${seconds(started)}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

/** `mcpscope start ARGS`: waits for the ready line, checks the page is served, then SIGTERMs it and expects exit 0. */
function startPage(args, expectLines) {
  return new Promise((resolve) => {
    const child = spawn('mcpscope', ['start', '--no-open', '--port', '0', ...args], { cwd: outside, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const label = ['mcpscope start', ...args].join(' ');
    let checked = false;
    /** Set when the page passed and we asked it to stop: then it must exit 0. */
    let stopping = false;
    const timer = setTimeout(() => {
      checked = true;
      fail(`${label}: no ready line within ${READY_TIMEOUT_MS / 1000} s (stdout ${JSON.stringify(out)}, stderr ${JSON.stringify(err)})`);
      child.kill('SIGKILL');
    }, READY_TIMEOUT_MS);
    child.stderr.on('data', (c) => (err += c));
    child.stdout.on('data', async (c) => {
      out += c;
      const lines = out.split('\n');
      if (checked || lines.length <= expectLines) return;
      checked = true;
      clearTimeout(timer);
      const ready = /^mcpscope ready: (http:\/\/127\.0\.0\.1:\d+\/)#token=\S+ \(app sandbox: http:\/\/localhost:\d+\/\)$/.exec(lines[0]);
      if (ready === null) {
        fail(`${label}: the first line is not the ready line: ${JSON.stringify(lines[0])}`);
        child.kill('SIGKILL');
        return;
      }
      try {
        const page = await fetch(ready[1]);
        const html = await page.text();
        if (page.status !== 200 || !html.includes('<div id="root">')) fail(`the page at ${ready[1]} answered ${page.status} without the app`);
      } catch (e) {
        fail(`the page at ${ready[1]} could not be fetched: ${e.message}`);
      }
      stopping = true;
      child.kill('SIGTERM');
    });
    child.once('error', (e) => fail(`mcpscope start could not run: ${e.message}`));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (!checked) fail(`${label} ended with ${code ?? signal} before its ready line (stderr ${JSON.stringify(err)})`);
      else if (stopping && (code !== 0 || signal !== null)) fail(`${label} ended with ${code ?? signal} after SIGTERM (stderr ${JSON.stringify(err)})`);
      resolve(out);
    });
  });
}

// 1. Pack (prepack builds) and install, as a person would.
const pack = must('npm pack (prepack: a fresh build)', npm, ['pack', '--pack-destination', scratch, '--json', '--foreground-scripts=false'], { cwd: root });
const tgz = readdirSync(scratch).find((f) => /^mcpscope-.*\.tgz$/.test(f));
if (tgz === undefined) {
  fail('npm pack wrote no mcpscope-*.tgz');
  finish();
}
// Its JSON report follows whatever the prepack printed.
const packed = JSON.parse(pack.stdout.slice(pack.stdout.search(/^\[$/m)))[0];
const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`pack-test: ${tgz}: ${kb(statSync(join(scratch, tgz)).size)} packed, ${kb(packed.unpackedSize)} unpacked, ${packed.entryCount} files`);
const shipped = packed.files.map((f) => f.path);
const stray = shipped.filter((p) => /\.(test|spec)\.|(^|\/)(e2e|fixtures)\/|\.map$|^(src|scripts|test|e2e)\//.test(p));
if (stray.length > 0) fail(`the package holds what it should not: ${stray.slice(0, 5).join(', ')}${stray.length > 5 ? ', …' : ''}`);
for (const needed of ['bin/mcpscope.js', 'dist/node/cli/main.js', 'dist/node/proxy/main.js', 'dist/node/wrap/main.js', 'dist/ui/index.html']) {
  if (!shipped.includes(needed)) fail(`the package lacks ${needed}`);
}
must(
  'npm install -g of the tgz into a scratch prefix',
  npm,
  ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error', join(scratch, tgz)],
  { cwd: outside },
);

// Only the run-time dependencies came along: no devDependency (React, Vite, TypeScript, …) was installed,
// and what the installed files import is what "dependencies" names.
const installedPackage = readPackage(installed);
const { devDependencies = {} } = installedPackage;
// npm installs the peers of a run-time dependency too (ext-apps wants the SDK's client): those came for it, not for us.
const peersOfDependencies = new Set(
  Object.keys(installedPackage.dependencies ?? {}).flatMap((dep) => {
    const manifest = join(installed, 'node_modules', dep, 'package.json');
    return existsSync(manifest) ? Object.keys(JSON.parse(readFileSync(manifest, 'utf8')).peerDependencies ?? {}) : [];
  }),
);
const devInstalled = Object.keys(devDependencies).filter((name) => existsSync(join(installed, 'node_modules', name)) && !peersOfDependencies.has(name));
if (devInstalled.length > 0) fail(`npm install -g installed devDependencies: ${devInstalled.join(', ')}`);
else ok(`no devDependency installed (${readdirSync(join(installed, 'node_modules')).filter((n) => !n.startsWith('.')).length} entries in its node_modules)`);

const depProblems = runtimeDependencyProblems(installed, installedPackage);
if (depProblems.length > 0) fail(`the installed package's dependencies: ${depProblems.join(' ')}`);
else ok('the installed files import exactly its dependencies');

// 2. The CLI's help names start and wrap.
const help = run(['--help']);
const helpText = String(help.stdout);
if (help.status !== 0) fail(`mcpscope --help exited ${help.status}: ${String(help.stderr)}`);
else if (!/^ {2}start /m.test(helpText) || !/^ {2}wrap /m.test(helpText) || !/^ {2}ping /m.test(helpText))
  fail('mcpscope --help does not list ping, start and wrap');
else ok('mcpscope --help lists the commands, start and wrap');

// 3. wrap: what the host writes reaches the server, and what the server writes reaches the host, byte for byte.
const bytes = Buffer.concat([
  Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'),
  Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe, 0x0a]),
  Buffer.from('noise\r\n'),
]);
const echo = run(['wrap', '--capture', join(scratch, 'echo.jsonl'), '--', 'node', '-e', 'process.stdin.pipe(process.stdout)'], bytes);
if (echo.status !== 0) fail(`mcpscope wrap exited ${echo.status}: ${String(echo.stderr)}`);
else if (!Buffer.from(echo.stdout).equals(bytes))
  fail(`mcpscope wrap changed the bytes: sent ${bytes.toString('hex')}, got ${Buffer.from(echo.stdout).toString('hex')}`);
else ok(`mcpscope wrap -- node -e … echoed ${bytes.length} bytes unchanged`);

// 4. ping the installed demo servers (the SDK v1 one and the 2026-07-28 one on @modelcontextprotocol/server).
for (const [name, extra] of [
  ['demo-server.js', []],
  ['modern-demo-server.js', ['--protocol-era', 'modern']],
]) {
  const server = join(installed, 'dist', 'node', 'examples', 'servers', name);
  const ping = run(['--stdio', `node "${server}"`, ...extra, 'ping']);
  if (ping.status !== 0 || !String(ping.stdout).includes('Compliant'))
    fail(`mcpscope ping of ${name} exited ${ping.status}: ${String(ping.stdout)}${String(ping.stderr)}`);
  else ok(`mcpscope --stdio "node …/${name}" ping: ${String(ping.stdout).trim()}`);
}

// 5. The page: its ready line, the page itself, and a clean stop; the OAuth demo beside it.
let before = failures.length;
await startPage([], 1);
if (failures.length === before) ok('mcpscope start --no-open --port 0: ready line, the page served, exit 0 on SIGTERM');
before = failures.length;
const oauth = await startPage(['--demo', 'oauth'], 2);
if (!oauth.includes('\nOAuth demo: MCP server http://127.0.0.1:')) fail(`mcpscope start --demo oauth did not name its demo: ${JSON.stringify(oauth)}`);
else if (failures.length === before) ok('mcpscope start --demo oauth: ready, with its OAuth demo');

finish();
