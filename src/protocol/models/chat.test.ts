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

describe('modelToolsOf: the description sent', () => {
  const sent = (description: string | undefined, label = 'demo') => {
    const tool = description === undefined ? { name: 'echo', inputSchema: echo.inputSchema } : { ...echo, description };
    return modelToolsOf(chatTools([{ key: 1, label, tools: [tool] }]))[0]!.description!;
  };

  it('is the server’s description and where the tool is, whole when that fits', () => {
    expect(sent('Echoes')).toBe('Echoes\n\n(On the server "demo".)');
    expect(sent(undefined)).toBe('(On the server "demo".)');
  });

  it('stays within OpenAI’s 1,024 characters for a description the server’s own lint passes: the server’s text cut with "…"', () => {
    const own = 'w'.repeat(1024);
    const description = sent(own);
    expect(description).toHaveLength(1024);
    expect(description.endsWith('…\n\n(On the server "demo".)')).toBe(true);
    expect(description.startsWith('w'.repeat(990))).toBe(true);
    // Just fitting: left whole.
    const fits = 'w'.repeat(1024 - '\n\n(On the server "demo".)'.length);
    expect(sent(fits)).toBe(`${fits}\n\n(On the server "demo".)`);
  });

  it('never cuts inside a surrogate pair, and cuts the note itself when a server label is that long', () => {
    const emoji = '😀'.repeat(600);
    const description = sent(emoji);
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(description).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(description.endsWith('😀…\n\n(On the server "demo".)')).toBe(true);
    const long = sent('Echoes', 'x'.repeat(2000));
    expect(long).toHaveLength(1024);
    expect(long.startsWith('(On the server "xxx')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
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
