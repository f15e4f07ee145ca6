// The two build steps, shared by `npm start` and `npm run dev`: run with this
// Node, without a shell.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

function run(what, args) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`mcpscope: ${what} failed (see above). Fix the error, or run "npm install" if dependencies are missing.`);
    process.exit(r.status ?? 1);
  }
}

export function buildNode() {
  run('compiling the proxy', [tsc, '-p', 'tsconfig.node.json']);
}

export function buildUi() {
  run('building the UI', [vite, 'build', '--logLevel', 'warn']);
}
