import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app-context.js';
import { createTestApp, inView as scopeInView } from '../../test-app.js';
import { LoggingTab } from './LoggingTab.js';

/** Server messages of connections 1 and 2, rendered with `inView` the connection in view. */
function render(inView: number): string {
  const { app } = createTestApp();
  const scope = scopeInView(app);
  const store = scope.connectionStore as { setState: (s: unknown) => void };
  store.setState({ snapshot: { connection: inView, status: 'ready', transport: { kind: 'stdio', command: 'demo', args: [], env: {} } } });
  scope.logging.getState().receive({ level: 'info', data: 'from the first server' }, 1, 0);
  scope.logging.getState().receive({ level: 'info', data: 'from the second server' }, 2, 0);
  // Rendered on the server, a store shows its initial state: make that the state the test set.
  for (const s of [scope.connectionStore, app.connectionLabels, scope.logging] as Array<{ getInitialState: () => unknown; getState: () => unknown }>) {
    s.getInitialState = s.getState;
  }
  return renderToString(createElement(AppProvider, { app, children: createElement(LoggingTab) })).replace(/<!-- -->/g, '');
}

describe('Server messages with several connections', () => {
  it('shows only the connection in view, and offers the others in a Connection menu', () => {
    const html = render(2);
    expect(html).toContain('Showing 1 message of 2');
    expect(html).toMatch(/<option value="1"[^>]*>#1 \(1\)<\/option>/);
    expect(html).not.toContain('role="columnheader">Connection');
  });
});
