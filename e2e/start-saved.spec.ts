// npm start -- --server NAME without --config: that server of the saved list is selected in the sidebar
// and prefilled, its secret kept in the proxy, and it connects.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { ownProxyForFile } from './fixtures/own-proxy.js';
import { serverButton } from './fixtures/servers.js';

const demo = resolve('dist/node/examples/servers/demo-server.js');
const home = mkdtempSync(join(tmpdir(), 'mcpscope-e2e-start-saved-'));
mkdirSync(join(home, 'mcpscope'), { mode: 0o700 });
const saved = (id: string, name: string, env: Record<string, string>) => ({
  id,
  entry: { name, transport: { kind: 'stdio', command: process.execPath, args: [demo], env }, secretKeys: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const list = { version: 1, servers: [saved('s-e2e-other', 'other demo', {}), saved('s-e2e-mine', 'my demo', { API_KEY: 'e2e-saved-key' })], recent: [] };
writeFileSync(join(home, 'mcpscope', 'servers.json'), JSON.stringify(list), { mode: 0o600 });
const proxy = ownProxyForFile('e2e-start-saved-token-0123456789', ['--port=0', '--no-open', '--server', 'My Demo'], { XDG_CONFIG_HOME: home });

test('--server NAME alone selects that saved server in the list and prefills it, which connects', async ({ page }) => {
  await page.goto(proxy().page);
  await expect(serverButton(page, 'Saved', 'my demo')).toHaveAttribute('aria-pressed', 'true');
  await expect(serverButton(page, 'Saved', 'other demo')).toHaveAttribute('aria-pressed', 'false');
  const form = page.getByRole('form', { name: 'Connection' });
  await expect(form.getByLabel('Command')).toHaveValue(process.execPath);
  await expect(form.getByLabel('Arguments')).toHaveValue(demo);
  await expect(form.getByLabel('Variable 1 name')).toHaveValue('API_KEY');
  // The saved secret stays in the proxy: the page shows it kept and connects by reference.
  expect(await page.content()).not.toContain('e2e-saved-key');
  await page.getByRole('button', { name: 'Connect', exact: true }).first().click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('mcpscope demo server');
});
