import { describe, expect, it } from 'vitest';
import type { TransportConfig } from '../../../protocol/index.js';
import { formFromPrefill, newEnvRow, type ConnectForm } from './form-model.js';
import { readDraft, saveDraft, typeAgainNote } from './form-draft.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

const demo: TransportConfig = { kind: 'stdio', command: 'node', args: ['demo.js'], env: { API_KEY: 'launch-key', MODE: 'x' } };
const values = (form: ConnectForm) => ({ ...form, env: form.env.map((r) => [r.name, r.value]), headers: form.headers.map((r) => [r.name, r.value]) });

describe('the Connect form draft', () => {
  it('brings back the edits made against the same prefill: transport, URL, headers, mode, command and all', () => {
    const storage = memoryStorage();
    const edited: ConnectForm = {
      ...formFromPrefill(demo),
      transportKind: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      headers: [newEnvRow('X-Trace', 'on')],
      httpMode: 'sse',
      cwd: '/srv',
      argsText: "demo.js '--name=a b'",
    };
    saveDraft(storage, demo, edited);
    const restored = readDraft(storage, demo);
    expect(restored && values(restored.form)).toEqual(values(edited));
    expect(restored?.typeAgain).toEqual([]);
  });

  it('gives nothing on a first visit, for another prefill, or for storage edited by hand', () => {
    const storage = memoryStorage();
    expect(readDraft(storage, demo)).toBeUndefined();
    saveDraft(storage, demo, { ...formFromPrefill(demo), command: 'python3' });
    expect(readDraft(storage, { ...demo, args: ['other-server.js'] })).toBeUndefined();
    expect(readDraft(storage, undefined)).toBeUndefined();
    storage.items.set('mcpscope.connectDraft', '{"prefill":');
    expect(readDraft(storage, demo)).toBeUndefined();
    storage.items.set('mcpscope.connectDraft', JSON.stringify({ prefill: '"none"', form: { command: 3 } }));
    expect(readDraft(storage, undefined)).toBeUndefined();
  });

  it('writes no secret value; the launch’s comes back from the prefill, a typed one must be typed again', () => {
    const storage = memoryStorage();
    const form: ConnectForm = {
      ...formFromPrefill(demo),
      env: [newEnvRow('API_KEY', 'launch-key'), newEnvRow('GITHUB_TOKEN', 'ghp-typed-secret'), newEnvRow('MODE', 'y')],
      headers: [newEnvRow('Authorization', 'Bearer typed-bearer')],
    };
    saveDraft(storage, demo, form);
    const stored = [...storage.items.values()].join();
    for (const secret of ['launch-key', 'ghp-typed-secret', 'typed-bearer']) expect(stored).not.toContain(secret);
    const restored = readDraft(storage, demo)!;
    expect(restored.form.env.map((r) => [r.name, r.value])).toEqual([
      ['API_KEY', 'launch-key'],
      ['GITHUB_TOKEN', ''],
      ['MODE', 'y'],
    ]);
    expect(restored.typeAgain).toEqual(['GITHUB_TOKEN', 'Authorization']);
    expect(typeAgainNote(restored.typeAgain, restored.form)).toBe(
      'Secret values are not saved in the browser: type the value of GITHUB_TOKEN again (lost with the reload).',
    );
    const retyped = { ...restored.form, env: restored.form.env.map((r) => (r.name === 'GITHUB_TOKEN' ? { ...r, value: 'again' } : r)) };
    expect(typeAgainNote(restored.typeAgain, retyped)).toBeUndefined();
  });

  it('keeps a value the person marked secret out of storage, and the mark in', () => {
    const storage = memoryStorage();
    const form: ConnectForm = { ...formFromPrefill(demo), env: [{ ...newEnvRow('LOGIN', 'typed-login'), secret: true }, newEnvRow('MODE', 'y')] };
    saveDraft(storage, demo, form);
    expect([...storage.items.values()].join()).not.toContain('typed-login');
    const restored = readDraft(storage, demo)!;
    expect(restored.form.env.map((r) => [r.name, r.value, r.secret])).toEqual([
      ['LOGIN', '', true],
      ['MODE', 'y', undefined],
    ]);
    expect(restored.typeAgain).toEqual(['LOGIN']);
  });

  it("keeps a saved server's edits against that server: not another one with the same settings, nor the launch", () => {
    const storage = memoryStorage();
    saveDraft(storage, demo, { ...formFromPrefill(demo), cwd: '/edited' }, 's-1');
    expect(readDraft(storage, demo, 's-1')?.form.cwd).toBe('/edited');
    expect(readDraft(storage, demo, 's-2')).toBeUndefined();
    expect(readDraft(storage, demo)).toBeUndefined();
  });
});
