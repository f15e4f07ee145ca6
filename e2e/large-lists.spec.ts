// A server listing 50,000 tools, resources and prompts, and answering with 10 MB
// of text: the lists keep only a window of items in the page, and a big text
// shows its start with "Show all".
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const largeServer = fileURLToPath(new URL('../test/fixtures/large-server.mjs', import.meta.url));
const connect = (page: Page) => connectToScript(page, `${largeServer} --tools 50000 --text-mb 10`, 'large-server');

test.setTimeout(120_000);

test('50,000 tools open with a window of items; one deep in the list is found by the filter and called', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await expect(tools.getByText('50,001 tools')).toBeVisible({ timeout: 60_000 });
  const list = tools.getByRole('list', { name: 'Tools' });
  await expect(list.getByRole('button', { name: 'big_text', exact: true })).toBeVisible();
  const rendered = await list.getByRole('listitem').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(100);
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '50001');

  await tools.getByLabel('Filter tools').fill('tool_49876');
  await expect(tools.getByText('1 of 50,001 tools')).toBeVisible();
  await list.getByRole('button', { name: 'tool_49876', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool tool_49876' }).getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('tool_49876 called with');
});

test('a 10 MB text result shows its start and "Show all"; the resource of 10 MB shows all once asked', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'big_text', exact: true }).click({ timeout: 60_000 });
  await tools.getByRole('region', { name: 'Tool big_text' }).getByRole('button', { name: 'Call tool' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result.getByText(/^line 1: the quick brown fox/)).toBeVisible({ timeout: 60_000 });
  await expect(result.getByRole('button', { name: 'Show all (10 MB)' })).toBeVisible();
  await expect(result).toContainText('Showing the first 66 kB of 10 MB');
  await expect(result).not.toContainText('line 10000:');

  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('tabpanel', { name: 'Resources' });
  await expect(resources.getByRole('list', { name: 'Annotations of big://text' }).getByRole('listitem')).toHaveText([
    'for user',
    'priority 0.2',
    'modified 2025-06-01 08:30 UTC',
  ]);
  await resources.getByRole('button', { name: 'Read big://text' }).click();
  const text = resources.getByLabel('Text of big://text');
  await expect(text).toContainText('line 1: the quick', { timeout: 60_000 });
  await expect(text).not.toContainText('line 10000:');
  await resources.getByRole('button', { name: 'Show all (10 MB)' }).click();
  await expect(text).toContainText('line 10000: the quick', { timeout: 60_000 });
  await expect(resources.getByRole('button', { name: 'Show all (10 MB)' })).toHaveCount(0);
});
