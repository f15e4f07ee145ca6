// Both protocol generations in the connection panel: Auto against a legacy
// server (server-everything) and a modern one (test/fixtures/modern-server.mjs),
// the probe labelled in the log, a modern server's discover status and Refresh,
// the -32022 switch, the level in _meta, and the choice kept across a reload.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const everything = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const modern = fileURLToPath(new URL('../test/fixtures/modern-server.mjs', import.meta.url));

async function connect(page: Page, args: string, choice: string, expected: string): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(args);
  await page.getByLabel('Protocol version').selectOption(choice);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText(expected);
}

async function logRows(page: Page) {
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  return log.getByRole('row').filter({ has: page.getByRole('cell') });
}

test('Auto against server-everything: legacy, with the server/discover probe labelled in the log', async ({ page }) => {
  await connect(page, `${everything} stdio`, 'auto', 'Connected to');
  const status = page.getByRole('status', { name: 'Connection status' });
  await expect(status.getByLabel('Protocol generation')).toHaveText(/^Legacy · 2025-11-25 — Auto: /);
  await expect(page.getByRole('region', { name: 'Server details' })).not.toContainText('Refresh');
  await page.locator('.status-area').screenshot({ path: '/tmp/uiconn-auto-legacy.png' });

  const probes = (await logRows(page)).filter({ hasText: 'probe' });
  await expect(probes).toHaveCount(2);
  await expect(probes.first()).toContainText('server/discover');
  await expect((await logRows(page)).filter({ hasText: 'initialize' }).first()).not.toContainText('probe');
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await log.getByLabel('Method', { exact: true }).selectOption('server/discover');
  await probes.first().click();
  await expect(log.getByRole('region', { name: 'Frame detail' })).toContainText('Auto sent server/discover first');
  await log.screenshot({ path: '/tmp/uiconn-probe-log.png' });
});

test('Auto with the probe switched off goes straight to initialize', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Protocol version').selectOption('auto');
  await page.getByRole('checkbox', { name: 'Send the server/discover probe' }).uncheck();
  await connect(page, `${everything} stdio`, 'auto', 'Connected to');
  await expect(page.getByRole('status', { name: 'Connection status' }).getByLabel('Protocol generation')).toHaveText(
    'Legacy · 2025-11-25 — Auto without the probe: initialize',
  );
  const rows = await logRows(page);
  await expect(rows.filter({ hasText: 'initialize' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'server/discover' })).toHaveCount(0);
});

test('a legacy version by hand sends no probe', async ({ page }) => {
  await connect(page, `${everything} stdio`, '2025-11-25', 'Connected to');
  await expect(page.getByRole('status', { name: 'Connection status' }).getByLabel('Protocol generation')).toHaveText(/^Legacy · 2025-11-25 — /);
  const rows = await logRows(page);
  await expect(rows.filter({ hasText: 'initialize' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'server/discover' })).toHaveCount(0);
});

test('Auto against a modern server: its discover status, Refresh, tools, and a server renamed by a result _meta', async ({ page }) => {
  await connect(page, `${modern} modern --rename renamed-by-meta`, 'auto', 'Connected to modern-modern');
  const status = page.getByRole('status', { name: 'Connection status' });
  await expect(status.getByLabel('Protocol generation')).toHaveText(/^Modern · 2026-07-28 — Auto: /);
  // The status (top bar) says who and which generation; the sidebar's details list the rest.
  const details = page.getByRole('region', { name: 'Server details' });
  await expect(details.getByRole('list', { name: 'Supported versions' })).toHaveText('2026-07-28');
  await expect(details.getByRole('list', { name: 'Server extensions' })).toHaveText('io.modelcontextprotocol/tasks');
  await expect(details).toContainText('A modern test server.');
  await details.getByRole('button', { name: 'Refresh' }).click();
  await expect(details).toContainText('server/discover answered again');
  await page.locator('.status-area').screenshot({ path: '/tmp/uiconn-auto-modern.png' });

  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'echo', exact: true }).click();
  const echo = tools.getByRole('region', { name: 'Tool echo' });
  await echo.getByLabel('text').fill('hello modern');
  await echo.getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('hello modern');
  await expect(status).toContainText('Connected to renamed-by-meta');

  const rows = await logRows(page);
  await expect(rows.filter({ hasText: 'probe' }).first()).toContainText('server/discover');
  await expect(rows.filter({ hasText: 'initialize' })).toHaveCount(0);
});

test('the server refuses 2026-07-28 (-32022): its versions, and one click reconnects with 2025-11-25', async ({ page }) => {
  await connect(page, `${modern} refuses`, '2026-07-28', 'Not connected');
  const alert = page.getByRole('alert').filter({ hasText: 'does not speak this protocol version' });
  await expect(alert).toContainText('It supports: 2025-11-25');
  await page.locator('.status-area').screenshot({ path: '/tmp/uiconn-version-unsupported.png' });
  await alert.getByRole('button', { name: 'Reconnect with 2025-11-25' }).click();
  const status = page.getByRole('status', { name: 'Connection status' });
  await expect(status.getByLabel('Protocol generation')).toHaveText(/^Legacy · 2025-11-25/);
  await expect(page.getByLabel('Protocol version')).toHaveValue('2025-11-25');
});

test('on a modern server the level goes in _meta, and the log messages come with the request', async ({ page }) => {
  await connect(page, `${modern} modern`, '2026-07-28', 'Connected to modern-modern');
  await page.getByRole('tab', { name: 'Server messages' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Server messages' });
  await expect(tab).toContainText('2026-07-28 has no logging/setLevel');
  await tab.getByLabel('Send messages at').selectOption('debug');
  await tab.getByRole('button', { name: 'Use level' }).click();
  await expect(tab).toContainText('Later requests carry logLevel debug');
  await page.screenshot({ path: '/tmp/uiconn-modern-level.png' });

  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'echo', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool echo' }).getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toBeVisible();
  await page.getByRole('tab', { name: 'Server messages' }).click();
  await expect(tab).toContainText('echo at debug');
  const rows = await logRows(page);
  await expect(rows.filter({ hasText: 'logging/setLevel' })).toHaveCount(0);
});

test('Auto and its probe switch are kept across a reload', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Protocol version').selectOption('auto');
  const probe = page.getByRole('checkbox', { name: 'Send the server/discover probe' });
  await expect(probe).toBeChecked();
  await probe.uncheck();
  await expect(page.getByText('No probe: Auto goes straight to initialize')).toBeVisible();
  await page.screenshot({ path: '/tmp/uiconn-form-auto.png' });
  await page.reload();
  await expect(page.getByLabel('Protocol version')).toHaveValue('auto');
  await expect(page.getByRole('checkbox', { name: 'Send the server/discover probe' })).not.toBeChecked();
});
