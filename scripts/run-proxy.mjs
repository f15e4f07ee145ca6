// The part of `npm start` after the build: run the built proxy as a child with
// the given arguments, pass SIGINT/SIGTERM/SIGHUP on to it, and end with its
// status. `node scripts/run-proxy.mjs [options] [command args…]` runs it alone.
import { spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How often to look whether our parent is still there. */
const PARENT_CHECK_MS = 250;
const main = fileURLToPath(new URL('../dist/node/proxy/main.js', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Whether we (and so the proxy, which shares our process group) are the terminal's foreground
 * group: then Ctrl-C's SIGINT and a hang-up's SIGHUP reach the proxy from the terminal already.
 * Linux /proc/self/stat: pgrp is the 5th field, the terminal's foreground group (tpgid) the 8th.
 */
export function inTerminalForeground(stat = readProcSelfStat()) {
  if (stat === undefined) return false;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const pgrp = Number(fields[2]);
  return pgrp > 0 && pgrp === Number(fields[5]);
}

function readProcSelfStat() {
  try {
    return readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined; // no /proc: pass every signal on, as before
  }
}

export function runProxy(args) {
  // The IPC channel is the proxy's lifeline: it closes when we die, even by SIGKILL, and the proxy then stops.
  const child = spawn(process.execPath, [main, ...args], { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  child.channel?.unref();
  const running = () => child.exitCode === null && child.signalCode === null;
  // A second signal is passed on too: the proxy then SIGKILLs what is left (see proxy/main.ts).
  // But a terminal's SIGINT/SIGHUP already reached the proxy: passing it on would count as a
  // second one and cut its shutdown short.
  const fromTerminal = (signal) => (signal === 'SIGINT' || signal === 'SIGHUP') && inTerminalForeground();
  const forward = (signal) => {
    if (running() && !fromTerminal(signal)) child.kill(signal);
  };
  for (const signal of SIGNALS) process.on(signal, forward);
  // `kill -TERM` of npm reaches only its `sh -c`, which dies without passing it on:
  // we find ourselves orphaned, and stop the proxy as if the signal had come here.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    forward('SIGTERM');
  }, PARENT_CHECK_MS);
  child.once('error', (err) => {
    clearInterval(watch);
    console.error(`mcpscope: could not start the proxy: ${err.message}. Run "npm run build" and try again.`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    clearInterval(watch);
    if (signal === null) process.exit(code ?? 1);
    // Killed by a signal: end the same way, so our parent sees what happened.
    for (const s of SIGNALS) process.removeListener(s, forward);
    process.kill(process.pid, signal);
  });
  return child;
}

function isEntry() {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) runProxy(process.argv.slice(2));
