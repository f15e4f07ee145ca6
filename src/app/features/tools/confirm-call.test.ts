import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../protocol/index.js';
import { confirmation, confirmationNote, isDryRun, needsConfirmation } from './confirm-call.js';
import { createToolsStore, type CallSession, type PendingCall } from './tools-store.js';

const tool = (annotations?: Tool['annotations']): Tool => ({ name: 'write_note', inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}) });

describe('needsConfirmation', () => {
  it('asks when the server says destructive, or not read-only without denying destruction', () => {
    expect(needsConfirmation(tool({ destructiveHint: true }))).toBe(true);
    expect(needsConfirmation(tool({ readOnlyHint: false, destructiveHint: true }))).toBe(true);
    expect(needsConfirmation(tool({ readOnlyHint: false }))).toBe(true);
  });

  it('does not ask for read-only, additive or unannotated tools', () => {
    expect(needsConfirmation(tool())).toBe(false);
    expect(needsConfirmation(tool({}))).toBe(false);
    expect(needsConfirmation(tool({ readOnlyHint: true, destructiveHint: true }))).toBe(false);
    expect(needsConfirmation(tool({ readOnlyHint: false, destructiveHint: false }))).toBe(false);
  });
});

describe('dryRun', () => {
  const withDryRun: Tool = {
    name: 'delete_branch',
    inputSchema: { type: 'object', properties: { branch: { type: 'string' }, dryRun: { type: 'boolean' } } },
    annotations: { destructiveHint: true },
  };

  it('a destructive tool that declares dryRun is not held when the arguments say dryRun: true, and says why', () => {
    expect(isDryRun(withDryRun, { branch: 'x', dryRun: true })).toBe(true);
    expect(confirmation(withDryRun, { branch: 'x', dryRun: true }, [])).toBe('dry-run');
    expect(confirmationNote('dry-run')).toBe('dryRun: true, so this call does not ask for confirmation.');
  });

  it('still asks for dryRun false, "true" as text, or a tool whose schema does not declare dryRun', () => {
    expect(confirmation(withDryRun, { branch: 'x', dryRun: false }, [])).toBe('ask');
    expect(confirmation(withDryRun, { branch: 'x', dryRun: 'true' }, [])).toBe('ask');
    expect(confirmation(tool({ destructiveHint: true }), { dryRun: true }, [])).toBe('ask');
  });

  it('a tool not asked about again, or not destructive, is not held', () => {
    expect(confirmation(withDryRun, { branch: 'x' }, ['delete_branch'])).toBe('not-asked-again');
    expect(confirmation(tool({ readOnlyHint: true }), {}, [])).toBe('none');
    expect(confirmationNote('none')).toBeUndefined();
  });
});

/** A tools store over a session that answers every call at once; `sent` lists the tools/call params. */
function storeWithSession() {
  const sent: unknown[] = [];
  const session: CallSession = {
    request: async (_method, params) => {
      sent.push(params);
      return { status: 'refused', message: 'not really sent' };
    },
    cancel: () => false,
  };
  return { store: createToolsStore({ session: () => session }), sent };
}

describe('startCall', () => {
  const call: PendingCall = { tool: tool({ destructiveHint: true }), arguments: { content: 'a' }, sentAnyway: false };
  const params = { name: 'write_note', arguments: { content: 'a' } };

  it('holds a destructive call until confirmed; Cancel sends nothing', async () => {
    const { store, sent } = storeWithSession();
    expect(await store.getState().startCall(call)).toBeUndefined();
    expect(sent).toEqual([]);
    expect(store.getState().confirming).toBe(call);
    store.getState().cancelConfirmation();
    expect(store.getState().confirming).toBeUndefined();
    expect(sent).toEqual([]);

    await store.getState().startCall(call);
    expect(await store.getState().confirm(false)).toMatchObject({ tool: call.tool });
    expect(sent).toEqual([params]);
    await store.getState().startCall(call);
    expect(store.getState().confirming).toBe(call);
  });

  it("don't ask again: stops asking about that tool until the next connection", async () => {
    const { store, sent } = storeWithSession();
    await store.getState().startCall(call);
    await store.getState().confirm(true);
    await store.getState().startCall(call);
    expect(sent).toEqual([params, params]);
    expect(store.getState().confirming).toBeUndefined();

    store.getState().forConnection();
    await store.getState().startCall(call);
    expect(sent).toHaveLength(2);
    expect(store.getState().confirming).toBe(call);
  });

  it('sends a dry run of a destructive tool at once', async () => {
    const { store, sent } = storeWithSession();
    const dry: PendingCall = {
      tool: { ...call.tool, inputSchema: { type: 'object', properties: { dryRun: { type: 'boolean' } } } },
      arguments: { dryRun: true },
      sentAnyway: false,
    };
    await store.getState().startCall(dry);
    expect(store.getState().confirming).toBeUndefined();
    expect(sent).toEqual([{ name: 'write_note', arguments: { dryRun: true } }]);
  });

  it('sends other tools at once', async () => {
    const { store, sent } = storeWithSession();
    const add = { ...call, tool: tool({ readOnlyHint: true }) };
    await store.getState().startCall(add);
    expect(sent).toEqual([params]);
  });

  it('confirming with nothing held sends nothing', async () => {
    const { store, sent } = storeWithSession();
    expect(await store.getState().confirm(true)).toBeUndefined();
    expect(sent).toEqual([]);
    expect(store.getState().noConfirm).toEqual([]);
  });
});
