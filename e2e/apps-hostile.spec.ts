// Apps that attack their host or misbehave, through the whole page: the
// hostile app's tries at the page (parent.document, the token in the page's
// address, the proxy's API, a script of an undeclared origin) are stopped and
// reported; noise, floods and silence leave the page answering clicks.
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appIn, openApp } from './fixtures/apps.js';
import { connectToScript } from './fixtures/connect.js';

const fixture = (name: string) => fileURLToPath(new URL(`../test/fixtures/apps/${name}.mjs`, import.meta.url));

const troubles = (section: Locator) => section.getByRole('list', { name: 'What is wrong with this app' });

/** The page still answers: another tab opens when clicked, and back. */
async function stillAnswers(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Ping' }).click();
  await expect(page.getByRole('tab', { name: 'Ping' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('tab', { name: 'Tools' })).toHaveAttribute('aria-selected', 'true');
}

test('the hostile app cannot read the page or its token, fetch the proxy API or load an undeclared script: each try is stopped and reported', async ({
  page,
}) => {
  await connectToScript(page, fixture('hostile-app'), 'hostile-apps');
  const section = await openApp(page, 'steal');
  const app = appIn(section);
  for (const what of ['parent.document', 'top.document', 'top.location.hash', 'fetch of the proxy API', 'undeclared script']) {
    await expect(app.getByText(new RegExp(`^${what.replace('.', '\\.')}: stopped`))).toBeVisible();
  }
  await expect(app.getByText(/NOT STOPPED/)).toHaveCount(0);
  await expect(troubles(section)).toContainText('The sandbox stopped the app from reaching http://127.0.0.1:1/undeclared.js');
  await expect(troubles(section)).toContainText(/The sandbox stopped the app from reaching http:\/\/127\.0\.0\.1:\d+\/api\/credentials/);
  await expect(troubles(section)).toContainText('The app threw an error it did not catch');

  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await expect(problems.getByText('APP-CSP-BLOCKED').first()).toBeVisible();
  await expect(problems.getByText('APP-ERROR').first()).toBeVisible();
});

test('messages that are not JSON-RPC and one of 8 MiB are dropped and reported; the app and the page go on', async ({ page }) => {
  await connectToScript(page, fixture('hostile-app'), 'hostile-apps');
  const section = await openApp(page, 'noise');
  await expect(appIn(section).getByText('the host still answers')).toBeVisible();
  await expect(troubles(section)).toContainText('not JSON-RPC');
  await expect(troubles(section)).toContainText('over the 4194304 the host takes');
  await stillAnswers(page);
});

test('a flooding app is shown at once with a sentence of what it sent, cut to the rate the host takes, and the page still answers clicks', async ({ page }) => {
  await connectToScript(page, fixture('hostile-app'), 'hostile-apps');
  const section = await openApp(page, 'flood');
  // While the flood lasts (ten seconds), not after it: the app is there, and so is the sentence of the flood going on
  // (a page that froze until the flood ended would only ever show the sentence of the flood over).
  await expect(appIn(section).getByText('flooding', { exact: true })).toBeVisible();
  await expect(troubles(section)).toContainText(/^This app sent [\d,]+ messages in [\d,]+ ms; mcpscope is dropping them, passing on 200 a second/, {
    timeout: 10_000,
  });
  await expect(section.getByText('Loading the app…')).toHaveCount(0);
  await stillAnswers(page);
  // Then the app is shown as it is, and the one line says the flood's totals.
  await expect(appIn(section).getByText(/^flood over: \d+ messages sent$/)).toBeVisible({ timeout: 30_000 });
  await expect(troubles(section)).toContainText(
    /^This app sent [\d,]+ messages in [\d,]+ ms; mcpscope passed on 200 a second and dropped [\d,]+ of them\. The flood is over\.$/,
    {
      timeout: 5_000,
    },
  );
  await expect(troubles(section).getByRole('listitem')).toHaveCount(1);
});

test('an app that never sends ui/initialize is reported, and the page still answers clicks', async ({ page }) => {
  await connectToScript(page, fixture('silent-app'), 'silent-app');
  const section = await openApp(page, 'silent');
  await expect(appIn(section).getByText('never sends ui/initialize')).toBeVisible();
  await stillAnswers(page);
  await expect(troubles(section)).toContainText('The app did not send ui/initialize within', { timeout: 30_000 });
});
