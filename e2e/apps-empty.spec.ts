// The Apps tab's empty states: the MCP Apps extension switched off for the connection (said, with how to
// switch it on), and a server whose tools have no app.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { connectToScript } from './fixtures/connect.js';

const appServer = fileURLToPath(new URL('../test/fixtures/apps/host-app-server.mjs', import.meta.url));
const everything = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

test('with MCP Apps switched off, the Apps tab says so and how to switch it on, though the server lists app tools', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(appServer);
  await page.getByRole('group', { name: 'Client capabilities' }).getByRole('checkbox', { name: 'MCP Apps', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('host-app-fixture');
  await page.getByRole('tab', { name: 'Apps' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Apps' });
  await expect(panel).toContainText('the MCP Apps extension is switched off for this connection');
  await expect(panel).toContainText('Switch on "MCP Apps" under Client capabilities in the connection settings and connect again.');
  await expect(panel).toContainText(/The server lists \d+ tools? with an app all the same/);
  await expect(panel.getByRole('list', { name: 'Tools with an app' })).toHaveCount(0);
});

test('a server whose tools name no app gets its own sentence', async ({ page }) => {
  await connectToScript(page, `${everything} stdio`, 'Connected to');
  await page.getByRole('tab', { name: 'Apps' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Apps' });
  await expect(panel).toContainText(/None of the server's \d+ tools has an app: a tool with one names a ui:\/\/ resource in _meta.ui.resourceUri./);
  await expect(panel).not.toContainText('switched off');
});
