// Start a Node child that names where it is ready (a port, a URL) in its output,
// for the benches and scripts that put servers and `mcpscope wrap` in a row.
import { spawn } from 'node:child_process';

/** Resolves with the child and the first match of `pattern`'s group in its `stream`; rejects if it exits first. */
export function startedChild(args, stream, pattern, env = process.env) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', stream === 'stdout' ? 'pipe' : 'inherit', stream === 'stderr' ? 'pipe' : 'inherit'], env });
  return new Promise((resolve, reject) => {
    let said = '';
    child[stream].on('data', (c) => {
      said += String(c);
      const m = pattern.exec(said);
      if (m) resolve({ child, value: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`node ${args.join(' ')} exited (${code}) before it was ready: ${said}`)));
  });
}
