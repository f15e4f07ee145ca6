// Compare: the demo (2025) and the modern demo (2026-07-28) open side by side, and the changes from one to
// the other, breaking first, with their paths and reasons; swapping A and B turns them around.
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { MODERN_DEMO_TITLE } from './fixtures/demo.js';

const failingPages = fileURLToPath(new URL('../test/fixtures/failing-pages.mjs', import.meta.url));
const modernDemo = fileURLToPath(new URL('../dist/node/examples/servers/modern-demo-server.js', import.meta.url));
const strip = (page: Page) => page.getByRole('navigation', { name: 'Open connections' });
const status = (page: Page) => page.getByRole('status', { name: 'Connection status' });
const shots = process.env.MCPSCOPE_SHOTS;

/** The demo in the first connection, then `script` in a second one. */
async function demoAnd(page: Page, script: string, serverName: string, version?: string): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(status(page)).toContainText('mcpscope demo server');
  await strip(page).getByRole('button', { name: '+ New connection' }).click();
  await expect(status(page)).not.toContainText('mcpscope demo server');
  // The other scope's form is kept, hidden: roles find the one in view.
  await page.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await page.getByRole('textbox', { name: 'Arguments' }).fill(JSON.stringify(script));
  if (version) await page.getByRole('combobox', { name: 'Protocol version' }).selectOption(version);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(status(page)).toContainText(serverName);
}

test('two open connections compared: breaking changes first, with paths and reasons; Swap turns them around', async ({ page }) => {
  await demoAnd(page, modernDemo, MODERN_DEMO_TITLE, '2026-07-28');
  await page.getByRole('tab', { name: 'Compare' }).click();
  const compare = page.getByRole('tabpanel', { name: 'Compare' });
  await expect(compare.getByRole('combobox', { name: 'A (old)' })).toHaveValue(/\d+/);
  await expect(compare.getByRole('combobox', { name: 'A (old)' }).locator('option:checked')).toHaveText(/^1\. mcpscope demo server/);
  await expect(compare.getByRole('combobox', { name: 'B (new)' }).locator('option:checked')).toHaveText(new RegExp(`^2\\. ${MODERN_DEMO_TITLE}`));
  await expect(compare.getByRole('region', { name: 'A (old)' })).toContainText(/\d+ tools · \d+ resources/);
  await expect(compare.getByRole('region', { name: 'B (new)' })).toContainText(/\d+ tools · \d+ resources/);

  const changes = compare.getByRole('region', { name: 'Changes' });
  await expect(changes.getByRole('status')).toHaveText(/^\d+ breaking changes, \d+ compatible\.$/);
  const breaking = changes.getByRole('list', { name: /^Breaking changes/ });
  await expect(breaking.getByRole('listitem').filter({ hasText: 'tool "multiply" removed' })).toContainText('The tool was removed: a host that uses it fails.');
  const echo = breaking.getByRole('listitem').filter({ hasText: 'tool "echo" changed' }).first();
  await expect(echo).toContainText('/inputSchema/properties/text');
  await expect(echo).toContainText('Required argument "text" added: a host that does not send it is refused.');
  // Breaking comes before compatible.
  const headings = await changes.getByRole('heading').allTextContents();
  expect(headings[0]).toMatch(/^Breaking changes \(\d+\)$/);

  // No serious or critical accessibility violation in the view, light or dark.
  for (const theme of ['Light', 'Dark']) {
    await page.getByLabel('Theme').selectOption({ label: theme });
    const { violations } = await new AxeBuilder({ page }).include('[role="tabpanel"]:not([hidden])').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme}: ${v.id} ${v.help}`)).toEqual([]);
  }
  await page.getByLabel('Theme').selectOption({ label: 'System' });

  // MCPSCOPE_SHOTS=DIR: the view at both sizes in both themes, to look at.
  if (shots) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [width, height] of [
        [1280, 800],
        [800, 600],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${shots}/compare-${width}x${height}-${colorScheme}.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await compare.getByRole('button', { name: 'Swap A and B' }).click();
  await expect(compare.getByRole('combobox', { name: 'A (old)' }).locator('option:checked')).toHaveText(new RegExp(`^2\\. ${MODERN_DEMO_TITLE}`));
  const compatible = changes.getByRole('list', { name: /^Compatible changes/ });
  await expect(compatible.getByRole('listitem').filter({ hasText: 'tool "multiply" added' })).toBeVisible();
});

test('a side whose list fails says which list and what to do, and nothing is compared', async ({ page }) => {
  await demoAnd(page, failingPages, 'failing-pages');
  await page.getByRole('tab', { name: 'Compare' }).click();
  const compare = page.getByRole('tabpanel', { name: 'Compare' });
  await expect(compare.getByRole('region', { name: 'B (new)' }).getByRole('alert')).toHaveText(
    /^3 pages of tools\/list read, page 4 failed: .+ Refresh the list in its tab, then compare again\.$/,
  );
  await expect(compare.getByRole('region', { name: 'A (old)' })).toContainText(/\d+ tools · /);
  await expect(compare.getByRole('region', { name: 'Changes' })).toHaveCount(0);
});

test('with one connection, Compare says to open a second', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Compare' })).toContainText('Open a second connection with “+ New connection”, connect it');
});
