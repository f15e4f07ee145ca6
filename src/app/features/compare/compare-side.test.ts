import { describe, expect, it } from 'vitest';
import { ListFailed } from '../../../protocol/index.js';
import { sideSentence, sideState, type SideList } from './compare-side.js';

const done = (items: unknown[] = []): SideList => ({ status: 'success', items });
const lists = (over: Partial<Record<'tools' | 'resources' | 'resourceTemplates' | 'prompts', SideList>> = {}) => ({
  tools: done([{ name: 'echo', inputSchema: {} }]),
  resources: done(),
  resourceTemplates: done(),
  prompts: done(),
  ...over,
});

describe('sideState', () => {
  it('is ready with every list once each is read', () => {
    expect(sideState(true, lists())).toEqual({
      status: 'ready',
      lists: { tools: [{ name: 'echo', inputSchema: {} }], resources: [], resourceTemplates: [], prompts: [] },
    });
  });

  it('takes a list the server did not declare as empty', () => {
    const state = sideState(true, lists({ prompts: { unavailable: 'The server did not declare the "prompts" capability.', status: 'pending', items: [] } }));
    expect(state).toMatchObject({ status: 'ready', lists: { prompts: [] } });
  });

  it('waits for the lists still being read, and names them', () => {
    const state = sideState(true, lists({ resources: { status: 'pending', items: [] } }));
    expect(state).toEqual({ status: 'loading', waiting: ['resources/list'] });
    expect(sideSentence(state as Exclude<typeof state, { status: 'ready' }>)).toBe('Reading resources/list…');
  });

  it('names the list that failed, and what to do', () => {
    const failure = new ListFailed('resources/list', { items: [], pages: 1, outcomes: [] }, 'Internal error (-32603)', 2);
    const state = sideState(true, lists({ resources: { status: 'error', items: [], failure } }));
    expect(state).toEqual({ status: 'failed', sentence: '1 page of resources/list read, page 2 failed: Internal error (-32603)' });
    expect(sideSentence(state as { status: 'failed'; sentence: string })).toMatch(/page 2 failed: Internal error \(-32603\) Refresh the list in its tab/);
  });

  it('says a side that is not connected', () => {
    expect(sideState(false, lists())).toEqual({ status: 'not-connected' });
  });
});
