// An app nobody here wrote, in the page: ext-apps' published server-basic-react
// (over stdio), its get-time tool called from the Tools tab and its React app
// rendered in the sandbox, initialized by mcpscope and calling back through it.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const basicReact = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-basic-react/dist/index.js', import.meta.url));

test('server-basic-react: get-time shows its app, whose own button calls the tool again through the bridge', async ({ page }) => {
  await connectToScript(page, `${basicReact} --stdio`, 'Basic MCP App Server (React)');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'get-time', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool get-time' }).getByRole('button', { name: 'Call tool' }).click();
  const section = tools.getByRole('region', { name: /^App \d+ of get-time$/ });
  const app = section.frameLocator('iframe').first().frameLocator('iframe');
  const getTime = app.getByRole('button', { name: 'Get Server Time' });
  await expect(getTime).toBeVisible();
  await getTime.click();

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await log.getByLabel('Channel').selectOption({ label: 'Apps only (host⇄app bridge)' });
  const rows = log.getByRole('table', { name: 'Message log' }).getByRole('row');
  await expect(rows.filter({ hasText: 'ui/initialize' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'tools/call' }).filter({ hasText: 'get-time' }).first()).toBeVisible();
});
