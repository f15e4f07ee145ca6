// A server asks this client to sample an LLM (sampling/createMessage): the
// request waits in the sampling dock, the person replies or rejects, and the
// tool that asked returns what came back. Against server-everything over stdio
// and Streamable HTTP.
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { connectToScript } from './fixtures/connect.js';
import { triggerSampling } from './fixtures/sampling.js';

const everythingStdio = `${process.cwd()}/node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio`;

const connectStdio = (page: Page) => connectToScript(page, everythingStdio);

test('stdio: the request waits in the dock with its messages and parameters; the reply comes back in the tool result', async ({ page }) => {
  await connectStdio(page);
  const tools = await triggerSampling(page, 'Name a colour');
  const dock = page.getByRole('complementary', { name: 'Sampling' });
  const request = dock.getByRole('region', { name: /^Sampling request \d+$/ });
  await expect(request).toContainText('During tools/call trigger-sampling-request');
  const message = request.getByRole('listitem', { name: 'Message 1: user' });
  await expect(message).toContainText('Resource trigger-sampling-request context: Name a colour');
  const params = request.getByLabel('Parameters');
  await expect(params).toContainText('You are a helpful test server.');
  await expect(params).toContainText('maxTokens100');
  await expect(params).toContainText('temperature0.7');
  await expect(page.getByRole('button', { name: /^Sampling: 1 waiting/ })).toBeVisible();
  // The page does not wait: another tab works meanwhile.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: '"method":"sampling/createMessage"' })).toHaveCount(1);
  await page.screenshot({ path: '/tmp/sampling-request.png' });

  await request.getByLabel('Reply text').fill('Teal, of course.');
  await request.getByLabel('Model', { exact: true }).fill('human-in-the-loop');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(request).toHaveCount(0);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result).toContainText('Teal, of course.');
  await expect(result).toContainText('human-in-the-loop');
  // The dock a request opened closes once nothing waits; the header button opens it again, with what was answered.
  await expect(dock).toHaveCount(0);
  await page.getByRole('button', { name: 'Sampling', exact: true }).click();
  await expect(dock.getByRole('region', { name: 'Answered sampling requests' })).toContainText('Replied with text as human-in-the-loop, stopReason endTurn.');
});

test('stdio: a rejection reaches the server as an error, and the canned reply answers by itself', async ({ page }) => {
  await connectStdio(page);
  const tools = await triggerSampling(page, 'Say no');
  const dock = page.getByRole('complementary', { name: 'Sampling' });
  await dock.getByRole('button', { name: 'Reject' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result).toContainText('User rejected sampling request');

  await expect(result).toContainText('User rejected sampling request');
  await page.getByRole('button', { name: 'Sampling', exact: true }).click();
  await dock.getByLabel('Canned text').fill('Canned answer 42');
  await dock.getByLabel('Canned model').fill('canned-model');
  await dock.getByLabel(/Answer every sampling request at once/).check();
  await expect(page.getByRole('button', { name: /^Sampling.*canned reply ON/ })).toBeVisible();
  await expect(dock.getByText('canned reply ON', { exact: true })).toBeVisible();
  await tools.getByRole('region', { name: 'Tool trigger-sampling-request' }).getByRole('button', { name: 'Call tool' }).click();
  await expect(result).toContainText('Canned answer 42');
  await expect(result).toContainText('canned-model');
  await expect(dock.getByRole('region', { name: /^Sampling request/ })).toHaveCount(0);
  await expect(dock.getByRole('region', { name: 'Answered sampling requests' })).toContainText('Answered with the canned reply "Canned answer 42"');
  await page.screenshot({ path: '/tmp/sampling-canned.png' });
});

test.describe('Streamable HTTP', () => {
  let everything: FixtureProcess;
  test.beforeAll(async () => {
    everything = await startFixture(everythingFixture, ['streamableHttp']);
  });
  test.afterAll(async () => {
    await everything?.stop();
  });

  test('one sampling round trip', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Transport').selectOption('http');
    await page.getByLabel('URL').fill(`${everything.origin}/mcp`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Everything Reference Server');
    const tools = await triggerSampling(page, 'Over HTTP');
    const request = page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ });
    await expect(request).toContainText('context: Over HTTP');
    await request.getByLabel('Reply text').fill('Answered over HTTP');
    await request.getByRole('button', { name: 'Send reply' }).click();
    await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('Answered over HTTP');
  });
});

test("the demo server's ask_model: model preferences shown, the reply returned", async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'ask_model', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool ask_model' }).getByRole('button', { name: 'Call tool' }).click();
  const request = page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ });
  const params = request.getByLabel('Parameters');
  await expect(params).toContainText('hints, in order: "claude"');
  await expect(params).toContainText('speedPriority: 0.8');
  await expect(request.getByRole('listitem', { name: 'Message 1: user' })).toContainText('Write a haiku about protocol debugging.');
  await request.getByLabel('Reply text').fill('Frames cross the wire');
  await request.getByLabel('stopReason').selectOption('maxTokens');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('mcpscope-human said (maxTokens): Frames cross the wire');
});

test('the server cancels its sampling request: it leaves the dock, and the answered list and the Log say why', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'ask_then_withdraw', exact: true }).click();
  const tool = tools.getByRole('region', { name: 'Tool ask_then_withdraw' });
  await tool.getByLabel('ask', { exact: true }).selectOption('sampling');
  await tool.getByLabel('afterMs', { exact: true }).fill('2500');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const dock = page.getByRole('complementary', { name: 'Sampling' });
  const request = dock.getByRole('region', { name: /^Sampling request \d+$/ });
  await expect(request.getByRole('listitem', { name: 'Message 1: user' })).toContainText('Never mind: this will be cancelled.');
  await expect(request).toHaveCount(0, { timeout: 10_000 });
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('Asked with sampling/createMessage, then cancelled it after 2500 ms');
  await page.getByRole('button', { name: 'Sampling', exact: true }).click();
  await expect(dock.getByRole('region', { name: 'Answered sampling requests' })).toContainText(
    'The server cancelled this request (notifications/cancelled) before it was answered.',
  );
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: 'The server cancelled this request' })).toHaveCount(1);
});
