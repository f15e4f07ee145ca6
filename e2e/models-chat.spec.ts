// The Chat tab with a fake OpenAI provider on loopback (started here) and server-everything: the model calls a
// tool over the connection (in the Log, in History "from chat") and reads its result; a declined call is fed back
// as a refusal; a tool the model makes up is shown as an error and the loop goes on.
import { expect, test, type Page } from '@playwright/test';
import type { ReceivedRequest, ScriptedTurn } from '../test/fixtures/models/fake-provider.js';
import { connectEverything, modelProxyForFile } from './fixtures/model-proxy.js';

const TOKEN = 'e2e-models-chat-token-0123456789';
const KEY = 'sk-proj-e2e-chat-0123456789abcdef-Cc77';
const SHOTS = '/tmp/models-chat-shots';

type Message = { role: string; content?: unknown };

/** The fake model: asks for a tool on the first turn, then says what the tool's result was. */
function script(request: ReceivedRequest): ScriptedTurn {
  const messages = (request.body.messages ?? []) as Message[];
  const last = messages.at(-1);
  if (last?.role === 'tool') return { text: `The tool said: ${JSON.stringify(last.content)}`, usage: { input: 40, output: 9 } };
  const asked = JSON.stringify(last?.content ?? '');
  if (asked.includes('slowly'))
    return { toolCalls: [{ name: 'trigger-long-running-operation', input: { duration: 30, steps: 3 } }], usage: { input: 30, output: 5 } };
  if (asked.includes('make one up')) return { toolCalls: [{ name: 'no_such_tool', input: {} }], usage: { input: 30, output: 5 } };
  return { toolCalls: [{ name: 'echo', input: { message: 'hello from the model' } }], usage: { input: 30, output: 5 } };
}

const models = modelProxyForFile({ token: TOKEN, key: KEY, script });

async function openChat(page: Page) {
  await connectEverything(page, models.proxy());
  await page.getByRole('tab', { name: 'Chat' }).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByLabel('Model')).toBeVisible();
  return chat;
}

async function say(chat: ReturnType<Page['getByRole']>, text: string) {
  await chat.getByLabel('Message').fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
}

async function shots(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the model calls a demo tool over the connection and uses its result', async ({ page }) => {
  const chat = await openChat(page);
  await say(chat, 'Echo something');
  const conversation = chat.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('The tool said:');
  await expect(conversation).toContainText('Echo: hello from the model');
  await expect(conversation).toContainText('stop reason endTurn');
  await shots(page, 'chat');

  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' })).toContainText('tools/call');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Tools' })).toContainText('from chat');
});

test('a declined call is fed back to the model as a refusal', async ({ page }) => {
  const chat = await openChat(page);
  await chat.getByLabel('Approve each tool call').check();
  await say(chat, 'Echo something');
  const approval = chat.getByRole('group', { name: 'Approve echo' });
  await expect(approval).toBeVisible();
  await shots(page, 'chat-approval');
  await approval.getByRole('button', { name: 'Deny' }).click();
  await expect(chat.getByRole('list', { name: 'Conversation' })).toContainText('The tool said:');
  await expect(chat.getByRole('list', { name: 'Conversation' })).toContainText('declined this tool call');
  const toolMessages = models.fake().received.flatMap((r) => (r.body.messages as Message[]).filter((m) => m.role === 'tool'));
  expect(JSON.stringify(toolMessages)).toContain('declined this tool call');
});

test('a tool the model makes up is shown as an error and the loop goes on', async ({ page }) => {
  const chat = await openChat(page);
  await say(chat, 'Please make one up');
  const conversation = chat.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('alert')).toContainText('There is no tool named "no_such_tool"');
  await expect(conversation).toContainText('The tool said:');
});

test('Stop while a tool call runs cancels it over the connection (notifications/cancelled in the Log)', async ({ page }) => {
  const chat = await openChat(page);
  await say(chat, 'Count slowly');
  const conversation = chat.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('trigger-long-running-operation');
  const asked = models.fake().received.length;
  await chat.getByRole('button', { name: 'Stop' }).click();
  await expect(conversation).toContainText('mcpscope sent notifications/cancelled for it');
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: '"method":"notifications/cancelled"' })).toHaveCount(1);
  expect(models.fake().received).toHaveLength(asked);
});
