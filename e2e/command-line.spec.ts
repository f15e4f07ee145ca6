// What npm start's options prefill in the Connect form, spelled --opt=value
// (the one table of options reads both spellings): a command with -e and
// --cwd that connects, and a remote server with --url and --header. A
// variable named __proto__ is an ordinary name (it used to vanish).
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnProxy, type OwnProxy } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-options-token-0123456789';
const demo = resolve('dist/node/examples/servers/demo-server.js');
const proxies: OwnProxy[] = [];

test.afterAll(async () => {
  await Promise.all(proxies.map((p) => p.stop()));
});

test('--env=, -e and --cwd= before the command prefill a stdio server that connects', async ({ page }) => {
  const options = ['--port=0', '--no-open', '--env=GREETING=hello world', '-e', '__proto__=p', '--cwd=dist'];
  const proxy = await startOwnProxy(TOKEN, [...options, process.execPath, demo]);
  proxies.push(proxy);
  await page.goto(proxy.page);
  const form = page.getByRole('form', { name: 'Connection' });
  await expect(form.getByLabel('Command')).toHaveValue(process.execPath);
  await expect(form.getByLabel('Arguments')).toHaveValue(demo);
  await expect(form.getByLabel('Variable 1 name')).toHaveValue('GREETING');
  await expect(form.getByLabel('Variable 1 value')).toHaveValue('hello world');
  await expect(form.getByLabel('Variable 2 name')).toHaveValue('__proto__');
  await expect(form.getByLabel('Variable 2 value')).toHaveValue('p');
  await expect(form.getByLabel('Working directory')).toHaveValue(resolve('dist'));
  await page.screenshot({ path: '/tmp/opts-prefill-stdio.png' });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
});

test('--url= and --header= prefill a remote server with its header', async ({ page }) => {
  const proxy = await startOwnProxy(TOKEN, ['--port=0', '--no-open', '--url=http://127.0.0.1:9/mcp', '--header=Authorization: Bearer opts-secret']);
  proxies.push(proxy);
  await page.goto(proxy.page);
  const form = page.getByRole('form', { name: 'Connection' });
  await expect(form.getByLabel('URL')).toHaveValue('http://127.0.0.1:9/mcp');
  await expect(form.getByLabel('Header 1 name')).toHaveValue('Authorization');
  await expect(form.getByLabel('Header 1 value')).toHaveValue('Bearer opts-secret');
  await page.screenshot({ path: '/tmp/opts-prefill-http.png' });
});
