import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CompletionAsk, InitializeInfo } from '../../../protocol/index.js';
import { errorOutcome, resultOutcome, scriptedSession } from '../resources/test-outcomes.js';
import { completionQuery } from './completion-query.js';
import { offersCompletions } from './use-completion.js';

const ask = (value: string): CompletionAsk => ({
  ref: { type: 'ref/prompt', name: 'completable-prompt' },
  argument: { name: 'name', value },
  context: { department: 'Sales', name: value },
});

function setup(connected = true) {
  const queryClient = new QueryClient();
  const session = scriptedSession();
  const deps = { session: () => (connected ? session : undefined) };
  const fetch = (a: CompletionAsk, version = '2025-11-25') => queryClient.fetchQuery(completionQuery(deps, 1, version, a));
  return { queryClient, session, fetch };
}

describe('completionQuery', () => {
  it('sends completion/complete with the other fields as context and reads the answer', async () => {
    const { session, fetch } = setup();
    const answer = fetch(ask('E'));
    expect(session.sent[0]).toMatchObject({
      method: 'completion/complete',
      params: {
        ref: { type: 'ref/prompt', name: 'completable-prompt' },
        argument: { name: 'name', value: 'E' },
        context: { arguments: { department: 'Sales' } },
      },
    });
    session.sent[0]!.answer(resultOutcome('completion/complete', { completion: { values: ['Eve'], total: 1, hasMore: false } }));
    await expect(answer).resolves.toEqual({ values: ['Eve'], total: 1, hasMore: false, sent: 1, nonStrings: 0 });
  });

  it("keys each answer by what was asked, so an earlier value's answer stays with that value", async () => {
    const { queryClient, session, fetch } = setup();
    const early = fetch(ask('D'));
    const late = fetch(ask('Da'));
    session.sent[1]!.answer(resultOutcome('completion/complete', { completion: { values: ['David'] } }));
    session.sent[0]!.answer(resultOutcome('completion/complete', { completion: { values: ['David', 'Dan'] } }));
    await Promise.all([early, late]);
    const data = (a: CompletionAsk) => queryClient.getQueryData(completionQuery({ session: () => undefined }, 1, '2025-11-25', a).queryKey);
    expect(data(ask('Da'))?.values).toEqual(['David']);
    expect(data(ask('D'))?.values).toEqual(['David', 'Dan']);
  });

  it('reuses a fresh answer for the same ask instead of asking again', async () => {
    const { session, fetch } = setup();
    const first = fetch(ask('F'));
    session.sent[0]!.answer(resultOutcome('completion/complete', { completion: { values: ['Frank'] } }));
    await first;
    await fetch(ask('F'));
    expect(session.sent).toHaveLength(1);
  });

  it('rejects with a sentence for an error, an unreadable answer, or no connection', async () => {
    const { session, fetch } = setup();
    const failed = fetch(ask('x'));
    session.sent[0]!.answer(errorOutcome('completion/complete', -32602, 'Unknown prompt'));
    await expect(failed).rejects.toThrow('No suggestions: The server answered with error -32602: Unknown prompt');
    const unreadable = fetch(ask('y'));
    session.sent[1]!.answer(resultOutcome('completion/complete', { values: ['y1'] }));
    await expect(unreadable).rejects.toThrow('No suggestions: The answer has no "completion" object. The Log shows the answer.');
    await expect(setup(false).fetch(ask('z'))).rejects.toThrow('Not connected: connect to a server first.');
  });
});

describe('offersCompletions', () => {
  const info = (protocolVersion: string, capabilities: Record<string, unknown>): InitializeInfo => ({
    offeredVersion: '2025-11-25',
    protocolVersion,
    versionSupported: true,
    capabilities,
    serverInfo: { name: 's', version: '1' },
    era: 'legacy',
  });

  it('follows the completions capability, which 2024-11-05 did not have', () => {
    expect(offersCompletions(info('2025-11-25', { completions: {} }))).toBe(true);
    expect(offersCompletions(info('2025-11-25', { prompts: {} }))).toBe(false);
    expect(offersCompletions(info('2024-11-05', { prompts: {} }))).toBe(true);
    expect(offersCompletions(undefined)).toBe(false);
  });
});
