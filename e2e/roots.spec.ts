// Client capabilities and roots: the switches shown before connecting, roots
// answered to server-everything's get-roots-list, a change while connected
// announced with notifications/roots/list_changed, and what a server sees when
// a capability is switched off.
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { everythingFixture, startFixture } from '../test/fixtures/http-fixture-process.js';
import { callToolWithoutArguments as callTool } from './fixtures/connect.js';

const EVERYTHING = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio';

/** The connection form, set to start server-everything over stdio. */
async function everythingOverStdio(page: Page): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(EVERYTHING);
}

async function addRoot(page: Page, uri: string, name = ''): Promise<void> {
  await page.getByLabel('Root URI').fill(uri);
  await page.getByLabel('Root name').fill(name);
  await page.getByRole('button', { name: 'Add root' }).click();
}

async function connect(page: Page, server: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText(server);
}

/** The capabilities of the initialize frame the page sent, read from the Log's detail. */
async function declaredCapabilities(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await log
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'initialize', exact: true }) })
    .filter({ hasText: 'request' })
    .first()
    .click();
  const raw = await log.getByRole('region', { name: 'Frame detail' }).getByLabel('Raw text').textContent();
  return (JSON.parse(raw ?? '') as { params: { capabilities: Record<string, unknown> } }).params.capabilities;
}

test('a root set before connecting is what get-roots-list returns; a change while connected is announced and seen', async ({ page }) => {
  await everythingOverStdio(page);
  const capabilities = page.getByRole('group', { name: 'Client capabilities' });
  await expect(capabilities.getByRole('checkbox', { name: 'Roots', exact: true })).toBeChecked();
  await expect(capabilities.getByText('The server may ask for the roots below (roots/list); changes are announced to it.')).toBeVisible();

  // Bad input: said where it was typed, and nothing is added.
  await addRoot(page, 'https://example.com/repo');
  await expect(capabilities.getByRole('alert')).toHaveText('Roots must be file:// URIs; got "https://example.com/repo".');
  await expect(page.getByLabel('Root URI')).toHaveAttribute('aria-invalid', 'true');
  await addRoot(page, 'file:///tmp/mcpscope-e2e/alpha', 'Alpha');
  const roots = capabilities.getByRole('list', { name: 'Roots' });
  await expect(roots.getByRole('listitem')).toHaveCount(1);
  await expect(capabilities.getByRole('alert')).toHaveCount(0);

  await connect(page, 'Everything Reference Server');
  const first = await callTool(page, 'get-roots-list');
  await expect(first).toContainText('Current MCP Roots (1 total)');
  await expect(first).toContainText('1. Alpha\n   URI: file:///tmp/mcpscope-e2e/alpha');

  // While connected: the change goes out at once, and the server asks again.
  await expect(capabilities.getByText('Connected: each change is announced to the server (notifications/roots/list_changed).')).toBeVisible();
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  const rootsRows = log.getByRole('row').filter({ has: page.getByRole('cell', { name: 'roots/list', exact: true }) });
  const before = await rootsRows.count();
  expect(before).toBeGreaterThanOrEqual(2);
  await addRoot(page, 'file:///tmp/mcpscope-e2e/beta', 'Beta');
  const changed = log.getByRole('row').filter({ has: page.getByRole('cell', { name: 'notifications/roots/list_changed', exact: true }) });
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('sent to the server');
  // The server asks again, and is answered: two more roots/list rows.
  await expect(rootsRows).toHaveCount(before + 2);

  const second = await callTool(page, 'get-roots-list');
  await expect(second).toContainText('Current MCP Roots (2 total)');
  await expect(second).toContainText('2. Beta\n   URI: file:///tmp/mcpscope-e2e/beta');
  await capabilities.screenshot({ path: '/tmp/roots-connected.png' });

  // No lint finding about roots: the answers were file:// roots, the notification was declared.
  await page.getByRole('tab', { name: /^Problems/ }).click();
  await expect(page.getByRole('tabpanel', { name: /Problems/ })).not.toContainText(/ROOTS-URI|CAP-UNDECLARED/);
});

test('roots switched off: not declared, and server-everything offers no get-roots-list', async ({ page }) => {
  await everythingOverStdio(page);
  const capabilities = page.getByRole('group', { name: 'Client capabilities' });
  await capabilities.getByRole('checkbox', { name: 'Roots', exact: true }).uncheck();
  await connect(page, 'Everything Reference Server');
  expect(await declaredCapabilities(page)).not.toHaveProperty('roots');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const toolList = page.getByRole('tabpanel', { name: 'Tools' }).getByRole('list', { name: 'Tools' });
  await expect(toolList.getByRole('button', { name: 'echo', exact: true })).toBeVisible();
  await expect(toolList.getByRole('button', { name: 'get-roots-list', exact: true })).toHaveCount(0);
  await expect(capabilities.getByText('Roots are switched off: the server cannot ask for them.')).toBeVisible();
});

test('roots switched off: the demo server (the form default) calls list_roots and is told what is missing', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('group', { name: 'Client capabilities' }).getByRole('checkbox', { name: 'Roots', exact: true }).uncheck();
  await connect(page, 'mcpscope demo server');
  const result = await callTool(page, 'list_roots');
  await expect(result).toContainText('This client did not declare the roots capability in initialize');
});

test('switches changed while connected apply on the next connect', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await connect(page, 'mcpscope demo server');
  const capabilities = page.getByRole('group', { name: 'Client capabilities' });
  await capabilities.getByRole('checkbox', { name: 'Elicitation: forms' }).uncheck();
  await capabilities.getByRole('checkbox', { name: 'Elicitation: links' }).uncheck();
  await expect(capabilities.getByRole('status')).toHaveText('Changed switches apply on the next connect: Disconnect, then Connect.');
  // This connection still answers elicitation: the form appears.
  await callTool(page, 'sign_up');
  await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await connect(page, 'mcpscope demo server');
  await expect(capabilities.getByRole('status')).toHaveCount(0);
  const result = await callTool(page, 'sign_up');
  await expect(result).toContainText('This client does not support elicitation.');
});

test('a switched-off sampling capability is not declared in the initialize frame', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  const capabilities = page.getByRole('group', { name: 'Client capabilities' });
  await capabilities.getByRole('checkbox', { name: 'Sampling', exact: true }).uncheck();
  // Tool use in sampling rides on sampling: it cannot be on without it.
  await expect(capabilities.getByRole('checkbox', { name: 'Tool use in sampling' })).toBeDisabled();
  await capabilities.getByText(/^The next initialize declares/).click();
  // Neither sampling nor a task-run sampling (tasks.requests.sampling) is declared; the rest is.
  const preview = capabilities.getByLabel('Declared client capabilities');
  await expect(preview).toContainText('"roots":{"listChanged":true}');
  await expect(preview).not.toContainText('sampling');
  await page.screenshot({ path: '/tmp/roots-capabilities.png', fullPage: true });
  await connect(page, 'mcpscope demo server');
  const declared = await declaredCapabilities(page);
  expect(declared).toMatchObject({ roots: { listChanged: true }, elicitation: { form: {} } });
  expect(JSON.stringify(declared)).not.toContain('sampling');
});

test('over Streamable HTTP: get-roots-list returns the root, and a change is announced and seen', async ({ page }) => {
  const everything = await startFixture(everythingFixture, ['streamableHttp']);
  try {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Transport').selectOption('http');
    await page.getByLabel('URL').fill(`${everything.origin}/mcp`);
    // Enter in a root field adds the root; it does not submit the form (which would connect).
    await page.getByLabel('Root name').fill('Gamma');
    await page.getByLabel('Root URI').fill('file:///srv/gamma');
    await page.getByLabel('Root URI').press('Enter');
    await expect(page.getByRole('list', { name: 'Roots' })).toContainText('file:///srv/gamma');
    await expect(page.getByRole('status', { name: 'Connection status' })).toHaveText('Not connected.');
    await connect(page, 'Everything Reference Server');
    await expect(await callTool(page, 'get-roots-list')).toContainText('1. Gamma\n   URI: file:///srv/gamma');
    await addRoot(page, 'file:///srv/delta');
    await page.getByRole('tab', { name: 'Log' }).click();
    const log = page.getByRole('tabpanel', { name: 'Log' });
    await expect(log.getByRole('row').filter({ has: page.getByRole('cell', { name: 'notifications/roots/list_changed', exact: true }) })).toHaveCount(1);
    // The server asks again on its own; the next call shows what it got.
    await expect(async () => {
      await expect(await callTool(page, 'get-roots-list')).toContainText('2. Unnamed Root\n   URI: file:///srv/delta', { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Disconnect' }).click();
  } finally {
    await everything.stop();
  }
});

test('a server that asks for roots/list without the capability gets -32601, and the linter says so', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill('test/fixtures/roots-asker.mjs');
  await page.getByRole('group', { name: 'Client capabilities' }).getByRole('checkbox', { name: 'Roots', exact: true }).uncheck();
  await connect(page, 'roots-asker');
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Console' })).toContainText(
    `roots answer: {"error":{"code":-32601,"message":"Method not found: roots/list (switched off in mcpscope's client capabilities)"}}`,
  );
  await page.getByRole('tab', { name: /^Problems/ }).click();
  // The only request the server sent is roots/list: the one finding is about it.
  const problems = page.getByRole('tabpanel', { name: /Problems/ });
  await expect(problems).toContainText('1 finding: 1 error');
  await expect(problems.getByRole('row').filter({ hasText: 'CAP-UNDECLARED' })).toContainText('Only negotiated capabilities may be used');
});
