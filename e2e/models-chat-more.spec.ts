// The Chat tab's other paths, with a fake OpenAI provider on loopback: a tool with an MCP App (the demo's show_sum)
// shows its app under the call in the chat, or a sentence when MCP Apps is switched off; the settings panel's
// values reach the provider, survive a reload and refuse bad numbers beside the field; the export has the turns,
// tool calls, token counts and settings; Try again after a provider failure and after a timeout (said with the
// page's time limit, as the sampling card says it); a server prompt starts a
// conversation; and with no model set up the tab says what to do.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ReceivedRequest, ScriptedTurn } from '../test/fixtures/models/fake-provider.js';
import { appIn } from './fixtures/apps.js';
import { connectEverything, modelProxyForFile } from './fixtures/model-proxy.js';
import { startOwnProxy } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-models-chat-more-token-0123456789';
const KEY = 'sk-proj-e2e-chat-more-0123456789abcdef-Dd88';
const SHOTS = '/tmp/models-chat-shots';

type Message = { role: string; content?: unknown };

let flakyAnswered = 0;
let slowAnswered = 0;

/** The fake model, by the person's last words; after a tool result, it says what the tool gave. */
function script(request: ReceivedRequest): ScriptedTurn {
  const messages = (request.body.messages ?? []) as Message[];
  const last = messages.at(-1);
  if (last?.role === 'tool') return { text: `The tool said: ${JSON.stringify(last.content)}`, usage: { input: 41, output: 9 } };
  const asked = JSON.stringify(last?.content ?? '');
  if (asked.includes('sum')) return { toolCalls: [{ name: 'show_sum', input: { a: 2, b: 5 } }], usage: { input: 33, output: 6 } };
  if (asked.includes('flaky')) {
    flakyAnswered++;
    return flakyAnswered === 1
      ? { status: 500, message: 'The fake provider is having a bad minute.' }
      : { text: 'Back up again.', usage: { input: 5, output: 3 } };
  }
  if (asked.includes('Slow then quick'))
    return ++slowAnswered === 1 ? { text: 'Too late.', delayMs: 8_000 } : { text: 'Quick this time.', usage: { input: 6, output: 3 } };
  if (asked.includes('simple prompt')) return { text: 'Started from the server prompt.', usage: { input: 7, output: 4 } };
  return { text: 'Noted.', usage: { input: 3, output: 1 } };
}

const models = modelProxyForFile({ token: TOKEN, key: KEY, script });

/** The proxy's page, connected to its default server (the demo, which has show_sum). */
async function connectDemo(page: Page, { apps = true } = {}) {
  await page.goto(models.proxy().page);
  if (!apps) await page.getByRole('group', { name: 'Client capabilities' }).getByRole('checkbox', { name: 'MCP Apps', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('mcpscope demo server');
}

async function openChat(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Chat' }).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByLabel('Model')).toBeVisible();
  return chat;
}

async function say(chat: Locator, text: string) {
  await chat.getByLabel('Message', { exact: true }).fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
}

/** Scrolls the page so `item` starts just under the sticky header, for a screenshot. */
const atTop = (item: Locator) =>
  item.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    // What sticks to the top of the page (the header, the connection's status) covers the first pixels.
    const covered = [...document.querySelectorAll('body *')]
      .filter((e) => ['sticky', 'fixed'].includes(getComputedStyle(e).position) && e.getBoundingClientRect().top <= 0 + 1)
      .reduce((bottom, e) => Math.max(bottom, e.getBoundingClientRect().bottom), 0);
    const under = covered + 8 - el.getBoundingClientRect().top;
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (p.scrollTop > 0) {
        p.scrollTop -= under;
        return;
      }
    }
    window.scrollBy(0, -under);
  });

const lastBody = () => models.fake().received.at(-1)!.body;

test('the model calls show_sum: its app renders under the call in the chat and works; the export has the turns, the call, tokens and settings', async ({
  page,
}) => {
  await connectDemo(page);
  const chat = await openChat(page);
  await say(chat, 'Show me the sum of 2 and 5');
  const conversation = chat.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('The tool said:');
  // The app-only tally is never offered to the model; show_sum is.
  const offered = (models.fake().received[0]!.body.tools as Array<{ function: { name: string } }>).map((t) => t.function.name);
  expect(offered).toContain('show_sum');
  expect(offered).not.toContain('tally');

  const call = conversation.getByRole('listitem').filter({ hasText: 'Tool call show_sum' });
  const section = call.getByRole('region', { name: /^App \d+ of show_sum$/ });
  const app = appIn(section);
  await expect(app.getByRole('status')).toHaveText(/^Connected to /);
  await expect(app.getByRole('definition').nth(0)).toHaveText('{"a":2,"b":5}');
  await expect(app.getByRole('definition').nth(1)).toHaveText('2 + 5 = 7');
  // The app's own call goes through the connection's Tools store, as from the Tools tab.
  await app.getByRole('button', { name: 'Call add' }).click();
  await expect(app.getByText('add answered: 7')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await atTop(call);
  await page.screenshot({ path: `${SHOTS}/chat-app-1280x800-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 800, height: 600 });
  await atTop(call);
  await page.screenshot({ path: `${SHOTS}/chat-app-800x600-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  const [download] = await Promise.all([page.waitForEvent('download'), chat.getByRole('button', { name: 'Export conversation' }).click()]);
  expect(download.suggestedFilename()).toBe('mcpscope-chat.json');
  const path = test.info().outputPath('chat.json');
  await download.saveAs(path);
  const exported = JSON.parse(readFileSync(path, 'utf8')) as {
    model: string;
    settings: Record<string, unknown>;
    messages: Message[];
    entries: Array<Record<string, unknown>>;
  };
  expect(exported.model).toBe('openai/gpt-5');
  expect(exported.settings).toEqual({ maxTokens: 4096, maxRounds: 10, approveEach: false });
  expect(exported.entries.map((e) => e.kind)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  expect(exported.entries[1]).toMatchObject({ reply: { usage: { inputTokens: 33, outputTokens: 6 }, stopReason: 'toolUse' } });
  expect(exported.entries[2]).toMatchObject({ name: 'show_sum', arguments: { a: 2, b: 5 }, status: 'done', durationMs: expect.any(Number) });
  expect(exported.entries[2]).not.toHaveProperty('record');
  expect(exported.entries[3]).toMatchObject({ reply: { usage: { inputTokens: 41, outputTokens: 9 }, stopReason: 'endTurn' } });
  expect(JSON.stringify(exported.messages)).toContain('tool_result');
});

test('with MCP Apps switched off, the call runs and the chat says why its app is not shown', async ({ page }) => {
  await connectDemo(page, { apps: false });
  const chat = await openChat(page);
  await say(chat, 'Show me the sum of 2 and 5');
  const conversation = chat.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('The tool said:');
  await expect(conversation.getByRole('note')).toContainText('has an app (ui://');
  await expect(conversation.getByRole('note')).toContainText('the MCP Apps extension is switched off for this connection');
  await expect(conversation.getByRole('region', { name: /^App \d+ of show_sum$/ })).toHaveCount(0);
});

test('the settings reach the provider, a bad number is refused beside its field, and they are kept across a reload', async ({ page }) => {
  await connectDemo(page);
  const chat = await openChat(page);
  await chat.getByLabel('System prompt').fill('Answer like a ship’s log.');
  const maxTokens = chat.getByRole('textbox', { name: /^Max tokens/ });
  await maxTokens.fill('12.5');
  await expect(maxTokens).toHaveAttribute('aria-invalid', 'true');
  await expect(chat.getByRole('alert').filter({ hasText: 'Max tokens must be a whole number from 1 to 1,000,000' })).toBeVisible();
  const temperature = chat.getByRole('textbox', { name: /^Temperature/ });
  await temperature.fill('3');
  await expect(chat.getByRole('alert').filter({ hasText: 'Temperature must be a number from 0 to 2' })).toBeVisible();
  await chat.getByLabel('Message', { exact: true }).fill('Settings check');
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(chat).toContainText('Correct the chat settings first: Max tokens must be');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/chat-settings-1280x800-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 800, height: 600 });
  await page.screenshot({ path: `${SHOTS}/chat-settings-800x600-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await maxTokens.fill('123');
  await temperature.fill('0.3');
  await chat.getByRole('textbox', { name: /^Max rounds/ }).fill('4');
  await expect(chat.getByRole('alert')).toHaveCount(0);
  await say(chat, 'Settings check');
  await expect(chat.getByRole('list', { name: 'Conversation' })).toContainText('Noted.');
  const body = lastBody();
  expect(body.max_completion_tokens ?? body.max_tokens).toBe(123);
  const system = (body.messages as Message[]).find((m) => m.role === 'system' || m.role === 'developer');
  expect(system?.content).toBe('Answer like a ship’s log.');
  // gpt-5 is a reasoning model: the SDK does not send it a temperature, and the chat says so under the reply.
  expect(body).not.toHaveProperty('temperature');
  await expect(chat.getByRole('note').filter({ hasText: 'temperature was not supported: temperature is not supported for reasoning models.' })).toBeVisible();

  await page.reload();
  const again = await openChat(page);
  await expect(again.getByLabel('System prompt')).toHaveValue('Answer like a ship’s log.');
  await expect(again.getByRole('textbox', { name: /^Max tokens/ })).toHaveValue('123');
  await expect(again.getByRole('textbox', { name: /^Temperature/ })).toHaveValue('0.3');
  await expect(again.getByRole('textbox', { name: /^Max rounds/ })).toHaveValue('4');
  await again.getByRole('button', { name: 'Reset the chat settings' }).click();
  await expect(again.getByRole('textbox', { name: /^Max tokens/ })).toHaveValue('4096');
});

test('a provider failure is said with Try again, which asks the same again and goes on', async ({ page }) => {
  await connectDemo(page);
  const chat = await openChat(page);
  const asked = models.fake().received.length;
  await say(chat, 'Something flaky');
  const conversation = chat.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('alert')).toContainText('OpenAI failed (HTTP 500): The fake provider is having a bad minute.');
  await chat.getByRole('button', { name: 'Try again' }).click();
  await expect(conversation).toContainText('Back up again.');
  await expect(chat.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  const [failed, retried] = models.fake().received.slice(asked);
  expect(retried!.body.messages).toEqual(failed!.body.messages);
});

test("a model slower than the page's time limit: the chat says it timed out in the sampling card's words, and Try again gets the answer", async ({ page }) => {
  await connectDemo(page);
  const settings = page.getByRole('complementary', { name: 'Server settings' });
  await settings.getByText('Models', { exact: true }).click();
  await settings.getByLabel('Time limit for one model answer (seconds)').fill('2');
  await expect(settings.getByText('A model that has not answered within 2 s is given up, with Try again.')).toBeVisible();
  const chat = await openChat(page);
  await say(chat, 'Slow then quick');
  const conversation = chat.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('alert')).toHaveText(
    'openai/gpt-5 timed out: it did not answer within 2 s (set under Models in the settings). Try again, or allow longer.',
  );
  await expect.poll(() => models.fake().received.find((r) => JSON.stringify(r.body).includes('Slow then quick'))?.aborted).toBe(true);
  const retry = chat.getByRole('button', { name: 'Try again' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await retry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/chat-timed-out-1280x800-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 800, height: 600 });
  await retry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/chat-timed-out-800x600-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await retry.click();
  await expect(conversation).toContainText('Quick this time.');
  await expect(retry).toHaveCount(0);
});

test('a server prompt starts the conversation', async ({ page }) => {
  await connectEverything(page, models.proxy());
  const chat = await openChat(page);
  const start = chat.getByRole('form', { name: 'Start from a prompt' });
  await start.getByLabel('Prompt').selectOption('simple-prompt');
  await start.getByRole('button', { name: 'Start' }).click();
  const conversation = chat.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('This is a simple prompt without arguments.');
  await expect(conversation).toContainText('Started from the server prompt.');
  await expect(start).toHaveCount(0);
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' })).toContainText('prompts/get');
});

test('with no model set up, the Chat tab says how to add one', async ({ page }) => {
  const bare = await startOwnProxy('e2e-models-chat-none-token-0123456789', ['--port=0', '--no-open'], {
    OPENAI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    OPENAI_BASE_URL: '',
    ANTHROPIC_BASE_URL: '',
    XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'mcpscope-e2e-no-models-')),
  });
  try {
    await page.goto(bare.page);
    await page.getByRole('tab', { name: 'Chat' }).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    await expect(chat.getByRole('status')).toContainText('No model is set up. Add an API key (Anthropic or OpenAI) or a local OpenAI-compatible endpoint');
    await expect(chat.getByLabel('Message', { exact: true })).toHaveCount(0);
  } finally {
    await bare.stop();
  }
});
