// The CLI's complete command and check's completion probe, against the demo
// server, server-everything and the completion fixture, over stdio in-process.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseComplete } from './complete.js';
import { cli, demoTarget, everything, node, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';

const fixture = fileURLToPath(new URL('../test/fixtures/completion-server.mjs', import.meta.url));

const fixtureTarget = (mode: string) => ['--stdio', `${node} ${JSON.stringify(fixture)} --mode ${mode}`];

requireBuiltDemo();

describe('parseComplete', () => {
  it('reads a prompt or a template, the field, an optional value and the context', () => {
    expect(parseComplete(['prompt', 'plan_trip', 'city', 'Li'], [['country', 'Portugal']])).toEqual({
      ok: true,
      value: { name: 'complete', ref: { type: 'ref/prompt', name: 'plan_trip' }, argument: 'city', value: 'Li', context: [['country', 'Portugal']] },
    });
    expect(parseComplete(['resource', 'demo://{x}', 'x'])).toMatchObject({ ok: true, value: { ref: { type: 'ref/resource', uri: 'demo://{x}' }, value: '' } });
  });

  it('says what is missing or extra', () => {
    expect(parseComplete([])).toMatchObject({ ok: false, error: expect.stringMatching(/^complete needs what to complete: complete prompt NAME ARG/) });
    expect(parseComplete(['prompt'])).toMatchObject({ ok: false, error: expect.stringMatching(/needs the prompt name/) });
    expect(parseComplete(['resource', 'demo://{x}'])).toMatchObject({ ok: false, error: expect.stringMatching(/needs the variable to complete/) });
    expect(parseComplete(['prompt', 'p', 'a', 'New', 'York'])).toMatchObject({ ok: false, error: expect.stringMatching(/Unexpected "York".*quote a value/) });
  });
});

describe('mcpscope complete', () => {
  it('prints the values, then total and hasMore', async () => {
    const r = await cli(...demoTarget, 'complete', 'prompt', 'plan_trip', 'country');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Argentina');
    expect(lines[10]).toBe('total: 54, hasMore: true');
  });

  it('sends --context as context.arguments, so dependent completions work (server-everything)', async () => {
    const r = await cli(
      '--stdio',
      `${node} ${JSON.stringify(everything)} stdio`,
      'complete',
      'prompt',
      'completable-prompt',
      'name',
      '',
      '--context',
      'department=Sales',
    );
    expect(r).toMatchObject({ code: 0, out: 'David\nEve\nFrank\ntotal: 3, hasMore: false' });
  });

  it('completes a resource-template variable; --json prints the result', async () => {
    const r = await cli(...demoTarget, '--json', 'complete', 'resource', 'demo://greeting/{name}{?lang}', 'lang', 'p');
    expect(JSON.parse(r.out)).toEqual({ completion: { values: ['pt'], total: 1, hasMore: false } });
  });

  it('refuses --context where the negotiated version has no context', async () => {
    const r = await cli(...demoTarget, '--protocol-version', '2025-03-26', 'complete', 'prompt', 'plan_trip', 'city', '--context', 'country=Japan');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--context is sent as context.arguments, which exists from protocol 2025-06-18; 2025-03-26 is in use/);
  });

  it('an answer breaking the limits exits 1 and says how', async () => {
    const r = await cli(...fixtureTarget('bad'), 'complete', 'prompt', 'pick', 'first', 'x');
    expect(r.code).toBe(1);
    expect(r.out.split('\n')).toHaveLength(103);
    expect(r.out).toContain('50 of the 150 values sent are not shown');
    expect(r.out).toContain('The answer breaks the completion limits: 150 values were sent; at most 100 are allowed; 2 values are not a string; total is 3');
  });

  it('an error answer exits 1 with the error, and names the missing capability', async () => {
    expect(await cli(...fixtureTarget('error'), 'complete', 'prompt', 'pick', 'first')).toMatchObject({
      code: 1,
      out: 'completion/complete failed: The server answered with error -32603: completion index unavailable',
    });
    const r = await cli(...demoTarget, 'complete', 'prompt', 'no_such_prompt', 'x');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/-32602.*Unknown prompt: no_such_prompt/);
    const undeclared = await cli(...fixtureTarget('no-capability'), 'complete', 'prompt', 'pick', 'first');
    expect(undeclared.code).toBe(1);
    expect(undeclared.out).toBe(
      'completion/complete failed: The server answered with error -32601: Method not found\nThe server did not declare the "completions" capability when it initialized, so it need not answer completion/complete.',
    );
  });

  it('--context goes with complete only', async () => {
    expect(await cli(...demoTarget, 'ping', '--context', 'a=1')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--context goes with complete, not with ping/),
    });
  });
});

describe('mcpscope check: the completion probe', () => {
  const step = (out: string) => out.split('\n').find((l) => l.includes('completion/complete')) ?? '';

  it('passes a server whose first prompt argument completes', async () => {
    const r = await cli(...demoTarget, 'check');
    expect(step(r.out)).toMatch(/✓\s+completion\/complete\s+prompt code_review, argument language: no values/);
  });

  it('fails and lints an answer breaking the limits', async () => {
    const r = await cli(...fixtureTarget('bad'), 'check');
    expect(r.code).toBe(1);
    expect(step(r.out)).toMatch(
      /✗\s+completion\/complete\s+prompt pick, argument first: .*The completion\/complete answer breaks the limits: 150 values were sent/,
    );
    expect(r.out).toMatch(/error\s+COMPLETION-RESULT/);
  });

  it('skips a server without the capability', async () => {
    const r = await cli(...fixtureTarget('no-capability'), 'check');
    expect(step(r.out)).toMatch(/–\s+completion\/complete\s+the server does not declare the completions capability/);
  });
});
