// `tools call NAME --task` against the demo server and server-everything, over stdio.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.js';

const demo = fileURLToPath(new URL('../dist/node/examples/servers/demo-server.js', import.meta.url));
const everything = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const node = JSON.stringify(process.execPath);

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(() => {
  if (!existsSync(demo)) throw new Error('Build first: npm run build (dist/node is missing).');
});

describe('mcpscope tools call --task', () => {
  it('polls the task to its end, printing each status on stderr, then prints the result', async () => {
    const r = await cli('--stdio', `${node} ${JSON.stringify(demo)}`, 'tools', 'call', 'brew_tea', '--arg', 'kind=black', '--arg', 'stepMs=300', '--task');
    expect(r.out).toBe('A pot of black tea, ready after 4 steps.');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^mcpscope: task [\w-]+: working/m);
    expect(r.err).toMatch(/^mcpscope: task [\w-]+: working — (Boiling water|Warming the pot|Steeping|Pouring) \(\d\/4\)…$/m);
    expect(r.err).toMatch(/^mcpscope: task [\w-]+: completed/m);
  });

  it('refuses --task for a tool that does not allow it, and says why', async () => {
    const r = await cli('--stdio', `${node} ${JSON.stringify(demo)}`, 'tools', 'call', 'add', '--arg', 'a=1', '--arg', 'b=2', '--task');
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('Tool add cannot be called as a task: its execution.taskSupport is "absent (forbidden)". Call it without --task.');
  });

  it('calls a tool whose taskSupport is "required" as a task even without --task (server-everything)', async () => {
    const r = await cli('--stdio', `${node} ${JSON.stringify(everything)} stdio`, 'tools', 'call', 'simulate-research-query', '--arg', 'topic=lichens');
    expect(r.code).toBe(0);
    expect(r.err).toContain('simulate-research-query has execution.taskSupport "required": calling it as a task.');
    expect(r.err).toMatch(/task [\w-]+: completed/);
    expect(r.out).toContain('# Research Report: lichens');
  }, 20_000);
});
