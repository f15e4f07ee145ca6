// The shell keeps the connection in view: at 1280×800 and 800×600 the status and Connect (or
// Disconnect) are inside the viewport on every tab, before and after connecting; a crash's exit
// code and stderr show without scrolling; the server settings collapse (kept across a reload) or,
// on a narrow page, open as a drawer; Reconnect works from the bar.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { bareJsonRpcFixture, everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';

const modernServer = fileURLToPath(new URL('../test/fixtures/modern-server.mjs', import.meta.url));
const flakyServer = fileURLToPath(new URL('../test/fixtures/flaky-server.mjs', import.meta.url));

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const TABS = ['Ping', 'Tools', 'Resources', 'Prompts', 'Tasks', 'Log', 'Server messages', 'Console', 'Network', 'Problems', 'Composer'];
const SHOTS = '/tmp/shell-shots';

const status = (page: Page) => page.getByRole('status', { name: 'Connection status' });
const bar = (page: Page) => page.getByRole('region', { name: 'Active connection' });
const button = (page: Page, name: string) => bar(page).getByRole('button', { name, exact: true });

/** The whole of `locator` lies inside the viewport, as the page is now (no scrolling). */
async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${what} has a box`).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (box === null || viewport === null) return;
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
  expect(inside, `${what} at ${JSON.stringify(box)} is inside ${viewport.width}×${viewport.height}`).toBe(true);
}

async function visitTabs(page: Page, tabs: readonly string[], action: string, shot?: string): Promise<void> {
  for (const name of tabs) {
    await page.getByRole('tab', { name, exact: true }).click();
    const panel = page.getByRole('tabpanel', { name, exact: true });
    await expect(panel).toBeVisible();
    // A tab of its own chunk says so while it loads: the screenshot is of the tab itself.
    await expect(panel.getByText(/^Loading the .+ tab…$/)).toHaveCount(0);
    await expectInViewport(page, status(page), `the status on ${name}`);
    await expectInViewport(page, button(page, action), `${action} on ${name}`);
    if (shot !== undefined) await page.screenshot({ path: `${SHOTS}/${shot}-${name.toLowerCase().replace(/\s+/g, '-')}.png` });
  }
}

async function openSettingsIfDrawer(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Server settings' });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(page.getByLabel('Command')).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme}`, () => {
    test.use({ colorScheme: scheme });
    for (const viewport of VIEWPORTS) {
      const size = `${viewport.width}x${viewport.height}`;
      test.describe(`at ${size}`, () => {
        test.use({ viewport });

        test('the status and Connect, then Disconnect, are in view on every tab, before and after connecting', async ({ page }) => {
          mkdirSync(SHOTS, { recursive: true });
          await page.goto(`/#token=${E2E_TOKEN}`);
          await expect(status(page)).toHaveText('Not connected.');
          await visitTabs(page, TABS, 'Connect');
          await page.screenshot({ path: `${SHOTS}/${scheme}-${size}-before.png` });
          await button(page, 'Connect').click();
          await expect(status(page)).toContainText('mcpscope demo server');
          await expect(bar(page)).toContainText('ready');
          await visitTabs(page, TABS, 'Disconnect', `${scheme}-${size}`);
          await button(page, 'Disconnect').click();
          await expect(status(page)).toContainText('Disconnected.');
        });

        test('a server that exits during initialize: its exit code and stderr are in view above the tabs', async ({ page }) => {
          await page.goto(`/#token=${E2E_TOKEN}`);
          await openSettingsIfDrawer(page);
          await page.getByLabel('Command').fill(process.execPath);
          await page.getByLabel('Arguments').fill(`-e "console.error('fatal: missing API key'); process.exit(3)"`);
          await button(page, 'Connect').click();
          const alert = page.getByRole('region', { name: 'Inspector' }).getByRole('alert');
          await expect(alert).toContainText(/code 3/);
          await expect(bar(page)).toContainText('failed');
          await expectInViewport(page, alert.getByText(/code 3/).first(), 'the exit code');
          await expectInViewport(page, alert.getByLabel('Last stderr lines'), 'the stderr lines');
          await expect(alert.getByLabel('Last stderr lines')).toContainText('fatal: missing API key');
          await expectInViewport(page, button(page, 'Connect'), 'Connect after the crash');
          await page.screenshot({ path: `${SHOTS}/${scheme}-${size}-crash.png` });
        });
      });
    }
  });
}

test.describe('over HTTP', () => {
  let everything: FixtureProcess;
  test.beforeAll(async () => {
    everything = await startFixture(everythingFixture, ['streamableHttp']);
  });
  test.afterAll(async () => {
    await everything?.stop();
  });
  test.use({ colorScheme: 'dark' });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`at ${size}: the URL and transport in the bar, and the status in view on the Authorization tab too`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/#token=${E2E_TOKEN}`);
      await openSettingsIfDrawer(page);
      await page.getByLabel('Transport').selectOption('http');
      await page.getByLabel('URL').fill(`${everything.origin}/mcp`);
      await expect(bar(page)).toContainText(`Connect: ${everything.origin}/mcp`);
      await button(page, 'Connect').click();
      await expect(status(page)).toContainText('Everything Reference Server');
      await expect(status(page).getByRole('definition').filter({ hasText: 'Streamable HTTP' })).toContainText('(chosen by Auto)');
      await visitTabs(page, [...TABS, 'Authorization'], 'Disconnect', `dark-http-${size}`);
      await button(page, 'Disconnect').click();
    });
  }
});

test.describe('the server settings', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('collapse beside the tabs, stay collapsed across a reload, and Connect still works from the bar', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    const toggle = page.getByRole('button', { name: 'Server settings' });
    const settings = page.getByRole('complementary', { name: 'Server settings' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAttribute('aria-controls', (await settings.getAttribute('id')) ?? 'missing');
    const inspector = page.getByRole('region', { name: 'Inspector' });
    const wide = (await inspector.boundingBox())?.width ?? 0;
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(settings).toBeHidden();
    // The tabs take the width.
    expect((await inspector.boundingBox())?.width ?? 0).toBeGreaterThan(wide + 250);

    await page.reload();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(settings).toBeHidden();
    await button(page, 'Connect').click();
    await expect(status(page)).toContainText('mcpscope demo server');

    await toggle.click();
    await expect(settings).toBeVisible();
    await expect(settings.getByRole('region', { name: 'Server details' }).getByRole('list', { name: 'Server capabilities' })).toBeVisible();
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('a form Connect cannot use opens the collapsed settings at its error', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Command').fill('');
    const toggle = page.getByRole('button', { name: 'Server settings' });
    await toggle.click();
    await button(page, 'Connect').click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const error = page.getByRole('complementary', { name: 'Server settings' }).getByRole('alert');
    await expect(error).toContainText('Enter a command to start the server');
    await expectInViewport(page, error, 'the form’s error');
    await expect(status(page)).toHaveText('Not connected.');
  });

  test('a form error is brought into view when Connect is pressed with the settings open', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Command').fill('');
    await button(page, 'Connect').click();
    await expectInViewport(page, page.getByRole('complementary', { name: 'Server settings' }).getByRole('alert'), 'the form’s error');
  });

  test('Enter in a field connects, as the Connect button does', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Command').press('Enter');
    await expect(status(page)).toContainText('mcpscope demo server');
  });

  test('Reconnect from the bar starts a new connection with the same settings', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await button(page, 'Connect').click();
    await expect(status(page)).toContainText('mcpscope demo server');
    await expect(bar(page)).toContainText('#1');
    await button(page, 'Reconnect').click();
    await expect(bar(page)).toContainText('#2');
    await expect(status(page)).toContainText('mcpscope demo server');
    await expect(bar(page)).toContainText('ready');
    await button(page, 'Disconnect').click();
  });

  test('the last round trip is in the bar once a ping is answered', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await button(page, 'Connect').click();
    await expect(status(page)).toContainText('mcpscope demo server');
    await page.getByRole('tab', { name: 'Ping' }).click();
    await page.getByRole('button', { name: 'Send ping' }).click();
    await expect(bar(page)).toContainText(/RTT \d+(\.\d+)? (ms|s)/);
    await button(page, 'Disconnect').click();
  });
});

test.describe('on a narrow page', () => {
  test.use({ viewport: { width: 800, height: 600 } });

  test('the settings are a drawer: closed at first, opened by the toggle, closed by Escape and by Connect', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    const toggle = page.getByRole('button', { name: 'Server settings' });
    const settings = page.getByRole('complementary', { name: 'Server settings' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(settings).toBeHidden();
    await toggle.click();
    await expect(settings).toBeVisible();
    // The keyboard is where the drawer is, and comes back to the toggle when it closes.
    await expect(settings.locator(':focus')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/drawer-800x600.png` });
    await page.getByLabel('Command').press('Escape');
    await expect(settings).toBeHidden();
    await expect(toggle).toBeFocused();
    // A click beside the drawer closes it.
    await toggle.click();
    await expect(settings).toBeVisible();
    await page.mouse.click(790, 590);
    await expect(settings).toBeHidden();
    await toggle.click();
    await button(page, 'Connect').click();
    await expect(settings).toBeHidden();
    await expect(status(page)).toContainText('mcpscope demo server');
    await button(page, 'Disconnect').click();
  });
});

test.describe('offers on a small page', () => {
  test.use({ viewport: { width: 800, height: 600 } });
  let bare: FixtureProcess;
  test.beforeAll(async () => {
    bare = await startFixture(bareJsonRpcFixture);
  });
  test.afterAll(async () => {
    await bare?.stop();
  });

  test('"does not implement initialize": the offer is in view above the tabs, and the bar waits for the person', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await openSettingsIfDrawer(page);
    await page.getByLabel('Transport').selectOption('http');
    await page.getByLabel('URL').fill(`${bare.origin}/`);
    await button(page, 'Connect').click();
    const offer = page.getByRole('region', { name: 'Inspector' }).getByRole('alert').filter({ hasText: 'does not implement initialize' });
    await expectInViewport(page, offer.getByRole('button', { name: 'Continue without initialize' }), 'Continue without initialize');
    await expect(bar(page)).toContainText('waiting for you');
    await page.screenshot({ path: `${SHOTS}/offer-initialize-800x600.png` });
    await offer.getByRole('button', { name: 'Continue without initialize' }).click();
    await expect(status(page)).toContainText('Connected without initialize');
    await expect(bar(page)).toContainText('ready');
    await button(page, 'Disconnect').click();
  });

  test('a refused version: "Reconnect with 2025-11-25" is in view above the tabs, and the bar says failed', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await openSettingsIfDrawer(page);
    await page.getByLabel('Command').fill(process.execPath);
    await page.getByLabel('Arguments').fill(`${modernServer} refuses`);
    await page.getByLabel('Protocol version').selectOption('2026-07-28');
    await button(page, 'Connect').click();
    const offer = page.getByRole('region', { name: 'Inspector' }).getByRole('alert').filter({ hasText: 'does not speak this protocol version' });
    await expectInViewport(page, offer.getByRole('button', { name: 'Reconnect with 2025-11-25' }), 'Reconnect with 2025-11-25');
    await expect(bar(page)).toContainText('failed');
    await offer.getByRole('button', { name: 'Reconnect with 2025-11-25' }).click();
    await expect(status(page).getByLabel('Protocol generation')).toHaveText(/^Legacy · 2025-11-25/);
    await button(page, 'Disconnect').click();
  });
});

test('a heartbeat that gets no answer makes the bar say stale', async ({ page }) => {
  const marker = join(mkdtempSync(join(tmpdir(), 'mcpscope-e2e-')), 'first-run');
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`${flakyServer} --silent-first ${marker}`);
  await button(page, 'Connect').click();
  await expect(bar(page)).toContainText('ready');
  await page.getByRole('tab', { name: 'Ping' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ping' });
  await panel.getByLabel('Interval').fill('200');
  await panel.getByLabel('Timeout').fill('150');
  await panel.getByRole('checkbox', { name: 'Auto-reconnect' }).uncheck();
  await panel.getByRole('button', { name: 'Start heartbeat' }).click();
  await expect(bar(page).getByText('stale', { exact: true })).toBeVisible();
  await expect(bar(page)).toContainText('RTT no answer');
  await panel.getByRole('button', { name: 'Stop heartbeat' }).click();
  await button(page, 'Disconnect').click();
});
