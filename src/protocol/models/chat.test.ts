import { describe, expect, it } from 'vitest';
import { callResult, chatTools, modelToolsOf, resolveToolUse, toolResult } from './chat.js';

const echo = { name: 'echo', description: 'Echoes', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };
const add = { name: 'add', inputSchema: { type: 'object' } };

describe('chatTools', () => {
  it('keeps a name no other server has and prefixes same-named tools with their server', () => {
    const offered = chatTools([
      { key: 1, label: 'demo one', tools: [echo, add] },
      { key: 2, label: 'other', tools: [echo] },
    ]);
    expect(offered.map((t) => t.chatName)).toEqual(['demo_one__echo', 'add', 'other__echo']);
    expect(modelToolsOf(offered)[0]!.description).toContain('On the server "demo one", where it is named "echo"');
  });

  it('gives a number when even the prefixed names repeat, and makes names provider-safe', () => {
    const offered = chatTools([
      { key: 1, label: 's', tools: [echo] },
      { key: 2, label: 's', tools: [echo, { name: 'a.b c', inputSchema: {} }] },
    ]);
    expect(offered.map((t) => t.chatName)).toEqual(['s__echo', 's__echo_2', 'a_b_c']);
  });
});

describe('chatTools and MCP Apps visibility', () => {
  it('leaves out a tool only its app may call, and keeps one the model may', () => {
    const appOnly = { name: 'tally', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } };
    const both = { name: 'show_sum', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://sum', visibility: ['model', 'app'] } } };
    const offered = chatTools([{ key: 1, label: 'demo', tools: [appOnly, both, add] }]);
    expect(offered.map((t) => t.chatName)).toEqual(['show_sum', 'add']);
    expect(resolveToolUse({ id: 't', name: 'tally', input: {} }, offered)).toMatchObject({
      ok: false,
      message: expect.stringContaining('no tool named "tally"'),
    });
  });
});

describe('resolveToolUse', () => {
  const offered = chatTools([{ key: 1, label: 'demo', tools: [echo] }]);
  it('finds the tool with arguments its schema accepts', () => {
    const r = resolveToolUse({ id: 't1', name: 'echo', input: { text: 'hi' } }, offered);
    expect(r.ok && r.tool.key).toBe(1);
  });
  it('says a tool that does not exist, and which do', () => {
    expect(resolveToolUse({ id: 't1', name: 'nope', input: {} }, offered)).toEqual({
      ok: false,
      message: 'There is no tool named "nope". The tools offered are: echo.',
    });
  });
  it('says arguments the inputSchema refuses', () => {
    const r = resolveToolUse({ id: 't1', name: 'echo', input: {} }, offered);
    expect(!r.ok && r.message).toMatch(/do not match the inputSchema of "echo".*text/);
    expect(resolveToolUse({ id: 't1', name: 'echo', input: 'x' }, offered).ok).toBe(false);
  });
});

describe('toolResult', () => {
  it('passes a small result whole, with no cut', () => {
    expect(callResult('t1', { content: [{ type: 'text', text: 'ok' }], isError: true })).toEqual({
      block: { type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'ok' }], isError: true },
    });
  });
  it('cuts a huge result with a note to the model, and says by how much', () => {
    const { block, cut } = toolResult('t1', [{ type: 'text', text: 'x'.repeat(50_000) }], false, 20_000);
    const text = (block.content as Array<{ text: string }>)[0]!.text;
    expect(text.startsWith('x'.repeat(20_000) + '\n\n[mcpscope cut this result: it was 50000 characters')).toBe(true);
    expect(text).toContain('The whole result is in the Log.');
    expect(cut).toEqual({ given: 20_000, whole: 50_000 });
  });
  it('measures the cut on the text the model reads: texts are joined, other blocks given as JSON', () => {
    const image = { type: 'image', data: 'A'.repeat(30), mimeType: 'image/png' };
    const { block, cut } = callResult('t1', { content: [{ type: 'text', text: 'y'.repeat(40) }, image] }, 50);
    const whole = 'y'.repeat(40) + '\n' + JSON.stringify(image);
    expect(cut).toEqual({ given: 50, whole: whole.length });
    expect((block.content as Array<{ text: string }>)[0]!.text.startsWith(whole.slice(0, 50) + '\n\n[mcpscope cut')).toBe(true);
  });
  it('does not say a cut when only the JSON was over the limit and the text fits', () => {
    // Quotes double in JSON: 30 of them are 60+ characters as JSON, 30 as text.
    const { block, cut } = toolResult('t1', [{ type: 'text', text: '"'.repeat(30) }], false, 50);
    expect(cut).toBeUndefined();
    expect(block.content).toEqual([{ type: 'text', text: '"'.repeat(30) }]);
  });
});
