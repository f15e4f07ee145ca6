import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { pingTimes } from './fixtures/connect.js';

const PINGS = 3;

/** The hook the UI installs when its URL fragment has bench=1 (src/app/features/log/bench-hook.ts). */
type BenchWindow = Window & { __mcpscopeLogBench?: { append(count: number): number } };

async function connectAndPing(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
  await pingTimes(page, PINGS);
}

test.describe('Log tab', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
  });

  test('filters by method and direction, jumps between a response and its request, exports and re-imports', async ({ page }) => {
    await connectAndPing(page);
    await page.getByRole('tab', { name: 'Log' }).click();
    const log = page.getByRole('tabpanel', { name: 'Log' });
    const rows = log.getByRole('row').filter({ has: page.getByRole('cell') });
    const showing = log.getByText(/^Showing [\d,]+ of [\d,]+ frames/);
    await expect(rows.filter({ hasText: 'mcpscope demo server ready on stdio' })).toHaveCount(1);
    const total = Number((await showing.textContent())?.match(/of ([\d,]+) frames/)?.[1]?.replace(/,/g, ''));
    expect(total).toBeGreaterThan(PINGS * 2);

    // Method: only the pings and their answers.
    await log.getByLabel('Method').selectOption('ping');
    await expect(showing).toContainText(`Showing ${PINGS * 2} of ${total} frames`);
    await expect(rows).toHaveCount(PINGS * 2);
    for (const row of await rows.all()) await expect(row.getByRole('cell', { name: 'ping', exact: true })).toBeVisible();
    await expect(log.getByRole('group', { name: 'Kind' }).getByRole('button', { name: 'response 3' })).toBeVisible();

    // Direction: only what the server sent.
    await log
      .getByRole('group', { name: 'Direction' })
      .getByRole('button', { name: /^in \d+$/ })
      .click();
    await expect(showing).toContainText(`Showing ${PINGS} of ${total} frames`);
    await expect(rows).toHaveCount(PINGS);
    for (const row of await rows.all()) await expect(row).toContainText('received from the server');

    // A response links to its request (hidden by the direction filter: the detail says so).
    const response = rows.filter({ hasText: 'response' }).first();
    // Columns: #, Lint, Time, Dir, Kind, Method, ID, …
    const responseId = await response.getByRole('cell').nth(6).textContent();
    await response.click();
    const detail = log.getByRole('region', { name: 'Frame detail' });
    await expect(detail).toContainText('round trip');
    await detail.getByRole('button', { name: /↗ request #\d+/ }).click();
    await expect(detail).toContainText('sent to the server · request · ping');
    await expect(detail).toContainText(`id ${responseId}`);
    await expect(detail).toContainText('hidden by the filters');
    await detail.getByRole('button', { name: 'Clear filters' }).click();
    await expect(showing).toContainText(`Showing ${total} of ${total} frames`);
    const current = log.locator('[role="row"][aria-current="true"]');
    await expect(current).toContainText('request');
    await expect(current.getByRole('cell').nth(6)).toHaveText(responseId ?? '');
    // …and back to the response.
    await detail.getByRole('button', { name: /↗ response #\d+/ }).click();
    await expect(current).toContainText('response');
    await expect(current).toContainText('received from the server');

    // Export: a JSON Lines file with a header and every frame.
    const [download] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: 'Export log' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mcpscope-\d{4}-\d{2}-\d{2}-\d{6}\.jsonl$/);
    const path = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(path);
    const lines = (await readFile(path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ mcpscope: 'log', version: 1, server: { title: 'mcpscope demo server', protocolVersion: '2025-11-25' } });
    const frames = lines.slice(1);
    expect(frames).toHaveLength(total);
    expect(frames).toContainEqual(expect.objectContaining({ direction: 'out', kind: 'request', method: 'initialize' }));
    expect(frames.filter((f) => f.method === 'ping' && f.kind === 'request')).toHaveLength(PINGS);
    const pingAnswer = frames.find((f) => f.method === 'ping' && f.kind === 'response');
    expect(pingAnswer).toMatchObject({ direction: 'in', pair: expect.any(Number), rtt: expect.any(Number) });
    expect(Date.parse(pingAnswer.time)).not.toBeNaN();

    // Import it back: the same frames, with a banner and a way back.
    await log.getByLabel('Import log').setInputFiles(path);
    const banner = log.getByRole('region', { name: 'Imported log' });
    await expect(banner).toContainText(`Viewing an imported log: ${download.suggestedFilename()}, ${total} frames`);
    await expect(showing).toContainText(`Showing ${total} of ${total} frames`);
    await log.getByLabel('Method').selectOption('ping');
    await expect(rows).toHaveCount(PINGS * 2);
    await rows.filter({ hasText: 'response' }).first().click();
    await expect(detail.getByRole('button', { name: /↗ request #\d+/ })).toBeVisible();
    await banner.getByRole('button', { name: 'Back to the live log' }).click();
    await expect(banner).toHaveCount(0);
    await expect(rows).toHaveCount(PINGS * 2);
  });

  test('an imported file with bad lines keeps the good ones and names the bad lines', async ({ page }) => {
    const header = { mcpscope: 'log', version: 1, exportedAt: '2025-06-01T10:00:00.000Z', server: null };
    const good = {
      seq: 1,
      time: '2025-06-01T10:00:00.000Z',
      t: 1,
      connection: 1,
      direction: 'out',
      kind: 'request',
      method: 'ping',
      id: 1,
      raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    };
    const text = [JSON.stringify(header), JSON.stringify(good), '{not json', JSON.stringify({ ...good, seq: 2, direction: 'up' })].join('\n');
    await page.getByRole('tab', { name: 'Log' }).click();
    const log = page.getByRole('tabpanel', { name: 'Log' });
    await log.getByLabel('Import log').setInputFiles({ name: 'broken.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
    const banner = log.getByRole('region', { name: 'Imported log' });
    await expect(banner).toContainText('Viewing an imported log: broken.jsonl, 1 frame');
    await expect(banner).toContainText('line 3: not JSON');
    await expect(banner).toContainText('line 4: "direction" must be one of');
    await expect(log.getByRole('row').filter({ hasText: '"method":"ping"' })).toHaveCount(1);

    // A file of a newer format is refused with a reason, and the view stays as it was.
    await log
      .getByLabel('Import log')
      .setInputFiles({ name: 'future.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(JSON.stringify({ ...header, version: 9 })) });
    await expect(log.getByRole('alert')).toContainText('format version 9');
    await expect(banner).toContainText('broken.jsonl');
  });
});

test('stays on the newest of thousands of frames until scrolled up, then offers a jump back', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}&bench=1`);
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await page.waitForFunction(() => (window as BenchWindow).__mcpscopeLogBench !== undefined);
  await page.evaluate(() => (window as BenchWindow).__mcpscopeLogBench!.append(5000));
  await expect(log.getByText('Showing 5,000 of 5,000 frames')).toBeVisible();
  const table = log.getByRole('table', { name: 'Message log' });
  await expect(table).toHaveAttribute('aria-rowcount', '5001');
  const newest = log.getByRole('row').filter({ has: page.getByRole('cell', { name: '5000', exact: true }) });
  await expect(newest).toBeVisible();
  // Virtualized: only the rows in view are in the page.
  expect(await log.getByRole('row').count()).toBeLessThan(100);

  await table
    .getByRole('rowgroup')
    .nth(1)
    .evaluate((el) => el.scrollBy(0, -2000));
  const jump = log.getByRole('button', { name: /Jump to latest/ });
  await expect(jump).toBeVisible();
  await page.evaluate(() => (window as BenchWindow).__mcpscopeLogBench!.append(10));
  await expect(log.getByText('Showing 5,010 of 5,010 frames')).toBeVisible();
  await expect(newest).toHaveCount(0);
  await jump.click();
  const latest = log.getByRole('row').filter({ has: page.getByRole('cell', { name: '5010', exact: true }) });
  await expect(latest).toBeVisible();
  await expect(jump).toHaveCount(0);

  // The arrow keys move the selection, and the focus with it.
  await latest.click();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  const current = log.locator('[role="row"][aria-current="true"]');
  await expect(current.getByRole('cell').first()).toHaveText('5008');
  await expect(current).toBeFocused();
  await page.keyboard.press('Home');
  await expect(current.getByRole('cell').first()).toHaveText('1');
  await expect(log.getByRole('region', { name: 'Frame detail' })).toContainText('#1 ·');
});

test('the Console tab shows the server’s stderr; Clear view empties the view, not the log', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Console' }).click();
  const output = page.getByRole('log', { name: 'Server output' });
  await expect(output).toContainText('mcpscope demo server ready on stdio');
  const panel = page.getByRole('tabpanel', { name: 'Console' });
  await panel.getByLabel('Filter').fill('no such text');
  await expect(output).not.toContainText('mcpscope demo server ready on stdio');
  await panel.getByLabel('Filter').fill('READY');
  await expect(output).toContainText('mcpscope demo server ready on stdio');
  await panel.getByRole('button', { name: 'Clear view' }).click();
  await expect(output).not.toContainText('mcpscope demo server ready on stdio');
  await expect(panel).toContainText('still in the Log tab');
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' }).getByRole('row').filter({ hasText: 'mcpscope demo server ready on stdio' })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Console' }).click();
  await panel.getByRole('button', { name: 'Show them again' }).click();
  await expect(output).toContainText('mcpscope demo server ready on stdio');
});
