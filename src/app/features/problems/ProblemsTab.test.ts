import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app-context.js';
import { createTestApp } from '../../test-app.js';
import { prmFinding } from '../authorization/flow-fixtures.js';
import { ProblemsTab } from './ProblemsTab.js';

function render(add: (app: ReturnType<typeof createTestApp>['app']) => void): string {
  const { app } = createTestApp();
  add(app);
  const store = app.lint.store as { getInitialState: () => unknown; getState: () => unknown };
  store.getInitialState = store.getState;
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
