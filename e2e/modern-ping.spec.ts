import { expect, test } from '@playwright/test';
import { MODERN_DEMO_TITLE } from './fixtures/demo.js';
import { connectModern } from './fixtures/modern.js';

test('on a 2026-07-28 server the Ping tab times a discover round trip instead of ping, with its verdict', async ({ page }) => {
  await connectModern(page);
  await page.getByRole('tab', { name: 'Ping' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ping' });
  await expect(panel.getByRole('note')).toContainText('ping is not part of MCP 2026-07-28');
  await expect(panel.getByRole('button', { name: 'Send ping' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Send discover round trip' }).click();
  const last = panel.getByRole('region', { name: 'Last discover round trip' });
  await expect(last.getByText('Compliant', { exact: true })).toBeVisible();
  await expect(last.getByText(/Discover round trip: \d+(\.\d+)? ms/)).toBeVisible();
  await expect(last.getByText('"method":"server/discover"').first()).toBeVisible();
});

test('the heartbeat of a 2026-07-28 server is a discover round trip, with the same figures and chart', async ({ page }) => {
  await connectModern(page);
  await page.getByRole('tab', { name: 'Ping' }).click();
  const panel = page.getByRole('region', { name: 'Heartbeat' });
  await panel.getByLabel('Interval').fill('200');
  await panel.getByRole('button', { name: 'Start heartbeat' }).click();
  const count = panel.locator('.heartbeat-figures div', { hasText: 'Discover round trips' }).getByRole('definition');
  await expect.poll(async () => Number(await count.textContent()), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await expect(panel.getByRole('img', { name: /Latency chart of \d+ discover round trips/ })).toBeVisible();
  const p50 = panel.locator('.heartbeat-figures div', { hasText: 'p50' }).getByRole('definition');
  await expect(p50).toHaveText(/\d+(\.\d+)? ms/);
  await expect(panel.locator('.heartbeat-figures div', { hasText: 'Failures' }).getByRole('definition')).toHaveText('0');
  await expect(panel.getByText('Pings from the server')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/modern-heartbeat.png' });
  await panel.getByRole('button', { name: 'Stop heartbeat' }).click();

  // Only server/discover went out: no ping.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('cell', { name: 'server/discover', exact: true }).first()).toBeVisible();
  await expect(log.getByRole('cell', { name: 'ping', exact: true })).toHaveCount(0);
});

test('a discover answer that is no DiscoverResult fails the round trip and says why', async ({ page }) => {
  // The connection's own server/discover is answered well; every later one is not.
  await connectModern(page, '--bad-discover');
  await page.getByRole('tab', { name: 'Ping' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ping' });
  await panel.getByRole('button', { name: 'Send discover round trip' }).click();
  await expect(panel.getByText('Not compliant', { exact: true })).toBeVisible();
  const checks = panel.getByRole('list', { name: 'Failing checks' });
  await expect(checks).toContainText('supportedVersions ["2025-11-25"] does not list 2026-07-28, the version in use');
  await expect(checks).toContainText('capabilities is not an object: absent');
  await page.screenshot({ path: 'test-results/modern-ping-bad.png' });
});

test('a ping sent on purpose from the Composer to a 2026-07-28 server goes out and shows its -32601', async ({ page }) => {
  await connectModern(page);
  await page.getByRole('tab', { name: 'Composer' }).click();
  const composer = page.getByRole('tabpanel', { name: 'Composer' });
  await composer.getByLabel('Frame text').fill('{"jsonrpc":"2.0","id":900,"method":"ping"}');
  await composer.getByRole('button', { name: 'Send frame' }).click();
  await expect(composer.getByRole('list', { name: 'Sent frames' })).toContainText('-32601');
});

test('the modern demo (the SDK 2.4 server): discover heartbeat compliant, and its cached tool list says so', async ({ page }) => {
  await connectModern(page, '', 'dist/node/examples/servers/modern-demo-server.js', MODERN_DEMO_TITLE);
  await page.getByRole('tab', { name: 'Ping' }).click();
  const heartbeat = page.getByRole('region', { name: 'Heartbeat' });
  await heartbeat.getByLabel('Interval').fill('200');
  await heartbeat.getByRole('button', { name: 'Start heartbeat' }).click();
  const count = heartbeat.locator('.heartbeat-figures div', { hasText: 'Discover round trips' }).getByRole('definition');
  await expect.poll(async () => Number(await count.textContent()), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await expect(heartbeat.locator('.heartbeat-figures div', { hasText: 'Failures' }).getByRole('definition')).toHaveText('0');
  await heartbeat.getByRole('button', { name: 'Stop heartbeat' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('group', { name: 'Caching of the tool list' })).toHaveText('fresh for 60 s · public');
});
