import { createServer, type AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { bareJsonRpcFixture, everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { callTool } from './fixtures/connect.js';

// Remote servers on loopback ports, reached through the proxy.
let everything: FixtureProcess;
let bare: FixtureProcess;

test.beforeAll(async () => {
  [everything, bare] = await Promise.all([startFixture(everythingFixture, ['streamableHttp']), startFixture(bareJsonRpcFixture)]);
});
test.afterAll(async () => {
  await Promise.all([everything?.stop(), bare?.stop()]);
});

async function connectOverHttp(page: Page, url: string): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Transport').selectOption('http');
  await page.getByLabel('URL').fill(url);
  await expect(page.getByLabel('Mode', { exact: true })).toHaveValue('auto');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

test('Streamable HTTP: connects to server-everything, pings, calls a tool, and shows the Network view', async ({ page }) => {
  await connectOverHttp(page, `${everything.origin}/mcp`);
  const status = page.getByRole('status', { name: 'Connection status' });
  await expect(status).toContainText('Everything Reference Server');
  const transport = status.getByRole('definition').filter({ hasText: 'Streamable HTTP' });
  await expect(transport).toContainText('(chosen by Auto)');

  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' }).getByText('Compliant', { exact: true })).toBeVisible();

  const tools = await callTool(page, 'echo', { message: 'hello over HTTP' });
  await expect(tools.getByRole('region', { name: 'Call result' }).getByText('Echo: hello over HTTP', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Network' }).click();
  const network = page.getByRole('tabpanel', { name: 'Network' });
  await expect(network.getByText(/^Streamable HTTP \(chosen by Auto\)/)).toBeVisible();
  const table = network.getByRole('table', { name: 'HTTP exchanges' });
  const initialize = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'initialize', exact: true }) });
  await expect(initialize).toContainText('POST');
  await expect(initialize).toContainText('text/event-stream');
  await expect(table.getByRole('row').filter({ hasText: 'tools/call' })).toContainText('200');
  await expect(table.getByRole('row').filter({ hasText: 'notifications/initialized' })).toContainText('202');
  await expect(table.getByRole('row').filter({ hasText: 'GET stream' })).toBeVisible();
  await initialize.click();
  const detail = network.getByRole('region', { name: /^Exchange \d+$/ });
  await expect(detail.getByText('mcp-session-id', { exact: true })).toBeVisible();
  await expect(detail.getByText('Request headers')).toBeVisible();

  // The log shows each exchange beside the frames it carried.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByText(/POST \/mcp → 200 text\/event-stream/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
});

test('a bare JSON-RPC server: says it does not implement initialize, continues without it, and adds 3 and 5', async ({ page }) => {
  await connectOverHttp(page, `${bare.origin}/`);
  const choice = page.getByRole('alert').filter({ hasText: 'does not implement initialize' });
  await expect(choice).toBeVisible();
  await choice.getByRole('button', { name: 'Continue without initialize' }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected without initialize');
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Plain JSON-RPC');

  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' }).getByText('Compliant', { exact: true })).toBeVisible();

  const tools = await callTool(page, 'add', { a: '3', b: '5' });
  await expect(tools.getByRole('region', { name: 'Call result' }).getByText('8', { exact: true })).toBeVisible();

  // The deviation stays visible in the log.
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: 'Log' })
      .getByText(/Method not found: initialize/)
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
});

test('a URL where nothing listens gets a clear message', async ({ page }) => {
  const free = createServer();
  await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
  const { port } = free.address() as AddressInfo;
  await new Promise((resolve) => free.close(resolve));
  await connectOverHttp(page, `http://127.0.0.1:${port}/mcp`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Connection refused');
  await expect(alert).toContainText(`Connection refused by 127.0.0.1:${port}: nothing is listening there.`);
  await expect(alert.getByRole('button', { name: 'Reconnect' })).toBeVisible();
});
