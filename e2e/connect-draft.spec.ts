// A reload keeps the person's edits of the Connect form, not the launch
// prefill; secret values are not saved (the launch's come back, typed ones
// must be typed again); a proxy restarted for another server prefills afresh.
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnProxy, type OwnProxy } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-draft-token-0123456789';
const demo = resolve('dist/node/examples/servers/demo-server.js');
let proxy: OwnProxy | undefined;

test.afterAll(async () => {
  await proxy?.stop();
});

test('a reload keeps the edits without their typed secrets; a restart for another server prefills afresh', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  proxy = await startOwnProxy(TOKEN, ['--port=0', '--no-open', '-e', 'API_KEY=launch-key', process.execPath, demo]);
  await page.goto(proxy.page);
  const form = page.getByRole('form', { name: 'Connection' });
  await form.getByLabel('Arguments').fill(`${demo} --edited`);
  await form.getByLabel('Transport').selectOption('http');
  await form.getByLabel('URL').fill('http://127.0.0.1:9/mcp');
  await form.getByRole('button', { name: 'Add header' }).click();
  await form.getByLabel('Header 1 name').fill('Authorization');
  await form.getByLabel('Header 1 value').fill('Bearer typed-secret');
  const saved = await page.evaluate(() => JSON.stringify(localStorage));
  expect(saved).toContain('http://127.0.0.1:9/mcp');
  expect(saved).not.toContain('typed-secret');
  expect(saved).not.toContain('launch-key');

  await page.reload();
  await expect(form.getByLabel('Transport')).toHaveValue('http');
  await expect(form.getByLabel('URL')).toHaveValue('http://127.0.0.1:9/mcp');
  await expect(form.getByLabel('Header 1 name')).toHaveValue('Authorization');
  await expect(form.getByLabel('Header 1 value')).toHaveValue('');
  const note = 'Secret values are not saved in the browser: type the value of Authorization again (lost with the reload).';
  await expect(form.getByText(note)).toBeVisible();
  await page.screenshot({ path: '/tmp/connect-draft-reload.png' });
  await form.getByLabel('Header 1 value').fill('Bearer again');
  await expect(form.getByText(note)).toHaveCount(0);
  await form.getByLabel('Transport').selectOption('stdio');
  await expect(form.getByLabel('Arguments')).toHaveValue(`${demo} --edited`);
  await expect(form.getByLabel('Variable 1 value')).toHaveValue('launch-key');

  // npm start -- other-server on the same port: the new prefill, not the old edits.
  const port = new URL(proxy.origin).port;
  await proxy.stop();
  proxy = await startOwnProxy(TOKEN, [`--port=${port}`, '--no-open', '--url=http://127.0.0.1:9/other']);
  await page.reload();
  await expect(form.getByLabel('URL')).toHaveValue('http://127.0.0.1:9/other');
  await expect(form.getByLabel('Header 1 name')).toHaveCount(0);
});
