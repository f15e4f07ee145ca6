import { describe, expect, it } from 'vitest';
import { samplingRequestProblems, type SamplingContext } from './request.js';
import { SAMPLING_REJECTED, samplingResult, samplingResultProblems } from './result.js';

const withTools: SamplingContext = { version: '2025-11-25', clientCapabilities: { sampling: { tools: {} } } };
const plain: SamplingContext = { version: '2025-11-25', clientCapabilities: { sampling: {} } };
const text = (t: string) => ({ type: 'text', text: t });
const ask = { messages: [{ role: 'user', content: text('Hi') }], maxTokens: 100 };
const messagesOf = (params: unknown, context = withTools) => samplingRequestProblems(params, context).map((p) => p.message);

describe('samplingRequestProblems', () => {
  it('finds nothing wrong with the spec example', () => {
    const params = {
      ...ask,
      modelPreferences: { hints: [{ name: 'claude-3-sonnet' }], intelligencePriority: 0.8, speedPriority: 0.5 },
      systemPrompt: 'You are a helpful assistant.',
      stopSequences: ['\n\n'],
      temperature: 0.7,
      metadata: { k: 1 },
      includeContext: 'none',
    };
    expect(samplingRequestProblems(params, plain)).toEqual([]);
  });

  it('flags no messages, an empty list and a missing maxTokens, each answered with -32602', () => {
    expect(samplingRequestProblems({ maxTokens: 5 }, plain)).toEqual([
      { message: 'messages is missing; there is nothing to sample from.', severity: 'error', invalidParams: true },
    ]);
    expect(samplingRequestProblems({ messages: [], maxTokens: 5 }, plain)).toEqual([
      { message: 'messages is empty; there is nothing to sample from.', severity: 'warning', invalidParams: true },
    ]);
    expect(samplingRequestProblems({ messages: ask.messages }, plain)).toEqual([
      { message: 'maxTokens is missing; the server must say how many tokens to sample at most.', severity: 'error', invalidParams: true },
    ]);
    expect(messagesOf(undefined)).toEqual(['sampling/createMessage came without a params object; it needs at least messages and maxTokens.']);
  });

  it('names unknown content types, types too new for the version, and arrays before 2025-11-25', () => {
    const params = { messages: [{ role: 'user', content: { type: 'hologram', data: 'x' } }], maxTokens: 10 };
    expect(messagesOf(params)).toEqual([
      'messages[0].content has content type "hologram", which sampling does not have in any version (text, image, audio, tool_use, tool_result).',
    ]);
    const audio = { messages: [{ role: 'user', content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }], maxTokens: 10 };
    expect(messagesOf(audio, { version: '2024-11-05', clientCapabilities: { sampling: {} } })).toEqual([
      'messages[0].content is an array; before 2025-11-25 a sampling message holds exactly one content block (2024-11-05 is in use).',
      'messages[0].content[0] has content type audio, which sampling has only from 2025-03-26; 2024-11-05 is in use.',
    ]);
  });

  it('says tools need sampling.tools (a capability problem the client must answer with an error), and do not exist before 2025-11-25', () => {
    const params = { ...ask, tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } };
    expect(samplingRequestProblems(params, withTools)).toEqual([]);
    expect(samplingRequestProblems(params, plain)).toEqual([
      {
        message: 'tools and toolChoice came in a sampling request, but this client did not declare sampling.tools; the client must answer with an error.',
        severity: 'error',
        capability: true,
        invalidParams: true,
      },
    ]);
    expect(messagesOf(params, { version: '2025-06-18', clientCapabilities: { sampling: {} } })).toEqual([
      'tools and toolChoice came in a sampling request, but sampling has tools only from 2025-11-25; 2025-06-18 is in use.',
    ]);
  });

  it('requires each tool use to be answered in the next message, by tool results only', () => {
    const use = {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'a', name: 'w', input: {} },
        { type: 'tool_use', id: 'b', name: 'w', input: {} },
      ],
    };
    const result = (id: string) => ({ type: 'tool_result', toolUseId: id, content: [text('18°C')] });
    const tools = [{ name: 'w', inputSchema: { type: 'object' } }];
    const balanced = { messages: [ask.messages[0], use, { role: 'user', content: [result('a'), result('b')] }], maxTokens: 9, tools };
    expect(samplingRequestProblems(balanced, withTools)).toEqual([]);
    const missing = { ...balanced, messages: [ask.messages[0], use, { role: 'user', content: result('a') }] };
    expect(messagesOf(missing)).toEqual([
      'messages[1] uses tool "b", but messages[2] holds no tool_result for it; every tool use must be answered in the next message.',
    ]);
    const mixed = { ...balanced, messages: [ask.messages[0], use, { role: 'user', content: [text('Here:'), result('a'), result('b')] }] };
    expect(samplingRequestProblems(mixed, withTools)).toEqual([
      {
        message: 'messages[2] mixes tool_result blocks with other content; a message with tool results must hold only tool results.',
        severity: 'error',
        invalidParams: true,
      },
    ]);
  });

  it('checks priorities, includeContext and the optional fields', () => {
    const params = { ...ask, modelPreferences: { costPriority: 2 }, includeContext: 'thisServer', temperature: 'hot', stopSequences: 'END' };
    expect(messagesOf(params, plain)).toEqual([
      'temperature is not a number.',
      'stopSequences is not an array of strings.',
      'modelPreferences.costPriority is 2; priorities are numbers from 0 to 1.',
      'includeContext is "thisServer", which is soft-deprecated: a server should not use it unless the client declares sampling.context.',
    ]);
  });
});

describe('samplingResult and samplingResultProblems', () => {
  it('builds one block as an object and several as an array, and the result passes its own check', () => {
    const one = samplingResult({ content: [text('Paris')], model: 'm', stopReason: 'endTurn' });
    expect(one).toEqual({ role: 'assistant', content: text('Paris'), model: 'm', stopReason: 'endTurn' });
    expect(samplingResultProblems(one, ask, '2024-11-05')).toEqual([]);
    const params = { ...ask, tools: [{ name: 'w', inputSchema: { type: 'object' } }] };
    const two = samplingResult({
      content: [text('Let me look.'), { type: 'tool_use', id: 'c1', name: 'w', input: { city: 'Paris' } }],
      model: 'm',
      stopReason: 'toolUse',
    });
    expect(two.content).toHaveLength(2);
    expect(samplingResultProblems(two, params, '2025-11-25')).toEqual([]);
  });

  it('flags a missing model, a tool use nobody offered, toolUse without tool_use and arrays before 2025-11-25', () => {
    expect(samplingResultProblems({ role: 'assistant', content: text('x') }, ask, '2025-11-25')).toEqual([
      'model is missing: the result names the model that generated it.',
    ]);
    const use = { role: 'assistant', content: [{ type: 'tool_use', id: '1', name: 'w', input: {} }], model: 'm' };
    expect(samplingResultProblems(use, ask, '2025-11-25')).toEqual(['content uses a tool, but the request offered no tools.']);
    expect(samplingResultProblems({ role: 'assistant', content: text('x'), model: 'm', stopReason: 'toolUse' }, ask, '2025-11-25')).toEqual([
      'stopReason is "toolUse", but content holds no tool_use block.',
    ]);
    expect(samplingResultProblems({ role: 'assistant', content: [text('x')], model: 'm' }, ask, '2025-06-18')).toEqual([
      'content is an array; before 2025-11-25 a sampling result holds exactly one content block (2025-06-18 is in use).',
    ]);
    expect(samplingResultProblems({ role: 'bot', content: { type: 'video' }, model: 'm' }, ask, '2025-11-25')).toEqual([
      'role is "bot"; it must be "assistant" (or "user").',
      'content has content type "video", which sampling does not have in any version (text, image, audio, tool_use, tool_result).',
    ]);
  });

  it('rejects with the code the spec gives as its example', () => {
    expect(SAMPLING_REJECTED).toEqual({ code: -1, message: 'User rejected sampling request' });
  });
});
