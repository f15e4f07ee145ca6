import { Fragment, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { InitializeInfo } from '../../../protocol/index.js';
import { AppProvider } from '../../app-context.js';
import type { ConnectionSnapshot } from '../../connection/snapshot.js';
import { httpFailure } from '../../connection/failures.js';
import { createTestApp, inView } from '../../test-app.js';
import { failedFlow } from '../authorization/flow-fixtures.js';
import { ConnectionNotices } from './ConnectionNotices.js';
import { ConnectionStatus, ServerDetails } from './StatusArea.js';
import { VersionField } from './VersionField.js';

const modernInfo: InitializeInfo = {
  era: 'modern',
  offeredVersion: '2026-07-28',
  protocolVersion: '2026-07-28',
  versionSupported: true,
  capabilities: { tools: { listChanged: true }, extensions: { 'io.modelcontextprotocol/tasks': {} } },
  serverInfo: { name: 'modern-fixture', version: '0.1.0' },
  instructions: 'Call echo.',
  supportedVersions: ['2026-07-28', '2025-11-25'],
};

const base: ConnectionSnapshot = {
  connection: 1,
  status: 'ready',
  sessionState: 'ready',
  offeredVersion: '2026-07-28',
  versionChoice: 'auto',
  transport: { kind: 'stdio', command: 'node', args: [], env: {} },
};

/** renderToString reads zustand stores through their initial state (the server snapshot): make it the current one. */
function asRendered(...stores: Array<{ getState: () => unknown; getInitialState: () => unknown }>): void {
  for (const store of stores) store.getInitialState = store.getState;
}

function render(snapshot: ConnectionSnapshot, before?: (app: ReturnType<typeof createTestApp>['app']) => void): string {
  const { app } = createTestApp();
  inView(app).connectionStore.setState({ snapshot });
  before?.(app);
  asRendered(inView(app).connectionStore, inView(app).discover);
  // The status (top bar), the server's details (sidebar) and the notices (main pane), as the page shows them.
  const shown = createElement(Fragment, null, createElement(ConnectionStatus), createElement(ServerDetails), createElement(ConnectionNotices));
  return renderToString(createElement(AppProvider, { app, children: shown }));
}

/** The visible text, tags dropped (React puts comment markers between adjacent text). */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the connection status', () => {
  it('of a modern server: the generation and why, its versions, capabilities, extensions, instructions and Refresh', () => {
    const shown = text(render({ ...base, info: modernInfo, reason: 'Auto: server/discover answered with 2026-07-28' }));
    expect(shown).toContain('Connected to modern-fixture 0.1.0 · protocol 2026-07-28');
    expect(shown).toContain('Modern · 2026-07-28 — Auto: server/discover answered with 2026-07-28');
    expect(shown).toContain('Capabilities tools (listChanged) Extensions io.modelcontextprotocol/tasks Supported versions 2026-07-28 2025-11-25');
    expect(shown).toContain('Call echo.');
    expect(shown).toContain('Refresh');
  });

  it('of a legacy server Auto fell back to: the generation and why, no Refresh', () => {
    const info: InitializeInfo = { ...modernInfo, era: 'legacy', protocolVersion: '2025-11-25', offeredVersion: '2025-11-25', capabilities: {} };
    delete info.supportedVersions;
    const shown = text(render({ ...base, offeredVersion: '2025-11-25', info, reason: 'Auto: server/discover got -32601, fell back to initialize' }));
    expect(shown).toContain('Legacy · 2025-11-25 — Auto: server/discover got -32601, fell back to initialize');
    expect(shown).not.toContain('Refresh');
    expect(shown).not.toContain('Supported versions');
  });

  it('after a Refresh and a result _meta: says the answer came again and where the server name is from', () => {
    const shown = text(
      render({ ...base, info: { ...modernInfo, capabilities: { prompts: {} } } }, (app) => {
        inView(app).discover.setState({
          refresh: { state: 'answered', at: 0, info: { supportedVersions: ['2026-07-28'], capabilities: { prompts: {} } } },
          resultServerInfo: { name: 'renamed', version: '9' },
        });
      }),
    );
    expect(shown).toContain('Capabilities prompts Extensions none declared');
    expect(shown).toContain('answered again');
    expect(shown).toContain('Server info as the newest result’s _meta');
  });

  it('when the server refuses the version (-32022): its versions and a one-click switch to each one mcpscope speaks', () => {
    const html = render({
      ...base,
      status: 'closed',
      versionChoice: '2026-07-28',
      versionUnsupported: { supported: ['2025-11-25', '2031-01-01'] },
      failure: {
        kind: 'initialize-failed',
        title: 'initialize failed',
        message: 'The server does not support 2026-07-28',
        stderrTail: [],
        canReconnect: false,
      },
    });
    const shown = text(html);
    expect(shown).toContain('The server does not speak this protocol version');
    expect(shown).toContain('It supports: 2025-11-25, 2031-01-01');
    expect(html).toMatch(/<button type="button" class="primary">Reconnect with 2025-11-25<\/button>/);
    expect(shown).not.toContain('Reconnect with 2031-01-01');
    expect(shown).toContain('Not known to mcpscope: 2031-01-01');
    expect(shown).not.toContain('initialize failed');
  });
});

describe('the version choice on the form', () => {
  const renderField = (choice: 'auto' | '2025-06-18', probe: boolean) => {
    const { app } = createTestApp();
    app.connectionPrefs.setState({ choice, probe });
    asRendered(app.connectionPrefs);
    return renderToString(createElement(AppProvider, { app, children: createElement(VersionField, { disabled: false }) }));
  };

  it('under Auto: its hint and the probe switch, on or off', () => {
    const on = text(renderField('auto', true));
    expect(on).toContain('probes with server/discover, falls back to initialize');
    expect(on).toContain('Send the server/discover probe');
    expect(renderField('auto', true)).toMatch(/<input type="checkbox"[^>]*checked=""/);
    expect(renderField('auto', false)).not.toMatch(/checked=""/);
  });

  it('a version by hand: its own hint and no probe switch', () => {
    const shown = text(renderField('2025-06-18', true));
    expect(shown).toContain('legacy: initialize handshake');
    expect(shown).not.toContain('Send the server/discover probe');
  });
});

describe('the connection status after an OAuth flow failed', () => {
  const http: ConnectionSnapshot = {
    ...base,
    status: 'closed',
    sessionState: 'closed',
    offeredVersion: '2025-11-25',
    versionChoice: '2025-11-25',
    transport: { kind: 'http', url: 'http://127.0.0.1:3011/mcp', headers: {}, mode: 'auto', auth: { mode: 'quick' } },
  };
  /** The 401 that ends the connection carries the engine's own message for the failed step. */
  const engineMessage = 'OAuth step 7 (Token request) failed: the token endpoint answered HTTP 500 "server_error".';
  const shown = (failure: ConnectionSnapshot['failure'], flow = failedFlow()) =>
    text(
      render({ ...http, failure }, (app) => {
        inView(app).authFlows.receive(flow, 1);
        const { store } = inView(app).authFlows;
        asRendered(store as typeof store & { getInitialState: () => unknown });
      }),
    );
  const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

  it('says the failure once: the flow’s sentence naming the step, not the refused request again', () => {
    const text = shown(httpFailure('unauthorized', engineMessage));
    expect(count(text, 'Authorization failed at step 7 (Token request):')).toBe(1);
    expect(count(text, 'the token endpoint answered HTTP 500')).toBe(1);
    expect(text).not.toContain('The server requires authorization (HTTP 401)');
    expect(text).not.toContain('OAuth step 7');
    expect(text).toContain('Show the Authorization tab');
  });

  it('the same after a cancelled flow, and for a 403', () => {
    const cancelled = { ...failedFlow(), state: 'cancelled' as const, message: 'The authorization was cancelled by you.' };
    const text = shown(httpFailure('unauthorized', 'The authorization was cancelled by you.'), cancelled);
    expect(text).toContain('Authorization cancelled: the refused request stays refused.');
    expect(text).not.toContain('The server requires authorization (HTTP 401)');
    expect(shown(httpFailure('forbidden', engineMessage))).not.toContain('The server refused access (HTTP 403)');
  });

  it('still shows a failure the flow did not cause, and a 401 when no flow ran', () => {
    const down = shown(httpFailure('server-error', 'The server failed with HTTP 502 Bad Gateway. The body was empty.'));
    expect(down).toContain('Authorization failed at step 7 (Token request):');
    expect(down).toContain('The server failed with HTTP 502 Bad Gateway.');
    const noFlow = text(
      render({ ...http, failure: httpFailure('unauthorized', 'The server requires authorization (HTTP 401). It sent no WWW-Authenticate header saying how.') }),
    );
    expect(noFlow).toContain('The server requires authorization (HTTP 401)');
    expect(noFlow).not.toContain('Authorization failed');
  });
});
