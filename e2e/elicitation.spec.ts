// A server asks the user for input (elicitation/create): a real form, and the
// answer the server gets back.
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

async function callSignUp(page: Page) {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Connected');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
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
