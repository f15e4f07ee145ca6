// A server asks the user for input (elicitation/create): a real form, and the
// answer the server gets back.
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { callTool } from './fixtures/connect.js';

/** Connected to the demo, on the Tools tab. */
async function openTools(page: Page) {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Connected');
  await page.getByRole('tab', { name: 'Tools' }).click();
  return page.getByRole('tabpanel', { name: 'Tools' });
}

async function callSignUp(page: Page) {
  const tools = await openTools(page);
  await tools.getByRole('button', { name: 'sign_up', exact: true }).click();
  await tools.getByRole('button', { name: 'Call tool' }).click();
  return tools;
}

test('accept: the form from requestedSchema sends typed content', async ({ page }) => {
  const tools = await callSignUp(page);
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await expect(dialog).toContainText('Please tell us about yourself.');
  await expect(dialog.getByLabel('Name')).toHaveValue('Ann');
  // Age is required: accepting without it is caught here, nothing is sent.
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByRole('alert')).toContainText('missing required property "age"');
  await dialog.getByLabel('Age').fill('42');
  await dialog.getByLabel('Plan').selectOption('pro');
  await dialog.getByLabel('Newsletter').check();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tools.getByText('accept: {"name":"Ann","age":42,"plan":"pro","newsletter":true}', { exact: true })).toBeVisible();
});

test('decline and cancel are answers too', async ({ page }) => {
  const tools = await callSignUp(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect(tools.getByText('decline: {}', { exact: true })).toBeVisible();
  await tools.getByRole('button', { name: 'Call tool' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(tools.getByText('cancel: {}', { exact: true })).toBeVisible();
});

test('Escape cancels, and Tab stays inside the dialog', async ({ page }) => {
  const tools = await callSignUp(page);
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(tools.getByText('cancel: {}', { exact: true })).toBeVisible();
});

test('the server cancels its question: the dialog closes, no answer is sent, and the Log says why', async ({ page }) => {
  await openTools(page);
  const tools = await callTool(page, 'ask_then_withdraw', { afterMs: '2500' });
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await expect(dialog).toContainText('This question will be cancelled shortly.');
  // Nobody answers: the server cancels, and the dialog goes by itself.
  await expect(dialog).toHaveCount(0, { timeout: 10_000 });
  await expect(tools.getByText('Asked with elicitation/create, then cancelled it after 2500 ms (notifications/cancelled).', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: 'The server cancelled this request (notifications/cancelled) before it was answered.' })).toHaveCount(1);
  await expect(log.getByRole('row').filter({ hasText: '"action":"cancel"' })).toHaveCount(0);
});
