// The saved-server list in the sidebar, against the real proxy: add, edit, rename, duplicate and
// delete; a kept secret is not in the page until Reveal; the list and the selection survive a
// reload and a proxy restart; Connect opens the saved server.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ServerListView } from '../src/protocol/index.js';
import {
  connectForm,
  demo,
  pageText,
  removeConfigHome,
  seriousViolations,
  serverButton,
  serverList,
  startServersProxy,
  type ServersProxy,
} from './fixtures/servers.js';

const TOKEN = 'e2e-servers-token-0123456789';
const SECRET = 'hunter2-kept-by-the-proxy';
let proxy: ServersProxy | undefined;

test.afterEach(async () => {
  await proxy?.stop();
  removeConfigHome(proxy);
  proxy = undefined;
});

test('add, edit, rename, duplicate and delete a saved server; a secret stays out of the page until Reveal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  proxy = await startServersProxy(TOKEN, ['--port=0', '--no-open', process.execPath, demo]);
  await page.goto(proxy.page);
  const list = serverList(page);
  const form = connectForm(page);
  await expect(list.getByText('None saved yet')).toBeVisible();

  // Add: the form as it is, with a value marked secret by hand.
  await form.getByRole('button', { name: 'Add variable' }).click();
  await form.getByLabel('Variable 1 name').fill('LOGIN');
  await form.getByLabel('Variable 1 value').fill(SECRET);
  await form.getByLabel('Variable 1 is secret').check();
  await list.getByRole('button', { name: 'Add', exact: true }).click();
  await list.getByLabel('Name of the new server').fill('demo one');
  await list.getByRole('button', { name: 'Add', exact: true }).last().click();
  await expect(list.getByText('Saved as "demo one".')).toBeVisible();
  await expect(serverButton(page, 'Saved', 'demo one')).toHaveAttribute('aria-pressed', 'true');
  // The page now holds the proxy's mask, not the value.
  await page.reload();
  await expect(serverButton(page, 'Saved', 'demo one')).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByLabel('Variable 1 name')).toHaveValue('LOGIN');
  expect(await pageText(page)).not.toContain(SECRET);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(SECRET);
  await form.getByRole('button', { name: 'Reveal the value of LOGIN' }).click();
  await expect(form.getByLabel('Variable 1 value')).toHaveValue(SECRET);
  await page.screenshot({ path: '/tmp/servers-ui-shots/list-revealed-1280.png' });

  // Edit and Save.
  await form.getByLabel('Arguments').fill(`${demo} --edited`);
  await list.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(list.getByText('Saved the changes to "demo one".')).toBeVisible();
  // Saved anew: the value is kept again, hidden until revealed.
  await expect(form.getByRole('button', { name: 'Reveal the value of LOGIN' })).toBeVisible();

  // Rename.
  await list.getByRole('button', { name: 'Rename' }).click();
  await list.getByLabel('New name for "demo one"').fill('demo two');
  await list.getByRole('button', { name: 'Rename' }).last().click();
  await expect(list.getByText('Renamed "demo one" to "demo two".')).toBeVisible();
  await expect(serverButton(page, 'Saved', 'demo two')).toBeVisible();

  // Duplicate: the copy is chosen, the secret kept for it too.
  await list.getByRole('button', { name: 'Duplicate' }).click();
  await expect(list.getByText('Saved a copy of "demo two" as "demo two copy".')).toBeVisible();
  await expect(serverButton(page, 'Saved', 'demo two copy')).toHaveAttribute('aria-pressed', 'true');
  await form.getByRole('button', { name: 'Reveal the value of LOGIN' }).click();
  await expect(form.getByLabel('Variable 1 value')).toHaveValue(SECRET);

  // A name taken: the proxy's sentence at the list.
  await list.getByRole('button', { name: 'Rename' }).click();
  await list.getByLabel('New name for "demo two copy"').fill('Demo Two');
  await list.getByRole('button', { name: 'Rename' }).last().click();
  await expect(list.getByRole('alert')).toContainText('already called "Demo Two": choose another name.');

  expect(await seriousViolations(page, '.server-list')).toEqual([]);

  // Delete asks first.
  await list.getByRole('button', { name: 'Cancel' }).click();
  await list.getByRole('button', { name: 'Delete' }).click();
  const confirm = list.getByRole('alertdialog', { name: 'Delete demo two copy?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(serverButton(page, 'Saved', 'demo two copy')).toBeVisible();
  await list.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByText('Deleted "demo two copy".', { exact: false })).toBeVisible();
  await expect(serverButton(page, 'Saved', 'demo two copy')).toHaveCount(0);
  // Its kept secret went with it: the form no longer holds a mask that stands for nothing.
  await expect(list.getByRole('status')).toContainText('type LOGIN again to connect');
  await expect(form.getByLabel('Variable 1 value')).toHaveValue('');
  await expect(serverButton(page, 'Saved', 'demo two')).toBeVisible();
});

test('a saved server survives a proxy restart, is chosen again after a reload, and Connect opens it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  proxy = await startServersProxy(TOKEN, ['--port=0', '--no-open', '--url=http://127.0.0.1:9/mcp']);
  await page.goto(proxy.page);
  const list = serverList(page);
  const form = connectForm(page);
  await form.getByLabel('Transport').selectOption('stdio');
  await form.getByLabel('Command').fill(process.execPath);
  await form.getByLabel('Arguments').fill(demo);
  await form.getByRole('button', { name: 'Add variable' }).click();
  await form.getByLabel('Variable 1 name').fill('DEMO_TOKEN');
  await form.getByLabel('Variable 1 value').fill(SECRET);
  await list.getByRole('button', { name: 'Add', exact: true }).click();
  await list.getByLabel('Name of the new server').fill('the demo');
  await list.getByRole('button', { name: 'Add', exact: true }).last().click();
  await expect(serverButton(page, 'Saved', 'the demo')).toBeVisible();

  proxy = await proxy.restart();
  await page.goto(proxy.page);
  await page.reload();
  // The proxy's own prefill is an HTTP URL; the chosen saved server wins over it.
  await expect(serverButton(page, 'Saved', 'the demo')).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByLabel('Transport')).toHaveValue('stdio');
  await expect(form.getByLabel('Arguments')).toHaveValue(demo);
  // Unsaved edits of the saved server survive a reload too, the kept secret still kept.
  await form.getByLabel('Working directory').fill(tmpdir());
  await page.reload();
  await expect(serverButton(page, 'Saved', 'the demo')).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByLabel('Working directory')).toHaveValue(tmpdir());
  // The form holds the proxy's mask for the token; the proxy starts the server with the kept value.
  await expect(form.getByRole('button', { name: 'Reveal the value of DEMO_TOKEN' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('mcpscope demo server');
  expect(await pageText(page)).not.toContain(SECRET);
  // Opened by reference: it is the most recent now.
  await expect(serverButton(page, 'Recent', 'the demo')).toBeVisible();
});

test('a broken servers.json is named and kept until the person starts a new list', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const configHome = mkdtempSync(join(tmpdir(), 'mcpscope-servers-'));
  mkdirSync(join(configHome, 'mcpscope'), { recursive: true, mode: 0o700 });
  writeFileSync(join(configHome, 'mcpscope', 'servers.json'), '{"version": 1, "servers": [', { mode: 0o600 });
  proxy = await startServersProxy(TOKEN, ['--port=0', '--no-open', process.execPath, demo], configHome);
  await page.goto(proxy.page);
  const list = serverList(page);
  const problem = list.getByRole('alert').filter({ hasText: 'servers.json' });
  await expect(problem).toBeVisible();
  await page.screenshot({ path: '/tmp/servers-ui-shots/broken-file-1280.png' });
  // Writes are refused while it is broken, with the proxy's sentence.
  await list.getByRole('button', { name: 'Add', exact: true }).click();
  await list.getByLabel('Name of the new server').fill('x');
  await list.getByRole('button', { name: 'Add', exact: true }).last().click();
  await expect(list.getByRole('alert').last()).not.toBeEmpty();
  expect(readFileSync(join(configHome, 'mcpscope', 'servers.json'), 'utf8')).toBe('{"version": 1, "servers": [');
  await list.getByRole('button', { name: /^Start a new list/ }).click();
  await expect(list.getByRole('status')).toContainText('A new list was started; the old file was moved to');
  await expect(problem).toHaveCount(0);
  const moved = readdirSync(join(configHome, 'mcpscope')).filter((f) => f.startsWith('servers.json.broken-'));
  expect(moved).toHaveLength(1);
  expect(readFileSync(join(configHome, 'mcpscope', moved[0]!), 'utf8')).toBe('{"version": 1, "servers": [');
});

test("a --config file's servers are listed read-only and chosen as npm start named; Save a copy is their only change", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  proxy = await startServersProxy(TOKEN, ['--port=0', '--no-open', '--url=http://127.0.0.1:9/mcp']);
  // This proxy was given no --config (npm start's option): its answer gets one, as a proxy started with it gives.
  await page.route('**/api/servers', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const view = (await response.json()) as ServerListView;
    const at = '2026-01-01T00:00:00.000Z';
    view.servers.push({
      id: 'config:cursor-demo',
      entry: { name: 'cursor-demo', transport: { kind: 'stdio', command: process.execPath, args: [demo], env: {} }, secretKeys: [] },
      createdAt: at,
      updatedAt: at,
      source: 'config',
      secretValues: [],
    });
    view.configFile = {
      path: '~/.cursor/mcp.json',
      problems: [{ server: 'odd', message: 'Server "odd" has type "pipe", which Cursor does not know: use stdio, http or sse.', skipped: true }],
      inputs: [],
      selected: 'config:cursor-demo',
    };
    await route.fulfill({ response, json: view });
  });
  await page.goto(proxy.page);
  const list = serverList(page);
  const form = connectForm(page);
  const item = serverButton(page, 'From ~/.cursor/mcp.json', 'cursor-demo');
  await expect(list.getByText('(read-only)')).toBeVisible();
  await expect(item).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByLabel('Transport')).toHaveValue('stdio');
  await expect(form.getByLabel('Arguments')).toHaveValue(demo);
  await expect(list.getByText('Server "odd" has type "pipe"')).toBeVisible();
  for (const name of ['Save', 'Rename', 'Delete']) await expect(list.getByRole('button', { name, exact: true })).toHaveCount(0);
  // This proxy does not know the id: its sentence is shown at the list.
  await list.getByRole('button', { name: 'Save a copy' }).click();
  await expect(list.getByRole('alert')).not.toBeEmpty();
  await page.screenshot({ path: '/tmp/servers-ui-shots/config-source-1280.png' });
});
