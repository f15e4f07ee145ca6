// A narrow window: the strip of connections gets a row of its own under the title, and the tab in view
// is whole inside it (scrolled to once its name grows from "New connection" to the server's).
import { expect, test, type Locator } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

/** Whether `inner`'s box lies within `outer`'s, left to right. */
async function horizontallyInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  return a !== null && b !== null && a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test('at 800×600 three connections: the strip is a row of its own and the one in view is whole', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(`/#token=${E2E_TOKEN}`);
  const strip = page.getByRole('navigation', { name: 'Open connections' });
  const status = page.getByRole('status', { name: 'Connection status' });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(status).toContainText('mcpscope demo server');
  for (let i = 0; i < 2; i++) {
    await strip.getByRole('button', { name: '+ New connection' }).click();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(strip.getByRole('listitem')).toHaveCount(i + 2);
    await expect(status).toContainText('mcpscope demo server');
  }
  const title = page.getByRole('heading', { name: 'mcpscope', level: 1 });
  const [titleBox, stripBox] = await Promise.all([title.boundingBox(), strip.boundingBox()]);
  expect(stripBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height);
  await expect(page.locator('.app-header .tagline')).toBeHidden();

  const active = strip.getByRole('listitem').filter({ has: page.locator('[aria-pressed="true"]') });
  await expect(active).toHaveCount(1);
  await expect(active.getByRole('button', { name: /^Close / })).toBeVisible();
  await expect.poll(() => horizontallyInside(active, strip.getByRole('list'))).toBe(true);
  // The first tab, scrolled out of the way, is brought back whole when chosen.
  const first = strip.getByRole('listitem').first();
  await first.getByRole('button', { name: /^mcpscope demo server/ }).click();
  await expect.poll(() => horizontallyInside(first, strip.getByRole('list'))).toBe(true);
});
