// OAuth in the page: connect to the protected demo in Guided mode,
// walk Next step through the flow (the demo's authorization server approves by
// itself in the tab the page opens), reach the tools and call one.
import { expect, test, type Page } from '@playwright/test';
import { oauthDemoFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { ownProxyForFile } from './fixtures/own-proxy.js';

// A proxy of this file's own: its credential store starts empty, whatever other specs stored.
const TOKEN = 'e2e-oauth-token-0123456789';
const proxy = ownProxyForFile(TOKEN, ['--port', '0', '--no-open']);
// A demo per test: a new authorization server (a new issuer), so no test reuses another's tokens.
let demo: FixtureProcess;

test.beforeEach(async () => {
  demo = await startFixture(oauthDemoFixture);
});
test.afterEach(async () => {
  await demo?.stop();
});

async function connectGuided(page: Page): Promise<void> {
  await page.goto(proxy().page);
  await page.getByLabel('Transport').selectOption('http');
  await page.getByLabel('URL').fill(`${demo.origin}/mcp`);
  await page.getByRole('radiogroup', { name: 'OAuth' }).getByText('Guided', { exact: true }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

/** The step's list item: "Step N: Title, state". */
const step = (page: Page, n: number) =>
  page
    .getByRole('tabpanel', { name: 'Authorization' })
    .getByRole('list', { name: 'Steps of the authorization' })
    .getByRole('listitem')
    .nth(n - 1);

test('Guided: every step by Next step, the authorization page in a new tab, then tools', async ({ page, context }) => {
  await connectGuided(page);
  const tab = page.getByRole('tabpanel', { name: 'Authorization' });
  // The flow brings its tab to the front, paused before step 1.
  await expect(page.getByRole('tab', { name: 'Authorization' })).toHaveAttribute('aria-selected', 'true');
  await expect(step(page, 1)).toHaveAttribute('aria-label', 'Step 1: Challenge, next');
  await expect(page.getByRole('status', { name: 'Authorization status' })).toContainText('Authorization paused before step 1 of 8 (Challenge)');
  await page.screenshot({ path: 'test-results/oauth-guided-paused.png', fullPage: true });

  const next = tab.getByRole('button', { name: 'Next step' });
  const titles = ['Challenge', 'Protected resource metadata', 'Authorization server metadata', 'Client registration'];
  for (const [i, title] of titles.entries()) {
    await expect(step(page, i + 1)).toHaveAttribute('aria-label', `Step ${i + 1}: ${title}, next`);
    await next.click();
    await expect(step(page, i + 1)).toHaveAttribute('aria-label', `Step ${i + 1}: ${title}, done`);
  }
  // Each done step keeps its exchanges: the protected resource metadata GET is under step 2.
  await expect(step(page, 2).getByText(/GET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp → 200/)).toBeVisible();
  await step(page, 2)
    .getByText(/oauth-protected-resource/)
    .first()
    .click();
  await expect(step(page, 2).getByText('Response body')).toBeVisible();
  await page.screenshot({ path: 'test-results/oauth-guided-steps.png', fullPage: true });

  // Step 5: the authorization page, opened by a click (the demo approves at once and redirects to the proxy's callback).
  await expect(step(page, 5)).toHaveAttribute('aria-label', 'Step 5: Authorization, next');
  await next.click();
  await expect(step(page, 5)).toHaveAttribute('aria-label', 'Step 5: Authorization, waiting for you');
  const open = tab.getByRole('button', { name: 'Open authorization page' });
  await expect(open).toBeVisible();
  await expect(tab.getByRole('link', { name: /\/authorize\?/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/oauth-guided-waiting.png', fullPage: true });
  const [authTab] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await authTab.waitForLoadState();
  await expect(authTab.locator('body')).toContainText(/authoriz/i);
  await authTab.close();

  await expect(step(page, 5)).toHaveAttribute('aria-label', 'Step 5: Authorization, done');
  await expect(step(page, 6)).toHaveAttribute('aria-label', 'Step 6: Callback, next');
  await next.click();
  // The callback is checked (state, iss) on its own; the code is redeemed only at the next Next step.
  await expect(step(page, 6)).toHaveAttribute('aria-label', 'Step 6: Callback, done');
  await expect(step(page, 7)).toHaveAttribute('aria-label', 'Step 7: Token, next');
  await next.click();
  await expect(step(page, 7)).toHaveAttribute('aria-label', 'Step 7: Token, done');
  await expect(step(page, 7)).toContainText('refresh token');
  await expect(step(page, 8)).toHaveAttribute('aria-label', 'Step 8: Retry, done');
  await expect(tab.getByRole('status')).toContainText('the connection continues by itself');
  await page.screenshot({ path: 'test-results/oauth-guided-authorized.png', fullPage: true });

  // The connection went on by itself: tools, and a call with the token.
  const status = page.getByRole('status', { name: 'Connection status' });
  await expect(status).toContainText('Connected to');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'whoami', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool whoami' }).getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('mcp:tools');

  // The Network view lists the flow's exchanges with their step, and filters them.
  await page.getByRole('tab', { name: 'Network' }).click();
  const network = page.getByRole('tabpanel', { name: 'Network' });
  await network.getByLabel('Show').selectOption('oauth');
  const rows = network.getByRole('table', { name: 'HTTP exchanges' }).getByRole('row');
  await expect(rows.filter({ hasText: 'OAuth: resource-metadata' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'tools/call' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/oauth-guided-network.png', fullPage: true });

  // Stored credentials: the issuer and client, never a token.
  await page.getByRole('tab', { name: 'Authorization' }).click();
  const stored = tab.getByRole('table', { name: 'Stored credentials' });
  await expect(stored).toContainText(`${demo.origin.replace(/:\d+$/, '')}`);
  await expect(stored).toContainText('refreshable');
});

async function connectQuick(page: Page, url: string): Promise<void> {
  await page.goto(proxy().page);
  await page.getByLabel('Transport').selectOption('http');
  await page.getByLabel('URL').fill(url);
  await page.getByRole('radiogroup', { name: 'OAuth' }).getByText('Quick', { exact: true }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

test('Quick: the authorization page opens by itself once, the connection goes on; Forget empties the stored credentials', async ({ page, context }) => {
  const [authTab] = await Promise.all([context.waitForEvent('page'), connectQuick(page, `${demo.origin}/mcp`)]);
  await authTab.waitForLoadState();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected to mcpscope-protected-demo');
  const tab = page.getByRole('tabpanel', { name: 'Authorization' });
  await expect(tab.getByRole('button', { name: 'Next step' })).toHaveCount(0);
  await expect(step(page, 8)).toHaveAttribute('aria-label', 'Step 8: Retry, done');
  await authTab.close();

  await page.getByRole('tab', { name: 'Authorization' }).click();
  const stored = tab.getByRole('table', { name: 'Stored credentials' });
  await expect(stored.getByRole('row')).not.toHaveCount(0);
  await page.screenshot({ path: 'test-results/oauth-quick-stored.png', fullPage: true });
  await tab.getByRole('button', { name: 'Forget all' }).click();
  await expect(tab.getByText('None stored.')).toBeVisible();
});

test('A failing token endpoint: the status names the step, and the log says it once', async ({ page, context }) => {
  const faulty = await startFixture(oauthDemoFixture, ['--fault', 'token-500']);
  try {
    await Promise.all([context.waitForEvent('page'), connectQuick(page, `${faulty.origin}/mcp`)]);
    const alert = page.getByRole('alert').filter({ hasText: 'Authorization failed' });
    await expect(alert).toContainText('Authorization failed at step 7 (Token): ');
    await expect(step(page, 6)).toHaveAttribute('aria-label', 'Step 6: Callback, done');
    await expect(step(page, 7)).toHaveAttribute('aria-label', /Step 7: Token, failed/);
    await expect(step(page, 7).getByText(/→ 500/)).toBeVisible();
    await page.screenshot({ path: 'test-results/oauth-token-500.png', fullPage: true });
    // No loop: exactly one flow, and the connection ended with a sentence rather than hanging.
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Not connected.');
    await page.getByRole('tab', { name: 'Log' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Log' }).getByText(/^OAuth: Authorization failed at step/)).toHaveCount(1);
  } finally {
    await faulty.stop();
  }
});

test('Guided: Cancel stops the flow where it is, and the connection says so', async ({ page }) => {
  await connectGuided(page);
  const tab = page.getByRole('tabpanel', { name: 'Authorization' });
  await tab.getByRole('button', { name: 'Next step' }).click();
  await expect(step(page, 2)).toHaveAttribute('aria-label', 'Step 2: Protected resource metadata, next');
  await tab.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status', { name: 'Authorization status' })).toContainText('Authorization cancelled');
  await expect(step(page, 1)).toHaveAttribute('aria-label', 'Step 1: Challenge, done');
  await expect(step(page, 2)).toHaveAttribute('aria-label', 'Step 2: Protected resource metadata, pending');
  await expect(tab.getByRole('button', { name: 'Next step' })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Not connected.');
});

test('Quick step-up: a tool that needs a wider scope brings the Authorization tab back with the attempt, then its result', async ({ page, context }) => {
  const first = context.waitForEvent('page');
  await connectQuick(page, `${demo.origin}/mcp`);
  await (await first).close();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected to mcpscope-protected-demo');

  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'admin_reset', exact: true }).click();
  const second = context.waitForEvent('page');
  await tools.getByRole('region', { name: 'Tool admin_reset' }).getByRole('button', { name: 'Call tool' }).click();
  await (await second).close();

  const tab = page.getByRole('tabpanel', { name: 'Authorization' });
  await expect(page.getByRole('tab', { name: 'Authorization' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    tab.getByText(/^Step-up: the server refused the token as insufficient \(403 insufficient_scope\) and asked for scope .*demo:admin/),
  ).toBeVisible();
  await expect(tab.getByRole('status')).toContainText('Authorized');
  await expect(tab.getByRole('region', { name: 'Earlier authorizations' })).toContainText('Authorized');
  await page.screenshot({ path: 'test-results/oauth-step-up.png', fullPage: true });

  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toBeVisible();
  await expect(tools.getByRole('region', { name: 'Call result' })).not.toContainText('403');
});
