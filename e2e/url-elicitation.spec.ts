// URL-mode elicitation (2025-11-25) and multi-select form elicitation, against
// the reference server (server-everything over stdio): the dialog shows where a
// URL goes and opens it only on a click; the -32042 error offers the same and a
// Retry; a multi-select enum is answered with an array.
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';

const everything = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

async function connectEverything(page: Page): Promise<Locator> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`${everything} stdio`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
  await page.getByRole('tab', { name: 'Tools' }).click();
  return page.getByRole('tabpanel', { name: 'Tools' });
}

async function selectTool(tools: Locator, name: string): Promise<Locator> {
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();
  return tools.getByRole('region', { name: `Tool ${name}` });
}

/** Pages opened from mcpscope load a stand-in, not the internet; returns the URLs that were opened. */
async function standInPages(context: BrowserContext): Promise<string[]> {
  const opened: string[] = [];
  await context.route(/^https:\/\/(auth\.example\.com|modelcontextprotocol\.io)\//, (route) => {
    opened.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>stand-in</title>signed in' });
  });
  return opened;
}

const result = (tools: Locator) => tools.getByRole('region', { name: 'Call result' });

test('URL elicitation: the dialog shows the host and the whole URL, opens nothing by itself, and Decline reaches the tool', async ({ page, context }) => {
  const opened = await standInPages(context);
  const tools = await connectEverything(page);
  const tool = await selectTool(tools, 'trigger-url-elicitation');
  await tool.getByLabel('url', { exact: true }).fill('https://auth.example.com/connect?step=1');
  await tool.getByRole('button', { name: 'Call tool' }).click();

  const dialog = page.getByRole('dialog', { name: 'The server asks you to open a web page' });
  await expect(dialog).toContainText('Please open the link to complete this action.');
  await expect(dialog.locator('strong.url-target-host')).toHaveText('auth.example.com');
  await expect(dialog.getByLabel('Full address')).toHaveText('https://auth.example.com/connect?step=1');
  await expect(dialog.getByRole('button', { name: 'Decline' })).toBeFocused();
  await page.screenshot({ path: '/tmp/urlelicit-dialog.png' });
  await dialog.getByRole('button', { name: 'Decline' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(result(tools)).toContainText('User declined to open the URL');
  expect(opened).toEqual([]);
});

test('URL elicitation: Open shows the page in a new tab and answers accept', async ({ page, context }) => {
  const opened = await standInPages(context);
  const tools = await connectEverything(page);
  const tool = await selectTool(tools, 'trigger-url-elicitation');
  await tool.getByLabel('url', { exact: true }).fill('https://auth.example.com/connect');
  await tool.getByRole('button', { name: 'Call tool' }).click();

  const dialog = page.getByRole('dialog', { name: 'The server asks you to open a web page' });
  const popup = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open in a new tab' }).click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toBe('https://auth.example.com/connect');
  // noopener: the opened page cannot reach back to mcpscope.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await expect(result(tools)).toContainText('User completed the URL elicitation flow');
  await expect(page.getByRole('region', { name: 'Opened URL elicitations' })).toContainText('auth.example.com');
  expect(opened).toEqual(['https://auth.example.com/connect']);
});

test('-32042: the error offers the URL elicitation, and Retry after it succeeds', async ({ page, context }) => {
  const opened = await standInPages(context);
  const tools = await connectEverything(page);
  const tool = await selectTool(tools, 'trigger-url-elicitation');
  await tool.getByLabel('url', { exact: true }).fill('https://auth.example.com/files');
  await tool.getByLabel('errorPath').check();
  await tool.getByRole('button', { name: 'Call tool' }).click();

  const required = result(tools).getByRole('region', { name: 'URL elicitation required' });
  await expect(result(tools)).toContainText('-32042 (URL elicitation required)');
  await expect(required).toContainText('Open this link to satisfy the prerequisite, then retry the request.');
  await expect(required.locator('strong.url-target-host')).toHaveText('modelcontextprotocol.io');
  await expect(required.getByRole('status')).toHaveText('Not opened yet.');
  await page.screenshot({ path: '/tmp/urlelicit-32042.png' });

  const popup = context.waitForEvent('page');
  await required.getByRole('button', { name: 'Open in a new tab' }).click();
  await (await popup).waitForLoadState();
  expect(opened).toEqual(['https://modelcontextprotocol.io/']);
  await expect(required.getByRole('status')).toContainText('Opened');

  await required.getByRole('button', { name: 'Retry the request' }).click();
  // The retry goes through: the server now asks by request, for the original URL.
  const dialog = page.getByRole('dialog', { name: 'The server asks you to open a web page' });
  await expect(dialog.getByLabel('Full address')).toHaveText('https://auth.example.com/files');
  await dialog.getByRole('button', { name: 'Open in a new tab' }).click();
  await expect(result(tools)).toContainText('User completed the URL elicitation flow');
  await expect(tools.getByRole('region', { name: 'Call history' }).getByRole('cell', { name: 'Result', exact: true }).first()).toBeVisible();
});

test('multi-select and titled enums: checkboxes with defaults, bounds checked, the server receives arrays', async ({ page }) => {
  const tools = await connectEverything(page);
  const tool = await selectTool(tools, 'trigger-elicitation-request');
  await tool.getByRole('button', { name: 'Call tool' }).click();

  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  const instruments = dialog.getByRole('group', { name: 'Untitled Multiple Select Enum' });
  const fish = dialog.getByRole('group', { name: 'Titled Multiple Select Enum' });
  await expect(instruments.getByRole('checkbox', { name: 'Guitar' })).toBeChecked();
  await expect(fish.getByRole('checkbox', { name: 'Tuna' })).toBeChecked();
  await expect(instruments).toContainText('Choose 1 to 3.');
  await expect(dialog.getByLabel('Titled Single Select Enum', { exact: true })).toHaveValue('hero-1');
  await expect(dialog.getByLabel('Legacy Titled Single Select Enum', { exact: true }).locator('option:checked')).toHaveText('Cats');
  await expect(dialog).not.toContainText('Not shown');

  await dialog.getByRole('textbox', { name: 'String', exact: true }).fill('Ann Example');
  // Four instruments are one too many: caught here, nothing sent.
  for (const name of ['Piano', 'Drums', 'Bass']) await instruments.getByRole('checkbox', { name }).check();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByRole('alert')).toContainText('untitledMultipleSelectEnum');
  await page.screenshot({ path: '/tmp/urlelicit-multiselect.png' });
  await instruments.getByRole('checkbox', { name: 'Guitar' }).uncheck();
  await fish.getByRole('checkbox', { name: 'Trout' }).check();
  await dialog.getByLabel('Titled Single Select Enum', { exact: true }).selectOption({ label: 'Wonder Woman' });
  await dialog.getByRole('button', { name: 'Accept' }).click();

  await expect(dialog).toHaveCount(0);
  const raw = result(tools);
  await expect(raw).toContainText('"untitledMultipleSelectEnum": [\n    "Piano",\n    "Drums",\n    "Bass"\n  ]');
  await expect(raw).toContainText('"titledMultipleSelectEnum": [\n    "fish-1",\n    "fish-3"\n  ]');
  await expect(raw).toContainText('"titledSingleSelectEnum": "hero-3"');
});

async function connectDemo(page: Page): Promise<Locator> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
  await page.getByRole('tab', { name: 'Tools' }).click();
  return page.getByRole('tabpanel', { name: 'Tools' });
}

test('demo: notifications/elicitation/complete marks an opened URL elicitation done, and the -32042 panel ready to retry', async ({ page, context }) => {
  const opened: string[] = [];
  await context.route(/^https:\/\/accounts\.example\.com\//, (route) => {
    opened.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: 'signed in' });
  });
  const tools = await connectDemo(page);
  const tool = await selectTool(tools, 'connect_account');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'The server asks you to open a web page' });
  await expect(dialog.locator('strong.url-target-host')).toHaveText('accounts.example.com');
  await dialog.getByRole('button', { name: 'Open in a new tab' }).click();
  await expect(result(tools)).toContainText('accept: the sign-in page for files was opened');
  const list = page.getByRole('region', { name: 'Opened URL elicitations' });
  await expect(list).toContainText('Completed by the server');
  await page.screenshot({ path: '/tmp/urlelicit-completed.png' });
  await list.getByRole('button', { name: 'Dismiss' }).click();
  await expect(list).toHaveCount(0);

  // The error path, for another service: the demo reports the sign-in complete by itself.
  await tool.getByLabel('service', { exact: true }).fill('mail');
  await tool.getByLabel('requireFirst').check();
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const required = result(tools).getByRole('region', { name: 'URL elicitation required' });
  await expect(required.getByRole('status')).toHaveText('Completed: the server sent notifications/elicitation/complete.');
  await expect(required).toContainText('All complete: the request can be retried.');
  await required.getByRole('button', { name: 'Retry the request' }).click();
  await expect(result(tools)).toContainText('The mail account is connected; the call went through.');
  expect(opened).toHaveLength(1);
});

test('demo: order_pizza sends the multi-select toppings and extras as arrays', async ({ page }) => {
  const tools = await connectDemo(page);
  const tool = await selectTool(tools, 'order_pizza');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  const toppings = dialog.getByRole('group', { name: 'Toppings' });
  await toppings.getByRole('checkbox', { name: 'olives' }).check();
  await dialog.getByRole('group', { name: 'Extras' }).getByRole('checkbox', { name: 'Side salad' }).check();
  await dialog.getByLabel('Size').selectOption({ label: 'Large (35 cm)' });
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(result(tools).getByText('accept: {"size":"l","toppings":["cheese","olives"],"extras":["salad"]}', { exact: true })).toBeVisible();
});

// Bad input: URL elicitations that try it, from a hand-written server.
const hostileServer = fileURLToPath(new URL('../test/fixtures/url-elicitation-server.mjs', import.meta.url));

async function connectHostile(page: Page, version = '2025-11-25'): Promise<Locator> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(hostileServer);
  await page.getByLabel('Protocol version').selectOption(version);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('url-elicitation-server');
  await page.getByRole('tab', { name: 'Tools' }).click();
  return page.getByRole('tabpanel', { name: 'Tools' });
}

async function problemRow(page: Page, rule: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Problems' }).click();
  return page.getByRole('tabpanel', { name: 'Problems' }).getByRole('row').filter({ hasText: rule });
}

test('bad input: a javascript: URL cannot be opened, a punycode host behind a user name is called out, and both are linted', async ({ page, context }) => {
  const popups: string[] = [];
  context.on('page', (p) => popups.push(p.url()));
  const tools = await connectHostile(page);
  const tool = await selectTool(tools, 'hostile_urls');
  await tool.getByRole('button', { name: 'Call tool' }).click();

  const dialog = page.getByRole('dialog', { name: 'The server asks you to open a web page' });
  await expect(dialog.getByLabel('Warnings about this address')).toContainText('mcpscope opens only http and https addresses');
  await expect(dialog.getByRole('button', { name: 'Open in a new tab' })).toBeDisabled();
  await expect(dialog).toContainText('elicitationId (a non-empty string) is missing');
  await dialog.getByRole('button', { name: 'Decline' }).click();

  await expect(dialog.locator('strong.url-target-host')).toHaveText('xn--bnk-sna.example');
  const warnings = dialog.getByLabel('Warnings about this address');
  await expect(warnings).toContainText('internationalised name (punycode "xn--")');
  await expect(warnings).toContainText('The address puts "bank.example" before an @: the site it opens is xn--bnk-sna.example');
  await page.screenshot({ path: '/tmp/urlelicit-hostile.png' });
  await page.keyboard.press('Escape');

  await expect(result(tools)).toContainText('answers: [{"action":"decline"},{"action":"cancel"}]');
  expect(popups).toEqual([]);
  await expect(await problemRow(page, 'ELICIT-URL')).toBeVisible();
  await expect(await problemRow(page, 'ELICIT-COMPLETE')).toBeVisible();
});

test('bad input: a malformed -32042 error is shown as it came, cannot be opened, and is linted', async ({ page }) => {
  const tools = await connectHostile(page);
  const tool = await selectTool(tools, 'malformed_required');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const required = result(tools).getByRole('region', { name: 'URL elicitation required' });
  await expect(required).toContainText('The error is malformed (elicitations[0]: elicitationId (a non-empty string) is missing');
  await expect(required.getByRole('alert')).toHaveText('"not a url" is not a valid absolute URL, so it cannot be opened.');
  await expect(required.getByRole('button', { name: 'Open in a new tab' })).toBeDisabled();
  await expect(required.getByRole('button', { name: 'Retry the request' })).toBeEnabled();
  await expect(await problemRow(page, 'ELICIT-REQUIRED')).toBeVisible();
});

test('bad input: URL mode to a client that offered 2025-06-18 (form only) is refused with -32602, no dialog, and linted', async ({ page }) => {
  const tools = await connectHostile(page, '2025-06-18');
  const tool = await selectTool(tools, 'hostile_urls');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('"code":-32602');
  await expect(result(tools)).toContainText('asks for url mode, which this client did not declare (it declared form)');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(await problemRow(page, 'ELICIT-MODE')).toBeVisible();
});

test.describe('over Streamable HTTP', () => {
  let server: FixtureProcess;
  test.beforeAll(async () => {
    server = await startFixture(everythingFixture, ['streamableHttp']);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('URL elicitation arrives on the SSE stream; Decline reaches the tool, and the -32042 error offers its panel', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Transport').selectOption('http');
    await page.getByLabel('URL').fill(`${server.origin}/mcp`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Everything Reference Server');
    await page.getByRole('tab', { name: 'Tools' }).click();
    const tools = page.getByRole('tabpanel', { name: 'Tools' });
    const tool = await selectTool(tools, 'trigger-url-elicitation');
    await tool.getByLabel('url', { exact: true }).fill('https://auth.example.com/http');
    await tool.getByRole('button', { name: 'Call tool' }).click();
    const dialog = page.getByRole('dialog', { name: 'The server asks you to open a web page' });
    await expect(dialog.locator('strong.url-target-host')).toHaveText('auth.example.com');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(result(tools)).toContainText('User declined to open the URL');

    await tool.getByLabel('errorPath').check();
    await tool.getByRole('button', { name: 'Call tool' }).click();
    await expect(result(tools).getByRole('region', { name: 'URL elicitation required' }).locator('strong.url-target-host')).toHaveText(
      'modelcontextprotocol.io',
    );
  });
});
