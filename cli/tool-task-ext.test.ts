// `tools call` on a 2026-07-28 server with the tasks extension (the hand fixture, over stdio):
// a task handle is followed to its result, its input request answered as the CLI answers elicitation.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, node } from '../test/fixtures/cli-helpers.js';

const server = fileURLToPath(new URL('../test/fixtures/tasks-ext-server.mjs', import.meta.url));
const modern = ['--stdio', `${node} ${JSON.stringify(server)}`, '--protocol-version', '2026-07-28'];

describe('mcpscope tools call, tasks extension (2026-07-28)', () => {
  it('follows the task handle a call is answered with, printing each status, then the result', async () => {
    const r = await cli(...modern, 'tools', 'call', 'slow_job', '--arg', 'steps=2', '--arg', 'stepMs=150');
    expect(r.out).toBe('The job finished its 2 steps.');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^mcpscope: task ext-task-[\w-]+: working — Step 1 of 2…$/m);
    expect(r.err).toMatch(/^mcpscope: task ext-task-[\w-]+: completed — Done after 2 steps\.$/m);
  });

  it('answers the input request as --elicitation says, with tasks/update; --task only notes that the server decides', async () => {
    const r = await cli(...modern, '--elicitation', 'accept-defaults', 'tools', 'call', 'needs_name', '--task');
    expect(r.err).toContain('--task: on 2026-07-28 the server decides whether a call runs as a task');
    expect(r.err).toMatch(/^mcpscope: task ext-task-[\w-]+: answered input request name \(elicitation\/create\) with tasks\/update$/m);
    expect(r.out).toBe('Hello, friend!');
    expect(r.code).toBe(0);
  });

  it('declines by default, and prints the tool error the task ends with', async () => {
    const r = await cli(...modern, 'tools', 'call', 'needs_name');
    expect(r.out).toContain('No greeting: the name was declined.');
    expect(r.code).not.toBe(0);
  });
});
