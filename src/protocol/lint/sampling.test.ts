import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';

const hi = { role: 'user', content: { type: 'text', text: 'Hi' } };
const weather = { name: 'weather', inputSchema: { type: 'object' } };

/** A session where the client declared `capabilities`, then the server asks for sampling and the client answers. */
function lint(capabilities: Record<string, unknown>, params: unknown, answer?: unknown, version = '2025-11-25') {
  const linter = new Linter({ offeredVersion: version });
  const frame = (sender: 'client' | 'server', message: unknown) => linter.frame(sender, JSON.stringify({ jsonrpc: '2.0', ...(message as object) }));
  frame('client', { id: 1, method: 'initialize', params: { protocolVersion: version, capabilities, clientInfo: { name: 'c', version: '1' } } });
  frame('server', { id: 1, result: { protocolVersion: version, capabilities: {}, serverInfo: { name: 's', version: '1' } } });
  frame('client', { method: 'notifications/initialized' });
  frame('server', { id: 's1', method: 'sampling/createMessage', params });
  if (answer !== undefined) frame('client', { id: 's1', ...(answer as object) });
  return linter.findings.map((f) => `${f.rule} ${f.severity} ${f.subject}: ${f.message}`);
}

describe('sampling lint rules', () => {
  it('a well-formed request and answer raise nothing', () => {
    const answer = { result: { role: 'assistant', content: { type: 'text', text: 'Hello' }, model: 'm', stopReason: 'endTurn' } };
    expect(lint({ sampling: {} }, { messages: [hi], maxTokens: 10 }, answer)).toEqual([]);
    // The rejection the spec gives is an answer too.
    expect(lint({ sampling: {} }, { messages: [hi], maxTokens: 10 }, { error: { code: -1, message: 'User rejected sampling request' } })).toEqual([]);
  });

  it('a request without the sampling capability is CAP-UNDECLARED; its shape is still judged', () => {
    expect(lint({}, { messages: [], maxTokens: 10 })).toEqual([
      'CAP-UNDECLARED error server: sampling/createMessage needs the client capability sampling, which this client did not declare.',
      'SAMPLING-REQUEST warning server: sampling/createMessage: messages is empty; there is nothing to sample from.',
    ]);
  });

  it('tools sent to a client without sampling.tools are CAP-UNDECLARED; an unknown content type and a missing maxTokens are SAMPLING-REQUEST', () => {
    expect(lint({ sampling: {} }, { messages: [{ role: 'user', content: { type: 'video', url: 'x' } }], tools: [weather] })).toEqual([
      'SAMPLING-REQUEST error server: sampling/createMessage: messages[0].content has content type "video", which sampling does not have in any version (text, image, audio, tool_use, tool_result).',
      'SAMPLING-REQUEST error server: sampling/createMessage: maxTokens is missing; the server must say how many tokens to sample at most.',
      'CAP-UNDECLARED error server: sampling/createMessage: tools came in a sampling request, but this client did not declare sampling.tools; the client must answer with an error.',
    ]);
  });

  it("the client's result is judged against the request and the version (SAMPLING-RESULT)", () => {
    const answer = { result: { role: 'assistant', content: { type: 'tool_use', id: 'u1', name: 'weather', input: {} }, model: 'm', stopReason: 'toolUse' } };
    expect(lint({ sampling: { tools: {} } }, { messages: [hi], maxTokens: 10, tools: [weather] }, answer)).toEqual([]);
    expect(lint({ sampling: { tools: {} } }, { messages: [hi], maxTokens: 10 }, answer)).toEqual([
      'SAMPLING-RESULT error client: The sampling/createMessage result: content uses a tool, but the request offered no tools.',
    ]);
    const audio = { result: { role: 'assistant', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }, model: 'm' } };
    expect(lint({ sampling: {} }, { messages: [hi], maxTokens: 10 }, audio, '2024-11-05')).toEqual([
      'SAMPLING-RESULT error client: The sampling/createMessage result: content has content type audio, which sampling has only from 2025-03-26; 2024-11-05 is in use.',
    ]);
  });
});
