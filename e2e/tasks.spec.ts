// Tasks (2025-11-25) against server-everything: a tool run as a task to its
// result, another cancelled, an elicitation the server asks as a client-side
// task, and one task over Streamable HTTP.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { callTool, connectToScript } from './fixtures/connect.js';

const everythingStdio = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

const connectStdio = (page: Page) => connectToScript(page, `${everythingStdio} stdio`, 'Everything Reference Server');

/** Calls simulate-research-query (taskSupport "required") and opens the Tasks tab on the task it made. */
async function startResearch(page: Page, topic: string) {
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'simulate-research-query', exact: true }).click();
  const tool = tools.getByRole('region', { name: 'Tool simulate-research-query' });
  await tool.getByLabel('topic', { exact: true }).fill(topic);
  await expect(tool.getByRole('note')).toContainText('Runs as a task: its execution.taskSupport is "required"');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result.getByText('Task created', { exact: true })).toBeVisible();
  await expect(tools.getByRole('region', { name: 'Call history' }).getByRole('cell', { name: 'Task created', exact: true }).first()).toBeVisible();
  const taskId = await result.getByRole('paragraph').filter({ hasText: 'The server runs this call as task' }).locator('code').textContent();
  await result.getByRole('button', { name: 'Open in the Tasks tab' }).click();
  const card = page.getByRole('tabpanel', { name: 'Tasks' }).getByRole('article', { name: `Task ${taskId}` });
  return card;
}

test('a tool run as a task is polled to completion and its result shown; another is cancelled', async ({ page }) => {
  await connectStdio(page);
  const card = await startResearch(page, 'tide pools');
  await expect(card).toContainText('tools/call simulate-research-query');
  await expect(card.getByText(/^(Gathering sources|Analyzing content|Synthesizing findings|Generating report)\.\.\.$/)).toBeVisible();
  await expect(card.getByText('completed', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/Research Report: tide pools/)).toBeVisible();
  await expect(card).toContainText('ttl');
  await expect(card).toContainText(/ended after \d+ polls/);
  await page.screenshot({ path: '/tmp/tasks-completed.png', fullPage: true });

  const second = await startResearch(page, 'glaciers');
  await second.getByRole('button', { name: 'Cancel task' }).click();
  await expect(second.getByText('cancelled', { exact: true }).first()).toBeVisible();
  await expect(second.getByRole('button', { name: 'Cancel task' })).toHaveCount(0);
  // The first task's result is still there.
  await expect(card.getByText(/Research Report: tide pools/)).toBeVisible();

  // The server's own list (tasks/list) has both.
  const listed = page.getByRole('tabpanel', { name: 'Tasks' }).getByRole('region', { name: 'Server tasks' });
  await listed.getByRole('button', { name: 'List tasks' }).click();
  await expect(listed.getByText(/^2 tasks in 1 page$/)).toBeVisible();
  await expect(listed.getByRole('row').filter({ hasText: 'cancelled' })).toHaveCount(1);
  // Both sides kept to the task rules: no TASK-* (or any other) finding.
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Problems' })).toContainText('No problems found.');
});

test('an input_required task points to the elicitation it waits for, and completes once answered', async ({ page }) => {
  await connectStdio(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'simulate-research-query', exact: true }).click();
  const tool = tools.getByRole('region', { name: 'Tool simulate-research-query' });
  await tool.getByLabel('topic', { exact: true }).fill('python');
  await tool.getByLabel('ambiguous', { exact: true }).check();
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await tools.getByRole('button', { name: 'Open in the Tasks tab' }).click();
  const card = page.getByRole('tabpanel', { name: 'Tasks' }).getByRole('article');
  // The server moves the task to input_required and asks, on tasks/result, for a clarification.
  await expect(card.getByRole('status').filter({ hasText: 'Waiting for you: the server asks' })).toContainText('could have multiple interpretations');
  await expect(card.getByText('input_required', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/tasks-input-required.png', fullPage: true });
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await dialog.getByLabel('Clarification').selectOption('snake');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByText(/Research Report: python \(snake\)/)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('status').filter({ hasText: 'Waiting for you' })).toHaveCount(0);
});

test('an elicitation the server asks as a task is answered as a client-side task', async ({ page }) => {
  await connectStdio(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'trigger-elicitation-request-async', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool trigger-elicitation-request-async' }).getByRole('button', { name: 'Call tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await expect(dialog).toContainText('async task demo');
  await dialog.getByLabel('Your Name').fill('Ada');
  // Let the server poll the client's task (working) at least once before answering.
  await page.waitForTimeout(1500);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result.getByText('[COMPLETED] User provided the requested information!', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(result).toContainText('- Name: Ada');
  // The server saw a task of ours, polled it while working, and read its result.
  await expect(result).toContainText(/Task created: mcpscope-task-/);
  await expect(result).toContainText(/Poll 1: working/);
  await expect(result).toContainText(/"io.modelcontextprotocol\/related-task"/);
  await page.getByRole('tab', { name: 'Tasks' }).click();
  const clientTasks = page.getByRole('tabpanel', { name: 'Tasks' }).getByRole('region', { name: 'Client tasks' });
  await expect(clientTasks.getByRole('listitem')).toHaveCount(1);
  await expect(clientTasks.getByRole('listitem')).toContainText('completed');
  await expect(clientTasks.getByRole('listitem')).toContainText('elicitation/create');
  // The server's task requests and our answers keep to the task rules.
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Problems' })).toContainText('No problems found.');
  await page.screenshot({ path: '/tmp/tasks-client.png', fullPage: true });
});

test('a sampling request the server asks as a task is answered as a client-side task', async ({ page }) => {
  await connectStdio(page);
  const tools = await callTool(page, 'trigger-sampling-request-async', { prompt: 'Name a tree' });
  const request = page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ });
  await expect(request).toContainText('Name a tree');
  // Let the server poll the client's task (working) at least once before answering.
  await page.waitForTimeout(1500);
  await request.getByLabel('Reply text').fill('An oak.');
  await request.getByLabel('Model', { exact: true }).fill('human-in-the-loop');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result.getByText(/\[COMPLETED\] Async sampling completed!/).first()).toBeVisible({ timeout: 20_000 });
  await expect(result).toContainText('An oak.');
  await expect(result).toContainText(/Poll 1: working/);
  await page.getByRole('tab', { name: 'Tasks' }).click();
  const clientTasks = page.getByRole('tabpanel', { name: 'Tasks' }).getByRole('region', { name: 'Client tasks' });
  await expect(clientTasks.getByRole('listitem')).toHaveCount(1);
  await expect(clientTasks.getByRole('listitem')).toContainText('completed');
  await expect(clientTasks.getByRole('listitem')).toContainText('sampling/createMessage');
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Problems' })).toContainText('No problems found.');
});

test.describe('over Streamable HTTP', () => {
  let everything: FixtureProcess;
  test.beforeAll(async () => {
    everything = await startFixture(everythingFixture, ['streamableHttp']);
  });
  test.afterAll(async () => {
    await everything?.stop();
  });

  test('a tool run as a task reaches its result', async ({ page }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Transport').selectOption('http');
    await page.getByLabel('URL').fill(`${everything.origin}/mcp`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Everything Reference Server');
    const card = await startResearch(page, 'over http');
    await expect(card.getByText('completed', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(/Research Report: over http/)).toBeVisible();
  });
});

test.describe('bad tasks', () => {
  const taskServer = fileURLToPath(new URL('../test/fixtures/task-server.mjs', import.meta.url));

  async function start(page: Page, tool: string) {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await page.getByLabel('Command').fill(process.execPath);
    await page.getByLabel('Arguments').fill(taskServer);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('task-server');
    await page.getByRole('tab', { name: 'Tools' }).click();
    const tools = page.getByRole('tabpanel', { name: 'Tools' });
    await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: tool, exact: true }).click();
    await tools
      .getByRole('region', { name: `Tool ${tool}` })
      .getByRole('button', { name: 'Call tool' })
      .click();
    await tools.getByRole('button', { name: 'Open in the Tasks tab' }).click();
    return page.getByRole('tabpanel', { name: 'Tasks' }).getByRole('article', { name: 'Task task-1' });
  }

  test('a task that never ends is polled within bounds, says for how long, is linted past its ttl, and blocks nothing', async ({ page }) => {
    const card = await start(page, 'never_ends');
    await expect(card.getByText(/^([5-9]|\d\d+) polls over \d+(\.\d+)? s, until it ends$/)).toBeVisible();
    await expect(card.getByText('poll interval').locator('xpath=following-sibling::dd[1]')).toHaveText('200.0 ms');
    // The page goes on working meanwhile.
    await page.getByRole('tab', { name: 'Ping' }).click();
    await page.getByRole('button', { name: 'Send ping' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Ping' }).getByText('Compliant', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Problems' }).click();
    await expect(
      page
        .getByRole('tabpanel', { name: 'Problems' })
        .getByText(/TASK-TTL/)
        .first(),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await card.getByRole('button', { name: 'Cancel task' }).click();
    await expect(card.getByText('cancelled', { exact: true }).first()).toBeVisible();
    await expect(card.getByText(/^ended after \d+ polls$/)).toBeVisible();
  });

  test('a status that goes backwards is shown on the task and linted', async ({ page }) => {
    const card = await start(page, 'goes_backwards');
    await expect(card.getByRole('alert')).toHaveText(
      'The task went from completed to working, but completed is terminal: a finished task must never change status. (TASK-STATUS in the Problems tab)',
    );
    await expect(card.getByText('done', { exact: true })).toBeVisible();
    await page.screenshot({ path: '/tmp/tasks-backwards.png', fullPage: true });
    await page.getByRole('tab', { name: 'Problems' }).click();
    await expect(
      page
        .getByRole('tabpanel', { name: 'Problems' })
        .getByText(/TASK-STATUS/)
        .first(),
    ).toBeVisible();
  });
});

test('the demo server: brew_tea runs normally, or as a task when Run as task is ticked', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('mcpscope demo server');
  const tools = await callTool(page, 'brew_tea', { stepMs: '300' });
  const tool = tools.getByRole('region', { name: 'Tool brew_tea' });
  await expect(tools.getByRole('region', { name: 'Call result' }).getByText('A pot of green tea, ready after 4 steps.', { exact: true }).first()).toBeVisible();
  await tool.getByLabel('Run as task').check();
  await page.screenshot({ path: '/tmp/tasks-run-as-task.png', fullPage: true });
  await tool.getByRole('button', { name: 'Call tool' }).click();
  await tools.getByRole('button', { name: 'Open in the Tasks tab' }).click();
  const card = page.getByRole('tabpanel', { name: 'Tasks' }).getByRole('article');
  await expect(card.getByText(/^(Boiling water|Warming the pot|Steeping|Pouring) \(\d\/4\)…$/)).toBeVisible();
  await expect(card.getByText('A pot of green tea, ready after 4 steps.', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('completed', { exact: true }).first()).toBeVisible();
});

test('a server without tasks: the Tasks tab says so, and its tools are called normally', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(fileURLToPath(new URL('../test/fixtures/hostile-schemas.mjs', import.meta.url)));
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('hostile-schemas');
  await page.getByRole('tab', { name: 'Tasks' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Tasks' });
  await expect(tab.getByText(/^hostile-schemas does not declare tasks \(capabilities\.tasks\)/)).toBeVisible();
  await expect(tab.getByRole('button', { name: 'List tasks' })).toBeDisabled();
});
