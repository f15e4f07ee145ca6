// Multi-round requests (2026-07-28) from the CLI: tools call, prompts get and
// resources read answer the server's input requests with --elicitation,
// --sampling and --root, retry with the answers, and stop a looping server.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, node } from '../test/fixtures/cli-helpers.js';

const server = fileURLToPath(new URL('../test/fixtures/mrtr-server.mjs', import.meta.url));
const target = ['--stdio', `${node} ${JSON.stringify(server)}`, '--protocol-version', '2026-07-28'];

describe('multi-round requests from the CLI', () => {
  it('tools call: answers the elicitation by --elicitation, retries with requestState unchanged, and prints the final result', async () => {
    const declined = await cli(...target, 'tools', 'call', 'greet');
    expect(declined.code).toBe(0);
    expect(declined.out).toBe('No name given (decline).');
    expect(declined.err).toContain('declined elicitation/create "What is your name?"');
    expect(declined.err).toContain('tools/call: the server asked for input; round 2 sends the answers back.');
  });

  it('three rounds: an elicitation, then a sampling request answered by --sampling', async () => {
    const r = await cli(...target, '--elicitation', 'accept-defaults', '--sampling', 'reply:hello', 'tools', 'call', 'two_questions');
    expect(r.err).toContain('round 3 sends the answers back');
    // accept-defaults cannot fill the required name: the elicitation is cancelled, and that is still an answer.
    expect(r.out).toBe('? said hello');
  });

  it('prompts get and resources read follow input_required too (roots from --root)', async () => {
    const prompt = await cli(...target, 'prompts', 'get', 'introduce');
    expect(prompt.code).toBe(0);
    expect(prompt.out).toBe('user: Please introduce (no name: decline).');
    const resource = await cli(...target, '--root', 'file:///work/a', 'resources', 'read', 'mrtr://roots');
    expect(resource.code).toBe(0);
    expect(resource.out).toContain('[{"uri":"file:///work/a"}]');
  });

  it('a server that asks for input forever is stopped at the round limit: exit 1 and a sentence, no hang', async () => {
    const r = await cli(...target, 'tools', 'call', 'loop_forever');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/tools\/call failed: The server asked for input 10 times in a row; stopped — it may be looping/);
  });

  it.each([
    ['empty_input_required', /neither inputRequests nor requestState \(the spec says it MUST have at least one\)/],
    ['numeric_state', /requestState is a number, not a string/],
    ['list_of_requests', /inputRequests is an array, not an object of input requests by key/],
  ])('%s: a malformed input_required is said, not retried', async (tool, message) => {
    const r = await cli(...target, '--verbose', 'tools', 'call', tool);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(message);
    expect(r.err.match(/"method":"tools\/call"/g)).toHaveLength(1);
  });
});

describe('--max-rounds', () => {
  it('sets the round limit of a multi-round call', async () => {
    const r = await cli(...target, '--max-rounds', '3', '--verbose', 'tools', 'call', 'loop_forever');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/asked for input 3 times in a row; stopped — it may be looping \(the limit is 3 rounds\)/);
    expect(r.err.match(/→ .*"method":"tools\/call"/g)).toHaveLength(3);
  });

  it('is a whole number of at least 1, and goes only with the commands that may get input_required', async () => {
    expect((await cli(...target, '--max-rounds', '0', 'tools', 'call', 'greet')).err).toMatch(/--max-rounds/);
    expect((await cli(...target, '--max-rounds', '2', 'tools', 'list')).err).toMatch(
      /--max-rounds goes with tools call, prompts get or resources read, not with tools list/,
    );
  });
});
