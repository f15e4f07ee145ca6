import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../app-context.js';
import type { App } from '../app.js';
import { tick } from '../connection/test-doubles.js';
import { connectReady, createTestApp } from '../test-app.js';
import { ConnectionsBar } from './ConnectionsBar.js';

/** renderToString reads zustand stores through their initial state: make it the current one. */
function rendered(app: App): string {
  const stores = [
    app.workspace,
    ...app.workspace.getState().scopes.flatMap((s) => [s.connectionStore, s.heartbeat.store, s.elicitations.store, s.sampling.store]),
    ...app.workspace.getState().captured.map((c) => c.store),
  ];
  for (const store of stores) (store as typeof store & { getInitialState: () => unknown }).getInitialState = store.getState;
  return renderToString(createElement(AppProvider, { app, children: createElement(ConnectionsBar) }));
}

describe('ConnectionsBar', () => {
  it('one pressed tab per scope with its server and state, a close button each, and + New connection', async () => {
    const { app, sockets } = createTestApp();
    await connectReady(app, sockets);
    app.workspace.getState().open();
    const html = rendered(app);
    expect(html).toContain('demo 1.0.0');
    expect(html).toMatch(/aria-pressed="false"[^>]*title="demo 1.0.0"/);
    expect(html).toMatch(/aria-pressed="true"[^>]*title="New connection"/);
    expect(html).toContain(', <!-- -->ready');
    expect(html).toContain('aria-label="Close demo 1.0.0"');
    expect(html).toContain('aria-label="Close New connection"');
    expect(html).toContain('+ New connection');
  });

  it('a lone empty scope has no close button', () => {
    const { app } = createTestApp();
    expect(rendered(app)).not.toContain('aria-label="Close');
  });

  it('says on a tab out of view that its server asks something of the person', async () => {
    const { app, sockets } = createTestApp();
    const socket = await connectReady(app, sockets);
    app.workspace.getState().open();
    const params = { message: 'Name?', requestedSchema: { type: 'object', properties: {} } };
    socket.deliver({ type: 'message', at: 3, text: JSON.stringify({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params }) });
    await tick();
    expect(rendered(app)).toContain('1 question waiting');
  });

  it('shows each captured connection with the word "captured", its host and server, and its state', () => {
    const { app } = createTestApp();
    const header = { mcpscope: 'log' as const, version: 1 as const, exportedAt: '', server: { name: 'everything' } };
    const session = { id: 'w1', pid: 7, transport: 'stdio' as const, header, state: 'live' as const, received: 0, lost: 0, seenAt: '' };
    app.captured.receive({ type: 'sessions', sessions: [session, { ...session, id: 'w2', state: 'ended' }] }, []);
    const html = rendered(app);
    expect(html).toMatch(
      /<span class="captured-mark">captured<\/span><span class="scope-name">a host \(pid 7\) → everything<\/span><span class="sr-only">, live<\/span>/,
    );
    expect(html).toContain('<span class="captured-state">, ended</span>');
    expect(html).toContain('aria-label="Close captured a host (pid 7) → everything"');
  });
});
