// The reference server, @modelcontextprotocol/server-everything, over stdio:
// every tool, prompt and resource kind of its features.md that needs no client
// capability beyond the defaults (docs/compatibility.md maps each to its test).
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const everything = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

const connect = (page: Page) => connectToScript(page, `${everything} stdio`, 'Connected to');

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

async function selectTool(tools: Locator, name: string): Promise<Locator> {
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();
  return tools.getByRole('region', { name: `Tool ${name}` });
}

const result = (tools: Locator) => tools.getByRole('region', { name: 'Call result' });

test('tools: echo, get-sum with numbers, get-env, get-annotated-message with its image', async ({ page }) => {
  await connect(page);
  const tools = await openTab(page, 'Tools');

  const echo = await selectTool(tools, 'echo');
  await echo.getByLabel('message').fill('hello from mcpscope');
  await echo.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('Echo: hello from mcpscope');

  const sum = await selectTool(tools, 'get-sum');
  await sum.getByLabel('a', { exact: true }).fill('2.5');
  await sum.getByLabel('b', { exact: true }).fill('4');
  await sum.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('6.5');

  await (await selectTool(tools, 'get-env')).getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('"PATH"');

  const annotated = await selectTool(tools, 'get-annotated-message');
  await annotated.getByLabel('messageType').selectOption('success');
  await annotated.getByRole('checkbox', { name: 'includeImage' }).check();
  await annotated.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('Operation completed successfully');
  // Each block's annotations as badges, not only in Raw.
  await expect(result(tools).getByRole('list', { name: 'Annotations of Content 1 of 2: text' }).getByRole('listitem')).toHaveText(['for user', 'priority 0.7']);
  await expect(result(tools).getByRole('list', { name: 'Annotations of Content 2 of 2: image' }).getByRole('listitem')).toHaveText([
    'for user',
    'priority 0.5',
  ]);
  const image = result(tools).getByRole('img', { name: /image\/png/ });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('tools: get-tiny-image, get-structured-content against its outputSchema, get-resource-reference, get-resource-links', async ({ page }) => {
  await connect(page);
  const tools = await openTab(page, 'Tools');

  await (await selectTool(tools, 'get-tiny-image')).getByRole('button', { name: 'Call tool' }).click();
  const image = result(tools).getByRole('img', { name: /image\/png/ });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const structured = await selectTool(tools, 'get-structured-content');
  await structured.getByLabel('location').selectOption('Chicago');
  await structured.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools).getByText('Matches outputSchema')).toBeVisible();
  await expect(result(tools).getByRole('group', { name: 'structuredContent tree' })).toContainText('temperature');

  const reference = await selectTool(tools, 'get-resource-reference');
  await reference.getByLabel('resourceType').selectOption('Text');
  await reference.getByLabel('resourceId').fill('3');
  await reference.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('demo://resource/dynamic/text/3');

  const links = await selectTool(tools, 'get-resource-links');
  await links.getByLabel('count').fill('2');
  await links.getByRole('button', { name: 'Call tool' }).click();
  const open = result(tools).getByRole('button', { name: /^Open demo:\/\/resource\/dynamic\/(text|blob)\/\d+ in the Resources tab$/ });
  await expect(open).toHaveCount(2);
  await open.first().click();
  const resources = page.getByRole('tabpanel', { name: 'Resources' });
  await expect(resources.getByRole('region', { name: 'Resource contents' })).toContainText('demo://resource/dynamic/');
});

test('tools: trigger-long-running-operation reports progress to the end', async ({ page }) => {
  await connect(page);
  const tools = await openTab(page, 'Tools');
  const op = await selectTool(tools, 'trigger-long-running-operation');
  await op.getByLabel('duration').fill('2');
  await op.getByLabel('steps').fill('4');
  await op.getByRole('button', { name: 'Call tool' }).click();
  await expect(tools.getByRole('progressbar', { name: 'Progress of trigger-long-running-operation' })).toBeVisible();
  await expect(result(tools)).toContainText('Long running operation completed', { timeout: 20_000 });
  // The Log's method filter counts the frames of each method: the four progress notifications are there.
  const log = await openTab(page, 'Log');
  await expect(log.getByRole('option', { name: 'notifications/progress (4)' })).toHaveCount(1);
});

test('tools: gzip-file-as-resource from a data: URI registers a session resource that reads back', async ({ page }) => {
  await connect(page);
  const tools = await openTab(page, 'Tools');
  const gzip = await selectTool(tools, 'gzip-file-as-resource');
  await gzip.getByLabel('name').fill('hello.txt.gz');
  await gzip.getByLabel('data').fill(`data:text/plain;base64,${Buffer.from('hello, everything').toString('base64')}`);
  await gzip.getByRole('button', { name: 'Call tool' }).click();
  const open = result(tools).getByRole('button', { name: 'Open demo://resource/session/hello.txt.gz in the Resources tab' });
  await open.click();
  const viewer = page.getByRole('tabpanel', { name: 'Resources' }).getByRole('region', { name: 'Resource contents' });
  await expect(viewer).toContainText('application/gzip');
});

test('tools: trigger-elicitation-request answered in the form', async ({ page }) => {
  await connect(page);
  const tools = await openTab(page, 'Tools');
  await (await selectTool(tools, 'trigger-elicitation-request')).getByRole('button', { name: 'Call tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: '/tmp/everything-elicitation.png' });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(result(tools)).toContainText('decline');
});

test('prompts: simple-prompt, args-prompt and resource-prompt with its embedded resource', async ({ page }) => {
  await connect(page);
  const prompts = await openTab(page, 'Prompts');
  await prompts.getByRole('button', { name: /Simple Prompt/ }).click();
  await prompts.getByRole('button', { name: 'Get prompt' }).click();
  await expect(prompts.getByRole('article', { name: 'User message 1' })).toContainText('This is a simple prompt without arguments.');

  await prompts.getByRole('button', { name: /Arguments Prompt/ }).click();
  const args = prompts.getByRole('form', { name: 'Arguments of args-prompt' });
  await args.getByLabel('city').fill('Lisbon');
  await args.getByLabel('state').fill('Lisboa');
  await args.getByRole('button', { name: 'Get prompt' }).click();
  await expect(prompts.getByRole('article', { name: 'User message 1' })).toContainText('Lisbon');

  await prompts.getByRole('button', { name: /Resource Prompt/ }).click();
  const res = prompts.getByRole('form', { name: 'Arguments of resource-prompt' });
  await res.getByLabel('resourceType').fill('Text');
  await res.getByLabel('resourceId').fill('2');
  await res.getByRole('button', { name: 'Get prompt' }).click();
  await expect(prompts).toContainText('demo://resource/dynamic/text/2');
});

test('resources: a static document, the dynamic text and blob templates, and subscriber updates', async ({ page }) => {
  await connect(page);
  const resources = await openTab(page, 'Resources');
  const viewer = resources.getByRole('region', { name: 'Resource contents' });
  await resources.getByRole('button', { name: 'Read demo://resource/static/document/features.md' }).click();
  await expect(viewer).toContainText('Everything Server - Features');

  const text = resources.getByRole('form', { name: /Dynamic Text/i });
  await text.getByRole('combobox').first().fill('7');
  await text.getByRole('button', { name: 'Read' }).click();
  await expect(viewer).toContainText('demo://resource/dynamic/text/7');

  const blob = resources.getByRole('form', { name: /Dynamic Blob/i });
  await blob.getByRole('combobox').first().fill('4');
  await blob.getByRole('button', { name: 'Read' }).click();
  await expect(viewer).toContainText('demo://resource/dynamic/blob/4');

  // Subscribe to the document, turn on the server's simulated updates, and see the update mark.
  await resources.getByRole('button', { name: 'Read demo://resource/static/document/features.md' }).click();
  await viewer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(viewer.getByText('Subscribed: each update is read again automatically.')).toBeVisible();
  const tools = await openTab(page, 'Tools');
  await (await selectTool(tools, 'toggle-subscriber-updates')).getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText(/started|Started|enabled/);
  const log = await openTab(page, 'Log');
  await expect(log.getByRole('option', { name: /^notifications\/resources\/updated \(\d+\)$/ })).toHaveCount(1, { timeout: 20_000 });
  // Each update marks the resource and reads it again.
  await openTab(page, 'Resources');
  await expect(viewer.getByText(/updated/i).first()).toBeVisible();
});
