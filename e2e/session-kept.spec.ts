// What the page showed stays: lint findings through a reconnect (manual and after a
// crash), the log through a reload (with a warning first while connected), and the
// heartbeat says healthy again once a reconnect succeeds.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const flakyServer = fileURLToPath(new URL('../test/fixtures/flaky-server.mjs', import.meta.url));

async function connect(page: Page, args?: string) {
  if (args !== undefined) {
    await page.getByLabel('Command').fill(process.execPath);
    await page.getByLabel('Arguments').fill(args);
  }
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Connected');
}

async function pingWithFinding(page: Page) {
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' })).toContainText('result is not empty: {"pong":true}');
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Problems' }).getByRole('row').filter({ hasText: 'PING-RESULT' })).toBeVisible();
}

/** After a reconnect: Problems still lists the finding of connection 1, the Log row keeps its mark, and Export carries it. */
async function findingStillThere(page: Page) {
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await expect(problems).toContainText('No problems found on this connection.');
  // The connection in view is shown by default: the earlier one is picked in the Connection menu.
  await problems.getByLabel('Connection', { exact: true }).selectOption('1');
  const earlier = problems.getByRole('region', { name: /^Connection 1 · flaky-server 0\.0\.1 \(earlier\)/ });
  await expect(earlier.getByRole('row').filter({ hasText: 'PING-RESULT' })).toContainText('ping is answered promptly with an empty result');

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await log.getByLabel('Connection', { exact: true }).selectOption('all');
  await expect(log.getByRole('img', { name: /Lint: error PING-RESULT/ })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: 'Export log' }).click()]);
  const path = test.info().outputPath('export.jsonl');
  await download.saveAs(path);
  const records = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { raw?: string; connection?: number; lint?: Array<{ rule: string }> });
  const flagged = records.filter((r) => r.lint?.some((f) => f.rule === 'PING-RESULT'));
  expect(flagged).toHaveLength(1);
  expect(flagged[0]).toMatchObject({ connection: 1, raw: expect.stringContaining('"pong":true') });
  // The new connection's frames are in the same file.
  expect(records.some((r) => r.connection === 2)).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
});

test('lint findings stay with their frames after Disconnect and Connect again', async ({ page }) => {
  await connect(page, `${flakyServer} --pong`);
  await pingWithFinding(page);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await connect(page);
  await findingStillThere(page);
});

test('lint findings stay with their frames after the server crashes and is reconnected', async ({ page }) => {
  await connect(page, `${flakyServer} --pong`);
  await pingWithFinding(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('button', { name: 'explode', exact: true }).click();
  await tools.getByRole('button', { name: 'Call tool' }).click();
  await page.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page.getByRole('status')).toContainText('Connected');
  await findingStillThere(page);
});

test('while connected, leaving the page asks first; once disconnected it does not', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await connect(page);
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  // The reload ended that connection; connect and disconnect: no question any more.
  await connect(page);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  expect(dialogs).toEqual(['beforeunload']);
});

test('a reload shows the log from before it again, with its lint marks, and it can be cleared', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  await connect(page, `${flakyServer} --pong`);
  await pingWithFinding(page);
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  const pings = log.getByRole('row').filter({ hasText: 'ping' });
  await expect(pings).toHaveCount(2);
  await page.reload();

  await page.getByRole('tab', { name: 'Log' }).click();
  const restored = log.getByRole('region', { name: 'Log from before the reload' });
  await expect(restored).toContainText(/Frames #1–#\d+ .* are from before the page was reloaded/);
  await expect(pings).toHaveCount(2);
  await expect(log.getByRole('row').filter({ hasText: '{"pong":true}' })).toHaveCount(1);
  await expect(log.getByRole('img', { name: /Lint: error PING-RESULT/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/h4-restored.png' });
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'Problems' }).getByRole('region', { name: /^Connection 1 · flaky-server 0\.0\.1 \(before the reload\)/ }),
  ).toContainText('PING-RESULT');

  // A new connection is numbered after the old ones, in the same log (all connections shown).
  await connect(page);
  await page.getByRole('tab', { name: 'Log' }).click();
  await log.getByLabel('Connection', { exact: true }).selectOption('all');
  // Only initialize frames (the rows are virtualised: the lists fetched at connection would push the first out of view).
  await log.getByLabel('Method').selectOption('initialize');
  const initializes = log.getByRole('row').filter({ hasText: '"method":"initialize"' });
  await expect(initializes).toHaveCount(2);

  // Clear: the frames from before the reload go (also from storage: another reload does not bring them back).
  await log.getByLabel('Method').selectOption('');
  await restored.getByRole('button', { name: 'Clear the log from before the reload' }).click();
  await expect(restored).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: '{"pong":true}' })).toHaveCount(0);
  await log.getByLabel('Method').selectOption('initialize');
  await expect(initializes).toHaveCount(1);
  await page.screenshot({ path: '/tmp/h4-after-clear.png' });
  await page.reload();
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(log.getByRole('row').filter({ hasText: '{"pong":true}' })).toHaveCount(0);
  await log.getByLabel('Method').selectOption('initialize');
  await expect(initializes).toHaveCount(1);
});

test('the heartbeat says healthy again after a reconnect succeeds, keeping the failure as history', async ({ page }) => {
  const marker = join(mkdtempSync(join(tmpdir(), 'mcpscope-e2e-')), 'first-run');
  await connect(page, `${flakyServer} --silent-first ${marker}`);
  expect(existsSync(marker)).toBe(true);
  await page.getByRole('tab', { name: 'Ping' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ping' });
  await panel.getByLabel('Interval').fill('200');
  await panel.getByLabel('Timeout').fill('150');
  await panel.getByRole('button', { name: 'Start heartbeat' }).click();
  await expect(panel.getByText('stale', { exact: true })).toBeVisible();
  // The auto-reconnect starts the server again, which answers this time.
  await expect(panel.getByText('healthy again', { exact: true })).toBeVisible();
  const status = panel.locator('.heartbeat-status');
  await expect(status).not.toContainText('stale');
  await expect(status).toContainText(/Pings are answered again\. Earlier: Heartbeat: (ping \d+ missed|\d+ pings missed)/);
  await page.screenshot({ path: '/tmp/h4-heartbeat.png' });
  await panel.getByRole('button', { name: 'Stop heartbeat' }).click();
});

/** The names of the saved-log databases the browser holds for this origin. */
const logDatabases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('mcpscope-log-')));

test("a closed tab's saved log over a day old is deleted on start, and clearing the restored log deletes the database", async ({ page }) => {
  // What a tab closed two days ago (or one still open, in another page) left behind.
  const twoDaysAgo = (Date.now() - 2 * 24 * 60 * 60 * 1000).toString(36);
  const closed = `mcpscope-log-${twoDaysAgo}-closedtab`;
  const openTab = `mcpscope-log-${twoDaysAgo}-opentab`;
  const makeDatabase = (name: string) =>
    new Promise<void>((resolve, reject) => {
      const r = indexedDB.open(name, 1);
      r.onsuccess = () => (r.result.close(), resolve());
      r.onerror = () => reject(r.error);
    });
  await page.evaluate(makeDatabase, closed);
  const other = await page.context().newPage();
  await other.goto('/'); // same origin; no token needed to hold a lock
  await other.evaluate(async (name) => {
    void navigator.locks.request(name, () => new Promise(() => {}));
    await navigator.locks.query(); // the request is queued by now
  }, openTab);
  await page.evaluate(makeDatabase, openTab);
  await page.reload();
  await expect.poll(() => logDatabases(page)).not.toContain(closed);
  expect(await logDatabases(page)).toContain(openTab);
  const own = await page.evaluate(() => sessionStorage.getItem('mcpscope.logDatabase'));
  expect(await logDatabases(page)).toContain(own);

  // A log to restore, then clear with nothing new: the database itself goes.
  await connect(page, `${flakyServer} --pong`);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.reload();
  await page.getByRole('tab', { name: 'Log' }).click();
  const restored = page.getByRole('tabpanel', { name: 'Log' }).getByRole('region', { name: 'Log from before the reload' });
  await expect(restored).toBeVisible();
  await restored.getByRole('button', { name: 'Clear the log from before the reload' }).click();
  await expect.poll(() => logDatabases(page)).not.toContain(own);
  expect(await logDatabases(page)).toContain(openTab);
  await other.close();
});
