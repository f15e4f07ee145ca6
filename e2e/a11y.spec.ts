import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { authorizeQuickly, protectedDemoFor } from './fixtures/oauth.js';

// Every tab, in light and in dark, checked by axe: no serious or critical violation
// (contrast AA, names, roles). A stdio connection to the demo has every tab but
// Authorization, which an HTTP connection to the protected demo adds.

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Each tab of the connected page, once per theme: the violations found, named by theme and tab. */
async function checkEveryTab(page: Page): Promise<string[]> {
  const tabs = await page.getByRole('tablist', { name: 'Inspector' }).getByRole('tab').allTextContents();
  expect(tabs.length).toBeGreaterThan(8);
  const found: string[] = [];
  for (const theme of ['Light', 'Dark']) {
    await page.getByLabel('Theme').selectOption({ label: theme });
    for (const name of tabs) {
      await page.getByRole('tab', { name, exact: true }).click();
      const panel = page.getByRole('tabpanel', { name, exact: true });
      await expect(panel).toBeVisible();
      await expect(panel.getByText(/^Loading/)).toHaveCount(0);
      for (const v of await seriousViolations(page)) found.push(`${theme}, ${name}: ${v}`);
    }
  }
  return found;
}

test('every tab of a stdio connection has no serious or critical accessibility violation, light and dark', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' }).getByText('Compliant', { exact: true })).toBeVisible();
  // A tool's result on show: content, structuredContent's JSON view and its badge are checked too.
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByText('get_weather', { exact: true }).click();
  await tools.getByRole('textbox', { name: /city/i }).fill('Paris');
  await tools.getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByText('Matches outputSchema')).toBeVisible();
  expect(await checkEveryTab(page)).toEqual([]);
});

test.describe('an HTTP connection with OAuth', () => {
  const demo = protectedDemoFor();

  test('every tab, Authorization among them, has no serious or critical accessibility violation, light and dark', async ({ page, context }) => {
    test.setTimeout(180_000);
    await authorizeQuickly(page, context, demo().mcpUrl);
    await expect(page.getByRole('tab', { name: 'Authorization' })).toBeVisible();
    expect(await checkEveryTab(page)).toEqual([]);
  });
});
