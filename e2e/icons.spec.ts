import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const iconServer = fileURLToPath(new URL('../test/fixtures/icon-server.mjs', import.meta.url));

test('icons: data: images shown; https: icons held back until their origin is allowed (and remembered); http: and javascript: never', async ({ page }) => {
  // Every request the page makes for an image: none may go to the icon host before it is allowed.
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('https://icons.example') || r.url().startsWith('http://icons.example')) fetched.push(r.url());
  });
  await page.route('https://icons.example/**', (route) => route.fulfill({ status: 404, body: '' }));

  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(iconServer);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('Connected to icon-server');
  // The server's own icon, a data: image.
  await expect(status.locator('img.mcp-icon')).toHaveAttribute('src', /^data:image\/svg\+xml/);

  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' }).getByRole('list', { name: 'Tools' });
  await expect(tools.getByRole('button', { name: 'local_icon' }).locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  const remote = tools.getByRole('button', { name: 'remote_icon' });
  await expect(remote.locator('img')).toHaveCount(0);
  await expect(remote.getByRole('img')).toHaveAttribute('title', /Icon from https:\/\/icons\.example not loaded/);
  await expect(tools.getByRole('button', { name: 'plain_http_icon' }).getByRole('img')).toHaveAttribute('title', /http: icons are never loaded/);
  await expect(tools.getByRole('button', { name: 'script_icon' }).getByRole('img')).toHaveAttribute('title', /javascript: icons are never loaded/);

  await page.getByRole('tab', { name: 'Prompts' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Prompts' }).locator('img.mcp-icon')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Resources' }).getByRole('img')).toHaveAttribute('title', /Icon from https:\/\/icons\.example/);

  // The connection says what was held back: two icons from one origin.
  const icons = page.getByRole('region', { name: 'Icons' });
  await expect(icons).toContainText('https://icons.example · 2 icons not loaded');
  await page.screenshot({ path: '/tmp/icons-held.png' });
  expect(fetched).toEqual([]);

  await icons.getByRole('button', { name: 'Allow icons from https://icons.example' }).click();
  await expect(icons.getByRole('list', { name: 'Allowed icon origins' })).toContainText('https://icons.example');
  await expect.poll(() => fetched).toContain('https://icons.example/readme.png');
  // Never with a referrer (the page's URL carries the token in its fragment, and its path).
  expect(fetched.every((u) => !u.includes('token'))).toBe(true);
  // A 404 from the host: the icon is marked as not loaded, no broken-image box.
  await expect(page.getByRole('tabpanel', { name: 'Resources' }).getByRole('img')).toHaveAttribute('title', /did not load/);

  // Remembered across a reload; Forget takes it back.
  await page.reload();
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(iconServer);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(status).toContainText('Connected to icon-server');
  const again = page.getByRole('region', { name: 'Icons' });
  await expect(again.getByRole('list', { name: 'Allowed icon origins' })).toContainText('https://icons.example');
  await again.getByRole('button', { name: 'Forget' }).click();
  await expect(again).toHaveCount(0);
});

test('a request for an icon carries no referrer', async ({ page }) => {
  const referrers: Array<string | undefined> = [];
  await page.route('https://icons.example/**', (route) => {
    referrers.push(route.request().headers()['referer']);
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.evaluate(() => localStorage.setItem('mcpscope.iconOrigins', '["https://icons.example"]'));
  await page.reload();
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(iconServer);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect.poll(() => referrers.length).toBeGreaterThan(0);
  expect(referrers.every((r) => r === undefined)).toBe(true);
});
