// Output that is not byte-clean, and output faster than the page reads: what
// the Log and the Console show about it.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const fixture = (name: string) => fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url));

async function connect(page: Page, args: string, server: string): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(args);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(server);
}

test('a byte-order mark and invalid UTF-8 are marked in the Log and the Console, and exported byte-exact', async ({ page }) => {
  await connect(page, fixture('byte-server.mjs'), 'byte-server');
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  const rows = log.getByRole('row').filter({ has: page.getByRole('cell') });
  const detail = log.getByRole('region', { name: 'Frame detail' });

  // The frame with a BOM in front: invalid (a peer could not parse it), and the mark is shown.
  const bomRow = rows.filter({ hasText: 'after a BOM' });
  await expect(bomRow).toHaveCount(1);
  await expect(bomRow.getByText('BOM', { exact: true })).toBeVisible();
  await expect(bomRow.getByRole('cell').nth(4)).toHaveText('invalid');
  await bomRow.click();
  await expect(detail).toContainText('Not a valid JSON-RPC message: not JSON: it starts with a byte-order mark (U+FEFF, bytes EF BB BF)');
  await expect(detail.getByLabel('Raw text').getByTitle('Byte-order mark (U+FEFF, bytes EF BB BF)')).toBeVisible();
  await page.screenshot({ path: '/tmp/h2-log-bom.png', fullPage: true });

  // A stdout line that is not UTF-8: marked, with its exact bytes in the detail.
  const noiseRow = rows.filter({ hasText: 'caf\uFFFD!' });
  await expect(noiseRow.getByText('invalid UTF-8', { exact: true })).toBeVisible();
  await noiseRow.click();
  await expect(detail.getByLabel('Exact bytes')).toHaveText('63 61 66 e9 21');
  await page.screenshot({ path: '/tmp/h2-log-invalid.png', fullPage: true });

  // The stderr line too.
  const stderrRow = rows.filter({ hasText: 'warn: bad byte' });
  await expect(stderrRow.getByText('invalid UTF-8', { exact: true })).toBeVisible();

  // The Console marks both lines.
  await page.getByRole('tab', { name: 'Console' }).click();
  const output = page.getByRole('log', { name: 'Server output' });
  await expect(output.locator('.console-line', { hasText: 'warn: bad byte' }).getByText('invalid UTF-8', { exact: true })).toBeVisible();
  await expect(output.locator('.console-line', { hasText: 'caf\uFFFD!' }).getByText('invalid UTF-8', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/h2-console-invalid.png' });

  // The export keeps the mark in the text and the exact bytes of the invalid lines.
  await page.getByRole('tab', { name: 'Log' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: 'Export log' }).click()]);
  const path = test.info().outputPath('bytes.jsonl');
  await download.saveAs(path);
  const bytes = await readFile(path);
  const frames = bytes
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as { raw: string; bytes?: string });
  expect(frames.find((f) => f.raw.includes('after a BOM'))?.raw.startsWith('\uFEFF{"jsonrpc"')).toBe(true);
  // In the file the mark is the bytes EF BB BF, right before the (JSON-escaped) {"j… of the frame.
  expect(bytes.includes(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{\\"j')]))).toBe(true);
  const exact = frames.filter((f) => f.bytes !== undefined).map((f) => Buffer.from(f.bytes!, 'base64'));
  expect(exact).toContainEqual(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x21]));
  expect(exact).toContainEqual(Buffer.concat([Buffer.from('warn: bad byte '), Buffer.from([0xff])]));
});

test('when the page falls behind a stderr flood, the Console says the output was held back', async ({ page }) => {
  // 60,000 lines of 1 KB: far more than the proxy lets wait for a page that is not reading.
  await connect(page, `${fixture('stderr-flood.mjs')} --mcp --lines 60000 --line-bytes 1000`, 'stderr-flood');
  // Keep the page busy, as a slow machine would: it stops reading its WebSocket meanwhile.
  await page.evaluate(() => {
    const until = Date.now() + 4000;
    while (Date.now() < until) {
      // busy
    }
  });
  await page.getByRole('tab', { name: 'Console' }).click();
  const output = page.getByRole('log', { name: 'Server output' });
  const panel = page.getByRole('tabpanel', { name: 'Console' });
  await panel.getByLabel('Filter').fill('mcpscope stopped reading');
  const notice = output.locator('.console-line', { hasText: 'mcpscope stopped reading it' }).first();
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice.getByText('mcpscope', { exact: true })).toBeVisible();
  await expect(notice).toContainText(/The browser fell behind the server's output, so mcpscope stopped reading it/);
  await page.screenshot({ path: '/tmp/h2-console-held.png' });
  // Nothing was lost: the last line arrives.
  await panel.getByLabel('Filter').fill('flood done');
  await expect(output).toContainText('flood done: 60000 lines', { timeout: 30_000 });
});
