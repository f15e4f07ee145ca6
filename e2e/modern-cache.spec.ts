import { expect, test, type Page } from '@playwright/test';
import { connectModern } from './fixtures/modern.js';

// A hand 2026-07-28 fixture whose lists and reads carry ttlMs / cacheScope, each answer numbered.
const connect = (page: Page, flags = '') => connectModern(page, flags);

test('a cached tool list shows its freshness, is not asked for again within its ttl, and Refresh anyway asks', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('region', { name: 'Tool list' });
  await expect(tools.getByText('tools/list #1')).toBeVisible();
  await expect(tools.getByRole('group', { name: 'Caching of the tool list' })).toHaveText('fresh for 60 s · public');

  // Showing the list again within its ttl does not ask the server.
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(tools.getByText('tools/list #1')).toBeVisible();

  await tools.getByRole('button', { name: 'Refresh anyway' }).click();
  await expect(tools.getByText('tools/list #2')).toBeVisible();
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  // Two requests and their two answers.
  await expect(log.getByRole('row').filter({ hasText: 'tools/list' })).toHaveCount(4);
});

test('a list whose ttl ran out says stale and is asked for again when shown', async ({ page }) => {
  await connect(page, '--ttl 1500');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('region', { name: 'Tool list' });
  await expect(tools.getByText('tools/list #1')).toBeVisible();
  await expect(tools.getByRole('group', { name: 'Caching of the tool list' })).toHaveText('stale (was fresh for 1.5 s) · public', { timeout: 5000 });
  await expect(tools.getByRole('button', { name: 'Refresh', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(tools.getByText('tools/list #2')).toBeVisible();
});

test('a cached read: Read again within its ttl keeps it, Re-read anyway reads', async ({ page }) => {
  await connect(page);
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(page.getByRole('group', { name: 'Caching of the resource list' })).toHaveText('fresh for 60 s · private');
  await page.getByRole('button', { name: 'Read cache://clock' }).click();
  const viewer = page.getByRole('region', { name: 'Resource contents' });
  const contents = viewer.getByLabel('Text of cache://clock');
  await expect(contents).toHaveText('resources/read #1');
  await expect(viewer.getByRole('group', { name: 'Caching of this read' })).toHaveText('fresh for 60 s · private');
  await page.getByRole('button', { name: 'Read cache://clock' }).click();
  await expect(contents).toHaveText('resources/read #1');
  await viewer.getByRole('button', { name: 'Re-read anyway' }).click();
  await expect(contents).toHaveText('resources/read #2');
  await page.screenshot({ path: 'test-results/modern-cache-read.png' });
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('group', { name: 'Caching of the tool list' })).toBeVisible();
  await page.screenshot({ path: 'test-results/modern-cache-tools.png' });
});

test('cache fields a client cannot use are ignored with a note, and the list behaves as one without them', async ({ page }) => {
  await connect(page, '--bad-cache');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('region', { name: 'Tool list' });
  const caching = tools.getByRole('group', { name: 'Caching of the tool list' });
  await expect(caching).toContainText('ttlMs "soon" is not a number: ignored.');
  await expect(caching).toContainText('cacheScope "shared" is neither "public" nor "private": ignored.');
  await expect(tools.getByRole('button', { name: 'Refresh', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/modern-cache-bad.png' });
});
