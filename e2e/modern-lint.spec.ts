// Lint of the 2026-07-28 generation in the page: a hand server of that
// revision whose results lack resultType (and whose lists lack the cache
// fields) shows those findings in the Problems tab, linked to 2026-07-28.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const modernServer = fileURLToPath(new URL('../test/fixtures/modern-hand-server.mjs', import.meta.url));

async function connectModern(page: Page, mode: string): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`${modernServer} --mode ${mode}`);
  await page.getByLabel('Protocol version').selectOption('2026-07-28');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('Connected');
}

test('a 2026-07-28 server whose results lack resultType: MODERN-RESULT-TYPE and MODERN-CACHE in the Problems tab', async ({ page }) => {
  await connectModern(page, 'no-result-type');
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  const resultType = problems.getByRole('row').filter({ hasText: 'MODERN-RESULT-TYPE' });
  await expect(resultType).toBeVisible();
  await expect(resultType.getByRole('link')).toHaveAttribute('href', 'https://modelcontextprotocol.io/specification/2026-07-28/basic#resulttype');
  await resultType.getByRole('button', { name: 'MODERN-RESULT-TYPE' }).click();
  await expect(problems.getByRole('list', { name: 'Findings of MODERN-RESULT-TYPE' })).toContainText(
    'The server/discover result has no resultType; every 2026-07-28 result carries one ("complete" for an ordinary result).',
  );
  await expect(problems.getByRole('row').filter({ hasText: 'MODERN-CACHE' })).toBeVisible();
  // The rules of the initialize generation are not applied to a connection without initialize.
  for (const rule of ['LC-EARLY-CLIENT', 'LC-NO-INITIALIZED', 'LINT-INTERNAL'])
    await expect(problems.getByRole('row').filter({ hasText: rule })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/modern-lint-problems.png', fullPage: true });
});

test('a 2026-07-28 server that follows the revision: no MODERN findings', async ({ page }) => {
  await connectModern(page, 'clean');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Tools' }).getByRole('button', { name: 'echo', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await expect(problems.getByRole('row').filter({ hasText: 'MODERN-' })).toHaveCount(0);
});
