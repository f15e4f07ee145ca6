// Tool schemas that attack the page: a pattern that backtracks exponentially
// (in an argument with a default that triggers it, and in an outputSchema), a
// pattern with lookahead, and an inputSchema 3,000 levels deep.
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const hostileServer = fileURLToPath(new URL('../test/fixtures/hostile-schemas.mjs', import.meta.url));

async function openTools(page: Page): Promise<Locator> {
  await connectToScript(page, hostileServer, 'hostile-schemas');
  await page.getByRole('tab', { name: 'Tools' }).click();
  return page.getByRole('tabpanel', { name: 'Tools' });
}

async function selectTool(tools: Locator, name: string): Promise<Locator> {
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();
  return tools.getByRole('region', { name: `Tool ${name}` });
}

/** Milliseconds the page's main thread takes to answer. */
const roundTrip = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        setTimeout(() => resolve(performance.now() - start), 0);
      }),
  );

test('a pattern that backtracks exponentially, with a default that triggers it, does not freeze the page', async ({ page }) => {
  const tools = await openTools(page);
  const started = Date.now();
  const tool = await selectTool(tools, 'evil_pattern');
  await expect(tool.getByLabel('word')).toHaveValue(`${'a'.repeat(30)}!`);
  // Another tab answers at once.
  await page.getByRole('tab', { name: 'Ping' }).click();
  await expect(page.getByRole('tab', { name: 'Ping' })).toHaveAttribute('aria-selected', 'true');
  const elapsed = Date.now() - started;
  expect(elapsed).toBeLessThan(3000);
  expect(await roundTrip(page)).toBeLessThan(500);

  // The verdict is still right: the default does not match.
  await page.getByRole('tab', { name: 'Tools' }).click();
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(tool.getByText('/word: must match pattern "^(a+)+$"')).toBeVisible();
});

test('an outputSchema pattern that backtracks exponentially is checked without freezing, with the right verdict', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'evil_output');
  const started = Date.now();
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result.getByText('Does not match outputSchema')).toBeVisible();
  await expect(result.getByRole('list', { name: 'outputSchema problems' })).toContainText('/word: must match pattern "^(a+)+$"');
  const elapsed = Date.now() - started;
  expect(elapsed).toBeLessThan(3000);
  expect(await roundTrip(page)).toBeLessThan(500);
});

test('a pattern with lookahead is not run, and the field says it is not checked', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'lookahead_pattern');
  const note =
    'Not checked before sending: pattern "^(?=[A-Z])[A-Z0-9]{3}$" uses features that cannot be checked safely (such as lookaround or backreferences); not checked.';
  await expect(tool.getByText(note)).toBeVisible();
  await expect(tool.getByLabel('code')).toHaveAccessibleDescription(note);
  // Problems lists it under its own rule.
  await page.getByRole('tab', { name: /^Problems/ }).click();
  await expect(page.getByRole('tabpanel', { name: /Problems/ })).toContainText('TOOL-SCHEMA-SAFE');
});

test('a 3,000-level inputSchema: the tool gets the JSON editor and a note, the other tools still open their forms', async ({ page }) => {
  const tools = await openTools(page);
  const list = tools.getByRole('list', { name: 'Tools' });
  await expect(list.getByRole('button')).toHaveCount(5);
  const deep = await selectTool(tools, 'deep_schema');
  await expect(deep.getByText(/The inputSchema nests more than 128 levels deep, too deep for a form: edit the arguments as JSON/)).toBeVisible();
  const json = deep.getByLabel('arguments (JSON)');
  await expect(json).toHaveValue('{}');
  await json.fill('{"next": {}}');
  await deep.getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('deep_schema: {"next":{}}');

  const plain = await selectTool(tools, 'plain');
  await plain.getByLabel('text').fill('still works');
  await plain.getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('plain: {"text":"still works"}');
  await expect(tools.getByText(/could not be shown/)).toHaveCount(0);
  await selectTool(tools, 'deep_schema');
  await expect(deep.getByText(/The schemas cannot be shown here \(Maximum call stack size exceeded\)/)).toBeAttached();
});
