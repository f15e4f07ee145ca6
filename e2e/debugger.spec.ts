// The protocol debugger: heartbeat, raw composer, and lint marks with Problems.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const badServer = fileURLToPath(new URL('../test/fixtures/bad-server.mjs', import.meta.url));

const connect = (page: Page, args?: string) => connectToScript(page, args);

test('the heartbeat pings on an interval: figures and chart move', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Ping' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ping' });
  await panel.getByLabel('Interval').fill('200');
  await panel.getByRole('button', { name: 'Start heartbeat' }).click();
  const figures = panel.getByRole('definition');
  await expect(panel.getByRole('img', { name: /Latency chart of \d+ pings/ })).toBeVisible();
  const pingsCell = panel.locator('.heartbeat-figures div', { hasText: 'Pings' }).first().getByRole('definition');
  await expect.poll(async () => Number(await pingsCell.textContent())).toBeGreaterThanOrEqual(5);
  await expect(panel.locator('.heartbeat-figures div', { hasText: 'p50' }).getByRole('definition')).toHaveText(/\d+\.\d+ ms/);
  const chartName = await panel.getByRole('img', { name: /Latency chart/ }).getAttribute('aria-label');
  await expect.poll(async () => panel.getByRole('img', { name: /Latency chart/ }).getAttribute('aria-label')).not.toBe(chartName);
  await expect(figures.first()).toBeVisible();
  await panel.getByRole('button', { name: 'Stop heartbeat' }).click();
  await expect(panel.getByRole('button', { name: 'Start heartbeat' })).toBeVisible();
});

test('a server that never answers ping: misses counted, stale, the server receives notifications/cancelled', async ({ page }) => {
  const record = join(mkdtempSync(join(tmpdir(), 'mcpscope-e2e-')), 'received.jsonl');
  await connect(page, `${badServer} --mode silent-ping --record ${record}`);
  await page.getByRole('tab', { name: 'Ping' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ping' });
  await panel.getByLabel('Interval').fill('200');
  await panel.getByLabel('Timeout').fill('150');
  await panel.getByLabel('Auto-reconnect').uncheck();
  await panel.getByRole('button', { name: 'Start heartbeat' }).click();
  await expect(panel.getByText('stale', { exact: true })).toBeVisible();
  await expect(panel.locator('.heartbeat-figures div', { hasText: 'Misses' }).getByRole('definition')).toHaveText(/^[3-9]|\d\d/);
  await panel.getByRole('button', { name: 'Stop heartbeat' }).click();
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: 'notifications/cancelled' }).first()).toBeVisible();
  // What the server itself received: a cancellation for each missed ping.
  const received = readFileSync(record, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { method?: string });
  expect(received.filter((m) => m.method === 'notifications/cancelled').length).toBeGreaterThanOrEqual(3);
});

test('the composer sends ping with params and shows the paired answer', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Composer' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Composer' });
  await panel.getByRole('button', { name: 'ping with params: {}' }).click();
  await expect(panel.getByLabel('Frame text')).toHaveValue(/"method":"ping","params":\{\}/);
  await panel.getByRole('button', { name: 'Send frame' }).click();
  await expect(panel.getByRole('list', { name: 'Sent frames' })).toContainText(/ping "composer-\d+": result in \d+\.\d+ ms/);
  // A notification: no answer is due, and the composer says so.
  await panel.getByRole('button', { name: 'ping as a notification' }).click();
  await panel.getByRole('button', { name: 'Send frame' }).click();
  await expect(panel.getByRole('list', { name: 'Sent frames' })).toContainText('no answer is due');
  // Edit and resend from the log.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await log.getByRole('row').filter({ hasText: '"params":{}' }).first().click();
  await log.getByRole('button', { name: 'Edit and resend' }).click();
  await expect(panel.getByLabel('Frame text')).toHaveValue(/"params":\{\}/);
  // A fresh id, so that sending it again does not reuse one (unless the user puts it back).
  await expect(panel).toContainText('Loaded from the log with a new id');
  const loaded = await panel.getByLabel('Frame text').inputValue();
  await panel.getByRole('button', { name: 'Send frame' }).click();
  await expect(panel.getByRole('list', { name: 'Sent frames' }).getByRole('listitem').first()).toContainText('the answer is in');
  expect(JSON.parse(loaded).id).toMatch(/^composer-\d+$/);
});

test("the composer's note belongs to the template: replaced text drops it, and the line under the editor describes the new text", async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Composer' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Composer' });
  await panel.getByRole('button', { name: 'malformed JSON' }).click();
  await expect(panel.getByText(/^Not JSON at all/)).toBeVisible();
  await panel.getByLabel('Frame text').fill('{"jsonrpc":"2.0","id":"mine-1","method":"ping"}');
  await expect(panel.getByText('A request (ping, id "mine-1").')).toBeVisible();
  await expect(panel.getByText(/^Not JSON at all/)).toHaveCount(0);
});

test('a bad frame gets a lint mark, its rule is in Problems, and the log filters by rule', async ({ page }) => {
  await connect(page, `${badServer} --mode pong`);
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' })).toContainText('result is not empty: {"pong":true}');

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  const mark = log.getByRole('img', { name: /Lint: error PING-RESULT/ });
  await expect(mark).toBeVisible();

  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  const row = problems.getByRole('row').filter({ hasText: 'PING-RESULT' });
  await expect(row).toContainText('ping is answered promptly with an empty result');
  await row.getByRole('button', { name: 'Show in log' }).click();
  await expect(log.getByLabel('Lint rule')).toHaveValue('PING-RESULT');
  await expect(log.getByText(/Showing 1 of \d+ frames/)).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: '{"pong":true}' })).toHaveCount(1);
});

test('a compliant server has no problems: the demo server after lists, a ping and tool calls', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' }).getByText('Compliant', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  for (const name of ['get_weather', 'render_chart', 'play_tone']) {
    await tools.getByRole('button', { name, exact: true }).click();
    await tools.getByRole('button', { name: 'Call tool' }).click();
    await expect(tools.getByText('Result', { exact: true }).first()).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByRole('tab', { name: 'Problems' }).click();
  // Lint runs in slices: give it a moment, then it must have found nothing.
  await page.waitForTimeout(500);
  await expect(page.getByRole('tabpanel', { name: 'Problems' })).toContainText('No problems found');
});

test('a result nested 20,000 levels deep does not blank the page', async ({ page }) => {
  await connect(page, `${badServer} --mode deep`);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('button', { name: 'explode', exact: true }).click();
  await tools.getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByText(/could not be shown|cannot be shown as JSON/).first()).toBeVisible();
  // The rest of the inspector still works.
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' }).getByText('Compliant', { exact: true })).toBeVisible();
});

test("connecting to another server clears the last one's results, history and problems", async ({ page }) => {
  await connect(page, `${badServer} --mode pong`);
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('button', { name: 'explode', exact: true }).click();
  await tools.getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('region', { name: 'Call history' })).toContainText('explode');
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Problems' })).toContainText('PING-RESULT');

  // Now the demo server.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('textbox', { name: 'Arguments' }).fill(`${process.cwd()}/dist/node/examples/servers/demo-server.js`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(tools.getByRole('region', { name: 'Call history' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Ping' }).click();
  await expect(page.getByRole('table', { name: 'Ping history' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Problems' })).toContainText('No problems found');
});
