// Server logging: logging/setLevel, and notifications/message in the Server
// messages tab (level, logger, time, data; filters; counts; Clear), against
// server-everything over stdio and Streamable HTTP, the demo server, and a
// server whose messages are wrong on purpose.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { callToolForResult } from './fixtures/connect.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';

const everythingStdio = `${process.cwd()}/node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio`;
const logServer = `${process.cwd()}/test/fixtures/log-server.mjs`;
const ERROR_OR_ABOVE = new Set(['error', 'critical', 'alert', 'emergency']);

async function connectStdio(page: Page, args?: string): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  if (args !== undefined) {
    await page.getByLabel('Command').fill(process.execPath);
    await page.getByLabel('Arguments').fill(args);
  }
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
}

async function openLogging(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Server messages' }).click();
  return page.getByRole('tabpanel', { name: 'Server messages' });
}

async function setLevel(view: Locator, level: string): Promise<void> {
  await view.getByLabel('Send messages at').selectOption(level);
  await view.getByRole('button', { name: 'Set level' }).click();
  await expect(view.getByText(`The server accepted level ${level}`)).toBeVisible();
}

const rows = (view: Locator) => view.getByRole('table', { name: 'Server log messages' }).getByRole('rowgroup').nth(1).getByRole('row');
/** The simulated messages of toggle-simulated-logging (server-everything also logs other things, e.g. "Roots updated" at connect). */
const SIMULATED = /-level message|level-message/;
const simulatedRows = (view: Locator) => rows(view).filter({ hasText: SIMULATED });
const levelsOf = (shown: Locator) => shown.evaluateAll((els) => els.map((el) => el.children[1]?.textContent ?? ''));
const levelsShown = (view: Locator) => levelsOf(rows(view));

test('server-everything over stdio: level error, then only error and above arrive from toggle-simulated-logging', async ({ page }) => {
  // It logs every 5 s at a random level: waiting for two messages at error or above takes a while.
  test.setTimeout(120_000);
  await connectStdio(page, everythingStdio);
  let view = await openLogging(page);
  await setLevel(view, 'error');
  await callToolForResult(page, 'toggle-simulated-logging');
  view = await openLogging(page);
  await expect.poll(async () => (await levelsOf(simulatedRows(view))).length, { timeout: 100_000 }).toBeGreaterThanOrEqual(2);
  const levels = await levelsOf(simulatedRows(view));
  expect(levels.length).toBeGreaterThanOrEqual(2);
  for (const level of levels) expect(ERROR_OR_ABOVE.has(level), `${level} is error or above`).toBe(true);
  await page.screenshot({ path: '/tmp/logging-everything-stdio.png' });
  // They stay frames in the Log tab.
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' }).getByRole('row').filter({ hasText: 'notifications/message' }).first()).toBeVisible();
  await callToolForResult(page, 'toggle-simulated-logging');
});

test('server-everything over Streamable HTTP: log messages arrive', async ({ page }) => {
  let everything: FixtureProcess | undefined;
  try {
    everything = await startFixture(everythingFixture, ['streamableHttp']);
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Transport').selectOption('http');
    await page.getByLabel('URL').fill(`${everything.origin}/mcp`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Everything Reference Server');
    let view = await openLogging(page);
    await setLevel(view, 'debug');
    await callToolForResult(page, 'toggle-simulated-logging');
    view = await openLogging(page);
    // One at once, then one every 5 s, at any level.
    await expect(simulatedRows(view).first()).toBeVisible();
    await callToolForResult(page, 'toggle-simulated-logging');
  } finally {
    await everything?.stop();
  }
});

test('the demo server: one message per level, filters by level and logger, the detail, a level set, Clear', async ({ page }) => {
  await connectStdio(page);
  await callToolForResult(page, 'log_each_level', { logger: 'e2e' });
  const view = await openLogging(page);
  const count = view.getByRole('status', { name: 'Message count' });
  await expect(count).toHaveText('8 messages.');
  expect(await levelsShown(view)).toEqual(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
  await expect(rows(view).first()).toContainText('e2e');

  await view.getByLabel('Show at least').selectOption('warning');
  await expect(count).toContainText('Showing 5 messages of 8');
  expect(await levelsShown(view)).toEqual(['warning', 'error', 'critical', 'alert', 'emergency']);

  await rows(view).filter({ hasText: 'critical' }).click();
  const detail = view.getByRole('region', { name: /^Log message \d+$/ });
  await expect(detail.getByLabel('Data')).toContainText('"message": "A critical message from the demo server"');

  await view.getByLabel('Show at least').selectOption('');
  await setLevel(view, 'error');
  await callToolForResult(page, 'log_each_level', { logger: 'second' });
  await openLogging(page);
  await expect(count).toHaveText('12 messages.');
  await view.getByLabel('Logger').selectOption('second');
  await expect(count).toContainText('Showing 4 messages of 12');
  expect(await levelsShown(view)).toEqual(['error', 'critical', 'alert', 'emergency']);
  await page.screenshot({ path: '/tmp/logging-demo.png' });

  await view.getByRole('button', { name: 'Clear' }).click();
  await expect(count).toHaveText('0 messages.');
  await expect(view.getByText('No log messages yet.')).toBeVisible();
});

test('bad messages are shown with their problems and linted; a flood of 5,000 stays usable', async ({ page }) => {
  await connectStdio(page, logServer);
  const view = await openLogging(page);
  await expect(view.getByRole('status', { name: 'Message count' })).toHaveText('3 messages.');
  await expect(rows(view).nth(0)).toContainText('verbose');
  await rows(view).nth(1).click();
  const detail = view.getByRole('region', { name: /^Log message \d+$/ });
  await expect(detail).toContainText('data is missing');
  await expect(detail.getByLabel('Data')).toHaveText('(no data: the server sent none)');

  // Accepted, then ignored: LOG-BELOW-LEVEL.
  await setLevel(view, 'error');
  await callToolForResult(page, 'after_level');
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await expect(problems.getByRole('row').filter({ hasText: 'LOG-MESSAGE' }).first()).toBeVisible();
  await expect(problems.getByRole('row').filter({ hasText: 'LOG-BELOW-LEVEL' }).first()).toBeVisible();

  const started = Date.now();
  await callToolForResult(page, 'flood', { count: '5000' });
  await openLogging(page);
  await expect(view.getByRole('status', { name: 'Message count' })).toHaveText('5,004 messages.');
  const took = Date.now() - started;
  // Only the rows in view are in the page.
  expect(await rows(view).count()).toBeLessThan(100);
  await view.getByLabel('Logger').selectOption('worker-1');
  await expect(view.getByRole('status', { name: 'Message count' })).toContainText('Showing 1,667 messages of 5,004');
  console.log(`5,000 log messages: call to count shown in ${took} ms`);
  await page.screenshot({ path: '/tmp/logging-flood.png' });
});

test('a server without the logging capability: the level control says why it is absent', async ({ page }) => {
  await connectStdio(page, `${logServer} --no-logging`);
  const view = await openLogging(page);
  await expect(view.getByText('The server does not declare the logging capability')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Set level' })).toHaveCount(0);
  // What it sends anyway is still shown.
  await expect(view.getByRole('status', { name: 'Message count' })).toHaveText('3 messages.');
});

test('after a reload, the log messages of the restored log are shown again', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  await connectStdio(page);
  await callToolForResult(page, 'log_each_level', { logger: 'before-reload' });
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' }).getByRole('row').filter({ hasText: 'notifications/message' })).toHaveCount(8);
  await page.reload();
  const view = await openLogging(page);
  await expect(view.getByRole('status', { name: 'Message count' })).toHaveText('8 messages.');
  await expect(rows(view).first()).toContainText('before-reload');
});
