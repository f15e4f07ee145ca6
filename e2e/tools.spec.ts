import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { DEMO_TOOLS, DEMO_TOOLS_LINE } from './fixtures/demo.js';

async function openTools(page: Page): Promise<Locator> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Tools' }).click();
  return page.getByRole('tabpanel', { name: 'Tools' });
}

async function selectTool(tools: Locator, name: string): Promise<Locator> {
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();
  return tools.getByRole('region', { name: `Tool ${name}` });
}

const result = (tools: Locator) => tools.getByRole('region', { name: 'Call result' });

test('lists every tool across pages, with a count, a filter and annotation badges', async ({ page }) => {
  const tools = await openTools(page);
  const list = tools.getByRole('list', { name: 'Tools' });
  // tools/list pages hold 4 tools: "fail" is on the third page, the elicitation tools on the fourth.
  await expect(list.getByRole('button', { name: 'fail', exact: true })).toBeVisible();
  await expect(list.getByRole('button')).toHaveCount(DEMO_TOOLS);
  await expect(tools.getByText(DEMO_TOOLS_LINE)).toBeVisible();

  await tools.getByLabel('Filter tools').fill('weather');
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(tools.getByText(`1 of ${DEMO_TOOLS} tools`)).toBeVisible();
  const badges = tools.getByRole('list', { name: 'Annotations of get_weather' });
  await expect(badges.getByText('read-only')).toHaveAttribute('title', /readOnlyHint: true/);
  await expect(badges.getByText('open-world')).toBeVisible();
  // destructiveHint is not set on get_weather: no badge for it.
  await expect(badges.getByText(/destructive/)).toHaveCount(0);
});

test('create_order: a nested form with $ref, an array of objects, an enum and a null; the result matches its outputSchema', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'create_order');
  await tool
    .getByRole('group', { name: /^customer/ })
    .getByLabel('name', { exact: true })
    .fill('Ada Lovelace');
  const first = tool.getByRole('group', { name: 'items item 1' });
  await first.getByLabel('sku').fill('ABC-123');
  await first.getByLabel('quantity').fill('2');
  await tool.getByRole('button', { name: 'Add an item to items' }).click();
  const second = tool.getByRole('group', { name: 'items item 2' });
  await second.getByLabel('sku').fill('XYZ-999');
  await second.getByLabel('quantity').fill('3');
  await tool.getByLabel('priority').selectOption('high');
  await tool.getByRole('checkbox', { name: 'Send note as null' }).check();
  await expect(tool.getByLabel('note', { exact: true })).toBeDisabled();
  await tool.getByRole('button', { name: 'Call tool' }).click();

  const shown = result(tools);
  await expect(shown.getByText('Matches outputSchema')).toBeVisible();
  await expect(shown.getByRole('group', { name: 'structuredContent tree' })).toContainText('ORD-1005');

  // The request as sent: integers as JSON numbers, the note as null, the empty email and date left out.
  // The disclosure's summary comes first; its frames have "Raw" captions too.
  await shown.getByText('Raw', { exact: true }).first().click();
  const request = JSON.parse((await shown.getByLabel('Request raw text').textContent()) ?? '');
  expect(request.params).toEqual({
    name: 'create_order',
    arguments: {
      customer: { name: 'Ada Lovelace' },
      items: [
        { sku: 'ABC-123', quantity: 2, gift: false },
        { sku: 'XYZ-999', quantity: 3, gift: false },
      ],
      priority: 'high',
      note: null,
    },
    _meta: expect.anything(),
  });
});

test('add 3 and 5 gives 8', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'add');
  await tool.getByLabel('a', { exact: true }).fill('3');
  await tool.getByLabel('b', { exact: true }).fill('5');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools).getByText('8', { exact: true })).toBeVisible();
  await expect(result(tools).getByText('Result', { exact: true })).toBeVisible();
});

test('render_chart shows a decoded image and play_tone an audio player', async ({ page }) => {
  const tools = await openTools(page);
  await (await selectTool(tools, 'render_chart')).getByRole('button', { name: 'Call tool' }).click();
  const image = result(tools).getByRole('img', { name: /image\/png/ });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await (await selectTool(tools, 'play_tone')).getByRole('button', { name: 'Call tool' }).click();
  const audio = result(tools).getByLabel(/audio\/wav/);
  await expect(audio).toBeVisible();
  expect(await audio.evaluate((el) => el.tagName)).toBe('AUDIO');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThan(0);
});

test('fail shows a tool error, not a protocol error', async ({ page }) => {
  const tools = await openTools(page);
  await (await selectTool(tools, 'fail')).getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools).getByText('Tool error', { exact: true })).toBeVisible();
  await expect(result(tools).getByText('This tool always fails.', { exact: true })).toBeVisible();
  await expect(result(tools).getByText('Protocol error', { exact: true })).toHaveCount(0);
  await expect(tools.getByRole('region', { name: 'Call history' }).getByRole('cell', { name: 'Tool error' })).toBeVisible();
});

test('slow_count reports progress and can be cancelled; the server receives notifications/cancelled', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'slow_count');
  await tool.getByLabel('steps').fill('20');
  await tool.getByLabel('delayMs').fill('300');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const progress = tools.getByRole('progressbar', { name: 'Progress of slow_count' });
  await expect(progress).toBeVisible();
  await expect(tools.getByText(/step \d+ of 20/)).toBeVisible();
  await tools.getByRole('button', { name: 'Cancel' }).click();
  await expect(result(tools).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(progress).toHaveCount(0);

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByText(/"method":"notifications\/cancelled".*Cancelled by the user in mcpscope/)).toBeVisible();
  const stderr = log.getByRole('row').filter({ hasText: 'received notifications/cancelled' });
  await expect(stderr).toHaveCount(1);
  await expect(stderr).toContainText('stderr');
});

test('invalid arguments are caught before sending; Send anyway sends them and the server answers with a tool error', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'add');
  await tool.getByLabel('a', { exact: true }).fill('3');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(tool.getByText('/b: is required')).toBeVisible();
  await expect(tool.getByLabel('b', { exact: true })).toHaveAccessibleDescription(/is required/);
  await expect(result(tools)).toHaveCount(0);

  await tool.getByRole('button', { name: 'Send anyway' }).click();
  await expect(result(tools).getByText('Tool error', { exact: true })).toBeVisible();
  await expect(result(tools).getByText(/^Invalid arguments:/)).toBeVisible();
  await expect(tools.getByRole('region', { name: 'Call history' })).toContainText('sent anyway');
});

test('the JSON view edits the whole arguments object, in sync with the form', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'add');
  await tool.getByLabel('a', { exact: true }).fill('4');
  await tool.getByRole('button', { name: 'JSON', exact: true }).click();
  const text = tool.getByLabel('arguments (JSON)');
  expect(JSON.parse(await text.inputValue())).toEqual({ a: 4 });
  await text.fill('{"a": 4, "b": ');
  await expect(tool.getByText(/Not valid JSON/)).toBeVisible();
  await text.fill('{"a": 4, "b": 6}');
  await expect(tool.getByText(/Not valid JSON/)).toHaveCount(0);
  await tool.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(tool.getByLabel('b', { exact: true })).toHaveValue('6');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools).getByText('10', { exact: true })).toBeVisible();
});

test('history: re-run a call and load its arguments back into the form', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'multiply');
  await tool.getByLabel('a', { exact: true }).fill('6');
  await tool.getByLabel('b', { exact: true }).fill('7');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools).getByText('42', { exact: true })).toBeVisible();
  await tool.getByLabel('a', { exact: true }).fill('100');

  const history = tools.getByRole('region', { name: 'Call history' });
  await history.getByRole('button', { name: /^Re-run multiply/ }).click();
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(result(tools).getByText('42', { exact: true })).toBeVisible();
  // Times and durations read as everywhere else: clock with milliseconds, about three significant digits.
  const cells = history.getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(0)).toHaveText(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
  await expect(cells.nth(2)).toHaveText(/^\d+\.\d+ m?s$/);
  await history
    .getByRole('button', { name: /^Load the arguments of multiply/ })
    .first()
    .click();
  await expect(tool.getByLabel('a', { exact: true })).toHaveValue('6');
});

const requestSent = async (tools: Locator) => {
  const shown = result(tools);
  await shown.getByText('Raw', { exact: true }).first().click();
  return JSON.parse((await shown.getByLabel('Request raw text').textContent()) ?? '');
};

test('free text is a textarea: a newline typed into write_note content is sent; Ctrl+Enter calls from inside it', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'write_note');
  const content = tool.getByLabel('content', { exact: true });
  expect(await content.evaluate((el) => el.tagName)).toBe('TEXTAREA');
  await content.click();
  await content.pressSequentially('line one');
  await content.press('Enter');
  await content.pressSequentially('line two');
  await expect(content).toHaveValue('line one\nline two');
  // Enter typed a newline, it did not call: nothing to confirm yet.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await content.press('Control+Enter');
  const confirm = page.getByRole('dialog', { name: 'Call write_note?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Call anyway' }).click();
  await expect(result(tools)).toContainText('Wrote note "todo": 2 lines.');
  const request = await requestSent(tools);
  expect(request.params.arguments).toEqual({ name: 'todo', content: 'line one\nline two' });
  // Formats keep single-line inputs; plain strings elsewhere get textareas too.
  const customer = (await selectTool(tools, 'create_order')).getByRole('group', { name: /^customer/ });
  expect(await customer.getByLabel('email').evaluate((el) => el.tagName)).toBe('INPUT');
  expect(await customer.getByLabel('name', { exact: true }).evaluate((el) => el.tagName)).toBe('TEXTAREA');
});

test('a destructive tool asks first: Cancel sends nothing, Call anyway sends, "don\'t ask again" stops asking for that tool', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'write_note');
  await tool.getByLabel('content', { exact: true }).fill('first');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const confirm = page.getByRole('dialog', { name: 'Call write_note?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('destructiveHint: true');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(result(tools)).toHaveCount(0);
  await expect(tools.getByRole('region', { name: 'Call history' })).toHaveCount(0);

  // Escape cancels too.
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(result(tools)).toHaveCount(0);

  await tool.getByRole('button', { name: 'Call tool' }).click();
  await confirm.getByRole('checkbox', { name: "Don't ask again for this tool in this session" }).check();
  await confirm.getByRole('button', { name: 'Call anyway' }).click();
  await expect(result(tools)).toContainText('Wrote note "todo": 1 line.');

  await tool.getByLabel('content', { exact: true }).fill('second');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('Replaced note "todo": 1 line.');
  await expect(confirm).toBeHidden();
  // A tool that is not destructive never asks.
  await (await selectTool(tools, 'echo')).getByLabel('message').fill('hi');
  await tools.getByRole('region', { name: 'Tool echo' }).getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools).getByText('hi', { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();
});

test('Enter in a single-line field calls the tool', async ({ page }) => {
  const tools = await openTools(page);
  const tool = await selectTool(tools, 'add');
  await tool.getByLabel('a', { exact: true }).fill('2');
  await tool.getByLabel('b', { exact: true }).fill('3');
  await tool.getByLabel('b', { exact: true }).press('Enter');
  await expect(result(tools).getByText('5', { exact: true })).toBeVisible();
});

test("selecting another tool shows that tool's own last result, or none", async ({ page }) => {
  const tools = await openTools(page);
  const add = await selectTool(tools, 'add');
  await add.getByLabel('a', { exact: true }).fill('2');
  await add.getByLabel('b', { exact: true }).fill('3');
  await add.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools).getByText('5', { exact: true })).toBeVisible();

  const multiply = await selectTool(tools, 'multiply');
  await expect(result(tools)).toHaveCount(0);
  await multiply.getByLabel('a', { exact: true }).fill('6');
  await multiply.getByLabel('b', { exact: true }).fill('7');
  await multiply.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools).getByText('42', { exact: true })).toBeVisible();

  await selectTool(tools, 'add');
  await expect(result(tools).getByText('5', { exact: true })).toBeVisible();
  await expect(result(tools).getByRole('heading')).toContainText('add');
});
