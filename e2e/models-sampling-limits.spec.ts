// A model answering a sampling request, when things go wrong: the server cancels the request while the model is
// still answering (its call is stopped, the card says so), the model is slower than the page's time limit (the card
// says it timed out, Try again), and no model is set up at all (the human reply still works). A fake OpenAI on
// loopback behind a proxy of this spec's own; the sampling fixture cancels its own request.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { ReceivedRequest } from '../test/fixtures/models/fake-provider.js';
import { connectEverything, modelProxyForFile } from './fixtures/model-proxy.js';
import { ownProxyForFile } from './fixtures/own-proxy.js';
import { triggerSampling } from './fixtures/sampling.js';

const TOKEN = 'e2e-models-limits-token-0123456789';
const KEY = 'sk-proj-e2e-limits-0123456789abcdef-Ll66';
const SHOTS = '/tmp/models-page-shots';
const samplingServer = fileURLToPath(new URL('../test/fixtures/sampling-server.mjs', import.meta.url));

const asked = (request: ReceivedRequest, prompt: string): boolean => JSON.stringify(request.body).includes(prompt);
let slowThenQuick = 0;
const models = modelProxyForFile({
  token: TOKEN,
  key: KEY,
  script: (request) => {
    if (asked(request, 'Stop me')) return { text: 'Too late.', delayMs: 60_000 };
    if (asked(request, 'Slow then quick')) return ++slowThenQuick === 1 ? { text: 'Too late.', delayMs: 8_000 } : { text: 'Quick this time.' };
    return { status: 500, message: 'Not scripted.' };
  },
});

async function answerWithModel(page: Page) {
  const request = page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ });
  const answer = request.getByRole('region', { name: 'Answer with a model' });
  await answer.getByLabel('Model to answer with').selectOption('openai/gpt-5');
  await answer.getByRole('button', { name: 'Answer with a model' }).click();
  return { request, answer };
}

test('the server cancels its request while the model answers: the call is stopped, the card says so, nothing is sent', async ({ page }) => {
  await connectEverything(page, models.proxy(), samplingServer);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'ask_then_cancel', exact: true }).click();
  const tool = tools.getByRole('region', { name: 'Tool ask_then_cancel' });
  await tool.getByLabel('prompt', { exact: true }).fill('Stop me');
  await tool.getByLabel('afterMs', { exact: true }).fill('4000');
  await tool.getByRole('button', { name: 'Call tool' }).click();
  const { request, answer } = await answerWithModel(page);
  await expect(answer.getByRole('button', { name: 'Asking the model…' })).toBeDisabled();
  await expect.poll(() => models.fake().received.filter((r) => asked(r, 'Stop me')).length).toBe(1);
  await expect(request.getByRole('status')).toHaveText("The server cancelled this request; the model's answer was stopped. Nothing was sent back.", {
    timeout: 20_000,
  });
  await expect.poll(() => models.fake().received.find((r) => asked(r, 'Stop me'))?.aborted).toBe(true);
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('Answers to it after the cancel: 0.');
  const dock = page.getByRole('complementary', { name: 'Sampling' });
  await expect(dock.getByRole('region', { name: 'Answered sampling requests' })).toContainText("The model's answer was stopped.");
  await page.screenshot({ path: `${SHOTS}/models-stopped-1280x800-light.png` });
  await request.getByRole('button', { name: 'Dismiss' }).click();
  await expect(request).toHaveCount(0);
});

test('the connection closes while the model answers: the call is stopped, and the card says so', async ({ page }) => {
  await connectEverything(page, models.proxy());
  await triggerSampling(page, 'Stop me on close');
  const { request, answer } = await answerWithModel(page);
  await expect(answer.getByRole('button', { name: 'Asking the model…' })).toBeDisabled();
  await expect.poll(() => models.fake().received.filter((r) => asked(r, 'Stop me on close')).length).toBe(1);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(request.getByRole('status')).toHaveText(
    "The connection closed before this request was answered; the model's answer was stopped. Nothing was sent back.",
  );
  await expect.poll(() => models.fake().received.find((r) => asked(r, 'Stop me on close'))?.aborted).toBe(true);
});

test('a model slower than the time limit: the card says it timed out, and Try again gets the answer', async ({ page }) => {
  await connectEverything(page, models.proxy());
  const settings = page.getByRole('complementary', { name: 'Server settings' });
  await settings.getByText('Models', { exact: true }).click();
  const limit = settings.getByLabel('Time limit for one model answer (seconds)');
  await limit.fill('0');
  await expect(settings.getByRole('alert')).toContainText(
    'The time limit for a model answer must be a whole number of seconds from 1 to 600, not 0. The limit in use stays 120 s.',
  );
  await limit.fill('2');
  await expect(settings.getByText('A model that has not answered within 2 s is given up, with Try again.')).toBeVisible();
  await limit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/models-time-limit-1280x800-light.png` });

  await triggerSampling(page, 'Slow then quick');
  const { request, answer } = await answerWithModel(page);
  const alert = answer.getByRole('alert');
  await expect(alert).toContainText('openai/gpt-5 timed out: it did not answer within 2 s (set under Models in the settings).');
  await expect.poll(() => models.fake().received.find((r) => asked(r, 'Slow then quick'))?.aborted).toBe(true);
  await request.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/models-timed-out-1280x800-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 800, height: 600 });
  await answer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/models-timed-out-800x600-dark.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });

  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(answer.getByRole('status')).toContainText('review it');
  await expect(request.getByLabel('Reply text')).toHaveValue('Quick this time.');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Tools' }).getByRole('region', { name: 'Call result' })).toContainText('Quick this time.');
  // The limit is kept across a reload.
  await page.reload();
  await settings.getByText('Models', { exact: true }).click();
  await expect(settings.getByLabel('Time limit for one model answer (seconds)')).toHaveValue('2');
});

test.describe('no model set up', () => {
  const bare = ownProxyForFile('e2e-models-none-token-0123456789', ['--port=0', '--no-open'], {
    ANTHROPIC_API_KEY: '',
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    OPENAI_COMPATIBLE_BASE_URL: '',
    XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'mcpscope-e2e-no-models-')),
  });

  test('the model-answer area says no model is set up, and the human reply still works', async ({ page }) => {
    await connectEverything(page, bare());
    const tools = await triggerSampling(page, 'By hand');
    const request = page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ });
    const answer = request.getByRole('region', { name: 'Answer with a model' });
    await expect(answer).toHaveText('No model is set up: add a key or a local endpoint under Models in the settings, or reply by hand below.');
    await expect(answer.getByRole('button')).toHaveCount(0);
    await request.getByLabel('Reply text').fill('Answered by a person.');
    await request.getByRole('button', { name: 'Send reply' }).click();
    await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('Answered by a person.');
  });
});
