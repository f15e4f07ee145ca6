// Broken app resources through the page: the Apps tab lists each tool with a
// sentence saying what is wrong, opening one that cannot be shown says why in
// its place, and every fault is a finding in Problems; the page goes on.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const brokenApps = fileURLToPath(new URL('../test/fixtures/apps/broken-apps.mjs', import.meta.url));

test('each broken app gets a sentence in the Apps tab and a finding in Problems', async ({ page }) => {
  await connectToScript(page, brokenApps, 'broken-apps');
  await page.getByRole('tab', { name: 'Apps' }).click();
  const apps = page.getByRole('tabpanel', { name: 'Apps' });
  const list = apps.getByRole('list', { name: 'Tools with an app' });
  const item = (name: string) => list.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^${name}\\b`) }) });
  await expect(item('not_ui_scheme')).toContainText('is not a ui:// URI');
  await expect(item('malformed_tool_meta')).toContainText('not a string, so no host can show its app');
  await expect(item('flat_key')).toContainText('_meta["ui/resourceUri"] is deprecated');

  // What only reading the resource shows: said where its app would be.
  const open = async (name: string) => {
    await list.getByRole('button', { name: new RegExp(`^${name}\\b`) }).click();
    await apps.getByRole('button', { name: 'Call tool' }).click();
    return apps.getByRole('region', { name: new RegExp(`^App \\d+ of ${name}$`) });
  };
  await expect(await open('missing_resource')).toContainText('ui://broken/missing.html');
  await expect(await open('not_html')).toContainText('is "text/plain", not HTML');
  await expect(await open('malformed_resource_meta')).toContainText('_meta.ui.prefersBorder is "yes", not true or false');
  const wild = await open('wild_csp');
  await expect(wild).toContainText('javascript:alert(1)');

  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  for (const rule of [
    'APP-RESOURCE-URI',
    'APP-TOOL-UI',
    'APP-TOOL-UI-DEPRECATED',
    'APP-RESOURCE-MIME',
    'APP-RESOURCE-UI',
    'APP-RESOURCE-MISSING',
    'APP-CSP-DOMAIN',
  ]) {
    await expect(problems.getByText(rule, { exact: true }).first()).toBeVisible();
  }
  // The rest of the page keeps working.
  await page.getByRole('tab', { name: 'Ping' }).click();
  await expect(page.getByRole('tab', { name: 'Ping' })).toHaveAttribute('aria-selected', 'true');
});
