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
});
