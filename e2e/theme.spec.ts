import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

// The page's background, as the person sees it: the palette's --bg in light or dark.
const LIGHT_BG = 'rgb(244, 245, 247)';
const DARK_BG = 'rgb(20, 23, 28)';
const background = (page: Page) => page.locator('html').evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe('on a dark system', () => {
  test.use({ colorScheme: 'dark' });

  test('the page is dark when no theme is chosen, and follows the OS setting live', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await expect(page.getByLabel('Theme')).toHaveValue('system');
    expect(await background(page)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
  });

  test('a chosen theme is kept across a reload and wins over the system', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Theme').selectOption({ label: 'Light' });
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await page.reload();
    await expect(page.getByLabel('Theme')).toHaveValue('light');
    expect(await background(page)).toBe(LIGHT_BG);
    await page.getByLabel('Theme').selectOption({ label: 'System' });
    await expect.poll(() => background(page)).toBe(DARK_BG);
  });
});

test('on a light system, Dark is kept across a reload', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  expect(await background(page)).toBe(LIGHT_BG);
  await page.getByLabel('Theme').selectOption({ label: 'Dark' });
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  expect(await background(page)).toBe(DARK_BG);
});

test('a kept Dark is on before the app script runs: no flash of light on a light system', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Theme').selectOption({ label: 'Dark' });
  // Hold the app's entry script: what shows meanwhile is what the first paint shows.
  let release = (): void => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await expect(page.getByLabel('Theme')).toHaveCount(0);
  release();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
});
