// A proxy started with --max-servers 1: the second tab that connects is told
// the limit was reached and what to do, and Reconnect works once the first
// tab has disconnected. It runs its own proxy, so the shared one is untouched.
import { expect, test } from '@playwright/test';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-limit-token-0123456789';
const proxy = ownProxyForFile(TOKEN, ['--port', '0', '--no-open', '--max-servers', '1']);

test('a connection past --max-servers says the limit was reached and what to do; Reconnect works once a slot is free', async ({ context }) => {
  const first = await context.newPage();
  await first.goto(proxy().page);
  await first.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(first.getByRole('status')).toContainText('mcpscope demo server');

  const second = await context.newPage();
  await second.goto(proxy().page);
  await second.getByRole('button', { name: 'Connect', exact: true }).click();
  const alert = second.getByRole('alert');
  await expect(alert).toContainText('Too many servers are running');
  await expect(alert).toContainText('The limit of 1 server at once was reached: 1 is running through this mcpscope proxy, so nothing was started.');
  await expect(alert).toContainText('restart mcpscope with a higher --max-servers');
  await second.screenshot({ path: '/tmp/h1-server-limit.png' });

  await first.getByRole('button', { name: 'Disconnect' }).click();
  await expect(first.getByRole('status')).toContainText('Disconnected');
  await alert.getByRole('button', { name: 'Reconnect' }).click();
  await expect(second.getByRole('status')).toContainText('mcpscope demo server');
});
