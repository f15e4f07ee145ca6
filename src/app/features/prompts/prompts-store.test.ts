import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readNow, RequestFailed, serverReadQuery } from '../../server-data/reads.js';
import { errorOutcome, resultOutcome, scriptedSession } from '../resources/test-outcomes.js';
import { createPromptsStore } from './prompts-store.js';

const codeReview = {
  name: 'code_review',
  arguments: [{ name: 'language', required: true }, { name: 'focus' }],
};

function setup() {
  const queryClient = new QueryClient();
  const session = scriptedSession();
  const deps = { session: () => session, now: () => 42 };
  const query = (params: Record<string, unknown>) => serverReadQuery(deps, 1, 'prompts/get', params);
  const store = createPromptsStore({ get: (_connection, params) => readNow(queryClient, query(params)) });
  store.getState().forConnection(1);
  const state = () => queryClient.getQueryState(query(store.getState().requested!.params).queryKey);
  return { store, session, state };
}

describe('getPrompt', () => {
  it('a prompt with no arguments leaves arguments out, or sends {} and the _meta written when asked', () => {
    const { store, session } = setup();
    const summary = { name: 'summary' };
    expect(store.getState().getPrompt(summary)).toBe(true);
    expect(session.sent[0]).toMatchObject({ method: 'prompts/get' });
    expect(session.sent[0]!.params).toEqual({ name: 'summary' });
    store.getState().setExtras('summary', { sendEmptyArguments: true, metaText: '{"trace": "t-2"}' });
    expect(store.getState().getPrompt(summary)).toBe(true);
    expect(session.sent[1]!.params).toEqual({ name: 'summary', arguments: {}, _meta: { trace: 't-2' } });
  });

  it('a _meta that is not a JSON object sends nothing and says why', () => {
    const { store, session } = setup();
    store.getState().setExtras('summary', { sendEmptyArguments: false, metaText: '"trace"' });
    expect(store.getState().getPrompt({ name: 'summary' })).toBe(false);
    expect(session.sent).toHaveLength(0);
    expect(store.getState().blocked).toBe('_meta must be a JSON object, like {"trace": "abc"}: fix it, or empty it to send no _meta. Nothing was sent.');
  });

  it('sends nothing and lists the missing arguments when a required one is empty', () => {
    const { store, session } = setup();
    store.getState().setValue('code_review', 'focus', 'security');
    expect(store.getState().getPrompt(codeReview)).toBe(false);
    expect(session.sent).toHaveLength(0);
    expect(store.getState().missing).toEqual(['language']);
    // Typing the value clears the mark.
    store.getState().setValue('code_review', 'language', 'TypeScript');
    expect(store.getState().missing).toEqual([]);
  });

  it('sends prompts/get with the arguments and keeps the outcome in its query', async () => {
    const { store, session, state } = setup();
    store.getState().setValue('code_review', 'language', 'TypeScript');
    store.getState().setValue('code_review', 'focus', '');
    expect(store.getState().getPrompt(codeReview)).toBe(true);
    expect(session.sent[0]).toMatchObject({ method: 'prompts/get', params: { name: 'code_review', arguments: { language: 'TypeScript' } } });
    expect(store.getState().requested).toMatchObject({ name: 'code_review' });
    expect(state()?.fetchStatus).toBe('fetching');
    session.sent[0]!.answer(resultOutcome('prompts/get', { messages: [] }));
    await new Promise((r) => setTimeout(r, 0));
    expect(state()).toMatchObject({ fetchStatus: 'idle', data: { finishedAt: 42, outcome: { status: 'result' } } });
  });

  it('rejects when the server answers with an error: the query’s error carries it', async () => {
    const { store, session, state } = setup();
    store.getState().setValue('code_review', 'language', 'Go');
    store.getState().getPrompt(codeReview);
    session.sent[0]!.answer(errorOutcome('prompts/get', -32602, 'Unknown prompt'));
    await new Promise((r) => setTimeout(r, 0));
    expect(state()?.status).toBe('error');
    expect((state()?.error as RequestFailed).read.outcome).toMatchObject({ status: 'error', error: { message: 'Unknown prompt' } });
  });

  it('forgets the last request on a new connection but keeps what was typed', () => {
    const { store } = setup();
    store.getState().setValue('code_review', 'language', 'Go');
    store.getState().getPrompt(codeReview);
    store.getState().forConnection(2);
    expect(store.getState().requested).toBeUndefined();
    expect(store.getState().values.code_review?.language).toBe('Go');
  });
});
