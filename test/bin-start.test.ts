// `mcpscope start` through the bin, as an installed package runs it: the built
// proxy with npm start's options, no build step (run `npm run build` first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtProxyMain, pidGone, requireBuilt, runNode, waitFor, type NodeProcess } from './fixtures/proxy-helpers.js';

const bin = fileURLToPath(new URL('../bin/mcpscope.js', import.meta.url));
const started: number[] = [];
const scratch: string[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) if (!pidGone(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function mcpscope(args: string[], env: NodeJS.ProcessEnv = {}): NodeProcess {
  const environment: NodeJS.ProcessEnv = { ...process.env, CI: '1', ...env };
  delete environment.MCPSCOPE_TOKEN;
  const run = runNode(bin, args, environment);
  started.push(run.child.pid!);
  return run;
}

beforeAll(() => requireBuilt(builtProxyMain));

describe('mcpscope start', () => {
  it('serves the page, prints the ready line, and stops cleanly on SIGTERM', async () => {
    const run = mcpscope(['start', '--no-open', '--port', '0']);
    await waitFor(() => run.stdout().includes('\n'), 10_000, 'the ready line');
    const m = /^mcpscope ready: (http:\/\/127\.0\.0\.1:\d+\/)#token=[A-Za-z0-9_-]{43} \(app sandbox: http:\/\/localhost:\d+\/\)\n$/.exec(run.stdout());
    expect(m, run.stdout() + run.stderr()).not.toBeNull();
    const page = await fetch(m![1]!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
  });

  it('says in one sentence that the page is not built, and exits 1', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mcpscope-no-ui-'));
    scratch.push(empty);
    const run = mcpscope(['start', '--no-open', '--port', '0'], { MCPSCOPE_UI_DIR: empty });
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stdout()).toBe('');
    expect(run.stderr()).toBe(
      `mcpscope start: the page is not built (${join(empty, 'index.html')} is missing). Run "npm run build" in the clone, or reinstall the package.\n`,
    );
  });

  it("reads npm start's options, and names itself in the usage of a wrong one", async () => {
    const run = mcpscope(['start', '--frobnicate']);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.stderr()).toMatch(/^mcpscope: Unknown option "--frobnicate".*\nUsage: mcpscope start \[--port N\]/);
  });
});

describe('mcpscope --help', () => {
  it('lists start and wrap besides the commands of the CLI', async () => {
    const run = mcpscope(['--help']);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    const lines = run.stdout().split('\n');
    expect(lines.some((l) => l.startsWith('  ping '))).toBe(true);
    expect(lines.some((l) => l.startsWith('  start [options] [-- command args...] '))).toBe(true);
    expect(lines.some((l) => l.startsWith('  wrap [options] -- COMMAND [ARGS...] '))).toBe(true);
  });
});
