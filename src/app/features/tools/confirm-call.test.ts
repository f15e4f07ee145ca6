import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../protocol/index.js';
import { askBeforeCalling, cancelConfirmation, confirmCall, needsConfirmation } from './confirm-call.js';
import { createToolsStore, resetForConnection, type PendingCall } from './tools-store.js';

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

describe('askBeforeCalling', () => {
  const call: PendingCall = { tool: tool({ destructiveHint: true }), arguments: { content: 'a' }, sentAnyway: false };

  it('holds a destructive call until confirmed; Cancel sends nothing', () => {
    const store = createToolsStore();
    const sent: PendingCall[] = [];
    askBeforeCalling(store, call, (c) => sent.push(c));
    expect(sent).toEqual([]);
    expect(store.getState().confirming).toBe(call);
    cancelConfirmation(store);
    expect(store.getState().confirming).toBeUndefined();
    expect(sent).toEqual([]);

    askBeforeCalling(store, call, (c) => sent.push(c));
    confirmCall(store, false, (c) => sent.push(c));
    expect(sent).toEqual([call]);
    askBeforeCalling(store, call, (c) => sent.push(c));
    expect(store.getState().confirming).toBe(call);
  });

  it("don't ask again: stops asking about that tool until the next connection", () => {
    const store = createToolsStore();
    const sent: PendingCall[] = [];
    askBeforeCalling(store, call, (c) => sent.push(c));
    confirmCall(store, true, (c) => sent.push(c));
    askBeforeCalling(store, call, (c) => sent.push(c));
    expect(sent).toEqual([call, call]);
    expect(store.getState().confirming).toBeUndefined();

    resetForConnection(store);
    askBeforeCalling(store, call, (c) => sent.push(c));
    expect(sent).toHaveLength(2);
    expect(store.getState().confirming).toBe(call);
  });

  it('sends other tools at once', () => {
    const store = createToolsStore();
    const sent: PendingCall[] = [];
    const add = { ...call, tool: tool({ readOnlyHint: true }) };
    askBeforeCalling(store, add, (c) => sent.push(c));
    expect(sent).toEqual([add]);
  });
});
