// An app's lifecycle in the page, on test/fixtures/apps/lifecycle-apps.mjs: the
// permissions its resource declares are granted only on Allow (the frames'
// `allow` attributes say so) and Deny loads it with none; a custom viewport
// reaches it as ui/notifications/host-context-changed; closing it sends
// ui/resource-teardown and waits for the answer, at most a second.
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appChannelRows, appIn, appSection } from './fixtures/apps.js';
import { callToolWithoutArguments, connectToScript } from './fixtures/connect.js';

const server = fileURLToPath(new URL('../test/fixtures/apps/lifecycle-apps.mjs', import.meta.url));

/** The sandbox page's frame and, inside it, the app's own frame. */
const frames = (section: Locator) => ({ outer: section.locator('iframe').first(), inner: section.frameLocator('iframe').first().locator('iframe') });

async function callFromTools(page: Page, tool: string): Promise<Locator> {
  await connectToScript(page, server, 'lifecycle-apps');
  await callToolWithoutArguments(page, tool);
  return appSection(page, tool);
}

test('Allow grants the frame exactly the permissions the resource declares, and says so', async ({ page }) => {
  const section = await callFromTools(page, 'ask_permissions');
  const prompt = section.getByRole('group', { name: 'This app asks for browser permissions' });
  await expect(prompt.getByRole('list', { name: 'Permissions the app asks for' })).toHaveText(/Camera\s*Location/);
  await expect(section.locator('iframe')).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Allow' }).click();
  await expect(appIn(section).getByText('running')).toBeVisible();
  const { outer, inner } = frames(section);
  await expect(outer).toHaveAttribute('allow', /^camera[^;]*; geolocation[^;]*$/);
  await expect(inner).toHaveAttribute('allow', 'camera; geolocation');
  await expect(section.getByRole('region', { name: /What app \d+ said/ })).toContainText(
    "Permissions: You allowed the permissions the app's resource declares (camera, location): its frame is given exactly those.",
  );
});

test('Deny loads the app with none of the permissions, and the panel and the Log say it was denied', async ({ page }) => {
  const section = await callFromTools(page, 'ask_permissions');
  await section.getByRole('group', { name: 'This app asks for browser permissions' }).getByRole('button', { name: 'Deny' }).click();
  await expect(appIn(section).getByText('running')).toBeVisible();
  const { outer, inner } = frames(section);
  await expect(outer).not.toHaveAttribute('allow');
  await expect(inner).not.toHaveAttribute('allow');
  const denied = "You denied the permissions the app's resource declares (camera, location): its frame is given none of them";
  await expect(section.getByRole('region', { name: /What app \d+ said/ })).toContainText(`Permissions: ${denied}`);
  const rows = await appChannelRows(page);
  await expect(rows.filter({ hasText: denied })).toHaveCount(1);
});

test('a custom viewport is checked, and a good one reaches the app as host-context-changed, in the Log', async ({ page }) => {
  await connectToScript(page, server, 'lifecycle-apps');
  await page.getByRole('tab', { name: 'Apps' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Apps' });
  await panel
    .getByRole('list', { name: 'Tools with an app' })
    .getByRole('button', { name: /viewport/ })
    .click();
  await panel.getByRole('region', { name: 'Tool viewport' }).getByRole('button', { name: 'Call tool' }).click();
  const section = panel.getByRole('region', { name: /^App \d+ of viewport$/ });
  await expect(appIn(section).getByText('running')).toBeVisible();

  await panel.getByLabel('Viewport', { exact: true }).selectOption('custom');
  await expect(appIn(section).getByText('viewport 600x400')).toBeVisible();
  const width = panel.getByLabel('Width');
  await width.fill('50');
  await expect(panel.getByRole('alert')).toHaveText('Width must be a whole number of pixels from 100 to 4000, not "50"; the apps keep 600 px until it is.');
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await width.fill('512');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await panel.getByLabel('Height').fill('300');
  await expect(appIn(section).getByText('viewport 512x300')).toBeVisible();
  await expect(appIn(section).getByText(/^viewport 50x/)).toHaveCount(0);
  await expect(section.locator('.tool-app-frame')).toHaveCSS('width', '512px');

  const rows = await appChannelRows(page);
  const changed = rows.filter({ hasText: 'ui/notifications/host-context-changed' }).last();
  await changed.click();
  const detail = page.getByRole('tabpanel', { name: 'Log' }).getByRole('region', { name: 'Frame detail' });
  await expect(detail).toContainText(/"containerDimensions":\s*\{\s*"width":\s*512,\s*"maxHeight":\s*300\s*\}/);
});

test('closing an app sends ui/resource-teardown and removes the frame once the app answered', async ({ page }) => {
  const section = await callFromTools(page, 'viewport');
  await expect(appIn(section).getByText('running')).toBeVisible();
  await section.getByRole('button', { name: 'Close the app' }).click();
  await expect(section.getByRole('status')).toHaveText(/^The app answered ui\/resource-teardown in [\d,]+ ms; its frame is removed\. Call the tool again/);
  await expect(section.locator('iframe')).toHaveCount(0);
  const rows = await appChannelRows(page);
  await expect(rows.filter({ hasText: 'ui/resource-teardown' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'The app answered ui/resource-teardown' })).toHaveCount(1);
});

test('an app that does not answer ui/resource-teardown keeps its frame a second, then it goes and the panel and the Log say so', async ({ page }) => {
  const section = await callFromTools(page, 'stuck_teardown');
  await expect(appIn(section).getByText('running')).toBeVisible();
  await section.getByRole('button', { name: 'Close the app' }).click();
  // While the host waits, the app is still there: it got the request.
  await expect(appIn(section).getByText('asked to tear down: not answering')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Closing…' })).toBeDisabled();
  const timedOut = 'The app did not answer ui/resource-teardown within 1 s, so its frame was removed without waiting longer';
  await expect(section.getByRole('status')).toContainText(timedOut);
  await expect(section.locator('iframe')).toHaveCount(0);
  const rows = await appChannelRows(page);
  await expect(rows.filter({ hasText: timedOut })).toHaveCount(1);
});

test('closing an app whose sandbox never started (an older proxy) removes it at once and says so', async ({ page }) => {
  // An older proxy: its /api/config names no app sandbox.
  await page.route('**/api/config*', async (route) => {
    const response = await route.fetch();
    const { sandboxUrl: _dropped, ...older } = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: older });
  });
  const section = await callFromTools(page, 'viewport');
  await expect(section.getByRole('alert')).toContainText('this mcpscope proxy has no app sandbox');
  await section.getByRole('button', { name: 'Close the app' }).click();
  const removed = "The app's sandbox never started: there was no app to send ui/resource-teardown to, so it was removed at once.";
  await expect(section.getByRole('status')).toContainText(removed);
  await expect(section.getByRole('button', { name: /Clos/ })).toHaveCount(0);
  const rows = await appChannelRows(page);
  await expect(rows.filter({ hasText: removed })).toHaveCount(1);
});
