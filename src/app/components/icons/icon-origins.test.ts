import { describe, expect, it } from 'vitest';
import { createIconOriginsStore, type SettingsStorage } from './icon-origins.js';

function memoryStorage(initial?: string): SettingsStorage & { value: string | null } {
  const s = {
    value: initial ?? null,
    getItem: () => s.value,
    setItem: (_key: string, value: string) => {
      s.value = value;
    },
  };
  return s;
}

describe('icon origins', () => {
  it('remembers allowed https: origins across page loads, and forgets them', () => {
    const storage = memoryStorage();
    const first = createIconOriginsStore(storage);
    first.getState().allow('https://cdn.example');
    first.getState().allow('http://plain.example'); // never: the page does not load http: icons
    first.getState().allow('https://cdn.example/path'); // not an origin
    expect([...first.getState().allowed]).toEqual(['https://cdn.example']);
    expect(storage.value).toBe('["https://cdn.example"]');

    const second = createIconOriginsStore(storage);
    expect([...second.getState().allowed]).toEqual(['https://cdn.example']);
    second.getState().forget('https://cdn.example');
    expect(createIconOriginsStore(storage).getState().allowed.size).toBe(0);
  });

  it('starts empty from storage it cannot read', () => {
    for (const junk of ['{', '{"a":1}', '[1, "https://ok.example", "javascript:x"]']) {
      expect([...createIconOriginsStore(memoryStorage(junk)).getState().allowed]).toEqual(junk.includes('ok.example') ? ['https://ok.example'] : []);
    }
    const throwing: SettingsStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const store = createIconOriginsStore(throwing);
    store.getState().allow('https://cdn.example');
    expect(store.getState().allowed.has('https://cdn.example')).toBe(true);
  });

  it('counts blocked icons per origin until the origin is allowed', () => {
    const store = createIconOriginsStore(memoryStorage());
    store.getState().noteBlocked('https://a.example', 'https://a.example/1.png');
    store.getState().noteBlocked('https://a.example', 'https://a.example/1.png');
    store.getState().noteBlocked('https://a.example', 'https://a.example/2.png');
    expect(store.getState().blocked.get('https://a.example')?.size).toBe(2);
    store.getState().allow('https://a.example');
    expect(store.getState().blocked.has('https://a.example')).toBe(false);
    store.getState().noteBlocked('https://a.example', 'https://a.example/3.png');
    expect(store.getState().blocked.size).toBe(0);
  });
});
