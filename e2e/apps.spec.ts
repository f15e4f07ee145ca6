// MCP Apps end to end, in the page: the demo's sum app shown with its call in
// the Tools tab, driving the bridge (a tool call through the connection, a
// message, fullscreen), the workspace theme reaching it, and every bridge
// message on the Log's app channel.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appChannelRows, appIn, connectAndShowSum } from './fixtures/apps.js';
import { E2E_TOKEN } from '../playwright.config.js';

/** Connects to the demo and calls show_sum with a and b from the Tools tab; the call's app section. */
const callShowSum = (page: Page, a: string, b: string): Promise<Locator> => connectAndShowSum(page, `/#token=${E2E_TOKEN}`, a, b);

test('the demo app renders with its call, and its button calls add through the bridge: in the app and on the Log’s app channel', async ({ page }) => {
  const section = await callShowSum(page, '2', '5');
  const app = appIn(section);
  await expect(app.getByRole('status')).toHaveText(/^Connected to /);
  await expect(app.getByRole('definition').nth(0)).toHaveText('{"a":2,"b":5}');
  await expect(app.getByRole('definition').nth(1)).toHaveText('2 + 5 = 7');

  await app.getByRole('button', { name: 'Call add' }).click();
  await expect(app.getByText('add answered: 7')).toBeVisible();
  await app.getByRole('button', { name: 'Tally' }).click();
  await expect(app.getByText(/^tally answered: tally: \d+$/)).toBeVisible();

  const rows = await appChannelRows(page);
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(rows.filter({ hasText: 'ui/initialize' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'tools/call' }).filter({ hasText: '"add"' }).first()).toBeVisible();
  // The app's call went over the connection too: on the MCP channel, as the person's own calls do.
  await log.getByLabel('Channel').selectOption({ label: 'MCP only' });
  await expect(rows.filter({ hasText: 'tools/call' }).filter({ hasText: '"add"' }).first()).toBeVisible();

  // mcpscope's own side of the bridge matches the extension's schema (a width with a maximum height among it).
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await expect(problems).toContainText('Tools against the model providers');
  await expect(problems.getByText(/^APP-/)).toHaveCount(0);
});

test('the workspace theme reaches the app, and its fullscreen request is honoured', async ({ page }) => {
  const section = await callShowSum(page, '1', '1');
  const app = appIn(section);
  await expect(app.getByRole('status')).toHaveText(/^Connected to /);
  await page.getByRole('banner').getByLabel('Theme').selectOption({ label: 'Dark' });
  await expect(app.getByRole('definition').nth(2)).toHaveText('dark');
  await page.getByRole('banner').getByLabel('Theme').selectOption({ label: 'Light' });
  await expect(app.getByRole('definition').nth(2)).toHaveText('light');

  await app.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(app.getByText('Display mode: fullscreen')).toBeVisible();
  await expect(section).toContainText('fullscreen');
  await section.getByRole('button', { name: 'Back to inline' }).click();
  await expect(app.getByRole('definition').nth(4)).toHaveText('inline');
});
