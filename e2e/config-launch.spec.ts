// npm start -- --config FILE --server NAME: the Connect form is prefilled from that server of the file (a
// relative cwd made absolute against the file's folder, a secret env value kept for the connection), and
// Connect reaches it. The file is JSONC with comments and trailing commas, as Cursor writes it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const demo = resolve('dist/node/examples/servers/demo-server.js');
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-e2e-config-'));
const file = join(dir, 'mcp.json');
const servers = {
  remote: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer e2e-config-secret' } },
  demo: { command: process.execPath, args: [demo], env: { API_KEY: 'e2e-config-key' }, cwd: '.' },
};
writeFileSync(file, `{\n  // written by hand\n  "mcpServers": ${JSON.stringify(servers, null, 2).replace(/\n}$/, ',\n}')},\n}\n`);
const proxy = ownProxyForFile('e2e-config-launch-token-0123456789', ['--port=0', '--no-open', '--config', file, '--server', 'demo']);

test('--config with --server prefills that server of a Cursor mcp.json, which connects', async ({ page }) => {
  await page.goto(proxy().page);
  const form = page.getByRole('form', { name: 'Connection' });
  await expect(form.getByLabel('Command')).toHaveValue(process.execPath);
  await expect(form.getByLabel('Arguments')).toHaveValue(demo);
  await expect(form.getByLabel('Variable 1 name')).toHaveValue('API_KEY');
  await expect(form.getByLabel('Working directory')).toHaveValue(dir);
  // The file's secret stays in the proxy: the page shows it kept and connects by reference.
  expect(await page.content()).not.toContain('e2e-config-key');
  await page.getByRole('button', { name: 'Connect', exact: true }).first().click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
});
