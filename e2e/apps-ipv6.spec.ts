// A proxy on ::1: its ready line names localhost, where the app sandbox can be framed and the demo app
// renders; a page opened at [::1] itself says why it shows no app, in the app's place.
import { expect, test, type Page } from '@playwright/test';
import { appIn, appSection } from './fixtures/apps.js';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const proxy = ownProxyForFile('apps-ipv6-token-0123456789abcdef', ['--host', '::1', '--port', '0', '--no-open']);

async function callShowSum(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'show_sum', exact: true }).click();
  const tool = tools.getByRole('region', { name: 'Tool show_sum' });
  await tool.getByLabel('a', { exact: true }).fill('1');
  await tool.getByLabel('b', { exact: true }).fill('2');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  return appSection(page, 'show_sum');
}

test('a proxy on ::1 is opened at localhost, where the app renders', async ({ page }) => {
  expect(new URL(proxy().origin).hostname).toBe('localhost');
  const app = appIn(await callShowSum(page, proxy().page));
  await expect(app.getByRole('status')).toHaveText(/^Connected to /);
  await expect(app.getByRole('definition').nth(1)).toHaveText('1 + 2 = 3');
});

test('a page opened at [::1] says in the app’s place why no app can be shown there', async ({ page }) => {
  const section = await callShowSum(page, proxy().page.replace('//localhost', '//[::1]'));
  const port = new URL(proxy().origin).port;
  await expect(section.getByRole('alert')).toHaveText(
    `The app cannot be shown on a page opened at an IPv6 address (http://[::1]:${port}): a Content-Security-Policy cannot name one, so the app sandbox may not be framed. Open mcpscope at http://localhost:${port}/ instead (the same token works).`,
  );
  await expect(section.locator('iframe')).toHaveCount(0);
});
