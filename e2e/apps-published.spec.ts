// An app nobody here wrote, in the page: ext-apps' published server-basic-react
// (over stdio), its get-time tool called from the Tools tab and its React app
// rendered in the sandbox, initialized by mcpscope and calling back through it.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { appChannelRows, appIn, openApp } from './fixtures/apps.js';
import { connectToScript } from './fixtures/connect.js';

const basicReact = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-basic-react/dist/index.js', import.meta.url));

test('server-basic-react: get-time shows its app, whose own button calls the tool again through the bridge', async ({ page }) => {
  await connectToScript(page, `${basicReact} --stdio`, 'Basic MCP App Server (React)');
  const app = appIn(await openApp(page, 'get-time'));
  const getTime = app.getByRole('button', { name: 'Get Server Time' });
  await expect(getTime).toBeVisible();
  await getTime.click();

  const rows = await appChannelRows(page);
  await expect(rows.filter({ hasText: 'ui/initialize' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'tools/call' }).filter({ hasText: 'get-time' }).first()).toBeVisible();
});
