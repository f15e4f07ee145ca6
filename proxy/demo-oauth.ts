// `npm start -- --demo oauth`: the protected demo (an MCP server behind its own
// OAuth authorization server, examples/servers/oauth-demo-server.mjs) runs
// beside the proxy on loopback ports of its own. It leads a process group the
// proxy tracks like a server's, so Ctrl-C, the exit hook and the reaper stop it
// too; the page is prefilled with its MCP URL and the guided OAuth view.
import { spawn } from 'node:child_process';
import type { HttpTransportConfig } from '../src/protocol/wire.js';
import { oauthDemoServerPath } from './paths.js';
import { reapGroup, trackGroup } from '../node/upstream/process-group.js';

export interface OAuthDemo {
  /** The protected MCP server: http://127.0.0.1:PORT/mcp. */
  mcpUrl: string;
  /** Its authorization server: http://127.0.0.1:PORT (the issuer). */
  issuer: string;
  /** SIGTERM its group, SIGKILL after a grace period; resolves once it is gone. */
  stop(): Promise<void>;
}

export interface OAuthDemoOptions {
  script?: string;
  /** The demo's own options (default: a consent page, so a person approves). */
  args?: readonly string[];
  timeoutMs?: number;
}

/** The demo's ready line names both servers. */
const READY = /listening on (http:\/\/127\.0\.0\.1:\d+)\/ authorization server (http:\/\/127\.0\.0\.1:\d+)\//;
const STOP_GRACE_MS = 2000;
/** How much of what the demo wrote a failure quotes. */
const QUOTED_OUTPUT = 600;

export class OAuthDemoError extends Error {}

/** Start the demo and wait until both of its servers listen. Rejects with a sentence when it cannot. */
export function startOAuthDemo(options: OAuthDemoOptions = {}): Promise<OAuthDemo> {
  const script = options.script ?? oauthDemoServerPath;
  const args = ['--port', '0', '--as-port', '0', ...(options.args ?? ['--consent'])];
  const timeoutMs = options.timeoutMs ?? 15_000;
  // No shell; detached: the leader of its own group, so signals reach all of it and not the terminal's.
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32', windowsHide: true });
  const pid = child.pid;
  if (pid !== undefined) trackGroup(pid);
  const stop = async (): Promise<void> => {
    if (pid !== undefined) await reapGroup(pid, STOP_GRACE_MS);
  };
  let output = '';
  const quoted = (): string => (output.trim() === '' ? 'it wrote nothing' : `it wrote: ${output.trim().slice(-QUOTED_OUTPUT)}`);
  return new Promise((resolve, reject) => {
    let settled = false;
    let listening = false;
    const fail = (why: string): void => {
      if (settled) return; // the first reason is the one to tell (stopping it after a timeout ends in an exit too)
      settled = true;
      clearTimeout(timer);
      void stop().finally(() => reject(new OAuthDemoError(`the OAuth demo (${script}) ${why}; ${quoted()}. Run "npm install" and try again.`)));
    };
    const timer = setTimeout(() => fail(`did not say it was listening within ${timeoutMs} ms`), timeoutMs);
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => fail(`exited (${signal ?? `code ${code}`}) before it was listening`);
    const onOutput = (chunk: Buffer): void => {
      output += String(chunk);
      const ready = READY.exec(output);
      if (ready === null || settled) return;
      settled = true;
      listening = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout.off('data', onOutput);
      child.stdout.resume(); // keep draining
      resolve({ mcpUrl: `${ready[1]!}/mcp`, issuer: ready[2]!, stop });
    };
    child.once('error', (err) => fail(`could not start (${err.message})`));
    child.once('exit', onExit);
    child.stdout.on('data', onOutput);
    child.stderr.on('data', (chunk: Buffer) => {
      // Before it listens, a failure quotes it; after, its complaints go to the proxy's stderr.
      if (listening) process.stderr.write(chunk);
      else output += String(chunk);
    });
  });
}

/** What the Connect form opens with: the demo's MCP URL, and OAuth in the guided view (step by step). */
export function oauthDemoPrefill(mcpUrl: string): HttpTransportConfig {
  return { kind: 'http', url: mcpUrl, headers: {}, mode: 'auto', auth: { mode: 'guided' } };
}
