// More model paths from the page, each against a fake provider on loopback: a chat across two connections (the demo
// and server-everything, both ticked), each tool call going to its own connection; a huge tool result cut for the
// model, with a note to the person; a local OpenAI-compatible endpoint set up in the Models settings (Test, Allow
// these models, then offered in Chat; Forget all model keys; a bad URL said); and the fake Anthropic answering a
// sampling request after review.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFakeOpenAI } from '../test/fixtures/models/fakes.js';
import type { ReceivedRequest, ScriptedTurn } from '../test/fixtures/models/fake-provider.js';
import { connectEverything, everythingArgs, modelProxyForFile } from './fixtures/model-proxy.js';
import { startOwnProxy } from './fixtures/own-proxy.js';
import { triggerSampling } from './fixtures/sampling.js';

const SHOTS = '/tmp/models-more-shots';
/** Longer than the 20,000 characters a tool result may be for the model. */
const HUGE = 25_000;

type Message = { role: string; content?: unknown };
type OfferedTool = { function: { name: string } };

/** A message's text: OpenAI's content is a string or a list of text parts. */
const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: { text?: unknown }) => String(p.text ?? '')).join('') : '';

const strip = (page: Page) => page.getByRole('navigation', { name: 'Open connections' });

async function shots(page: Page, name: string, at?: Locator): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height });
      // At 800×600 the settings fold away behind their button: the screenshot is of the page as it is then.
      if (at !== undefined && (await at.isVisible())) await at.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function openChat(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Chat' }).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByLabel('Model')).toBeVisible();
  return chat;
}

async function say(chat: Locator, text: string): Promise<void> {
  await chat.getByLabel('Message', { exact: true }).fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
}

test.describe('with OpenAI', () => {
  /** The fake model: echoes on every offered echo (one per server), or once with a huge message; then says what came back. */
  function script(request: ReceivedRequest): ScriptedTurn {
    const messages = (request.body.messages ?? []) as Message[];
    const last = messages.at(-1);
    if (last?.role === 'tool') {
      const results = messages.slice(messages.map((m) => m.role).lastIndexOf('assistant') + 1).map((m) => textOf(m.content).slice(0, 60));
      return { text: `The tools said: ${results.join(' | ')}`, usage: { input: 50, output: 12 } };
    }
    const asked = JSON.stringify(last?.content ?? '');
    const offered = ((request.body.tools ?? []) as OfferedTool[]).map((t) => t.function.name);
    if (asked.includes('huge')) return { toolCalls: [{ name: 'echo', input: { message: 'z'.repeat(HUGE) } }], usage: { input: 30, output: 5 } };
    const echoes = offered.filter((n) => n.endsWith('__echo'));
    return { toolCalls: echoes.map((name) => ({ name, input: { message: `to ${name}` } })), usage: { input: 30, output: 8 } };
  }

  const models = modelProxyForFile({ token: 'e2e-models-more-token-0123456789', key: 'sk-proj-e2e-more-0123456789abcdef-Ee99', script });

  test('a chat across the demo and server-everything: each echo goes over its own connection, and both results go back to the model', async ({ page }) => {
    await page.goto(models.proxy().page);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('mcpscope demo server');
    await strip(page).getByRole('button', { name: '+ New connection' }).click();
    await page.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
    await page.getByRole('textbox', { name: 'Arguments' }).fill(everythingArgs);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Everything');

    const chat = await openChat(page);
    const servers = chat.getByRole('group', { name: 'Tools of' });
    await expect(servers.getByRole('checkbox', { name: /^mcpscope demo server/ })).toBeChecked();
    await expect(servers.getByRole('checkbox', { name: /^Everything/ })).toBeChecked();
    await say(chat, 'Echo on both servers');
    const conversation = chat.getByRole('list', { name: 'Conversation' });
    await expect(conversation).toContainText('The tools said:');

    // Both servers have an echo: the model was offered each under its server's name, and called both.
    const offered = (models.fake().received[0]!.body.tools as OfferedTool[]).map((t) => t.function.name);
    const demoEcho = offered.find((n) => n.startsWith('mcpscope_demo') && n.endsWith('__echo'));
    const everythingEcho = offered.find((n) => n.startsWith('Everything') && n.endsWith('__echo'));
    expect(demoEcho, offered.join(', ')).toBeDefined();
    expect(everythingEcho, offered.join(', ')).toBeDefined();
    await expect(conversation.getByRole('listitem').filter({ hasText: `Tool call ${demoEcho} on mcpscope demo server` })).toContainText('done');
    await expect(conversation.getByRole('listitem').filter({ hasText: `Tool call ${everythingEcho} on Everything` })).toContainText('done');

    // The results fed back: the demo's echo gives the message as it is, server-everything's says "Echo: ".
    const fedBack = models.fake().received[1]!.body.messages as Message[];
    const toolMessages = fedBack.filter((m) => m.role === 'tool').map((m) => textOf(m.content));
    expect(toolMessages).toHaveLength(2);
    expect(toolMessages.some((c) => c.includes(`to ${demoEcho}`) && !c.includes('Echo:'))).toBe(true);
    expect(toolMessages).toContainEqual(expect.stringContaining(`Echo: to ${everythingEcho}`));
    await expect(conversation).toContainText(`Echo: to ${everythingEcho}`);
    await shots(page, 'two-connections', conversation);

    // Each call is in its own connection's Log and History, and not in the other's.
    const log = page.getByRole('tabpanel', { name: 'Log' });
    const tools = page.getByRole('tabpanel', { name: 'Tools' });
    for (const [server, own, other] of [
      [/^mcpscope demo server/, demoEcho!, everythingEcho!],
      [/^Everything/, everythingEcho!, demoEcho!],
    ] as const) {
      await strip(page).getByRole('button', { name: server }).click();
      await page.getByRole('tab', { name: 'Log' }).click();
      const rows = log.getByRole('row').filter({ hasText: '"method":"tools/call"' });
      await expect(rows.filter({ hasText: `to ${own}` })).toHaveCount(1);
      await expect(rows.filter({ hasText: `to ${other}` })).toHaveCount(0);
      await page.getByRole('tab', { name: 'Tools' }).click();
      await expect(tools.filter({ visible: true })).toContainText('from chat');
    }
  });

  test('a huge tool result: the model gets the first 20,000 characters with a note, and the chat says so under the call', async ({ page }) => {
    await connectEverything(page, models.proxy());
    const chat = await openChat(page);
    const asked = models.fake().received.length;
    await say(chat, 'Send something huge');
    const conversation = chat.getByRole('list', { name: 'Conversation' });
    await expect(conversation).toContainText('The tools said:');
    const whole = `Echo: ${'z'.repeat(HUGE)}`.length;
    const call = conversation.getByRole('listitem').filter({ hasText: 'Tool call echo' });
    await expect(call.getByRole('note')).toHaveText(
      `The model was given the first 20,000 characters of this result's ${whole.toLocaleString('en-US')}; the whole result is in the Log.`,
    );
    const fedBack = (models.fake().received[asked + 1]!.body.messages as Message[]).filter((m) => m.role === 'tool').map((m) => textOf(m.content));
    expect(fedBack).toHaveLength(1);
    expect(fedBack[0]!.startsWith(`Echo: ${'z'.repeat(20_000 - 'Echo: '.length)}\n\n[mcpscope cut this result: it was ${whole} characters`)).toBe(true);
    await shots(page, 'huge-result', call);

    // The Log has the whole result as the server sent it.
    await page.getByRole('tab', { name: 'Log' }).click();
    const log = page.getByRole('tabpanel', { name: 'Log' });
    const response = log.getByRole('row').filter({ hasText: '"result":' }).filter({ hasText: 'Echo: zzz' });
    await expect(response).toHaveCount(1);
    await response.click();
    await expect(log.getByText(`Echo: ${'z'.repeat(HUGE)}`, { exact: false }).first()).toBeAttached();
  });
});

test.describe('with Anthropic', () => {
  const models = modelProxyForFile({
    token: 'e2e-models-more-anthropic-token-0123456789',
    key: 'sk-ant-e2e-more-0123456789abcdef-Aa11',
    provider: 'anthropic',
    script: () => ({ text: 'Amber, said the fake Claude.', usage: { input: 19, output: 8 } }),
  });

  test('the fake Anthropic answers a sampling request; the person reviews it and sends it', async ({ page }) => {
    await connectEverything(page, models.proxy());
    const settings = page.getByRole('complementary', { name: 'Server settings' });
    await settings.getByText('Models', { exact: true }).click();
    await expect(settings.getByRole('group', { name: 'Anthropic', exact: true })).toContainText('Key sk-ant-…Aa11 (from ANTHROPIC_API_KEY).');

    const tools = await triggerSampling(page, 'Name a warm colour');
    const request = page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ });
    const answer = request.getByRole('region', { name: 'Answer with a model' });
    await answer.getByLabel('Model to answer with').selectOption('anthropic/claude-sonnet-4-5');
    await answer.getByRole('button', { name: 'Answer with a model' }).click();
    await expect(answer.getByRole('status')).toContainText('19 in + 8 out tokens');
    await expect(request.getByLabel('Reply text')).toHaveValue('Amber, said the fake Claude.');
    await shots(page, 'anthropic-review', request);
    await request.getByRole('button', { name: 'Send reply' }).click();
    await expect(request).toHaveCount(0);
    await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('Amber, said the fake Claude.');

    const [sent] = models.fake().received;
    expect(models.fake().received).toHaveLength(1);
    expect(sent).toMatchObject({ path: '/v1/messages', headers: { 'x-api-key': 'sk-ant-e2e-more-0123456789abcdef-Aa11' } });
    expect(sent!.body.model).toBe('claude-sonnet-4-5');
    expect(JSON.stringify(sent!.body.messages)).toContain('Name a warm colour');
    // The request's own settings, in Anthropic's words: server-everything asks with a system prompt, 100 tokens and 0.7.
    expect(JSON.stringify(sent!.body.system)).toContain('You are a helpful test server.');
    expect(sent!.body).toMatchObject({ max_tokens: 100, temperature: 0.7 });
  });
});

test.describe('a local OpenAI-compatible endpoint', () => {
  test('set in the Models settings: Test lists its models, Allow offers them in Chat, Forget all clears them; a bad URL is said', async ({ page }) => {
    const local = await startFakeOpenAI({
      models: ['llama3.2', 'qwen3'],
      script: () => ({ text: 'Hello from the local model.', usage: { input: 4, output: 5 } }),
    });
    const proxy = await startOwnProxy('e2e-models-more-local-token-0123456789', ['--port=0', '--no-open'], {
      OPENAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
      OPENAI_BASE_URL: '',
      ANTHROPIC_BASE_URL: '',
      XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'mcpscope-e2e-local-model-')),
    });
    try {
      await page.goto(proxy.page);
      await page.getByRole('tab', { name: 'Chat' }).click();
      await expect(page.getByRole('region', { name: 'Chat' }).getByRole('status')).toContainText('No model is set up');

      const settings = page.getByRole('complementary', { name: 'Server settings' });
      await settings.getByText('Models', { exact: true }).click();
      const group = settings.getByRole('group', { name: 'Local or OpenAI-compatible', exact: true });
      await expect(group).toContainText('not set up');
      const endpoint = group.getByLabel('Endpoint', { exact: true });

      // A bad URL, then one that is not http(s): each said beside the provider, nothing kept.
      await endpoint.fill('not a url');
      await group.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(group.getByRole('alert')).toHaveText('"not a url" is not a URL: write the endpoint in full, like http://127.0.0.1:11434/v1 for Ollama.');
      await endpoint.fill('localhost:11434/v1');
      await group.getByRole('button', { name: 'Test', exact: true }).click();
      await expect(group.getByRole('alert')).toHaveText('The endpoint must be http: or https:, not localhost:.');
      await shots(page, 'local-bad-url', group);
      expect(local.received).toHaveLength(0);

      await endpoint.fill(local.baseUrl);
      await group.getByRole('button', { name: 'Test', exact: true }).click();
      const found = group.getByRole('status');
      await expect(found).toHaveText(/The endpoint serves: llama3\.2, qwen3\./);
      await expect(group.getByRole('alert')).toHaveCount(0);
      expect(local.received[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
      await shots(page, 'local-tested', group);
      await found.getByRole('button', { name: 'Allow these models' }).click();
      await expect(group.getByText('ready', { exact: true })).toBeVisible();
      await expect(group.getByLabel('Models allowed')).toHaveValue('llama3.2, qwen3');

      const chat = await openChat(page);
      const model = chat.getByLabel('Model');
      await expect(model.locator('option')).toHaveText(['openai-compatible/llama3.2', 'openai-compatible/qwen3']);
      await model.selectOption('openai-compatible/qwen3');
      await say(chat, 'Hello there');
      await expect(chat.getByRole('list', { name: 'Conversation' })).toContainText('Hello from the local model.');
      const asked = local.received.at(-1)!;
      expect(asked).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
      expect(asked.body.model).toBe('qwen3');
      expect(asked.headers.authorization).toBeUndefined();

      await settings.getByRole('button', { name: 'Forget all model keys' }).click();
      await expect(group).toContainText('not set up');
      await expect(page.getByRole('region', { name: 'Chat' }).getByRole('status')).toContainText('No model is set up');
    } finally {
      await proxy.stop();
      await local.close();
    }
  });
});
