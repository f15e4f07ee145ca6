// `npm start -- --demo modern`: a proxy of its own prefills the 2026-07-28 demo
// server. Connected as 2026-07-28 it is discovered (server/discover in the log)
// and its tools are listed; the launch chooses Auto, which picks 2026-07-28;
// 2025-11-25 chosen by hand reaches the same tools through the SDK's 2025 face.
// Its sum app renders on a 2026-07-28 session and calls a tool through the bridge.
import { expect, test, type Page } from '@playwright/test';
import { appChannelRows, appIn, appSection } from './fixtures/apps.js';
import { callTool } from './fixtures/connect.js';
import { MODERN_DEMO_TITLE, MODERN_DEMO_TOOLS } from './fixtures/demo.js';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-modern-demo-token-0123456789';
const proxy = ownProxyForFile(TOKEN, ['--port', '0', '--no-open', '--demo', 'modern']);

async function connectAndListTools(page: Page, version?: string): Promise<void> {
  await page.goto(proxy().page);
  await expect(page.getByLabel('Arguments')).toHaveValue(/modern-demo-server\.js/);
  if (version !== undefined) await page.getByLabel('Protocol version').selectOption(version);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText(MODERN_DEMO_TITLE);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const list = page.getByRole('tabpanel', { name: 'Tools' }).getByRole('list', { name: 'Tools' });
  await expect(list.getByRole('button')).toHaveCount(MODERN_DEMO_TOOLS.length);
  for (const name of MODERN_DEMO_TOOLS) await expect(list.getByRole('button', { name, exact: true })).toBeVisible();
}

test('opens on the modern demo, discovers it as 2026-07-28 and lists its tools', async ({ page }) => {
  await connectAndListTools(page, '2026-07-28');
  await page.screenshot({ path: '/tmp/m-demo-modern-tools.png' });
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  const method = (name: string) => log.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(method('server/discover')).toHaveCount(2); // the request and its answer
  await expect(method('tools/list').first()).toBeVisible();
  await expect(method('initialize')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/m-demo-modern-log.png' });
});

test('the same demo answers a 2025-11-25 client through the SDK', async ({ page }) => {
  await connectAndListTools(page, '2025-11-25');
  await expect(page.getByRole('status').first()).toContainText('protocol 2025-11-25');
});

test('the launch chooses Auto for it, and Connect picks 2026-07-28 with the probe', async ({ page }) => {
  await page.goto(proxy().page);
  await expect(page.getByLabel('Protocol version')).toHaveValue('auto');
  await connectAndListTools(page);
  await expect(page.getByRole('status').first()).toContainText('Modern · 2026-07-28 — Auto: server/discover answered');
});

test('on a 2026-07-28 session its app tool renders, and the app’s button calls a tool through the bridge', async ({ page }) => {
  await connectAndListTools(page, '2026-07-28');
  await expect(page.getByRole('status').first()).toContainText('protocol 2026-07-28');
  await callTool(page, 'show_sum', { a: '4', b: '5' });
  const app = appIn(appSection(page, 'show_sum'));
  await expect(app.getByRole('status')).toHaveText(/^Connected to mcpscope/);
  await expect(app.getByRole('definition').nth(1)).toHaveText('4 + 5 = 9');
  await app.getByRole('button', { name: 'Call add' }).click();
  await expect(app.getByText('add answered: 9')).toBeVisible();

  const rows = await appChannelRows(page);
  const appCall = rows.filter({ hasText: 'tools/call' }).filter({ hasText: '"add"' });
  await expect(appCall.first()).toBeVisible();
  // The app's call went to the server over the 2026-07-28 connection, as the person's own do.
  await page.getByRole('tabpanel', { name: 'Log' }).getByLabel('Channel').selectOption({ label: 'MCP only' });
  await expect(appCall.first()).toBeVisible();
});
