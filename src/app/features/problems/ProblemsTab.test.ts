import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app-context.js';
import { createTestApp, inView as scopeInView } from '../../test-app.js';
import { prmFinding } from '../authorization/flow-fixtures.js';
import { ProblemsTab } from './ProblemsTab.js';

function render(add: (app: ReturnType<typeof createTestApp>['app']) => void): string {
  const { app } = createTestApp();
  add(app);
  // Rendered on the server, a store shows its initial state: make that the state the test set.
  for (const store of [
    app.lint.store,
    app.connectionLabels,
    scopeInView(app).connectionStore,
    app.workspace,
    ...app.workspace.getState().captured.map((c) => c.store),
  ] as Array<{
    getInitialState: () => unknown;
    getState: () => unknown;
  }>) {
    store.getInitialState = store.getState;
  }
  return renderToString(createElement(AppProvider, { app, children: createElement(ProblemsTab) }));
}

describe('the Problems tab with the OAuth flow’s findings', () => {
  it('lists AUTH-* findings apart, under Authorization, with their spec link and the way to their step', () => {
    const html = render((app) =>
      app.lint.add(1, [prmFinding, { ...prmFinding, rule: 'JR-VERSION', severity: 'error', message: 'frame rule', seq: 4, subject: 'server' }]),
    );
    expect(html).toContain('aria-label="Problems by rule"');
    expect(html).toContain('<h4 class="problems-group">Authorization</h4>');
    const authTable = html.slice(html.indexOf('aria-label="Authorization problems by rule"'));
    expect(authTable).toContain('AUTH-PRM-RESOURCE');
    expect(authTable).not.toContain('JR-VERSION');
    expect(authTable).toContain('Show the step');
    expect(authTable).toMatch(/href="https:\/\/modelcontextprotocol\.io\/specification\/[^"]+authorization[^"]*"/);
  });

  it('with only AUTH-* findings, shows no empty frame table', () => {
    const html = render((app) => app.lint.add(1, [prmFinding]));
    expect(html).not.toContain('aria-label="Problems by rule"');
    expect(html).toContain('1 finding: 0 error(s), 1 warning(s), 0 info');
  });
});

describe('the Problems tab with an eval run’s findings', () => {
  it('lists MODEL-* findings apart, under Models, with no spec link', () => {
    const confused = {
      rule: 'MODEL-TOOLS-CONFUSED' as const,
      severity: 'warning' as const,
      message: 'openai/gpt-5 picked tool echo when get-sum was expected in 2/2 runs (eval "e").',
      specUrl: '',
      subject: 'server' as const,
      seq: 3,
    };
    const html = render((app) =>
      app.lint.add(1, [confused, { ...prmFinding, rule: 'JR-VERSION', severity: 'error', message: 'frame rule', seq: 4, subject: 'server' }]),
    );
    expect(html).toContain('<h4 class="problems-group">Models</h4>');
    const frameTable = html.slice(html.indexOf('aria-label="Problems by rule"'), html.indexOf('aria-label="Model findings by rule"'));
    expect(frameTable).toContain('JR-VERSION');
    expect(frameTable).not.toContain('MODEL-TOOLS-CONFUSED');
    const modelTable = html.slice(html.indexOf('aria-label="Model findings by rule"'));
    expect(modelTable).toContain('MODEL-TOOLS-CONFUSED');
    expect(modelTable).not.toContain('href=');
  });
});

describe('the Problems tab with several connections', () => {
  const jr = { ...prmFinding, rule: 'JR-VERSION' as const, severity: 'error' as const, message: 'frame rule', seq: 4, subject: 'server' as const };
  const ping = { ...jr, rule: 'PING-RESULT' as const, seq: 9 };
  function twoConnections(inView: number | undefined) {
    const html = render((app) => {
      if (inView !== undefined) {
        const store = scopeInView(app).connectionStore as { setState: (s: unknown) => void };
        store.setState({ snapshot: { connection: inView, status: 'ready', transport: { kind: 'stdio', command: 'x', args: [], env: {} } } });
      }
      app.connectionLabels.setState({
        labels: new Map([
          [1, { connection: 1, server: 'first 1.0', transport: 'stdio' }],
          [2, { connection: 2, server: 'second 2.0', transport: 'HTTP' }],
        ]),
      });
      app.lint.add(1, [jr, jr]);
      app.lint.add(2, [ping]);
    });
    return html.replace(/<!-- -->/g, '');
  }

  it('shows the connection in view by default, and offers the others with their counts', () => {
    const html = twoConnections(2);
    expect(html).toContain('Connection 2 · second 2.0 (current)');
    expect(html).toContain('PING-RESULT');
    expect(html).not.toContain('JR-VERSION');
    expect(html).toContain('Other connections have findings too');
    expect(html).toMatch(/<option value="1"[^>]*>#1 first 1.0 \(2\)<\/option>/);
    expect(html).toMatch(/<option value="all"[^>]*>All connections \(3\)<\/option>/);
  });

  it('merges every connection with a connection column when none is in view', () => {
    const html = twoConnections(undefined);
    expect(html).toContain('<th scope="col">Connection</th>');
    expect(html).toMatch(/title="Connection 1 · first 1.0 · stdio"[^>]*>#1 first 1.0</);
    expect(html).toMatch(/title="Connection 2 · second 2.0 · HTTP"[^>]*>#2 second 2.0</);
    expect(html).toContain('Connection 1 · first 1.0 (earlier): 2 findings');
    expect(html.indexOf('JR-VERSION')).toBeLessThan(html.indexOf('PING-RESULT'));
  });
});

describe('the Problems tab with a captured connection in view', () => {
  it("shows that connection's findings, checked against the version its host and server agreed", () => {
    const html = render((app) => {
      const header = { mcpscope: 'log' as const, version: 1 as const, exportedAt: '', server: { name: 'everything' } };
      app.captured.receive(
        { type: 'sessions', sessions: [{ id: 'w1', pid: 7, transport: 'stdio', header, state: 'live', received: 0, lost: 0, seenAt: '' }] },
        [],
      );
      const [captured] = app.workspace.getState().captured;
      captured!.store.setState({ protocolVersion: '2025-03-26' });
      app.workspace.getState().activate(captured!.id);
      app.lint.add(captured!.connection, [{ ...prmFinding, rule: 'JR-VERSION', severity: 'error', message: 'frame rule', seq: 4, subject: 'client' }]);
    });
    expect(html).toContain('on this connection, checked against protocol 2025-03-26.');
    expect(html).toContain('Connection 1 · a host (pid 7) → everything (current)');
  });
});

describe('the Problems tab with provider strict-mode findings', () => {
  const provider = {
    rule: 'PROVIDER-GEMINI-FIELD' as const,
    severity: 'warning' as const,
    message: 'Tool t, Gemini: at /inputSchema/$schema, … has no field "$schema".',
    specUrl: 'https://ai.google.dev/api/caching#Schema',
    subject: 'server' as const,
    seq: 5,
  };

  it('still says no problems were found when only the providers object, and lists theirs apart with the provider’s page', () => {
    const html = render((app) => app.lint.add(1, [provider]));
    expect(html).toContain('No problems found.');
    expect(html).toContain('Tools against the model providers&#x27; strict modes');
    const table = html.slice(html.indexOf('aria-label="Provider strict-mode findings by rule"'));
    expect(table).toContain('PROVIDER-GEMINI-FIELD');
    expect(table).toContain('href="https://ai.google.dev/api/caching#Schema"');
    expect(table).toContain('provider docs');
  });

  it('counts the MCP rules alone in the summary, the provider rules in their own table', () => {
    const html = render((app) => app.lint.add(1, [provider, { ...provider, rule: 'JR-VERSION', severity: 'error', message: 'frame rule', seq: 4 }]));
    expect(html).toContain('1 finding: 1 error(s), 0 warning(s), 0 info');
    const mcp = html.slice(html.indexOf('aria-label="Problems by rule"'), html.indexOf('aria-label="Model providers'));
    expect(mcp).toContain('JR-VERSION');
    expect(mcp).not.toContain('PROVIDER-GEMINI-FIELD');
  });
});
