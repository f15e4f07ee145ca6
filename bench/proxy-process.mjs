// Start the built proxy as its own process, as a user would, and wait for its
// ready line. Shared by the benchmarks.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const proxyMain = fileURLToPath(new URL('../dist/node/proxy/main.js', import.meta.url));

/** Resolves with the child and the origin it listens on (http://127.0.0.1:<port>). */
export async function launchProxy({ token, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, proxyMain, '--port', '0', '--no-open'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, MCPSCOPE_TOKEN: token, CI: '1' },
  });
  const origin = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c) => {
      out += c;
      const m = /mcpscope ready: (http:\/\/\S+)/.exec(out);
      if (m) resolve(new URL(m[1]).origin);
    });
    child.on('exit', (code) => reject(new Error(`proxy exited with ${code}`)));
  });
  return {
    child,
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
