// OAuth whole flows in Chromium: `npm start -- --demo oauth` walked
// step by step with a person approving (or denying) on the consent page; a
// second connection that reuses the stored token; an expired token refreshed; a
// step-up to a wider scope; Forget; and --remember-credentials across a restart.
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startOwnProxy } from './fixtures/own-proxy.js';
import { callTool, authorizeQuickly, connectOAuth, disconnect, expectConnected, flowStep, protectedDemoFor, showAuthorizationTab } from './fixtures/oauth.js';

/** The Tools tab's last call result (a flow that starts meanwhile brings the Authorization tab to the front). */
async function toolResult(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  return page.getByRole('tabpanel', { name: 'Tools' }).getByRole('region', { name: 'Call result' });
}

test('npm start -- --demo oauth: the guided steps, Approve on the consent page, then the tools', async ({ page, context }) => {
  const proxy = await startOwnProxy('e2e-oauth-demo-token-0123456789', ['--port', '0', '--no-open', '--demo', 'oauth']);
  try {
    await page.goto(proxy.page);
    // Prefilled: the demo's MCP URL over HTTP, OAuth guided.
    await expect(page.getByLabel('Transport')).toHaveValue('http');
    await expect(page.getByRole('textbox', { name: 'URL', exact: true })).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    await expect(page.getByRole('radiogroup', { name: 'OAuth' }).getByRole('radio', { name: 'Guided' })).toBeChecked();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();

    // The 401 starts the guided flow: the Authorization tab comes to the front, paused before each step.
    const panel = page.getByRole('tabpanel', { name: 'Authorization' });
    await expect(panel.getByText(/Guided authorization/)).toBeVisible();
    const next = panel.getByRole('button', { name: 'Next step' });
    const open = panel.getByRole('button', { name: 'Open authorization page' });
    // Next step until the authorization step waits for the person (at most the 5 steps before it).
    for (let i = 0; i < 6 && !(await open.isVisible()); i++) {
      await expect(next.or(open)).toBeVisible();
      if (await next.isEnabled()) await next.click();
      await page.waitForTimeout(200);
    }
    await expect(open).toBeVisible();
    await expect(flowStep(panel, 1)).toHaveAccessibleName(/^Step 1: .*, done$/);
    await expect(flowStep(panel, 3)).toContainText('issuer');
    await page.screenshot({ path: 'test-results/oauth-guided-waiting.png', fullPage: true });

    const consentTab = context.waitForEvent('page');
    await open.click();
    const consent = await consentTab;
    await expect(consent.getByRole('heading', { name: /^Authorize .*\?$/ })).toBeVisible();
    await consent.screenshot({ path: 'test-results/oauth-consent-page.png' });
    await consent.getByRole('button', { name: 'Approve' }).click();
    // The tab lands on the proxy's /oauth/callback, and the connection continues by itself.
    await expect(consent).toHaveURL(new RegExp(`^${proxy.origin}/oauth/callback\\?`));
    await expect(consent.getByRole('heading', { name: 'Authorization received' })).toBeVisible();
    // Guided: the callback waits for Next step too (state and iss checked), then the token step redeems the code,
    // and the request is sent again.
    await expect(flowStep(panel, 6)).toHaveAccessibleName(/, next$/);
    await next.click();
    await expect(flowStep(panel, 6)).toHaveAccessibleName(/, done$/);
    await expect(flowStep(panel, 7)).toHaveAccessibleName(/, next$/);
    await next.click();
    await expectConnected(page);
    await expect(panel.getByRole('status')).toContainText('Authorized by http://127.0.0.1:');
    for (const n of [5, 6, 7, 8]) await expect(flowStep(panel, n)).toHaveAccessibleName(/, done$/);
    await page.screenshot({ path: 'test-results/oauth-guided-done.png', fullPage: true });

    await callTool(page, 'whoami');
    await expect((await toolResult(page)).getByText(/with scopes mcp:tools/).first()).toBeVisible();
  } finally {
    await proxy.stop();
  }
});

test('npm start -- --demo oauth: Deny on the consent page stops the flow at the callback with access_denied', async ({ page, context }) => {
  const proxy = await startOwnProxy('e2e-oauth-deny-token-0123456789', ['--port', '0', '--no-open', '--demo', 'oauth']);
  try {
    await page.goto(proxy.page);
    await page.getByRole('radiogroup', { name: 'OAuth' }).getByRole('radio', { name: 'Quick' }).check();
    const consentTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const consent = await consentTab; // Quick opens the authorization page itself
    await consent.getByRole('button', { name: 'Deny' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Authorization failed' });
    await expect(failed).toContainText('at step 6 (Callback)');
    await expect(failed).toContainText('access_denied');
    const panel = await showAuthorizationTab(page);
    await expect(flowStep(panel, 7)).toHaveAccessibleName(/, pending$/);
  } finally {
    await proxy.stop();
  }
});

test.describe('with a stored token', () => {
  const demo = protectedDemoFor();

  test('a second connection reuses the stored token: no new authorization tab, no new flow', async ({ page, context }) => {
    const tabs = await authorizeQuickly(page, context, demo().mcpUrl);

    await disconnect(page);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectConnected(page);
    const panel = await showAuthorizationTab(page);
    await expect(panel.getByText('No authorization so far: the server has not refused a request.')).toBeVisible();
    expect(tabs).toHaveLength(1);
    // The proxy holds it, keyed by the authorization server; the page shows facts, never the token.
    // Read again when the flow ended: no Refresh needed.
    const stored = panel.getByRole('table', { name: 'Stored credentials' });
    await expect(stored.getByRole('row').filter({ hasText: demo().issuer })).toContainText(demo().mcpUrl);
    await expect(stored.getByRole('row').filter({ hasText: demo().issuer })).toContainText('refreshable');
    await expect(panel.getByText('Kept in memory until mcpscope stops (start it with --remember-credentials to keep them).')).toBeVisible();
    await page.screenshot({ path: 'test-results/oauth-stored-memory.png', fullPage: true });
    await callTool(page, 'whoami');
    await expect((await toolResult(page)).getByText(/with scopes mcp:tools/).first()).toBeVisible();
  });
});

test.describe('an access token that expires', () => {
  // 33 s: the proxy counts a token as expired 30 s early, so this one is due for a refresh after 3 s.
  const demo = protectedDemoFor(['--token-lifetime', '33']);

  test('is refreshed with the refresh token: steps reused or skipped, no new authorization tab', async ({ page, context }) => {
    const tabs = await authorizeQuickly(page, context, demo().mcpUrl);
    await page.waitForTimeout(3500);

    // The refresh runs before the call goes out; the flow brings the Authorization tab to the front.
    await callTool(page, 'whoami');
    const panel = await showAuthorizationTab(page);
    await expect(panel.getByRole('region', { name: 'Authorization flow' })).toContainText('the access token expired');
    await expect(flowStep(panel, 4)).toHaveAccessibleName(/, skipped$/);
    await expect(flowStep(panel, 4)).toContainText('reused');
    await expect(flowStep(panel, 5)).toHaveAccessibleName(/, skipped$/);
    await expect(flowStep(panel, 7)).toHaveAccessibleName(/, done$/);
    await expect(panel.getByText('The access token was refreshed.')).toBeVisible();
    await expect((await toolResult(page)).getByText(/with scopes mcp:tools/).first()).toBeVisible();
    expect(tabs).toHaveLength(1);
  });
});

test.describe('a tool that needs a wider scope', () => {
  const demo = protectedDemoFor(['--tool-scope', 'demo:reset']);

  test('a step-up: the 403 insufficient_scope starts a second authorization, and the call goes through', async ({ page, context }) => {
    const tabs = await authorizeQuickly(page, context, demo().mcpUrl);

    await callTool(page, 'admin_reset');
    const panel = await showAuthorizationTab(page);
    await expect(panel.getByRole('region', { name: 'Authorization flow' }).getByRole('status')).toContainText('Authorized');
    await expect((await toolResult(page)).getByText('reset done').first()).toBeVisible();
    await expect.poll(() => tabs.length).toBe(2); // polled: Playwright may report a popup after its flow is through
    await page.getByRole('tab', { name: 'Authorization' }).click();
    const flow = panel.getByRole('region', { name: 'Authorization flow' });
    await expect(flow).toContainText('403 insufficient_scope');
    await expect(flow.getByRole('status')).toContainText('scope mcp:tools demo:reset');
    // Secrets are shown masked: the token response's tokens, and the code and verifier sent for them.
    await expect(flow).toContainText('"access_token":"•••• (');
    await expect(flow).toContainText('code_verifier=•••• (');
    await page.screenshot({ path: 'test-results/oauth-step-up.png', fullPage: true });

    // The same exchanges in the Network view, each named by its step.
    await page.getByRole('tab', { name: 'Network' }).click();
    const network = page.getByRole('tabpanel', { name: 'Network' });
    await network.getByLabel('Show').selectOption('oauth');
    const table = network.getByRole('table', { name: 'HTTP exchanges' });
    await expect(table.getByRole('row').filter({ hasText: 'OAuth: token' })).toHaveCount(2); // the first authorization and the step-up
    await expect(table.getByRole('row').filter({ hasText: 'tools/call' })).toHaveCount(0);
  });
});

test.describe('Forget', () => {
  const demo = protectedDemoFor();

  test('removes the stored credentials, and the next connection authorizes again', async ({ page, context }) => {
    const tabs = await authorizeQuickly(page, context, demo().mcpUrl);
    const panel = await showAuthorizationTab(page);
    const stored = panel.getByRole('table', { name: 'Stored credentials' });
    await expect(stored.getByRole('row').filter({ hasText: demo().issuer })).toBeVisible();
    await panel.getByRole('button', { name: `Forget ${demo().issuer}` }).click();
    await expect(panel.getByRole('row').filter({ hasText: demo().issuer })).toHaveCount(0);

    await disconnect(page);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expectConnected(page);
    await expect.poll(() => tabs.length).toBe(2); // authorized again, in a new tab (polled, as in authorizeQuickly)
    const again = await showAuthorizationTab(page);
    await expect(flowStep(again, 4)).toHaveAccessibleName(/, done$/); // registered anew: the client was forgotten too
  });
});

test.describe('--remember-credentials', () => {
  const demo = protectedDemoFor();

  test('keeps the token in a 0600 file: after mcpscope restarts, the connection needs no authorization', async ({ page, context }) => {
    const config = await mkdtemp(join(tmpdir(), 'mcpscope-e2e-config-'));
    const start = () =>
      startOwnProxy('e2e-oauth-remember-token-0123456789', ['--port', '0', '--no-open', '--remember-credentials'], { XDG_CONFIG_HOME: config });
    let proxy = await start();
    try {
      const tabs = await authorizeQuickly(page, context, demo().mcpUrl, proxy.page);
      await disconnect(page);
      await proxy.stop();
      const file = join(config, 'mcpscope', 'credentials.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      proxy = await start(); // a new process, on another port: what it knows comes from the file
      await connectOAuth(page, demo().mcpUrl, 'Quick', proxy.page);
      await expectConnected(page);
      expect(tabs).toHaveLength(1);
      const panel = await showAuthorizationTab(page);
      await expect(panel.getByText('No authorization so far: the server has not refused a request.')).toBeVisible();
      const stored = panel.getByRole('table', { name: 'Stored credentials' });
      await expect(stored.getByRole('row').filter({ hasText: demo().issuer })).toContainText(demo().mcpUrl);
      await expect(panel.getByText(`Kept across restarts in ${file}, mode 0600.`)).toBeVisible();
      await page.screenshot({ path: 'test-results/oauth-stored-persistent.png', fullPage: true });
    } finally {
      await proxy.stop();
      await rm(config, { recursive: true, force: true });
    }
  });

  test('with a file other users can read: says why it is not used, and keeps the credentials in memory', async ({ page, context }) => {
    const config = await mkdtemp(join(tmpdir(), 'mcpscope-e2e-config-'));
    const file = join(config, 'mcpscope', 'credentials.json');
    await mkdir(join(config, 'mcpscope'), { recursive: true });
    await writeFile(file, JSON.stringify({ version: 1, issuers: {} }));
    await chmod(file, 0o644);
    const proxy = await startOwnProxy('e2e-oauth-remember-token-0123456789', ['--port', '0', '--no-open', '--remember-credentials'], {
      XDG_CONFIG_HOME: config,
    });
    try {
      await authorizeQuickly(page, context, demo().mcpUrl, proxy.page);
      const panel = await showAuthorizationTab(page);
      await expect(panel.getByRole('table', { name: 'Stored credentials' }).getByRole('row').filter({ hasText: demo().issuer })).toContainText(demo().mcpUrl);
      await expect(panel.getByText('Kept in memory until mcpscope stops: the credentials file is not used.')).toBeVisible();
      await expect(panel.getByRole('status').filter({ hasText: `The credential file ${file} can be read by other users` })).toBeVisible();
      await page.screenshot({ path: 'test-results/oauth-stored-file-problem.png', fullPage: true });
    } finally {
      await proxy.stop();
      await rm(config, { recursive: true, force: true });
    }
  });
});
