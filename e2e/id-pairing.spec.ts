// Request ids keep their JSON type: a server that answers request 2 with id "2"
// has not answered it. The Problems tab says so, in the request ledger's words.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const badServer = fileURLToPath(new URL('../test/fixtures/bad-server.mjs', import.meta.url));

test('an answer whose id changed JSON type answers nothing, and the Problems tab says why', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`${badServer} --mode string-ids`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Connected');

  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();

  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  const orphan = problems.getByRole('row').filter({ hasText: 'JR-RESP-ORPHAN' });
  await expect(orphan).toBeVisible();
  await orphan.getByRole('button', { name: 'JR-RESP-ORPHAN' }).click();
  await expect(problems.getByRole('list', { name: 'Findings of JR-RESP-ORPHAN' })).toContainText(
    /The response id "\d+" is a string, but request \d+ was a number; the id must keep its JSON type, so it answers nothing\./,
  );
  await page.screenshot({ path: '/tmp/ledger-id-pairing.png', fullPage: true });
});
