// `mcpscope test` with the expectations and steps beyond the basics: the
// providers' strict modes on listed and called tools, a JSON-RPC error (from a
// tool call, a prompt, a raw request), and calls followed as tasks to their end
// — against server-everything, the demo and a server whose tasks fail.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, demo, everything, requireBuiltDemo } from '../../test/fixtures/cli-helpers.js';

const taskServer = fileURLToPath(new URL('../../test/fixtures/task-server.mjs', import.meta.url));
const changed = fileURLToPath(new URL('../../test/fixtures/testfiles/changed-everything.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-test-extras-'));
const stdio = (script: string) => `server:\n  command: ${JSON.stringify(process.execPath)}\n  args: [${JSON.stringify(script)}]\n`;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The step lines that failed, without their timings. */
const failed = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('  ✗'))
    .map((l) => l.replace(/ {2}[\d.]+ m?s$/, ''));

requireBuiltDemo();

describe('mcpscope test: providers, errors and tasks', { timeout: 60_000 }, () => {
  it('providers: fails with each rule, tool, schema path and rewrite', async () => {
    const path = file(
      'providers.test.yaml',
      `${stdio(everything)}steps:
  - name: anthropic
    list: tools
    expect: { providers: { strict: [anthropic], tools: [get-sum, echo] } }
  - call: echo
    arguments: { message: hi }
    expect: { providers: { strict: gemini } }
  - name: missing
    list: tools
    expect: { providers: { strict: [openai], tools: [get-summ] } }
`,
    );
    const r = await cli('test', path);
    expect(failed(r.out)).toEqual(['  ✗ anthropic', '  ✗ call echo', '  ✗ missing']);
    for (const tool of ['echo', 'get-sum']) {
      expect(r.out).toContain(
        `providers: PROVIDER-ANTHROPIC-ADDITIONAL-PROPERTIES: Tool ${tool}, Anthropic: at /inputSchema, Anthropic strict tool use needs "additionalProperties": false on every object schema; this one does not say. Fix: set "additionalProperties": false ([{"op":"add","path":"/inputSchema/additionalProperties","value":false}]).`,
      );
    }
    expect(r.out).not.toContain('Tool get-env');
    expect(r.out).toContain(
      'providers: PROVIDER-GEMINI-FIELD: Tool echo, Gemini: at /inputSchema/$schema, Gemini function declarations (an OpenAPI 3.0 subset) has no field "$schema". Fix: remove "$schema" ([{"op":"remove","path":"/inputSchema/$schema"}]).',
    );
    expect(r.out).toMatch(/providers: there is no tool named "get-summ" in the list; it has echo, .*get-sum/);
    expect(r.code).toBe(1);
  });

  it('providers: passes when the tools suit the providers named', async () => {
    // The changed server's schemas carry no $schema and no additionalProperties: Gemini takes them, OpenAI does not.
    const path = file(
      'gemini.test.yaml',
      `${stdio(changed)}steps:\n  - list: tools\n    expect: { providers: { strict: [gemini] } }\n  - call: add\n    arguments: { a: 1, b: 2 }\n    expect: { providers: { strict: [gemini] } }\n`,
    );
    const r = await cli('test', path);
    expect(r.out).toContain('2 steps: 2 passed, 0 failed');
    expect(r.code).toBe(0);
    const openai = await cli('test', file('openai.test.yaml', `${stdio(changed)}steps:\n  - list: tools\n    expect: { providers: { strict: [openai] } }\n`));
    expect(openai.out.match(/providers: PROVIDER-OPENAI-ADDITIONAL-PROPERTIES: Tool /g)).toHaveLength(4);
    expect(openai.code).toBe(1);
  });

  it('error: the code and message of a JSON-RPC error pass; a result, another code or an error not expected fail', async () => {
    const path = file(
      'errors.test.yaml',
      `${stdio(demo)}steps:
  - name: unknown tool
    request: tools/call
    params: { name: nope, arguments: {} }
    expect: { error: { code: -32602, message: { contains: 'Unknown tool: nope' } } }
  - name: missing argument
    prompt: code_review
    expect: { error: { code: -32602, message: { matches: 'Missing required arguments: language' } }, lint: none }
  - name: unknown method
    request: no/such
    expect: { error: { code: -32601 } }
  - name: wrong code
    request: no/such
    expect: { error: { code: -32602 } }
  - name: a result
    call: add
    arguments: { a: 1, b: 2 }
    expect: { error: true }
  - name: not expected
    request: no/such
`,
    );
    const r = await cli('test', path);
    expect(failed(r.out)).toEqual(['  ✗ wrong code', '  ✗ a result', '  ✗ not expected']);
    expect(r.out).toContain('error.code: expected -32602, got -32601 ("Method not found")');
    expect(r.out).toContain('error: expected a JSON-RPC error, got a result');
    expect(r.out).toContain('no/such failed: The server answered with error -32601: Method not found');
    expect(r.code).toBe(1);
  });

  it('task: true follows the task to its result, then judges it (the demo over 2025-11-25, server-everything)', async () => {
    const path = file(
      'tasks.test.yaml',
      `${stdio(demo)}steps:
  - call: brew_tea
    arguments: { kind: black, stepMs: 20 }
    task: true
    expect: { isError: false, text: { contains: A pot of black tea } }
  - name: wrong text
    call: brew_tea
    arguments: { kind: green, stepMs: 20 }
    task: true
    expect: { text: { contains: black } }
  - call: add
    arguments: { a: 1, b: 2 }
    task: true
`,
    );
    const r = await cli('test', path);
    expect(failed(r.out)).toEqual(['  ✗ wrong text', '  ✗ call add']);
    expect(r.err).toMatch(/task [\w-]+: completed/);
    expect(r.out).toContain('text.contains: "black" is not in the text "A pot of green tea, ready after 4 steps."');
    expect(r.out).toContain('Tool add cannot be called as a task: its execution.taskSupport is "absent (forbidden)". Remove "task: true" from the step.');
    const research = file(
      'research.test.yaml',
      `${stdio(everything)}steps:\n  - call: simulate-research-query\n    arguments: { topic: lichens }\n    task: true\n    expect: { text: { contains: '# Research Report: lichens' } }\n`,
    );
    const passed = await cli('test', research);
    expect(passed.out).toContain('1 step: 1 passed, 0 failed');
    expect(passed.code).toBe(0);
  });

  it('a task that fails or is cancelled is a failed step with its status', async () => {
    const path = file('bad-tasks.test.yaml', `${stdio(taskServer)}steps:\n  - call: fails\n    task: true\n  - call: server_cancels\n    task: true\n`);
    const r = await cli('test', path);
    expect(failed(r.out)).toEqual(['  ✗ call fails', '  ✗ call server_cancels']);
    expect(r.out).toMatch(/Task task-\d+ ended failed: The oven broke\./);
    expect(r.out).toMatch(/Task task-\d+ was cancelled: Stopped by the server\./);
    expect(r.code).toBe(1);
  });
});
