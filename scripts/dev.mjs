// `npm run dev [-- options/command]`: the Vite dev server (hot reload of the UI)
// in front of the proxy, which restarts when its compiled code changes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildNode, root } from './build-steps.mjs';

const token = process.env.MCPSCOPE_TOKEN || randomBytes(24).toString('base64url');
const proxyPort = process.env.MCPSCOPE_PROXY_PORT || '6290';
const vitePort = process.env.MCPSCOPE_DEV_PORT || '5173';
const env = { ...process.env, MCPSCOPE_TOKEN: token, MCPSCOPE_PROXY_PORT: proxyPort };

buildNode();

const bin = (p) => fileURLToPath(new URL(`../node_modules/${p}`, import.meta.url));
const children = [
  spawn(process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.node.json', '--watch', '--preserveWatchOutput'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(
    process.execPath,
    [
      '--watch',
      'dist/node/proxy/main.js',
      '--port',
      proxyPort,
      '--no-open',
      '--allow-origin',
      `http://localhost:${vitePort}`,
      '--allow-origin',
      `http://127.0.0.1:${vitePort}`,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit', env },
  ),
  spawn(process.execPath, [bin('vite/bin/vite.js'), '--port', vitePort, '--strictPort'], { cwd: root, stdio: 'inherit', env }),
];

console.log(`mcpscope dev: http://localhost:${vitePort}/#token=${token}`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
for (const c of children) c.on('exit', () => stop());
