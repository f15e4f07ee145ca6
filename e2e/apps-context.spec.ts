// The Apps view as a host: its host-context controls reach the demo's sum app
// (it shows them, and each is a ui/notifications/host-context-changed on the
// Log's app channel); on test/fixtures/apps/lifecycle-apps.mjs's `ask_host`,
// ui/update-model-context is shown in "What the app said", a picture-in-picture
// request is granted (the host offers it) and a mode it does not offer is
// refused; the two sandbox frames carry the spec's attributes, and
// prefersBorder decides the frame's border.
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appChannelRows, appIn, openApp } from './fixtures/apps.js';
import { connectToScript } from './fixtures/connect.js';

const lifecycle = fileURLToPath(new URL('../test/fixtures/apps/lifecycle-apps.mjs', import.meta.url));

/** The demo's show_sum opened from the Apps tab with a and b; the panel and the app's section. */
async function openSumInApps(page: Page): Promise<{ panel: Locator; section: Locator }> {
  await connectToScript(page, undefined, 'mcpscope demo server');
  await page.getByRole('tab', { name: 'Apps' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Apps' });
  await panel
    .getByRole('list', { name: 'Tools with an app' })
    .getByRole('button', { name: /show_sum/ })
    .click();
  const tool = panel.getByRole('region', { name: 'Tool show_sum' });
  await tool.getByLabel('a', { exact: true }).fill('3');
  await tool.getByLabel('b', { exact: true }).fill('4');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const section = panel.getByRole('region', { name: /^App \d+ of show_sum$/ });
  await expect(appIn(section).getByRole('status')).toHaveText(/^Connected to /);
  return { panel, section };
}

/** The app channel's host-context-changed rows whose params match `text`. */
async function contextChanges(page: Page, text: RegExp): Promise<Locator> {
  const rows = await appChannelRows(page);
  return rows.filter({ hasText: 'ui/notifications/host-context-changed' }).filter({ hasText: text });
}

test('the host-context controls make the sum app react, and each change is host-context-changed on the Log', async ({ page }) => {
  const { panel, section } = await openSumInApps(page);
  const app = appIn(section);
  const shown = (n: number) => app.getByRole('definition').nth(n);
  await expect(shown(1)).toHaveText('3 + 4 = 7');

  await panel.getByLabel('Theme').selectOption('dark');
  await expect(shown(2)).toHaveText('dark');
  await panel.getByLabel('Locale').fill('fr-CA');
  await expect(shown(3)).toHaveText('fr-CA');
  await panel.getByLabel('Display mode').selectOption('fullscreen');
  await expect(shown(4)).toHaveText('fullscreen');
  await expect(section).toContainText('· fullscreen');
  await panel.getByLabel('Display mode').selectOption('inline');
  await expect(shown(4)).toHaveText('inline');
  await panel.getByLabel('Viewport', { exact: true }).selectOption('phone');
  await expect(section.locator('.tool-app-frame')).toHaveCSS('width', '375px');
  await panel.getByLabel('Platform').selectOption('mobile');

  await expect(await contextChanges(page, /"theme":\s*"dark"/)).toHaveCount(1);
  await expect(await contextChanges(page, /"locale":\s*"fr-CA"/)).toHaveCount(1);
  await expect(await contextChanges(page, /"displayMode":\s*"fullscreen"/)).toHaveCount(1);
  await expect(await contextChanges(page, /"displayMode":\s*"inline"/)).toHaveCount(1);
  const phone = await contextChanges(page, /"containerDimensions"/);
  await expect(phone).toHaveCount(1);
  await phone.click();
  const detail = page.getByRole('tabpanel', { name: 'Log' }).getByRole('region', { name: 'Frame detail' });
  await expect(detail).toContainText(/"containerDimensions":\s*\{\s*"width":\s*375,\s*"maxHeight":\s*667\s*\}/);
  const mobile = await contextChanges(page, /"platform":\s*"mobile"/);
  await expect(mobile).toHaveCount(1);
  await mobile.click();
  await expect(detail).toContainText(/"deviceCapabilities":\s*\{\s*"touch":\s*true,\s*"hover":\s*false\s*\}/);
});

test('ui/update-model-context from an app is shown in "What the app said" and logged', async ({ page }) => {
  await connectToScript(page, lifecycle, 'lifecycle-apps');
  const section = await openApp(page, 'ask_host');
  const app = appIn(section);
  const said = section.getByRole('region', { name: /What app \d+ said/ });
  await expect(said).toContainText('Nothing yet');
  await app.getByRole('button', { name: 'Update model context' }).click();
  await expect(app.getByText('model context taken')).toBeVisible();
  await expect(said).toContainText('Model context (the latest the app sent):');
  await expect(said.locator('pre')).toContainText('The person is looking at row 7.');
  await expect(said.locator('pre')).toContainText(/"row":\s*7/);
  const rows = await appChannelRows(page);
  await expect(rows.filter({ hasText: 'ui/update-model-context' }).first()).toBeVisible();
});

test('a picture-in-picture request is granted, as the host offers it; a mode the host does not offer is refused', async ({ page }) => {
  await connectToScript(page, lifecycle, 'lifecycle-apps');
  const section = await openApp(page, 'ask_host');
  const app = appIn(section);
  await expect(app.getByText('running')).toBeVisible();
  await app.getByRole('button', { name: 'Picture in picture' }).click();
  await expect(app.getByText('asked for pip, got pip')).toBeVisible();
  await expect(section).toHaveClass(/app-mode-pip/);
  await expect(section.getByRole('button', { name: 'Back to inline' })).toBeVisible();
  await expect(app.getByText('display mode pip')).toBeVisible();

  await app.getByRole('button', { name: 'Theatre' }).click();
  await expect(app.getByText(/^asked for theatre, refused: Invalid params for ui\/request-display-mode/)).toBeVisible();
  await expect(section).toHaveClass(/app-mode-pip/);
  await section.getByRole('button', { name: 'Back to inline' }).click();
  await expect(section).toHaveClass(/app-mode-inline/);
  await expect(app.getByText('display mode inline')).toBeVisible();
});

test("the sandbox frames carry the spec's attributes, and prefersBorder decides the frame's border", async ({ page }) => {
  await connectToScript(page, lifecycle, 'lifecycle-apps');
  const bordered = await openApp(page, 'ask_host');
  await expect(appIn(bordered).getByText('running')).toBeVisible();
  const outer = bordered.locator('iframe').first();
  const inner = bordered.frameLocator('iframe').first().locator('iframe');
  expect(await outer.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
  expect(await inner.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
  await expect(outer).toHaveClass('app-frame app-frame-bordered');
  await expect(outer).toHaveCSS('border-top-width', '1px');

  const plain = await openApp(page, 'viewport');
  await expect(appIn(plain).getByText('running')).toBeVisible();
  const frame = plain.locator('iframe').first();
  await expect(frame).toHaveClass('app-frame');
  await expect(frame).toHaveCSS('border-top-width', '0px');
});
