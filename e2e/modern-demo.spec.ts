// `npm start -- --demo modern`: a proxy of its own prefills the 2026-07-28 demo
// server; Connect (the default choice) reaches it and the Tools tab lists its tools.
import { expect, test } from '@playwright/test';
import { MODERN_DEMO_TITLE, MODERN_DEMO_TOOLS } from './fixtures/demo.js';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-modern-demo-token-0123456789';
const proxy = ownProxyForFile(TOKEN, ['--port', '0', '--no-open', '--demo', 'modern']);

test('opens on the modern demo and lists its tools', async ({ page }) => {
  await page.goto(proxy().page);
  await expect(page.getByLabel('Arguments')).toHaveValue(/modern-demo-server\.js/);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText(MODERN_DEMO_TITLE);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const list = page.getByRole('tabpanel', { name: 'Tools' }).getByRole('list', { name: 'Tools' });
  await expect(list.getByRole('button')).toHaveCount(MODERN_DEMO_TOOLS.length);
  for (const name of MODERN_DEMO_TOOLS) await expect(list.getByRole('button', { name, exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/m-demo-modern-tools.png' });
});
