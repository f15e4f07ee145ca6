// A whole command line pasted into Command: the form offers to split it into
// Command and Arguments, and changes nothing until the person takes the offer.
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-paste-token-0123456789';
const demo = resolve('dist/node/examples/servers/demo-server.js');
const proxy = ownProxyForFile(TOKEN, ['--port=0', '--no-open']);

test('a pasted command line is split on request, the arguments typed before kept after it, and connects', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(proxy().page);
  const form = page.getByRole('form', { name: 'Connection' });
  const command = form.getByLabel('Command');
  await command.fill('node');
  await expect(form.getByRole('button', { name: 'Split' })).toHaveCount(0);
  await form.getByLabel('Arguments').fill('--quiet');
  await command.fill(`'${process.execPath}' '${demo}' --name demo`);
  await expect(form).toContainText(`This looks like a whole command line: split it into ${process.execPath} and 3 arguments?`);
  // Nothing changed yet: it is an offer.
  await expect(command).toHaveValue(`'${process.execPath}' '${demo}' --name demo`);
  await page.screenshot({ path: '/tmp/connect-paste-offer.png' });
  await form.getByRole('button', { name: 'Split' }).click();
  await expect(command).toHaveValue(process.execPath);
  await expect(form.getByRole('list', { name: 'Argument array' }).getByRole('listitem')).toHaveText([demo, '--name', 'demo', '--quiet']);
  await expect(form.getByRole('button', { name: 'Split' })).toHaveCount(0);
  await form.getByLabel('Arguments').fill(`'${demo}'`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
});
