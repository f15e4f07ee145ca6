import { describe, expect, it } from 'vitest';
import type { TransportConfig } from '../../../protocol/index.js';
import type { ConnectRequest } from '../../connection/controller.js';
import { DEFAULT_AUTH_SETTINGS } from './auth-settings.js';
import { connectFromForm, createConnectFormStore } from './connect-form-store.js';
import { createFormDrafts } from './form-draft.js';
import { formFromPrefill } from './form-model.js';

function memoryStorage() {
  const items = new Map<string, string>();
  const reads: string[] = [];
  return {
    items,
    reads,
    getItem: (k: string) => {
      reads.push(k);
      return items.get(k) ?? null;
    },
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const demo: TransportConfig = { kind: 'stdio', command: 'node', args: ['demo.js'], env: {} };
const other: TransportConfig = { kind: 'http', url: 'http://127.0.0.1:3000/mcp', headers: {}, mode: 'auto' };

describe('the Connect form store', () => {
  it('reads the kept draft once per prefill, however often it is asked to load it', () => {
    const storage = memoryStorage();
    const store = createConnectFormStore(createFormDrafts(storage));
    store.getState().load(demo);
    store.getState().load(demo);
    store.getState().load({ ...demo });
    expect(storage.reads).toHaveLength(1);
    expect(store.getState().form?.command).toBe('node');
    // A proxy started for another server: its prefill is read afresh.
    store.getState().load(other);
    expect(storage.reads).toHaveLength(2);
    expect(store.getState().form?.transportKind).toBe('http');
  });

  it('keeps an edit as the draft, and a new store (a reload) starts from it', () => {
    const storage = memoryStorage();
    const store = createConnectFormStore(createFormDrafts(storage));
    store.getState().load(demo);
    expect(storage.items.size).toBe(0);
    store.getState().edit({ argsText: 'other.js' });
    const reloaded = createConnectFormStore(createFormDrafts(storage));
    reloaded.getState().load(demo);
    expect(reloaded.getState().form?.argsText).toBe('other.js');
  });
});

describe('Connect from the form', () => {
  const deps = (store: ReturnType<typeof createConnectFormStore>, sent: ConnectRequest[]) => ({
    form: store,
    version: () => ({ choice: '2025-11-25' as const, probe: true }),
    authSettings: () => DEFAULT_AUTH_SETTINGS,
    connect: (request: ConnectRequest) => sent.push(request),
  });

  it('connects with what the form holds, wherever Connect was pressed', () => {
    const store = createConnectFormStore(createFormDrafts(undefined));
    store.getState().load(demo);
    const sent: ConnectRequest[] = [];
    expect(connectFromForm(deps(store, sent))).toBe(true);
    expect(sent).toEqual([{ transport: { kind: 'stdio', command: 'node', args: ['demo.js'], env: {} }, protocolVersion: '2025-11-25' }]);
    expect(store.getState().errors).toEqual([]);
  });

  it('a form it cannot use: nothing is sent, and the form says why', () => {
    const store = createConnectFormStore(createFormDrafts(undefined));
    store.getState().load(demo);
    store.getState().edit({ command: '  ' });
    const sent: ConnectRequest[] = [];
    expect(connectFromForm(deps(store, sent))).toBe(false);
    expect(sent).toEqual([]);
    expect(store.getState().errors).toEqual(['Enter a command to start the server (for example node or npx).']);
  });

  it('before the proxy’s configuration is read: nothing is sent', () => {
    const store = createConnectFormStore(createFormDrafts(undefined));
    const sent: ConnectRequest[] = [];
    expect(connectFromForm(deps(store, sent))).toBe(false);
    expect(sent).toEqual([]);
  });

  it("holding a saved server: its edits are kept against it, not the launch's, and Connect opens it by reference", () => {
    const storage = memoryStorage();
    const drafts = createFormDrafts(storage);
    const store = createConnectFormStore(drafts);
    store.getState().load(demo);
    store.getState().setSavedServer({ id: 's-1', base: other });
    store.getState().replace(formFromPrefill(other), []);
    store.getState().edit({ url: 'http://127.0.0.1:3000/edited' });
    expect(drafts.read(other, 's-1')?.form.url).toBe('http://127.0.0.1:3000/edited');
    expect(drafts.read(demo)).toBeUndefined();
    const sent: ConnectRequest[] = [];
    const deps = {
      form: store,
      version: () => ({ choice: 'auto' as const, probe: true }),
      authSettings: () => ({ ...DEFAULT_AUTH_SETTINGS, mode: 'off' as const }),
    };
    expect(connectFromForm({ ...deps, connect: (r) => sent.push(r) })).toBe(true);
    expect(sent[0]?.savedServer).toBe('s-1');
    store.getState().setSavedServer(undefined);
    connectFromForm({ ...deps, connect: (r) => sent.push(r) });
    expect(sent[1]?.savedServer).toBeUndefined();
  });
});
