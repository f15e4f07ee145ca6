// The linter against servers that try it: names that are Object.prototype
// members, and an elicitation with fields the form does not show.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const badServer = fileURLToPath(new URL('../test/fixtures/bad-server.mjs', import.meta.url));

async function connect(page: Page, mode: string) {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`${badServer} --mode ${mode}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Connected');
}

test('methods and tools named constructor, __proto__, toString, hasOwnProperty: linted, and a later bad frame still flagged', async ({ page }) => {
  await connect(page, 'proto-names');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    await tools.getByRole('button', { name, exact: true }).click();
    await tools.getByRole('button', { name: 'Call tool' }).click();
    await expect(tools.getByText(`"name": "${name}"`).first()).toBeVisible();
    await expect(tools.getByText('Matches outputSchema')).toBeVisible();
  }
  // After all that, an ordinary bad frame: ping answered with {"pong":true}.
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' })).toContainText('result is not empty: {"pong":true}');

  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await expect(problems.getByRole('row').filter({ hasText: 'PING-RESULT' })).toBeVisible();
  const unknown = problems.getByRole('row').filter({ hasText: 'METHOD-UNKNOWN' });
  await expect(unknown).toContainText('5');
  await unknown.getByRole('button', { name: 'METHOD-UNKNOWN' }).click();
  await expect(problems.getByRole('list', { name: 'Findings of METHOD-UNKNOWN' })).toContainText('__proto__ is not an MCP notification a server sends.');
  await expect(problems.getByRole('row').filter({ hasText: 'LINT-INTERNAL' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/h3-problems.png', fullPage: true });
});

test('an elicitation with multi-select choices shows them as checkboxes, and says honestly which field it cannot show', async ({ page }) => {
  await connect(page, 'elicit-multi');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('button', { name: 'explode', exact: true }).click();
  await tools.getByRole('button', { name: 'Call tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await expect(dialog).toContainText('Pick your toppings.');
  await expect(dialog).not.toContainText('Not shown yet');
  await expect(dialog).toContainText('Not shown: address. requestedSchema may hold only text, number, boolean and choice fields');
  await expect(dialog).not.toContainText('as the specification requires');
  await page.screenshot({ path: '/tmp/h3-elicitation.png' });
  await dialog.getByLabel('Name').fill('Ann');
  await dialog.getByRole('group', { name: 'Toppings' }).getByRole('checkbox', { name: 'olives' }).check();
  await dialog.getByRole('group', { name: 'Sizes' }).getByRole('checkbox', { name: 'Large' }).check();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(tools.getByText('elicitation answer: {"action":"accept","content":{"name":"Ann","toppings":["olives"],"sizes":["l"]}}')).toBeVisible();
});
