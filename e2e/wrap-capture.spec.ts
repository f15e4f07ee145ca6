// A capture recorded by `mcpscope wrap` (the built bin/mcpscope.js between a
// scripted host and a scripted server) opens in the page's Log with Import, in
// Chromium: the host's frames, the server's, the noise and the exit.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { scratch, scriptedSession } from '../test/fixtures/wrap-helpers.js';

test('a capture of mcpscope wrap opens with Import in the Log', async ({ page }) => {
  const dir = scratch();
  const capture = join(dir, 'wrapped-session.jsonl');
  const { exit, unchanged } = await scriptedSession(['--capture', capture, '--name', 'scripted'], dir);
  expect(exit).toEqual({ code: 0, signal: null });
  expect(unchanged).toBe(true);

  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await log.getByLabel('Import log').setInputFiles(capture);
  const banner = log.getByRole('region', { name: 'Imported log' });
  await expect(banner).toContainText(/Viewing an imported log: wrapped-session\.jsonl, \d+ frames/);
  await expect(banner).not.toContainText('line ');
  const rows = log.getByRole('row');
  await expect(rows.filter({ hasText: '{"jsonrpc":"2.0","id":1,"method":"ping"}' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'café split' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Server listening on stdio' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'The server exited with code 0.' })).toHaveCount(1);
});
