// Sampling requests a server gets wrong: each is shown (with what is wrong),
// linted, answered as the spec says, and never blocks the page.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const samplingServer = fileURLToPath(new URL('../test/fixtures/sampling-server.mjs', import.meta.url));

async function ask(page: Page, kind: string) {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(samplingServer);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'ask', exact: true }).click();
  const tool = tools.getByRole('region', { name: 'Tool ask' });
  await tool.getByLabel('kind').selectOption(kind);
  await tool.getByRole('button', { name: 'Call tool' }).click();
  return { tools, request: page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ }) };
}

async function problems(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'Problems' }).click();
  return page.getByRole('tabpanel', { name: 'Problems' }).innerText();
}

test('an unknown content type is shown raw with a note, linted, and can still be answered', async ({ page }) => {
  const { tools, request } = await ask(page, 'unknown-content');
  await expect(request.getByLabel('Message 1, block 1: hologram')).toContainText('A content type sampling does not have ("hologram"), shown as received.');
  await expect(request.getByLabel('Message 1, block 1: hologram')).toContainText('"frames": 3');
  await expect(request.getByLabel('Message 2, block 1: text')).toContainText('And a plain line after it.');
  await expect(request.getByLabel('Problems of this request')).toContainText('content type "hologram"');
  await request.getByLabel('Reply text').fill('Seen it.');
  // An image from a file goes with the text (two blocks: an array, as 2025-11-25 allows).
  await request.getByLabel('Image or audio file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
  await expect(request).toContainText('Attached: dot.png (image, image/png, 12 base64 characters)');
  await request.getByRole('button', { name: 'Send reply' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result).toContainText('"content":[{"type":"text","text":"Seen it."},{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}]');
  await expect.poll(() => problems(page)).toContain('SAMPLING-REQUEST');
});

test('a 2,000,000-character message is shown in part, and the page stays responsive', async ({ page }) => {
  const { tools, request } = await ask(page, 'huge');
  const block = request.getByLabel('Message 1, block 1: text');
  await expect(block).toContainText('START xxx');
  await expect(block).toContainText('1,980,010 more characters not shown here; the whole frame is in the Log.');
  await expect(block).not.toContainText('END');
  // Still responsive: another tab opens at once.
  const started = Date.now();
  await page.getByRole('tab', { name: 'Ping' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' }).getByText('Compliant', { exact: true })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(5000);
  await request.getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('error -1: User rejected sampling request');
});

test('no messages: the problem is said, and the request is answered -32602 as the spec says', async ({ page }) => {
  const { tools, request } = await ask(page, 'no-messages');
  await expect(request.getByLabel('Problems of this request')).toContainText('messages is missing; there is nothing to sample from.');
  await request.getByRole('button', { name: 'Answer -32602 (invalid request)' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('error -32602: Invalid sampling request: messages is missing');
  await expect.poll(() => problems(page)).toContain('SAMPLING-REQUEST');
  const panel = page.getByRole('tabpanel', { name: 'Problems' });
  await panel.getByRole('row').filter({ hasText: 'SAMPLING-REQUEST' }).getByRole('button', { name: 'SAMPLING-REQUEST' }).click();
  await expect(panel.getByRole('list', { name: 'Findings of SAMPLING-REQUEST' })).toContainText(
    'sampling/createMessage: messages is missing; there is nothing to sample from.',
  );
});

test('tools in a 2025-11-25 request: offered in the reply form, and a tool use goes back', async ({ page }) => {
  const { tools, request } = await ask(page, 'tools');
  await expect(request.getByLabel('Parameters')).toContainText('get_weather');
  await expect(request.getByLabel('Parameters')).toContainText('{"mode":"auto"}');
  await request.getByRole('button', { name: 'Add tool use' }).click();
  await request.getByLabel('Input of use 1 (JSON)').fill('{"city": "Paris"}');
  await expect(request.getByLabel('stopReason')).toHaveValue('toolUse');
  await page.screenshot({ path: '/tmp/sampling-tools.png' });
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText(
    '"content":{"type":"tool_use","id":"toolu_1_1","name":"get_weather","input":{"city":"Paris"}},"model":"mcpscope-human","stopReason":"toolUse"',
  );
});
