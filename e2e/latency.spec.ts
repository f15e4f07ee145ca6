import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { callTool, pingTimes } from './fixtures/connect.js';

const PINGS = 3;

test('the Log shows latency by method: ping and tools/call of the connection in view, sortable by p95', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  const toggle = log.getByRole('button', { name: 'Latency by method' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const panel = log.getByRole('region', { name: 'Latency by method' });
  await expect(panel).toContainText('No requests on');

  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
  await pingTimes(page, PINGS);
  const tools = await callTool(page, 'echo', { message: 'hi' });
  await expect(tools.getByRole('region', { name: 'Call result' }).getByText('hi', { exact: true })).toBeVisible();

  // Back in the Log, the panel is still open and has caught up with the frames.
  await page.getByRole('tab', { name: 'Log' }).click();
  const table = panel.getByRole('table');
  const row = (method: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: method, exact: true }) });
  await expect(row('ping')).toHaveCount(1);
  await expect(row('ping').getByRole('cell').nth(2)).toHaveText(String(PINGS));
  await expect(row('ping').getByRole('cell').nth(4)).toHaveText('0');
  await expect(row('ping').getByRole('cell').nth(6)).toHaveText(/^\d+(\.\d+)? (ms|s)$/);
  await expect(row('tools/call')).toHaveCount(1);
  await expect(row('tools/call').getByRole('cell').nth(2)).toHaveText('1');
  await expect(row('initialize')).toHaveCount(1);

  // p95 is the sort to begin with; Method sorts A→Z.
  await expect(table.getByRole('columnheader', { name: /p95/ })).toHaveAttribute('aria-sort', 'descending');
  await table.getByRole('button', { name: /^Method/ }).click();
  await expect(table.getByRole('columnheader', { name: /Method/ })).toHaveAttribute('aria-sort', 'ascending');
  const methods = await table.locator('tbody tr td:first-child').allTextContents();
  expect(methods).toEqual([...methods].sort());
  expect(methods).toEqual(expect.arrayContaining(['initialize', 'ping', 'tools/call']));
});
