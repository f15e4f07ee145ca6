// What the Tools and Prompts forms send: never an older value than what was
// typed, `arguments: {}` and `_meta` when asked for, and no confirmation for a
// destructive tool's dry run. The fixture answers with the params it received.
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const formsServer = fileURLToPath(new URL('../test/fixtures/forms-server.mjs', import.meta.url));

async function openTool(page: Page, name: string): Promise<{ tools: Locator; tool: Locator }> {
  await connectToScript(page, formsServer, 'forms-fixture');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();
  return { tools, tool: tools.getByRole('region', { name: `Tool ${name}` }) };
}

const result = (tools: Locator) => tools.getByRole('region', { name: 'Call result' });

test('a field edited as JSON: text that is not JSON goes as the string typed where a string is allowed, never as the last valid value', async ({ page }) => {
  const { tools, tool } = await openTool(page, 'sequentialthinking');
  await tool.getByLabel('thought', { exact: true }).fill('first');
  const next = tool.getByLabel('nextThoughtNeeded');
  await next.fill('true');
  await next.fill('yes');
  await expect(tool.getByRole('status').filter({ hasText: 'Not JSON, so it is sent as the string "yes", which this field allows.' })).toBeVisible();
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('received {"arguments":{"thought":"first","nextThoughtNeeded":"yes"}');
});

test('a field edited as JSON that allows no string blocks the call with the field named, and keeps the text through the JSON view', async ({ page }) => {
  const { tools, tool } = await openTool(page, 'plot');
  const point = tool.getByLabel('point');
  await point.fill('[1, 2]');
  await point.fill('[1, 3');
  await expect(tool.getByRole('alert').filter({ hasText: /^Not valid JSON \(.+\)\. Nothing is sent until it is fixed or emptied\.$/ })).toBeVisible();
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(tool.getByText(/^\/point is not valid JSON \(.+\): fix it or empty it to leave it out\. Nothing was sent\.$/)).toBeVisible();
  await expect(result(tools)).toHaveCount(0);

  // The whole-arguments JSON view would show the last valid point: it stays closed, and the text stays.
  await tool.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(
    tool.getByRole('alert').filter({ hasText: '/point is not valid JSON: fix or empty it before editing all the arguments as JSON.' }),
  ).toBeVisible();
  await expect(point).toHaveValue('[1, 3');

  await point.fill('[1, 3]');
  await tool.getByRole('button', { name: 'JSON', exact: true }).click();
  const whole = tool.getByLabel('arguments (JSON)');
  await whole.fill('{"point": [4, 5]');
  // Back to the form would show [1, 3], older than this text: refused.
  await tool.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(tool.getByRole('alert').filter({ hasText: /^Fix the arguments JSON before going back to the form/ })).toBeVisible();
  await expect(whole).toHaveValue('{"point": [4, 5]');
  await whole.fill('{"point": [4, 5]}');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('received {"arguments":{"point":[4,5]}');
});

test('a destructive tool called with dryRun: true does not ask, and says so next to the button', async ({ page }) => {
  const { tools, tool } = await openTool(page, 'delete_branch');
  const confirm = page.getByRole('dialog', { name: 'Call delete_branch?' });
  await tool.getByLabel('branch', { exact: true }).fill('old');
  await expect(tool.getByText('Asks before calling: the server marks this tool destructive.')).toBeVisible();
  await tool.getByRole('checkbox', { name: 'dryRun' }).check();
  await expect(tool.getByRole('button', { name: 'Call tool' })).toHaveAccessibleDescription('dryRun: true, so this call does not ask for confirmation.');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('received {"arguments":{"branch":"old","dryRun":true}');
  await expect(confirm).toBeHidden();

  // Without the dry run it asks; "don't ask again" holds for this tool on this connection.
  await tool.getByRole('checkbox', { name: 'dryRun' }).uncheck();
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('checkbox', { name: "Don't ask again for this tool in this session" }).check();
  await confirm.getByRole('button', { name: 'Call anyway' }).click();
  await expect(result(tools)).toContainText('"dryRun":false');
  await expect(tool.getByText('Does not ask again for this tool until the next connection.')).toBeVisible();
});

async function openPrompt(page: Page, name: string): Promise<{ panel: Locator; form: Locator }> {
  await connectToScript(page, formsServer, 'forms-fixture');
  await page.getByRole('tab', { name: 'Prompts' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Prompts' });
  await panel.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  return { panel, form: panel.getByRole('form', { name: `Arguments of ${name}` }) };
}

test('completion: an empty field shows its suggestions on focus, and Enter takes the only one offered', async ({ page }) => {
  const { panel, form } = await openPrompt(page, 'paint');
  const color = form.getByRole('combobox', { name: 'color' });
  const options = page.getByRole('listbox', { name: 'Suggestions for color' }).getByRole('option');
  await color.focus();
  await expect(options).toHaveText(['red', 'green', 'blue', 'black']);
  await color.pressSequentially('gr');
  await expect(options).toHaveText(['green']);
  await expect(options.first()).toHaveAttribute('aria-selected', 'false');
  await color.press('Enter');
  await expect(color).toHaveValue('green');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // With the value in the field, Enter is the form's again.
  await color.press('Enter');
  await expect(panel).toContainText('received {"arguments":{"color":"green"}');
});

test('a prompt with no arguments: arguments: {} and _meta when asked, exactly so in the Log', async ({ page }) => {
  const { panel, form } = await openPrompt(page, 'summary');
  await form.getByRole('button', { name: 'Get prompt' }).click();
  // Left out by default, as the spec allows; this server insists.
  await expect(panel).toContainText('Invalid params: arguments: Required');
  await form.getByRole('checkbox', { name: 'Send arguments: {} when there are none' }).check();
  const meta = form.getByLabel('_meta (JSON object)');
  await meta.fill('{"trace": ');
  await expect(meta).toHaveAccessibleDescription(/^_meta is not valid JSON \(.+\): fix it, or empty it to send no _meta\.$/);
  await form.getByRole('button', { name: 'Get prompt' }).click();
  await expect(form.getByRole('alert')).toHaveText(/^_meta is not valid JSON .+ Nothing was sent\.$/);
  await meta.fill('{"trace": "t-1"}');
  await form.getByRole('button', { name: 'Get prompt' }).click();
  await expect(panel).toContainText('received {"arguments":{},"_meta":{"trace":"t-1"}}');

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: '"params":{"name":"summary","arguments":{},"_meta":{"trace":"t-1"}}' })).toHaveCount(1);
});

test('a tool with no arguments sends arguments: {} unless unticked; _meta goes beside progressToken; a bad _meta blocks the call', async ({ page }) => {
  const { tools, tool } = await openTool(page, 'status');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('received {"arguments":{},"_meta":{"progressToken":');
  await tool.getByRole('checkbox', { name: 'Send arguments: {} when there are none' }).uncheck();
  const meta = tool.getByLabel('_meta (JSON object)');
  await meta.fill('[1]');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(tool.getByText('_meta must be a JSON object, like {"trace": "abc"}: fix it, or empty it to send no _meta.').first()).toBeVisible();
  // Nothing was sent: the history holds the first call only.
  await expect(tools.getByRole('region', { name: 'Call history' }).getByRole('row')).toHaveCount(2);
  await meta.fill('{"trace": "t-9"}');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('received {"arguments":"(absent)","_meta":{"trace":"t-9","progressToken":');

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: /"params":\{"name":"status","_meta":\{"trace":"t-9","progressToken":"mcpscope-\d+"\}\}/ })).toHaveCount(
    1,
  );
});

test('a number field keeps what was typed: text that is no number is caught before sending, and Send anyway sends it as typed', async ({ page }) => {
  const { tools, tool } = await openTool(page, 'plot');
  const scale = tool.getByLabel('scale');
  await scale.fill('2');
  await scale.fill('2x');
  await expect(scale).toHaveValue('2x');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(tool.getByText("The arguments do not match the tool's inputSchema:")).toBeVisible();
  await expect(result(tools)).toHaveCount(0);
  await tool.getByRole('button', { name: 'Send anyway' }).click();
  await expect(result(tools)).toContainText('received {"arguments":{"scale":"2x"}');
  await scale.fill('2.5');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(tools)).toContainText('received {"arguments":{"scale":2.5}');
});
