// A proxy on ::1: its ready line names localhost, where the app sandbox can be framed and the demo app
// renders; a page opened at [::1] itself says why it shows no app, in the app's place.
import { expect, test } from '@playwright/test';
import { appIn, connectAndShowSum } from './fixtures/apps.js';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const proxy = ownProxyForFile('apps-ipv6-token-0123456789abcdef', ['--host', '::1', '--port', '0', '--no-open']);

test('a proxy on ::1 is opened at localhost, where the app renders', async ({ page }) => {
  expect(new URL(proxy().origin).hostname).toBe('localhost');
  const app = appIn(await connectAndShowSum(page, proxy().page, '1', '2'));
  await expect(app.getByRole('status')).toHaveText(/^Connected to /);
  await expect(app.getByRole('definition').nth(1)).toHaveText('1 + 2 = 3');
});

test('a page opened at [::1] says in the app’s place why no app can be shown there', async ({ page }) => {
  const section = await connectAndShowSum(page, proxy().page.replace('//localhost', '//[::1]'), '1', '2');
  const port = new URL(proxy().origin).port;
  await expect(section.getByRole('alert')).toHaveText(
    `The app cannot be shown on a page opened at an IPv6 address (http://[::1]:${port}): a Content-Security-Policy cannot name one, so the app sandbox may not be framed. Open mcpscope at http://localhost:${port}/ instead (the same token works).`,
  );
  await expect(section.locator('iframe')).toHaveCount(0);
});
