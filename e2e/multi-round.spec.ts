// Multi-round requests (2026-07-28): a tool, a prompt and a resource that answer
// input_required; the person answers in the same panels as a 2025 server
// request; the log groups the rounds as one conversation; a looping server is
// stopped at the round limit.
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { connectModern } from './fixtures/connect.js';

const server = fileURLToPath(new URL('../test/fixtures/mrtr-server.mjs', import.meta.url));

async function callTool(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('button', { name, exact: true }).click();
  await tools.getByRole('button', { name: 'Call tool' }).click();
  return tools;
}

test.beforeEach(async ({ page }) => {
  await connectModern(page, JSON.stringify(server));
});

test('a multi-round tool: the elicitation form, the retry, "completed after 2 rounds" and one conversation in the log', async ({ page }) => {
  const tools = await callTool(page, 'greet');
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await expect(dialog).toContainText('What is your name?');
  // Between the rounds no request is pending: the call waits for the answer, and Cancel would give it up.
  await expect(tools.getByText(/Round 1 ended with input_required: answer the server's question/)).toBeAttached();
  await expect(tools.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
  await dialog.getByLabel('Name').fill('Ann');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(tools.getByText('Hello, Ann!', { exact: true })).toBeVisible();
  await expect(tools.getByText(/Completed after 2 rounds/)).toBeVisible();

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  const first = log.getByRole('row').filter({ hasText: 'round 1 of tools/call' });
  await expect(first).toHaveCount(2); // the request and its input_required answer
  const second = log.getByRole('row').filter({ hasText: 'round 2 of tools/call' });
  await expect(second).toHaveCount(2);
  const firstSeq = await first.first().getAttribute('data-seq');
  await expect(second.first()).toContainText(`round 2 of tools/call #${firstSeq}`);
  await second.first().click();
  await log.getByRole('button', { name: 'Show only this conversation' }).click();
  await expect(log.getByText('Showing 4 of')).toBeVisible();
  await expect(log.getByRole('button', { name: new RegExp(`Conversation #${firstSeq}`) })).toBeVisible();
  await log.screenshot({ path: 'test-results/multi-round-log.png' });
});

test('three rounds through two panels: an elicitation, then a sampling request in the dock', async ({ page }) => {
  const tools = await callTool(page, 'two_questions');
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await dialog.getByLabel('Name').fill('Bo');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  const request = page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ });
  await request.getByLabel('Reply text').fill('hello');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(tools.getByText('Bo said hello', { exact: true })).toBeVisible();
  await expect(tools.getByText(/Completed after 3 rounds/)).toBeVisible();
  await page.screenshot({ path: 'test-results/multi-round-tool.png' });
});

test('Cancel between rounds gives up the awaited input, sends no next round, and ends the call as cancelled', async ({ page }) => {
  const tools = await callTool(page, 'two_questions');
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await dialog.getByLabel('Name').fill('Di');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  // Round 2 asks for a sampled word, in the dock: the Tools tab stays in reach.
  const dock = page.getByRole('complementary', { name: 'Sampling' });
  await expect(dock.getByRole('region', { name: /^Sampling request \d+$/ })).toBeVisible();
  await expect(tools.getByText(/Round 2 ended with input_required/)).toBeAttached();
  await tools.getByRole('button', { name: 'Cancel', exact: true }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(
    result.getByText(/Cancelled between rounds: the server had asked for input, and mcpscope did not send the next round\. \(after 2 rounds\)/),
  ).toBeVisible();
  // The notice says how many rounds there were: no "Ended after 2 rounds: the server asked for input once".
  await expect(result.getByText(/^Ended after/)).toHaveCount(0);
  await expect(dock.getByRole('region', { name: /^Sampling request \d+$/ })).toHaveCount(0);
  await expect(tools.getByRole('button', { name: 'Call tool' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/multi-round-cancelled.png' });

  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: 'round 2 of tools/call' })).toHaveCount(2);
  await expect(log.getByRole('row').filter({ hasText: 'round 3 of tools/call' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: 'notifications/cancelled' })).toHaveCount(0);
});

test('a server that asks for input forever is stopped at the round limit, and says so', async ({ page }) => {
  const tools = await callTool(page, 'loop_forever');
  await expect(tools.getByText('Stopped asking for input')).toBeVisible();
  await expect(tools.getByText(/asked for input 10 times in a row; stopped — it may be looping/)).toBeVisible();
  await expect(tools.getByRole('button', { name: 'Call tool' })).toBeEnabled();
});

test('an input_required with neither inputRequests nor requestState is shown, not retried', async ({ page }) => {
  const tools = await callTool(page, 'empty_input_required');
  await expect(tools.getByText(/neither inputRequests nor requestState \(the spec says it MUST have at least one\)/)).toBeVisible();
  await expect(tools.getByText('Stopped asking for input')).toBeVisible();
});

test('a prompt and a resource that ask for input: the roots are answered from the ones set, the prompt through the form', async ({ page }) => {
  await page.getByRole('tab', { name: 'Prompts' }).click();
  const prompts = page.getByRole('tabpanel', { name: 'Prompts' });
  await prompts.getByRole('button', { name: /^introduce/ }).click();
  await prompts.getByRole('button', { name: 'Get prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await dialog.getByLabel('Name').fill('Cy');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(prompts.getByText('Please introduce Cy.').first()).toBeVisible();
  await expect(prompts.getByText(/Completed after 2 rounds/)).toBeVisible();

  // The roots set on the page answer the resource's roots/list input request.
  await page.getByPlaceholder('file:///home/me/project').fill('file:///tmp/mrtr-root');
  await page.getByRole('button', { name: 'Add root' }).click();
  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('tabpanel', { name: 'Resources' });
  await resources.getByRole('button', { name: 'Read mrtr://roots' }).click();
  await expect(resources.getByText(/Completed after 2 rounds/)).toBeVisible();
  await expect(resources.getByText(/file:\/\/\/tmp\/mrtr-root/).first()).toBeVisible();
});
