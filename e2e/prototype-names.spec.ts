// A server whose names are members of Object.prototype ("constructor",
// "__proto__", "toString", "hasOwnProperty"): the page treats them as the plain
// names they are, and a batch that carries such notifications is handled whole.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const server = fileURLToPath(new URL('../test/fixtures/prototype-names.mjs', import.meta.url));

test.beforeEach(async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(server);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('prototype-names');
});

test('a ping answered in a batch after notifications named constructor and __proto__ resolves', async ({ page }) => {
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ping' });
  await expect(panel.getByText('Compliant', { exact: true })).toBeVisible();
  await expect(panel.getByText(/Round trip: \d+(\.\d+)? ms/)).toBeVisible();
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  // The notifications are in the Log, under their own names.
  await expect(log.getByRole('option', { name: 'constructor (1)' })).toBeAttached();
  await expect(log.getByRole('option', { name: '__proto__ (1)' })).toBeAttached();
});

test('a tool named constructor with an argument named toString is called with what was typed', async ({ page }) => {
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'constructor', exact: true }).click();
  const tool = tools.getByRole('region', { name: 'Tool constructor' });
  await tool.getByLabel('toString').fill('a');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('called with {"toString":"a"}');
});

test('a prompt named hasOwnProperty with an argument named constructor, and a message role toString', async ({ page }) => {
  await page.getByRole('tab', { name: 'Prompts' }).click();
  const prompts = page.getByRole('tabpanel', { name: 'Prompts' });
  await prompts.getByRole('button', { name: /hasOwnProperty/ }).click();
  const form = prompts.getByRole('form', { name: 'Arguments of hasOwnProperty' });
  await expect(form.getByLabel('constructor')).toHaveValue('');
  await form.getByLabel('constructor').fill('x');
  await form.getByRole('button', { name: 'Get prompt' }).click();
  await expect(prompts.getByRole('article', { name: 'Role toString message 1' })).toContainText('prompt with {"constructor":"x"}');
});

test('a resource whose URI is constructor is listed, read and subscribed to', async ({ page }) => {
  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('tabpanel', { name: 'Resources' });
  await resources
    .getByRole('button', { name: /constructor/ })
    .first()
    .click();
  await expect(resources.getByText('contents of constructor').first()).toBeVisible();
  await expect(resources.getByRole('button', { name: /^Subscribe/ })).toBeVisible();
});
