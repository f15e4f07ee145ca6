// `npm start -- [options] [command args…]`: build, then run the proxy with the
// given arguments, forwarding signals so that Ctrl-C shuts everything down.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildNode, buildUi, root } from './build-steps.mjs';

console.error('mcpscope: building…');
buildNode();
buildUi();

const main = fileURLToPath(new URL('../dist/node/proxy/main.js', import.meta.url));
const child = spawn(process.execPath, [main, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
