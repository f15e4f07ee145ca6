// The 2026-07-28 tasks extension against a hand-written modern server
// (test/fixtures/tasks-ext-server.mjs): a tool call answered with a task handle
// is polled with tasks/get to its result; an input request is answered in the
// elicitation dialog and sent with tasks/update; a task is cancelled.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const server = fileURLToPath(new URL('../test/fixtures/tasks-ext-server.mjs', import.meta.url));

async function connectModern(page: Page): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(server);
  await page.getByLabel('Protocol version').selectOption('2026-07-28');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('tasks-ext-server');
}

/** Calls `tool` and waits for the task handle it was answered with; returns the call's result region and the task id. */
async function callForTask(page: Page, tool: string) {
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: tool, exact: true }).click();
  await tools
    .getByRole('region', { name: `Tool ${tool}` })
    .getByRole('button', { name: 'Call tool' })
    .click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result.getByText('Task created', { exact: false }).first()).toBeVisible();
  await expect(result).toContainText('tasks extension');
  await expect(result).toContainText('answered with a task handle instead of the result');
  const taskId = await result.getByRole('paragraph').filter({ hasText: 'The server runs this call as task' }).locator('code').textContent();
  await result.screenshot({ path: `/tmp/tasks-ext-call-${tool}.png` });
  return { result, taskId };
}

/** Opens the Tasks tab on the task the call was answered with. */
async function openTask(page: Page, { result, taskId }: Awaited<ReturnType<typeof callForTask>>) {
  await result.getByRole('button', { name: 'Open in the Tasks tab' }).click();
  return page.getByRole('tabpanel', { name: 'Tasks' }).getByRole('article', { name: `Task ${taskId}` });
}

async function callToTask(page: Page, tool: string) {
  return openTask(page, await callForTask(page, tool));
}

test('a task handle is polled with tasks/get to its result; the Tasks tab offers no tasks/list', async ({ page }) => {
  await connectModern(page);
  // On 2026-07-28 the Tasks switch declares the extension.
  await expect(page.getByText('Declares the tasks extension (io.modelcontextprotocol/tasks)')).toBeVisible();
  const card = await callToTask(page, 'slow_job');
  await expect(card).toContainText('tasks extension');
  await expect(card).toContainText('tools/call slow_job');
  await expect(card.getByText('completed', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('The job finished its 3 steps.')).toBeVisible();
  await expect(card).toContainText(/ended after \d+ polls/);
  const tab = page.getByRole('tabpanel', { name: 'Tasks' });
  await expect(tab.getByRole('note')).toContainText('declares the tasks extension (io.modelcontextprotocol/tasks)');
  await expect(tab.getByRole('button', { name: 'List tasks' })).toHaveCount(0);
  // The history names the call's answer as the view does: a task, not a malformed result.
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'Tools' }).getByRole('region', { name: 'Call history' }).getByRole('cell', { name: 'Task created', exact: true }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(tab.getByRole('region', { name: 'Client tasks' })).toHaveCount(0);
  // The frames keep to the extension's rules.
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Problems' })).not.toContainText('TASK-');
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.screenshot({ path: '/tmp/tasks-ext-completed.png', fullPage: true });
});

test('an input request is answered in the dialog and sent with tasks/update; the task completes with it', async ({ page }) => {
  await connectModern(page);
  // The dialog comes with the first poll, over whatever the person is looking at.
  const call = await callForTask(page, 'needs_name');
  const dialog = page.getByRole('dialog', { name: 'The server asks for input' });
  await expect(dialog).toContainText('What is your name?');
  await page.screenshot({ path: '/tmp/tasks-ext-input.png', fullPage: true });
  await dialog.getByLabel('Name').fill('Ada');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  const card = await openTask(page, call);
  await expect(card.getByText('Hello, Ada!')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('list', { name: 'Input requests' })).toContainText('Answered with tasks/update.');
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' })).toContainText('tasks/update');
});

test('a task is cancelled: the ack, then the cancelled status from tasks/get', async ({ page }) => {
  await connectModern(page);
  const card = await callToTask(page, 'endless');
  await card.getByRole('button', { name: 'Cancel task' }).click();
  await expect(card.getByText('cancelled', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel task' })).toHaveCount(0);
  await expect(card).toContainText('Cancelled on request.');
});

test('bad tasks: a handle with no task is shown as received; a task with the wrong fields and no result is shown and linted', async ({ page }) => {
  await connectModern(page);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'garbage_handle', exact: true }).click();
  await tools.getByRole('region', { name: 'Tool garbage_handle' }).getByRole('button', { name: 'Call tool' }).click();
  const result = tools.getByRole('region', { name: 'Call result' });
  await expect(result.getByText('Malformed task handle')).toBeVisible();
  await expect(result).toContainText('taskId is not a string');

  const card = await callToTask(page, 'bad_fields');
  await expect(card.getByText('completed', { exact: true }).first()).toBeVisible();
  await expect(card).toContainText('The task is completed but its tasks/get answer has no "result" (see the Problems tab).');
  // Without pollIntervalMs the 2025 name is ignored: mcpscope polls at its default.
  await expect(card).toContainText('not given (mcpscope polls every 1 s)');
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  const rule = problems.getByRole('row').filter({ hasText: 'TASK-EXT-RESULT' });
  await expect(rule.getByRole('link', { name: 'spec' })).toHaveAttribute('href', 'https://modelcontextprotocol.io/extensions/tasks/overview#how-tasks-work');
  await page.screenshot({ path: '/tmp/tasks-ext-problems.png', fullPage: true });
});
