// --max-servers counts every connection of the page: with a limit of 1, the
// second connection is refused in its own scope, and the first stays ready.
// It runs its own proxy, so the shared one is untouched.
import { expect, test } from '@playwright/test';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-workspace-limit-token-0123456789';
const proxy = ownProxyForFile(TOKEN, ['--port', '0', '--no-open', '--max-servers', '1']);

test('a second connection past --max-servers is refused in its own scope; the first stays ready', async ({ page }) => {
  await page.goto(proxy().page);
  const status = page.getByRole('status', { name: 'Connection status' });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(status).toContainText('mcpscope demo server');

  const strip = page.getByRole('navigation', { name: 'Open connections' });
  await strip.getByRole('button', { name: '+ New connection' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Too many servers are running' });
  await expect(refusal).toContainText('The limit of 1 server at once was reached: 1 is running through this mcpscope proxy, so nothing was started.');
  await expect(strip.getByRole('button', { name: /, failed$/ })).toHaveAttribute('aria-pressed', 'true');

  // The first connection knows nothing of it.
  await strip.getByRole('button', { name: /^mcpscope demo server.*, ready$/ }).click();
  await expect(status).toContainText('mcpscope demo server');
  await expect(page.getByRole('alert').filter({ hasText: 'Too many servers are running' })).toHaveCount(0);

  // Closing the first frees the slot: the refused one connects on Reconnect.
  await strip.getByRole('button', { name: /^Close mcpscope demo server/ }).click();
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: 'Reconnect' }).click();
  await expect(status).toContainText('mcpscope demo server');
});
