import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { modernHttpFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';

// Streamable HTTP by the 2026-07-28 rules, against a hand-made modern server
// that rejects any request whose headers do not match its body (-32020).
let modern: FixtureProcess;

test.beforeAll(async () => {
  modern = await startFixture(modernHttpFixture);
});
test.afterAll(async () => {
  await modern?.stop();
});

async function connectModern(page: Page): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Transport').selectOption('http');
  await page.getByLabel('URL').fill(`${modern.origin}/mcp`);
  await page.getByLabel('Protocol version').selectOption('2026-07-28');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('mcpscope modern HTTP fixture');
}

test('2026-07-28 over HTTP: a mirrored argument reaches the server, an invalid tool is excluded, the Network view shows the mirrored headers', async ({
  page,
}) => {
  await connectModern(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  const list = tools.getByRole('list', { name: 'Tools' });
  await expect(list.getByText('excluded: invalid x-mcp-header')).toHaveCount(1);
  await list.getByRole('button', { name: 'broken_header', exact: true }).click();
  const broken = tools.getByRole('region', { name: 'Tool broken_header' });
  await expect(broken.getByRole('button', { name: 'Call tool' })).toBeDisabled();
  await expect(broken.getByText(/Excluded: .*property "score"/)).toBeVisible();

  await list.getByRole('button', { name: 'weather', exact: true }).click();
  const weather = tools.getByRole('region', { name: 'Tool weather' });
  await weather.getByLabel('region', { exact: true }).fill('Zürich');
  await weather.getByRole('button', { name: 'Call tool' }).click();
  // The server answers only when Mcp-Param-Region (Base64, since it is not ASCII) matches the argument.
  await expect(tools.getByRole('region', { name: 'Call result' }).getByText('Sunny in Zürich', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Network' }).click();
  const network = page.getByRole('tabpanel', { name: 'Network' });
  const table = network.getByRole('table', { name: 'HTTP exchanges' });
  await table.getByRole('row').filter({ hasText: 'tools/call' }).click();
  const detail = network.getByRole('region', { name: /^Exchange \d+$/ });
  await expect(detail.getByText('mcp-param-region', { exact: true })).toBeVisible();
  await expect(detail.getByText('= "Zürich"')).toBeVisible();
  await expect(detail.getByText('mirrored from a tool argument (x-mcp-header)')).toBeVisible();
  await expect(detail.getByText('mcp-session-id', { exact: true })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'GET stream' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/http-modern-network.png' });
});

test('2026-07-28 over HTTP: Listen for changes streams notifications tagged with the subscription id, and stops', async ({ page }) => {
  await connectModern(page);
  await page.getByRole('tab', { name: 'Resources' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Resources' });
  const listen = panel.getByRole('region', { name: 'Listen for changes' });
  await listen.getByLabel('Updates of these resource URIs (one per line)').fill('demo://clock');
  await listen.getByRole('button', { name: 'Listen for changes' }).click();
  await expect(listen.getByText(/^Listening \(subscription id \d+\)$/)).toBeVisible();
  const entries = listen.getByRole('list', { name: 'Notifications received on the listen stream' });
  await expect(entries.getByText('notifications/resources/updated').first()).toBeVisible({ timeout: 5000 });
  await expect(entries.getByText(/^subscription \d+$/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/http-modern-listen.png' });
  await listen.getByRole('button', { name: 'Stop listening' }).click();
  await expect(listen.getByText('Stopped listening.')).toBeVisible();

  await page.getByRole('tab', { name: 'Network' }).click();
  const table = page.getByRole('tabpanel', { name: 'Network' }).getByRole('table', { name: 'HTTP exchanges' });
  await expect(table.getByRole('row').filter({ hasText: 'subscriptions/listen' })).toHaveClass(/state-cancelled/);
  // Cancelling closed the stream: no notifications/cancelled was POSTed.
  await expect(table.getByRole('row').filter({ hasText: 'notifications/cancelled' })).toHaveCount(0);
});

test('2026-07-28 over HTTP: cancelling a call closes its response stream instead of POSTing notifications/cancelled', async ({ page }) => {
  await connectModern(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'slow', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool slow' }).getByRole('button', { name: 'Call tool' }).click();
  await tools.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(tools.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Network' }).click();
  const network = page.getByRole('tabpanel', { name: 'Network' });
  const table = network.getByRole('table', { name: 'HTTP exchanges' });
  const call = table.getByRole('row').filter({ hasText: 'tools/call' });
  await expect(call).toHaveClass(/state-cancelled/);
  await expect(table.getByRole('row').filter({ hasText: 'notifications/cancelled' })).toHaveCount(0);
  await call.click();
  await expect(network.getByText(/response stream was closed, which is how 2026-07-28 cancels a request over HTTP/)).toBeVisible();
});

test('2026-07-28 over HTTP: a response stream that breaks fails the call visibly, and Send again re-issues it with a new id', async ({ page }) => {
  await connectModern(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'flaky', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool flaky' }).getByRole('button', { name: 'Call tool' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result).toContainText('cannot be resumed: send the request again');
  await result.getByRole('button', { name: 'Send again (new id)' }).click();
  await expect(result).toContainText(/Answered request \d+ after a broken stream/);
  // Two tools/call requests went out, with different ids: the lost one and its re-issue.
  await page.getByRole('tab', { name: 'Log' }).click();
  const ids = await page.getByRole('tabpanel', { name: 'Log' }).getByRole('row').filter({ hasText: 'tools/call' }).filter({ hasText: '→' }).allTextContents();
  expect(ids.length).toBeGreaterThanOrEqual(2);
});
