// The page as an MCP Apps host, on a fixture server of its own (test/fixtures/apps/host-app-server.mjs):
// the Apps tab opens an app tool with typed input, the app calls a tool through the bridge, the host
// context reaches it, a fullscreen request is honoured, the ask-before switch can deny a call, and the
// Log shows the bridge on its own channel.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const server = fileURLToPath(new URL('../test/fixtures/apps/host-app-server.mjs', import.meta.url));

async function openApp(page: Page) {
  await connectToScript(page, server, 'host-app-fixture');
  await page.getByRole('tab', { name: 'Apps' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Apps' });
  await panel
    .getByRole('list', { name: 'Tools with an app' })
    .getByRole('button', { name: /show-echo/ })
    .click();
  const tool = panel.getByRole('region', { name: 'Tool show-echo' });
  await tool.getByLabel('text').fill('typed by hand');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const app = page.frameLocator('iframe[title="App of tool show-echo"]').frameLocator('iframe[title="App"]');
  await expect(app.getByText('result: Shown: typed by hand')).toBeVisible();
  return { panel, app };
}

test('opens an app tool with typed input; its button calls a tool through the bridge, shown in the app, the Log and History', async ({ page }) => {
  const { panel, app } = await openApp(page);
  await app.getByRole('button', { name: 'Call echo' }).click();
  await expect(app.getByText('app got: Echo: from the app')).toBeVisible();
  await app.getByRole('button', { name: 'Say hello' }).click();
  await app.getByRole('button', { name: 'Open docs' }).click();
  const said = panel.getByRole('region', { name: /What app \d+ said/ });
  await expect(said).toContainText('Hello from the app');
  await expect(said.getByRole('link', { name: 'https://example.com/docs' })).toHaveAttribute('href', 'https://example.com/docs');

  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('region', { name: 'Call history' })).toContainText(/from app \d+/);

  await page.getByRole('tab', { name: 'Log' }).click();
  await page.getByLabel('Channel').selectOption('app');
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: 'ui/initialize' }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'tools/call' }).first()).toContainText(/app \d+/);
  await page.getByLabel('Channel').selectOption('mcp');
  await expect(log.getByRole('row').filter({ hasText: 'ui/initialize' })).toHaveCount(0);
});

test('the theme switch reaches the app, a fullscreen request is honoured, and Deny answers the app with an error', async ({ page }) => {
  const { panel, app } = await openApp(page);
  await panel.getByLabel('Theme').selectOption('dark');
  await expect(app.getByText('theme: dark')).toBeVisible();
  await panel.getByLabel('Theme').selectOption('light');
  await expect(app.getByText('theme: light')).toBeVisible();

  await app.getByRole('button', { name: 'Go fullscreen' }).click();
  await expect(panel.getByRole('button', { name: 'Back to inline' })).toBeVisible();
  await panel.getByRole('button', { name: 'Back to inline' }).click();
  await expect(panel.getByRole('button', { name: 'Back to inline' })).toHaveCount(0);

  await panel.getByLabel('Ask before the app calls a tool').check();
  await app.getByRole('button', { name: 'Call echo' }).click();
  const dialog = page.getByRole('dialog', { name: /wants to call echo/ });
  await expect(dialog).toContainText('from the app');
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(app.getByText(/call failed: .*denied/)).toBeVisible();
});
