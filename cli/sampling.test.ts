// --sampling: the CLI's answers to sampling/createMessage, as units and end to
// end against server-everything (stdio) and the hand-written sampling fixture.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { samplingAnswer } from './sampling.js';
import { cli, demoTarget, everything, node } from '../test/fixtures/cli-helpers.js';

const fixture = fileURLToPath(new URL('../test/fixtures/sampling-server.mjs', import.meta.url));
const context = { version: '2025-11-25', clientCapabilities: { sampling: { tools: {} } } };
const ask = { messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }], maxTokens: 20, systemPrompt: 'Be brief.' };

describe('--sampling', () => {
  it('reads reply:TEXT and decline, and says what it needs otherwise', () => {
    const target = ['--stdio', 'node s.js'];
    expect(parseCliArgs([...target, '--sampling', 'reply:Paris: the capital', 'ping'])).toMatchObject({
      ok: true,
      value: { sampling: { kind: 'reply', text: 'Paris: the capital' } },
    });
    expect(parseCliArgs([...target, '--sampling', 'decline', 'ping'])).toMatchObject({ ok: true, value: { sampling: { kind: 'decline' } } });
    expect(parseCliArgs([...target, 'ping'])).toMatchObject({ ok: true, value: expect.not.objectContaining({ sampling: expect.anything() }) });
    expect(parseCliArgs([...target, '--sampling', 'yes', 'ping'])).toEqual({
      ok: false,
      error: '--sampling needs reply:TEXT (answer every sampling request with TEXT), model:PROVIDER/MODEL (answer with that model) or decline, not "yes".',
    });
  });

  it('replies with the text, declines with -1, and answers a malformed request -32602 whatever the policy, saying so each time', () => {
    expect(samplingAnswer({ kind: 'reply', text: 'Paris.' }, ask, context)).toEqual({
      answer: { result: { role: 'assistant', content: { type: 'text', text: 'Paris.' }, model: 'mcpscope-cli', stopReason: 'endTurn' } },
      note: 'replied "Paris." (model mcpscope-cli) to sampling/createMessage (1 message(s); maxTokens 20; systemPrompt "Be brief."): user: "Capital of France?".',
    });
    expect(samplingAnswer({ kind: 'decline' }, ask, context)).toMatchObject({
      answer: { error: { code: -1, message: 'User rejected sampling request' } },
      note: expect.stringMatching(/^declined sampling\/createMessage .* with error -1, as --sampling decline says\./),
    });
    expect(samplingAnswer({ kind: 'reply', text: 'x' }, { maxTokens: 5 }, context)).toEqual({
      answer: { error: { code: -32602, message: 'Invalid sampling request: messages is missing; there is nothing to sample from.' } },
      note: 'answered -32602 to sampling/createMessage (0 message(s); maxTokens 5): messages is missing; there is nothing to sample from.',
    });
  });

  it('server-everything: declares sampling only with --sampling, and its tool returns the reply', async () => {
    const target = ['--stdio', `${node} ${JSON.stringify(everything)} stdio`];
    const without = await cli(...target, '--verbose', 'tools', 'list');
    expect(without.err).not.toContain('"sampling"');
    expect(without.out).not.toContain('trigger-sampling-request');
    const r = await cli(...target, '--sampling', 'reply:Paris, of course', 'tools', 'call', 'trigger-sampling-request', '--arg', 'prompt=Capital?');
    expect(r.code).toBe(0);
    expect(r.out).toContain('"text": "Paris, of course"');
    expect(r.err).toContain(
      'mcpscope: replied "Paris, of course" (model mcpscope-cli) to sampling/createMessage (1 message(s); maxTokens 100; systemPrompt "You are a helpful test server."): user: "Resource trigger-sampling-request context: Capital?".',
    );
    const declined = await cli(...target, '--sampling', 'decline', 'tools', 'call', 'trigger-sampling-request', '--arg', 'prompt=Capital?');
    expect(`${declined.out}\n${declined.err}`).toContain('User rejected sampling request');
  }, 30_000);

  it('a request with an unknown content type is answered with its problems said; one without messages is answered -32602', async () => {
    const target = ['--stdio', `${node} ${JSON.stringify(fixture)}`];
    const unknown = await cli(...target, '--sampling', 'reply:ok', 'tools', 'call', 'ask', '--arg', 'kind=unknown-content');
    expect(unknown.out).toContain('"text":"ok"');
    expect(unknown.err).toContain(
      'Problems of the request: error: messages[0].content has content type "hologram", which sampling does not have in any version',
    );
    // Without --sampling nothing is declared, and a server that asks anyway gets -32601.
    const undeclared = await cli(...target, 'tools', 'call', 'ask', '--arg', 'kind=unknown-content');
    expect(undeclared.out).toContain('error -32601: Method not found: sampling/createMessage');
    const none = await cli(...target, '--sampling', 'reply:ok', 'tools', 'call', 'ask', '--arg', 'kind=no-messages');
    expect(none.out).toContain('error -32602: Invalid sampling request: messages is missing');
    expect(none.err).toContain('mcpscope: answered -32602 to sampling/createMessage (0 message(s); maxTokens 50): messages is missing');
  }, 30_000);
});

describe('the demo server', () => {
  it('ask_model samples through the client and returns the reply', async () => {
    const r = await cli(...demoTarget, '--sampling', 'reply:A haiku.', 'tools', 'call', 'ask_model', '--arg', 'prompt=Write a haiku');
    expect(r).toMatchObject({ code: 0, out: 'mcpscope-cli said (endTurn): A haiku.' });
    expect(r.err).toContain('systemPrompt "You are answering the mcpscope demo server."');
    const without = await cli(...demoTarget, 'tools', 'call', 'ask_model', '--arg', 'prompt=Hi');
    expect(without.out).toContain('This client does not support sampling.');
  }, 30_000);
});
