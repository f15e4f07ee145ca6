import { describe, expect, it } from 'vitest';
import { createNavigationStore } from './navigation-store.js';

describe('navigation store', () => {
  it('openResource switches to Resources and hands the URI over once', () => {
    const nav = createNavigationStore();
    nav.getState().openResource('demo://readme');
    expect(nav.getState().tab).toBe('resources');
    expect(nav.getState().takeResourceRequest()).toBe('demo://readme');
    expect(nav.getState().takeResourceRequest()).toBeUndefined();
  });
});

describe('navigation to the log and the composer', () => {
  it('showInLog sets the rule filter and asks for a frame, each time anew', () => {
    const nav = createNavigationStore();
    nav.getState().showInLog({ rule: 'PING-RESULT', seq: 7 });
    const first = nav.getState().logReveal;
    expect(nav.getState()).toMatchObject({ tab: 'log', logRule: 'PING-RESULT', logReveal: { seq: 7 } });
    nav.getState().showInLog({ seq: 7 });
    expect(nav.getState().logReveal?.n).not.toBe(first?.n);
    expect(nav.getState().logRule).toBe('PING-RESULT');
  });
  it('editInComposer opens the composer with the text', () => {
    const nav = createNavigationStore();
    nav.getState().editInComposer('{"jsonrpc":"2.0"}');
    expect(nav.getState()).toMatchObject({ tab: 'composer', composerDraft: { raw: '{"jsonrpc":"2.0"}' } });
  });
});

describe('the rule filter of "Show in log" and the connection in view', () => {
  it('selects the finding’s connection with its rule, and both go when another connection comes into view', () => {
    const nav = createNavigationStore();
    nav.getState().showInLog({ rule: 'PING-RESULT', seq: 4, connection: 1, view: 1 });
    expect(nav.getState()).toMatchObject({ logRule: 'PING-RESULT', logConnection: 1 });
    nav.getState().viewChanged(1);
    expect(nav.getState().logRule).toBe('PING-RESULT');
    nav.getState().viewChanged(2);
    expect(nav.getState()).toMatchObject({ logRule: '', logConnection: 'view', logRuleCleared: { rule: 'PING-RESULT', connection: 1 } });
  });

  it('keeps a rule picked by hand, and a connection picked by hand after "Show in log"', () => {
    const nav = createNavigationStore();
    nav.getState().setLogRule('JR-VERSION');
    nav.getState().viewChanged(2);
    expect(nav.getState().logRule).toBe('JR-VERSION');
    nav.getState().showInLog({ rule: 'PING-RESULT', connection: 1, view: 2 });
    nav.getState().setLogConnection('all');
    nav.getState().viewChanged(3);
    expect(nav.getState()).toMatchObject({ logRule: '', logConnection: 'all' });
    nav.getState().setLogRule('');
    expect(nav.getState().logRuleCleared).toBeUndefined();
  });

  it('puts the connection of a frame shown from Problems back to the one in view too, leaving a rule picked by hand', () => {
    const nav = createNavigationStore();
    nav.getState().showInLog({ rule: 'PING-RESULT', connection: 1, view: 1 });
    nav.getState().setLogRule('JR-VERSION');
    nav.getState().showInLog({ seq: 9, connection: 1, view: 1 });
    nav.getState().viewChanged(2);
    expect(nav.getState()).toMatchObject({ logRule: 'JR-VERSION', logConnection: 'view', logRuleCleared: undefined });
  });
});
