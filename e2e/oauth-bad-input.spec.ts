// OAuth bad input in Chromium (issue 12): a protected server or authorization
// server that gets one thing wrong (the demo's --fault modes), and a callback
// with a state nobody asked for. Each stops with a sentence naming the step,
// opens at most the authorization tabs it needs (no loop), and leaks no token.
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from '../playwright.config.js';
import { connectOAuth, flowStep, openedTabs, protectedDemoFor, showAuthorizationTab } from './fixtures/oauth.js';

interface Fault {
  fault: string;
  /** The step that fails (number and title as the page shows it) and words of its sentence. */
  step: number;
  says: RegExp;
  /** Authorization tabs opened before it stops. */
  tabs: number;
}

const FAULTS: Fault[] = [
  { fault: 'prm-missing', step: 2, says: /no document at the well-known URIs.*AUTH-DISCOVERY/, tabs: 0 },
  { fault: 'prm-html', step: 2, says: /HTML.*AUTH-METADATA-FORMAT/, tabs: 0 },
  { fault: 'no-pkce', step: 3, says: /code_challenge_methods_supported.*AUTH-PKCE/, tabs: 0 },
  { fault: 'wrong-issuer', step: 3, says: /another-issuer.*AUTH-AS-ISSUER/, tabs: 0 },
  { fault: 'refuse-registration', step: 4, says: /invalid_client_metadata/, tabs: 0 },
  { fault: 'wrong-iss', step: 6, says: /iss.*the code was not redeemed \(rule AUTH-ISS\)/, tabs: 1 },
  { fault: 'token-500', step: 7, says: /500/, tabs: 1 },
  { fault: 'always-401', step: 8, says: /the server refused the new token: this demo refuses every token/, tabs: 1 },
];

async function expectStopped(page: Page, f: Fault): Promise<void> {
  const failed = page.getByRole('alert').filter({ hasText: 'Authorization failed' });
  await expect(failed).toContainText(new RegExp(`at step ${f.step} \\(`));
  await expect(failed).toContainText(f.says);
  // Said once: the refused request that ends the connection does not repeat the flow's failure.
  await expect(page.getByRole('alert').filter({ hasText: /The server requires authorization|The server refused access|OAuth step \d/ })).toHaveCount(0);
  const panel = await showAuthorizationTab(page);
  await expect(flowStep(panel, f.step)).toHaveAccessibleName(/, failed$/);
  await expect(flowStep(panel, f.step)).toContainText(f.says);
}

for (const f of FAULTS) {
  test.describe(`--fault ${f.fault}`, () => {
    const demo = protectedDemoFor(['--fault', f.fault]);

    test(`stops at step ${f.step} with a clear message, and no loop`, async ({ page, context }) => {
      const tabs = openedTabs(context);
      await connectOAuth(page, demo().mcpUrl, 'Quick');
      await expectStopped(page, f);
      // Nothing goes on behind the message: no new tab and no new flow a while later.
      await page.waitForTimeout(1500);
      expect(tabs).toHaveLength(f.tabs);
      await expect(page.getByRole('alert').filter({ hasText: 'Authorization failed' })).toContainText(`at step ${f.step} (`);
      // No token in the page's text, whatever was shown.
      expect(await page.locator('body').innerText()).not.toMatch(/access_token"?\s*[:=]\s*"?[A-Za-z0-9_-]{20,}/);
      if (f.fault === 'wrong-issuer') await page.screenshot({ path: 'test-results/oauth-wrong-issuer.png', fullPage: true });
      if (f.fault === 'wrong-iss') {
        // The callback's finding is in Problems too, under Authorization, with its rule.
        await page.getByRole('tab', { name: 'Problems' }).click();
        const problems = page.getByRole('tabpanel', { name: 'Problems' });
        await expect(problems.getByRole('table', { name: 'Authorization problems by rule' }).getByRole('row').filter({ hasText: 'AUTH-ISS' })).toBeVisible();
      }
    });
  });
}

test.describe('a failed OAuth step while server/discover is asked (2026-07-28 by hand)', () => {
  const demo = protectedDemoFor(['--fault', 'token-500']);

  // (Auto ending there, without falling back to initialize, is the connection core's unit test.)
  test('the authorization failure is said once, and nothing blames the protocol version', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Transport').selectOption('http');
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(demo().mcpUrl);
    await page.getByRole('radiogroup', { name: 'OAuth' }).getByRole('radio', { name: 'Quick' }).check();
    await page.getByLabel('Protocol version').selectOption('2026-07-28');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Authorization failed' })).toContainText('at step 7 (');
    await expect(page.getByRole('alert').filter({ hasText: /does not seem to speak|Choose Auto|server\/discover failed|OAuth step \d/ })).toHaveCount(0);
  });
});

test.describe('a callback with a wrong state', () => {
  // The consent page keeps the authorization waiting, so the bogus callback arrives first.
  const demo = protectedDemoFor(['--consent']);
  const callback = `http://127.0.0.1:${E2E_PORT}/oauth/callback?state=bogus&code=x`;

  test('with no authorization waiting, the proxy answers with its error page', async ({ page }) => {
    const reply = await page.goto(callback);
    expect(reply?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'Authorization not used' })).toBeVisible();
    await expect(page.locator('body')).toContainText('No authorization is waiting for this callback');
    await page.screenshot({ path: 'test-results/oauth-wrong-state.png' });
  });

  test('with one waiting, the flow refuses it at the callback step (state checked before the code is used)', async ({ page, context }) => {
    await connectOAuth(page, demo().mcpUrl, 'Guided');
    const panel = await showAuthorizationTab(page);
    await panel.getByRole('button', { name: 'Run all' }).click();
    await expect(panel.getByRole('button', { name: 'Open authorization page' })).toBeVisible();

    // The right issuer, so that only the state is wrong (iss is checked first: RFC 9207).
    const forged = await context.newPage();
    const reply = await forged.goto(`${callback}&iss=${encodeURIComponent(demo().issuer)}`);
    // The tab does not say "received": the state matched nothing, and the waiting authorization refuses it.
    expect(reply?.status()).toBe(400);
    await expect(forged.getByRole('heading', { name: 'Authorization refused' })).toBeVisible();
    await expect(forged.locator('body')).toContainText('does not match the authorization mcpscope was waiting for: it is refused, nothing is redeemed');
    await forged.screenshot({ path: 'test-results/oauth-forged-callback.png' });
    await expect(flowStep(panel, 6)).toHaveAccessibleName(/, failed$/);
    await expect(flowStep(panel, 6)).toContainText(/state/i);
    await expect(flowStep(panel, 7)).toHaveAccessibleName(/, pending$/); // no token request
    await expect(page.getByRole('alert').filter({ hasText: 'Authorization failed' })).toContainText('at step 6 (Callback)');
  });
});
