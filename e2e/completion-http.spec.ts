// Completion over Streamable HTTP: server-everything's completable-prompt,
// picked with the keyboard, through the proxy.
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';

let everything: FixtureProcess;

test.beforeAll(async () => {
  everything = await startFixture(everythingFixture, ['streamableHttp']);
});
test.afterAll(async () => {
  await everything?.stop();
});

test('Streamable HTTP: department → name completions of server-everything', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Transport').selectOption('http');
  await page.getByLabel('URL').fill(`${everything.origin}/mcp`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('Connected');
  await page.getByRole('tab', { name: 'Prompts' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Prompts' });
  await panel.getByRole('button', { name: /completable-prompt/ }).click();
  const form = panel.getByRole('form', { name: 'Arguments of completable-prompt' });

  await form.getByRole('combobox', { name: 'department' }).pressSequentially('S');
  const departments = page.getByRole('listbox', { name: 'Suggestions for department' }).getByRole('option');
  await expect(departments).toHaveText(['Sales', 'Support']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('combobox', { name: 'department' })).toHaveValue('Support');

  await form.getByRole('combobox', { name: 'name' }).press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Suggestions for name' }).getByRole('option')).toHaveText(['John', 'Kim', 'Lee']);
});
