// Import and export in the page, against the real proxy: each config shape from the fixtures
// (bad entries said, the rest imported), VS Code's ${input:…} asked in the dialog, ${env:…} left
// empty and named; a saved server exported and imported again is the same entry; axe on both dialogs.
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ServerListView } from '../src/protocol/index.js';
import { pageText, removeConfigHome, seriousViolations, serverButton, serverList, startServersProxy, type ServersProxy } from './fixtures/servers.js';

const TOKEN = 'e2e-servers-import-token-0123456789';
const fixture = (path: string) => resolve('test/fixtures/configs', path);
let proxy: ServersProxy | undefined;

test.afterEach(async () => {
  await proxy?.stop();
  removeConfigHome(proxy);
  proxy = undefined;
});

const importDialog = (page: Page) => page.getByRole('dialog', { name: 'Import servers' });

async function openImport(page: Page) {
  await serverList(page).getByRole('button', { name: 'Import…' }).click();
  await expect(importDialog(page)).toBeVisible();
  return importDialog(page);
}

async function savedList(page: Page): Promise<ServerListView> {
  return page.evaluate(async (token) => (await fetch('/api/servers', { headers: { Authorization: `Bearer ${token}` } })).json(), TOKEN);
}

test('each config shape imports from a picked file: bad entries said and skipped, the rest saved', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  proxy = await startServersProxy(TOKEN, ['--port=0', '--no-open']);
  await page.goto(proxy.page);
  const shapes: Array<{ file: string; host: string; imported: string[]; skipped: RegExp[] }> = [
    {
      file: 'claude_desktop_config.json',
      host: 'Claude Desktop',
      imported: ['everything', 'local'],
      skipped: [/"broken" has neither a command nor a url/, /"both" has both/],
    },
    { file: 'claude-code/.mcp.json', host: 'Claude Code', imported: ['events'], skipped: [/"socket" has type "websocket"/, /"unset" uses NOT_SET_ANYWHERE/] },
    { file: 'cursor/.cursor/mcp.json', host: 'Cursor', imported: ['search', 'remote'], skipped: [] },
    { file: 'windsurf/mcp_config.json', host: 'Windsurf', imported: ['docs', 'git'], skipped: [] },
    {
      file: 'registry/server.json',
      host: 'the MCP registry',
      imported: ['weather-npm', 'weather-pypi', 'weather-oci', 'weather-remote'],
      skipped: [/registry "cargo"/],
    },
  ];
  for (const shape of shapes) {
    const dialog = await openImport(page);
    await dialog.getByLabel('Config file').setInputFiles(fixture(shape.file));
    await expect(dialog.getByText(`Read as ${shape.host}'s config`)).toBeVisible();
    const problems = dialog.getByRole('list', { name: 'Problems in the file' });
    for (const s of shape.skipped) await expect(problems.getByRole('listitem').filter({ hasText: s })).toContainText('Skipped:');
    if (shape.file.startsWith('cursor')) {
      // The page has no environment: the variable is named, its value left empty.
      await expect(problems).toContainText('SEARCH_KEY, which is not set here');
      await page.screenshot({ path: '/tmp/servers-ui-shots/import-cursor-1280.png' });
    }
    if (shape.file.startsWith('registry')) {
      // The registry's required variables are asked; a secret one without echo.
      await expect(dialog.getByLabel(/API key/)).toHaveAttribute('type', 'password');
      await dialog.getByLabel(/API key/).fill('reg-key');
      await dialog.getByLabel(/Home city/).fill('Oslo');
      await dialog.getByLabel(/X-Session/).fill('sess');
    }
    await dialog.getByRole('button', { name: `Import ${shape.imported.length} server` }).click();
    await expect(serverList(page).getByRole('status')).toContainText(`Imported ${shape.imported.length} server`);
    for (const name of shape.imported)
      await expect(
        serverList(page)
          .getByRole('group', { name: 'Saved' })
          .getByRole('button', { name: new RegExp(`^${name} `) }),
      ).toBeVisible();
  }
  const saved = await savedList(page);
  const events = saved.servers.find((s) => s.entry.name === 'events')!;
  expect(events.entry.transport.kind).toBe('http');
  // The registry's secret answer is kept by the proxy, not sent back.
  expect(JSON.stringify(saved)).not.toContain('reg-key');

  // Not JSON: one sentence, nothing to import.
  const dialog = await openImport(page);
  await dialog.getByLabel('Config file').setInputFiles(fixture('not-json.json'));
  await expect(dialog.getByText(/The config is not JSON \(.* at line 1, column \d+\)/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(importDialog(page)).toHaveCount(0);
});

test("VS Code's inputs are asked in the dialog, a password one without echo; names taken are told", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  proxy = await startServersProxy(TOKEN, ['--port=0', '--no-open']);
  await page.goto(proxy.page);
  let dialog = await openImport(page);
  await dialog.getByLabel('Config file').setInputFiles(fixture('vscode/.vscode/mcp.json'));
  await expect(dialog.getByText("Read as VS Code's config")).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: '"orphan" uses ${input:nowhere}' })).toContainText('Skipped:');
  await expect(dialog.getByLabel(/Database password/)).toHaveAttribute('type', 'password');
  // Unanswered: the dialog says which, and saves nothing.
  await dialog.getByRole('button', { name: 'Import 2 servers' }).click();
  await expect(dialog.getByRole('alert')).toContainText('needs db-password (Database password), region (Region)');
  await dialog.getByLabel(/Database password/).fill('pw-typed-here');
  await dialog.getByLabel(/^Region/).fill('eu');
  expect(await seriousViolations(page, 'dialog')).toEqual([]);
  await page.screenshot({ path: '/tmp/servers-ui-shots/import-vscode-1280.png' });
  await dialog.getByRole('button', { name: 'Import 2 servers' }).click();
  await expect(serverList(page).getByRole('status')).toContainText('Imported 2 servers.');
  const db = (await savedList(page)).servers.find((s) => s.entry.name === 'db')!;
  expect(db.entry.transport).toMatchObject({ args: ['-y', 'db-server', '--region', 'eu'] });
  expect(db.secretValues).toContain('DB_PASS');

  // Again, with only "web": its name is taken, so it is saved under another, and told.
  dialog = await openImport(page);
  await dialog.getByLabel('Config file').setInputFiles(fixture('vscode/.vscode/mcp.json'));
  await dialog.getByRole('checkbox', { name: /^db / }).uncheck();
  await dialog.getByRole('button', { name: 'Import 1 server' }).click();
  await expect(serverList(page).getByRole('status')).toContainText('"web" is saved as "web 2", because that name was taken.');
  expect(await pageText(page)).not.toContain('pw-typed-here');
});

test('export round-trips: a saved server exported and imported again is the same entry, secrets as placeholders', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  proxy = await startServersProxy(TOKEN, ['--port=0', '--no-open']);
  await page.goto(proxy.page);
  let dialog = await openImport(page);
  await dialog.getByLabel('Or paste its text').fill(
    JSON.stringify({
      mcpServers: {
        tool: { command: 'npx', args: ['-y', 'tool-server', '--flag', 'a b'], env: { REGION: 'eu', TOOL_API_KEY: 'sk-export-secret' }, cwd: '/srv' },
      },
    }),
  );
  await dialog.getByRole('button', { name: 'Import 1 server' }).click();
  await serverButton(page, 'Saved', 'tool').click();

  await serverList(page).getByRole('button', { name: 'Export…' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export tool' });
  await exportDialog.getByLabel('Shape').selectOption({ label: 'Claude Desktop (claude_desktop_config.json)' });
  const text = await exportDialog.getByLabel('Exported text').textContent();
  expect(text).toContain('"TOOL_API_KEY": "<TOOL_API_KEY>"');
  expect(text).not.toContain('sk-export-secret');
  await exportDialog.getByRole('button', { name: 'Copy' }).click();
  await expect(exportDialog.getByRole('status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  await exportDialog.getByLabel('Shape').selectOption({ label: 'mcpscope command line' });
  await expect(exportDialog.getByLabel('Exported text')).toContainText('-e TOOL_API_KEY="$TOOL_API_KEY"');
  expect(await seriousViolations(page, 'dialog')).toEqual([]);
  await page.screenshot({ path: '/tmp/servers-ui-shots/export-1280.png' });
  await exportDialog.getByRole('button', { name: 'Close' }).first().click();

  dialog = await openImport(page);
  await dialog.getByLabel('Or paste its text').fill(text!);
  await dialog.getByRole('button', { name: 'Import 1 server' }).click();
  await expect(serverList(page).getByRole('status')).toContainText('"tool" is saved as "tool 2"');
  const servers = (await savedList(page)).servers;
  const [first, again] = [servers.find((s) => s.entry.name === 'tool')!, servers.find((s) => s.entry.name === 'tool 2')!];
  const plain = (s: typeof first) => {
    const t = s.entry.transport;
    return t.kind === 'stdio' ? { command: t.command, args: t.args, cwd: t.cwd, region: t.env.REGION } : t;
  };
  expect(plain(again)).toEqual(plain(first));
  // The secret came back as the placeholder, which the person fills in.
  expect(again.entry.transport.kind === 'stdio' && again.entry.transport.env.TOOL_API_KEY).not.toBe('sk-export-secret');
});
