// `tools call NAME --task` against the demo server and server-everything, over stdio.
import { describe, expect, it } from 'vitest';
import { cli, demoTarget, everything, node, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';

requireBuiltDemo();

describe('mcpscope tools call --task', () => {
  it('polls the task to its end, printing each status on stderr, then prints the result', async () => {
    const r = await cli(...demoTarget, 'tools', 'call', 'brew_tea', '--arg', 'kind=black', '--arg', 'stepMs=300', '--task');
    expect(r.out).toBe('A pot of black tea, ready after 4 steps.');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^mcpscope: task [\w-]+: working/m);
    expect(r.err).toMatch(/^mcpscope: task [\w-]+: working — (Boiling water|Warming the pot|Steeping|Pouring) \(\d\/4\)…$/m);
    expect(r.err).toMatch(/^mcpscope: task [\w-]+: completed/m);
  });

  it('refuses --task for a tool that does not allow it, and says why', async () => {
    const r = await cli(...demoTarget, 'tools', 'call', 'add', '--arg', 'a=1', '--arg', 'b=2', '--task');
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
