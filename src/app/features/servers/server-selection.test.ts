import { describe, expect, it } from 'vitest';
import { formFromPrefill } from '../connect/form-model.js';
import { createServerSelection } from './server-selection.js';
import { typedOverMask } from './KeptSecretValue.js';
import { KEPT_SECRET } from '../../../protocol/index.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

const base = { kind: 'stdio' as const, command: 'node', args: [], env: { API_KEY: KEPT_SECRET } };

describe('the server selection', () => {
  it('keeps the chosen id (and nothing else) across a reload, and forgets it when cleared', () => {
    const storage = memoryStorage();
    const selection = createServerSelection(storage);
    selection.getState().choose('s-1', base, { form: formFromPrefill(base), edited: false, typeAgain: [] });
    expect([...storage.items.values()]).toEqual(['s-1']);
    expect(createServerSelection(storage).getState().selected).toBe('s-1');
    selection.getState().clear();
    expect(createServerSelection(storage).getState().selected).toBeUndefined();
  });

  it('numbers each load, and drops revealed values when another server is chosen', () => {
    const selection = createServerSelection(undefined);
    const load = { form: formFromPrefill(base), edited: false, typeAgain: [] };
    selection.getState().choose('s-1', base, load);
    selection.getState().setRevealed('API_KEY', 'k-1');
    selection.getState().setRevealed('__proto__', 'odd');
    expect(selection.getState().revealed).toEqual({ API_KEY: 'k-1', ['__proto__']: 'odd' });
    selection.getState().setRevealed('API_KEY', undefined);
    expect(Object.keys(selection.getState().revealed)).toEqual(['__proto__']);
    selection.getState().choose('s-2', base, load);
    expect(selection.getState().revealed).toEqual({});
    expect(selection.getState().load?.seq).toBe(2);
  });
});

describe('typing over a kept secret', () => {
  it('is the text typed, never the mask with it', () => {
    expect(typedOverMask(`${KEPT_SECRET}x`)).toBe('x');
    expect(typedOverMask(KEPT_SECRET.slice(0, -1))).toBe('');
    expect(typedOverMask('new')).toBe('new');
  });
});
