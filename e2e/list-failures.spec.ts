// A list whose page fails part-way shows both the pages that arrived and
// what went wrong, on every tab that lists something; Retry lists again.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const failingPages = fileURLToPath(new URL('../test/fixtures/failing-pages.mjs', import.meta.url));

const connect = (page: Page) => connectToScript(page, failingPages, 'failing-pages');

test('tools/list failing on page 4 keeps the tools of pages 1 to 3 with the error, and Retry gets them all', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  const list = tools.getByRole('list', { name: 'Tools' });
  const alert = tools.getByRole('alert');
  await expect(alert).toContainText(
    '3 pages of tools/list read, page 4 failed: The server answered with error -32603: The tool index is being rebuilt; try again.',
  );
  await expect(alert).toContainText('The 6 tools that arrived before the failure are listed below.');
  await expect(list.getByRole('button')).toHaveCount(6);
  await expect(tools.getByText('6 tools · 3 pages')).toBeVisible();
  // What arrived can be used.
  await list.getByRole('button', { name: 'tool_6', exact: true }).click();
  await expect(tools.getByRole('region', { name: 'Tool tool_6' })).toBeVisible();
  await page.screenshot({ path: '/tmp/finish9-tools-partial.png' });

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(list.getByRole('button')).toHaveCount(8);
  await expect(tools.getByText('8 tools · 4 pages')).toBeVisible();
  await expect(tools.getByRole('alert')).toHaveCount(0);
});

test('resources, templates and prompts show what arrived before the failure, and the failure', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('tabpanel', { name: 'Resources' });
  const resourceSection = resources.getByRole('region', { name: /^Resources/ });
  await expect(resourceSection.getByRole('alert')).toContainText('Only part of the resources arrived');
  await expect(resourceSection.getByRole('alert')).toContainText(
    '1 page of resources/list read, page 2 failed: The server answered with error -32603: The resource store went away. The 2 that arrived before that are listed below.',
  );
  await expect(resourceSection.getByRole('list', { name: 'Resources' }).getByRole('listitem')).toHaveCount(2);
  const templates = resources.getByRole('region', { name: /^Templates/ });
  await expect(templates.getByRole('alert')).toContainText(
    '1 page of resources/templates/list read, page 2 failed: The resources/templates/list result has no "resourceTemplates" array.',
  );
  await expect(templates.getByText('test://item/{id}')).toBeVisible();
  await page.screenshot({ path: '/tmp/finish9-resources-partial.png' });

  await page.getByRole('tab', { name: 'Prompts' }).click();
  const prompts = page.getByRole('tabpanel', { name: 'Prompts' });
  await expect(prompts.getByRole('alert')).toContainText('Could not list prompts');
  await expect(prompts.getByRole('alert')).toContainText('prompts/list failed: The server answered with error -32603: Prompts are not ready.');
  await expect(prompts.getByText('The server lists no prompts.')).toHaveCount(0);
});
