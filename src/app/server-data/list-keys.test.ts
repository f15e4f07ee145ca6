import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateOnListChanged, listQueryKey } from './list-keys.js';

describe('invalidateOnListChanged', () => {
  it('invalidates the lists a list_changed notification names, for that connection only', () => {
    const qc = new QueryClient();
    for (const c of [1, 2]) for (const k of ['tools', 'resources', 'resourceTemplates', 'prompts'] as const) qc.setQueryData(listQueryKey(k, c), { items: [] });
    invalidateOnListChanged(qc, { type: 'notification', method: 'notifications/resources/list_changed', params: {}, raw: '' }, 2);
    const invalid = qc
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey.join('/'));
    expect(invalid.sort()).toEqual(['server/2/resourceTemplates', 'server/2/resources']);
  });

  it('ignores other events', () => {
    const qc = new QueryClient();
    qc.setQueryData(listQueryKey('tools', 1), { items: [] });
    invalidateOnListChanged(qc, { type: 'notification', method: 'notifications/message', params: {}, raw: '' }, 1);
    invalidateOnListChanged(qc, { type: 'state', state: 'ready' }, 1);
    expect(
      qc
        .getQueryCache()
        .getAll()
        .some((q) => q.state.isInvalidated),
    ).toBe(false);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('takes a notification named %s for the unknown name it is', (method) => {
    const qc = new QueryClient();
    qc.setQueryData(listQueryKey('tools', 1), { items: [] });
    expect(() => invalidateOnListChanged(qc, { type: 'notification', method, params: {}, raw: '' }, 1)).not.toThrow();
    expect(qc.getQueryState(listQueryKey('tools', 1))?.isInvalidated).toBe(false);
  });
});
