// Several connections at once: the demo over stdio and server-everything over
// Streamable HTTP, each in its own tab of the strip, each showing its own
// server's state; closing one leaves the other ready.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { DEMO_TOOLS } from './fixtures/demo.js';

let everything: FixtureProcess;

test.beforeAll(async () => {
  everything = await startFixture(everythingFixture, ['streamableHttp']);
});
test.afterAll(async () => {
  await everything?.stop();
});

const strip = (page: Page) => page.getByRole('navigation', { name: 'Open connections' });
const status = (page: Page) => page.getByRole('status', { name: 'Connection status' });

async function openTools(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  return page.getByRole('tabpanel', { name: 'Tools' });
}

/** Connects the demo in the first scope and filters its tools down to one. */
async function demoWithFilter(page: Page): Promise<Locator> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(status(page)).toContainText('mcpscope demo server');
  const tools = await openTools(page);
  await tools.getByRole('searchbox', { name: 'Filter tools' }).fill('weather');
  await expect(tools.getByText(`1 of ${DEMO_TOOLS} tools`)).toBeVisible();
  return tools;
}

/** "+ New connection", then server-everything over HTTP in it. */
async function connectEverything(page: Page): Promise<void> {
  await strip(page).getByRole('button', { name: '+ New connection' }).click();
  const server = page.getByRole('region', { name: 'Server' });
  // The new scope's form starts from the launch prefill (the demo over stdio), not from the other scope.
  await expect(server.getByRole('combobox', { name: 'Transport' })).toHaveValue('stdio');
  await expect(status(page)).not.toContainText('mcpscope demo server');
  await server.getByRole('combobox', { name: 'Transport' }).selectOption('http');
  await server.getByRole('textbox', { name: 'URL' }).fill(`${everything.origin}/mcp`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(status(page)).toContainText('Everything Reference Server');
}

test('two servers at once: each tab shows its own server and tools, no filter carried over; closing one leaves the other ready', async ({ page }) => {
  await demoWithFilter(page);
  await connectEverything(page);

  const tabs = strip(page).getByRole('listitem');
  await expect(tabs).toHaveCount(2);
  const demoTab = strip(page).getByRole('button', { name: /^mcpscope demo server/ });
  const everythingTab = strip(page).getByRole('button', { name: /^Everything Reference Server/ });
  await expect(everythingTab).toHaveAttribute('aria-pressed', 'true');
  await expect(demoTab).toHaveAttribute('aria-pressed', 'false');
  await expect(everythingTab).toHaveAccessibleName(/ready$/);

  // server-everything's tools, without the demo's filter.
  let tools = await openTools(page);
  const list = tools.getByRole('list', { name: 'Tools' });
  await expect(list.getByRole('button', { name: 'trigger-long-running-operation', exact: true })).toBeVisible();
  await expect(tools.getByRole('searchbox', { name: 'Filter tools' })).toHaveValue('');
  // (The demo's panel is kept, hidden, with its own "1 of … tools".)
  await expect(tools.getByText(/ of \d+ tools/).filter({ visible: true })).toHaveCount(0);
  await expect(list.getByRole('button', { name: 'get_weather', exact: true })).toHaveCount(0);

  // Back to the demo: its tools and its own filter, as they were left.
  await demoTab.click();
  await expect(demoTab).toHaveAttribute('aria-pressed', 'true');
  await expect(status(page)).toContainText('mcpscope demo server');
  tools = await openTools(page);
  await expect(tools.getByRole('searchbox', { name: 'Filter tools' })).toHaveValue('weather');
  await expect(tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'get_weather', exact: true })).toBeVisible();
  await expect(tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'trigger-long-running-operation' })).toHaveCount(0);

  // The Log keeps both connections.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await log.getByRole('searchbox', { name: 'Search' }).fill('serverInfo');
  // The connection in view by default: its initialize answer only.
  await expect(log.getByRole('row').filter({ hasText: 'initialize' })).toHaveCount(1);
  // All connections merged, with a connection column: both initialize answers, one per server.
  await log.getByLabel('Connection', { exact: true }).selectOption('all');
  await expect(log.getByRole('columnheader', { name: 'Connection' })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'initialize' })).toHaveCount(2);
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: 'initialize' })
      .getByRole('cell', { name: /^#\d+ Everything Reference Server/ }),
  ).toHaveCount(1);
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: 'initialize' })
      .getByRole('cell', { name: /^#\d+ mcpscope demo server/ }),
  ).toHaveCount(1);

  // Closing server-everything ends only that server.
  await strip(page)
    .getByRole('button', { name: /^Close Everything Reference Server/ })
    .click();
  await expect(tabs).toHaveCount(1);
  await expect(demoTab).toHaveAttribute('aria-pressed', 'true');
  await expect(status(page)).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Ping' }).click();
  const ping = page.getByRole('tabpanel', { name: 'Ping' });
  await ping.getByRole('button', { name: 'Send ping' }).click();
  await expect(ping.getByText('Compliant', { exact: true })).toBeVisible();
});

test('closing the connection in view brings the one beside it into view; the last one closed leaves an empty connection', async ({ page }) => {
  await demoWithFilter(page);
  await connectEverything(page);
  await strip(page)
    .getByRole('button', { name: /^Close Everything Reference Server/ })
    .click();
  await strip(page)
    .getByRole('button', { name: /^Close mcpscope demo server/ })
    .click();
  const fresh = strip(page).getByRole('button', { name: /^New connection/ });
  await expect(fresh).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
  const tools = await openTools(page);
  await expect(tools.getByRole('searchbox', { name: 'Filter tools' })).toHaveValue('');
});

test('connecting the same connection to another server carries no tool filter over', async ({ page }) => {
  await demoWithFilter(page);
  const server = page.getByRole('region', { name: 'Server' });
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await server.getByRole('combobox', { name: 'Transport' }).selectOption('http');
  await server.getByRole('textbox', { name: 'URL' }).fill(`${everything.origin}/mcp`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(status(page)).toContainText('Everything Reference Server');
  const tools = await openTools(page);
  await expect(tools.getByRole('searchbox', { name: 'Filter tools' })).toHaveValue('');
  await expect(tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'trigger-long-running-operation', exact: true })).toBeVisible();
  await expect(tools.getByText(/ of \d+ tools/)).toHaveCount(0);
});

test('with two connections open, every tab in light and dark has no serious or critical accessibility violation', async ({ page }) => {
  // Two dozen axe runs: slow on a loaded machine.
  test.setTimeout(240_000);
  await demoWithFilter(page);
  await connectEverything(page);
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const tab of await page.getByRole('tablist', { name: 'Inspector' }).getByRole('tab').allTextContents()) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations) {
        if (v.impact === 'serious' || v.impact === 'critical') found.push(`${scheme} ${tab}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
  }
  expect(found).toEqual([]);
});
