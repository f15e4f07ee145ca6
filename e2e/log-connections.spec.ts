// The Log, Problems and Server messages across connections: a connection column and menu, the
// connection in view by default, all of them merged; the rule filter "Show in log" set goes with
// its connection; the Log's detail opens within the viewport at 1280×800 and 800×600.
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callToolForResult, connectToScript } from './fixtures/connect.js';

const badServer = fileURLToPath(new URL('../test/fixtures/bad-server.mjs', import.meta.url));
const demoServer = fileURLToPath(new URL('../dist/node/examples/servers/demo-server.js', import.meta.url));
const SHOTS = process.env.MCPSCOPE_SHOTS;

/** axe's serious and critical violations in the page as it is, in light and in dark. */
async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).analyze();
    for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      found.push(`${colorScheme}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

async function ping(page: Page, answer: RegExp | string): Promise<void> {
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' })).toContainText(answer);
}

test('two servers one after the other: the Log and Problems show the one in view, each by label, or both', async ({ page }) => {
  // Connection 1: a server whose ping answer breaks PING-RESULT.
  await connectToScript(page, `${badServer} --mode pong`);
  await ping(page, 'result is not empty: {"pong":true}');
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await problems.getByRole('row').filter({ hasText: 'PING-RESULT' }).getByRole('button', { name: 'Show in log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByLabel('Lint rule')).toHaveValue('PING-RESULT');
  await expect(log.getByText(/^Showing 1 of \d+ frames/)).toBeVisible();

  // Connection 2: the demo server. The rule filter of connection 1 goes, and says so.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('textbox', { name: 'Arguments' }).fill(demoServer);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('mcpscope demo server');
  await ping(page, 'Compliant');
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(log.getByLabel('Lint rule')).toHaveValue('');
  await expect(log.getByRole('status').filter({ hasText: 'The lint-rule filter PING-RESULT' })).toContainText('another connection is in view');

  // By default: the connection in view, with a connection column since the log holds two.
  const menu = log.getByLabel('Connection', { exact: true });
  await expect(menu).toHaveValue('view');
  await expect(menu.locator('option:checked')).toHaveText(/The one in view: #2 mcpscope demo server/);
  const table = log.getByRole('table', { name: 'Message log' });
  await expect(table.getByRole('columnheader', { name: 'Connection' })).toBeVisible();
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(log.getByText(/^Showing [\d,]+ of [\d,]+ frames \(connection 2 only\)/)).toBeVisible();
  await expect(log.getByText(/The filters hide [\d,]+ frames?; Export log keeps all/)).toBeVisible();
  const search = log.getByRole('searchbox', { name: 'Search' });
  await search.fill('ready on stdio');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell').nth(1)).toHaveText(/^#2 mcpscope demo server/);
  await expect(rows.first().getByRole('cell').nth(1)).toHaveAttribute('title', /^Connection 2 · mcpscope demo server .* · stdio$/);
  await search.fill('"pong":true');
  await expect(log.getByText('No frames match the filters.')).toBeVisible();

  // All connections: both servers' frames, each row naming its connection.
  await menu.selectOption('all');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell').nth(1)).toHaveText(/^#1 /);
  await search.fill('');
  await expect(log.getByText(/^Showing ([\d,]+) of \1 frames$/)).toBeVisible();
  await expect(rows.getByRole('cell', { name: /^#2 / }).first()).toBeVisible();

  // One connection by its label.
  await menu.selectOption({ label: (await menu.locator('option', { hasText: /^#1 / }).textContent())! });
  await expect(log.getByText(/^Showing [\d,]+ of [\d,]+ frames \(connection 1 only\)/)).toBeVisible();
  await expect(rows.getByRole('cell', { name: /^#2 / })).toHaveCount(0);
  await expect(rows.getByRole('cell', { name: /^#1 / }).first()).toBeVisible();

  // Problems: the connection in view has none; the merged view lists connection 1's with its column.
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(problems).toContainText('No problems found on this connection.');
  const problemsMenu = problems.getByLabel('Connection', { exact: true });
  await expect(problemsMenu.locator('option', { hasText: /^#1 .*\(1\)$/ })).toHaveCount(1);
  await problemsMenu.selectOption('all');
  const merged = problems.getByRole('table', { name: 'Problems by rule' });
  await expect(merged.getByRole('columnheader', { name: 'Connection' })).toBeVisible();
  const finding = merged.getByRole('row').filter({ hasText: 'PING-RESULT' });
  await expect(finding.getByRole('cell').first()).toHaveText(/^#1 /);
  expect(await seriousViolations(page)).toEqual([]);

  // Show in log selects the finding's connection in the Log as well as its rule.
  await finding.getByRole('button', { name: 'Show in log' }).click();
  await expect(log.getByLabel('Lint rule')).toHaveValue('PING-RESULT');
  await expect(menu).toHaveValue('1');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('{"pong":true}');
  expect(await seriousViolations(page)).toEqual([]);
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
]) {
  test(`at ${size.width}×${size.height} a Log row's detail opens within the viewport; Escape closes it and Enter opens it again`, async ({ page }) => {
    await page.setViewportSize(size);
    await connectToScript(page);
    for (let i = 0; i < 3; i++) await ping(page, 'Compliant');
    await page.getByRole('tab', { name: 'Log' }).click();
    const log = page.getByRole('tabpanel', { name: 'Log' });
    const rows = log
      .getByRole('table', { name: 'Message log' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    const row = rows.filter({ hasText: '"method":"ping"' }).last();
    await row.click();
    const detail = log.getByRole('region', { name: 'Frame detail' });
    await expect(detail).toContainText('Raw text, exactly as it crossed the wire');
    const box = (await detail.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(size.height - 40);
    const rowBox = (await row.boundingBox())!;
    expect(rowBox.y).toBeGreaterThanOrEqual(0);
    expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(size.height);
    if (SHOTS) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SHOTS}/log-detail-${size.width}x${size.height}-${scheme}.png` });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }

    await page.keyboard.press('Escape');
    await expect(detail).toContainText('Select a row to see the frame in full');
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(detail).toContainText('Raw text, exactly as it crossed the wire');
    expect((await detail.boundingBox())!.y).toBeLessThan(size.height - 40);
  });
}

test('Server messages show the connection in view by default, and every connection with a column when asked', async ({ page }) => {
  const logEachLevel = (logger: string) => callToolForResult(page, 'log_each_level', { logger });
  await connectToScript(page);
  await logEachLevel('first');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('mcpscope demo server');
  await logEachLevel('second');

  await page.getByRole('tab', { name: 'Server messages' }).click();
  const view = page.getByRole('tabpanel', { name: 'Server messages' });
  const count = view.getByRole('status', { name: 'Message count' });
  const table = view.getByRole('table', { name: 'Server log messages' });
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(count).toContainText('Showing 8 messages of 16');
  await expect(rows.filter({ hasText: 'first' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'second' })).toHaveCount(8);
  await expect(table.getByRole('columnheader', { name: 'Connection' })).toHaveCount(0);

  await view.getByLabel('Connection', { exact: true }).selectOption('all');
  await expect(count).toHaveText('16 messages.');
  await expect(table.getByRole('columnheader', { name: 'Connection' })).toBeVisible();
  await expect(rows.filter({ hasText: 'first' }).first().getByRole('cell').nth(1)).toHaveText(/^#1 mcpscope demo server/);
  await expect(rows.filter({ hasText: 'second' }).first().getByRole('cell').nth(1)).toHaveText(/^#2 mcpscope demo server/);
});
