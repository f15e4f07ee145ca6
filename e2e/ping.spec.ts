import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

test.beforeEach(async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
});

test('connects to the demo server, pings it and sees Compliant; the log shows the handshake', async ({ page }) => {
  // Prefilled with the bundled demo server: one click on Connect.
  await expect(page.getByLabel('Command')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
  await expect(page.getByRole('status')).toContainText('2025-11-25');

  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ping' });
  await expect(panel.getByText('Compliant', { exact: true })).toBeVisible();
  await expect(panel.getByText(/Round trip: \d+(\.\d+)? ms/)).toBeVisible();
  await expect(panel.getByText('"method":"ping"').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  for (const method of ['initialize', 'notifications/initialized', 'ping']) {
    await expect(log.getByRole('cell', { name: method, exact: true }).first()).toBeVisible();
  }
  // The ping request and its response, paired by method.
  await expect(log.getByRole('row').filter({ hasText: 'ping' })).toHaveCount(2);
  await expect(log.getByRole('row').filter({ hasText: 'mcpscope demo server ready on stdio' })).toHaveCount(1);
});

test('disables Send ping until connected, and says why', async ({ page }) => {
  await page.getByRole('tab', { name: 'Ping' }).click();
  const button = page.getByRole('button', { name: 'Send ping' });
  await expect(button).toBeDisabled();
  await expect(page.getByRole('tabpanel', { name: 'Ping' })).toContainText(/not connected|Connect/i);
});

test('a command that does not exist gets a clear message', async ({ page }) => {
  await page.getByLabel('Command').fill('mcpscope-no-such-command');
  await page.getByLabel('Arguments').fill('');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/Command not found/);
});

test('a server that exits during initialize shows its exit code and stderr', async ({ page }) => {
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`-e "console.error('fatal: missing API key'); process.exit(3)"`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/code 3/);
  await expect(alert).toContainText('fatal: missing API key');
});

test('stdout noise from a server appears in the log, marked as noise', async ({ page }) => {
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`-e "console.log('hello, this is not JSON'); setInterval(() => {}, 1000)"`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('tab', { name: 'Log' }).click();
  const row = page.getByRole('tabpanel', { name: 'Log' }).getByRole('row').filter({ hasText: 'hello, this is not JSON' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/noise/);
  await page.getByRole('button', { name: 'Disconnect' }).click();
});
