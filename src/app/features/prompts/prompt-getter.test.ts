import { describe, expect, it } from 'vitest';
import { resultOutcome, scriptedSession } from '../resources/test-outcomes.js';
import { getPrompt } from './prompt-getter.js';
import { createPromptsStore } from './prompts-store.js';

const codeReview = {
  name: 'code_review',
  arguments: [{ name: 'language', required: true }, { name: 'focus' }],
};

describe('getPrompt', () => {
  it('sends nothing and lists the missing arguments when a required one is empty', async () => {
    const store = createPromptsStore();
    const session = scriptedSession();
    store.getState().setValue('code_review', 'focus', 'security');
    const sent = await getPrompt({ store, session: () => session }, codeReview);
    expect(sent).toBe(false);
    expect(session.sent).toHaveLength(0);
    expect(store.getState().missing).toEqual(['language']);
    // Typing the value clears the mark.
    store.getState().setValue('code_review', 'language', 'TypeScript');
    expect(store.getState().missing).toEqual([]);
  });

  it('sends prompts/get with the arguments and keeps the outcome', async () => {
    const store = createPromptsStore();
    const session = scriptedSession();
    store.getState().setValue('code_review', 'language', 'TypeScript');
    store.getState().setValue('code_review', 'focus', '');
    const done = getPrompt({ store, session: () => session, now: () => 42 }, codeReview);
    expect(session.sent[0]).toMatchObject({ method: 'prompts/get', params: { name: 'code_review', arguments: { language: 'TypeScript' } } });
    expect(store.getState().get).toMatchObject({ name: 'code_review', loading: true });
    session.sent[0]!.answer(resultOutcome('prompts/get', { messages: [] }));
    expect(await done).toBe(true);
    expect(store.getState().get).toMatchObject({ loading: false, finishedAt: 42, outcome: { status: 'result' } });
  });

  it('forgets the last result on a new connection but keeps what was typed', () => {
    const store = createPromptsStore();
    store.getState().forConnection(1);
    store.getState().setValue('code_review', 'language', 'Go');
    store.getState().startGet('code_review');
    store.getState().forConnection(2);
    expect(store.getState().get).toBeUndefined();
    expect(store.getState().values.code_review?.language).toBe('Go');
  });
});
