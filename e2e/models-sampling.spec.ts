// A server's sampling request answered by a model: a fake OpenAI provider on loopback (started here), a proxy of
// this spec's own pointed at it through OPENAI_BASE_URL and OPENAI_API_KEY, and server-everything's
// trigger-sampling-request. The reply is reviewed in the reply form before it is sent; a wrong key shows the
// provider's words; automatic answers need no click.
import { expect, test, type Page } from '@playwright/test';
import { connectEverything, modelProxyForFile } from './fixtures/model-proxy.js';
import { triggerSampling } from './fixtures/sampling.js';

const TOKEN = 'e2e-models-token-0123456789';
const KEY = 'sk-proj-e2e-models-0123456789abcdef-Mm55';
const SHOTS = '/tmp/models-page-shots';

const models = modelProxyForFile({
  token: TOKEN,
  key: KEY,
  script: () => ({ text: 'Teal, said the fake model.', usage: { input: 21, output: 7 } }),
});
const connect = (page: Page) => connectEverything(page, models.proxy());

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

test('the fake model answers a sampling request; the person reviews and edits its reply, which is sent and logged', async ({ page }) => {
  await connect(page);
  const settings = page.getByRole('complementary', { name: 'Server settings' });
  await settings.getByText('Models', { exact: true }).click();
  await expect(settings.getByRole('group', { name: 'OpenAI', exact: true })).toContainText('Key sk-proj-…Mm55 (from OPENAI_API_KEY).');
  await expect(settings).not.toContainText(KEY);
  await settings.getByRole('group', { name: 'OpenAI', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/models-settings-1280x800-light.png` });

  const tools = await triggerSampling(page, 'Name a colour');
  const dock = page.getByRole('complementary', { name: 'Sampling' });
  const request = dock.getByRole('region', { name: /^Sampling request \d+$/ });
  const answer = request.getByRole('region', { name: 'Answer with a model' });
  await answer.getByLabel('Model to answer with').selectOption('openai/gpt-5');
  await answer.getByRole('button', { name: 'Answer with a model' }).click();
  await expect(answer.getByRole('status')).toContainText('21 in + 7 out tokens');
  await expect(answer.getByRole('status')).toContainText('review it');
  const text = request.getByLabel('Reply text');
  await expect(text).toHaveValue('Teal, said the fake model.');
  await shots(page, 'models-review');
  await text.fill('Teal, said the fake model (reviewed).');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(request).toHaveCount(0);
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('Teal, said the fake model (reviewed).');
  expect(models.fake().received).toHaveLength(1);
  expect(JSON.stringify(models.fake().received[0]!.body)).toContain('Name a colour');
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: 'Teal, said the fake model (reviewed).' }).first()).toBeVisible();
});

test("a wrong key shows the provider's message with the key masked, and the human reply still works", async ({ page }) => {
  await connect(page);
  const settings = page.getByRole('complementary', { name: 'Server settings' });
  await settings.getByText('Models', { exact: true }).click();
  const openai = settings.getByRole('group', { name: 'OpenAI', exact: true });
  await openai.getByLabel('OpenAI API key').fill('sk-proj-wrong-0123456789abcdef-Ww00');
  await openai.getByRole('button', { name: 'Save key' }).click();
  await expect(openai).toContainText('Key sk-proj-…Ww00 (typed, in memory).');
  await triggerSampling(page, 'Fail please');
  const request = page.getByRole('complementary', { name: 'Sampling' }).getByRole('region', { name: /^Sampling request \d+$/ });
  const answer = request.getByRole('region', { name: 'Answer with a model' });
  await answer.getByLabel('Model to answer with').selectOption('openai/gpt-5');
  await answer.getByRole('button', { name: 'Answer with a model' }).click();
  const alert = answer.getByRole('alert');
  await expect(alert).toContainText('Incorrect API key provided');
  await expect(alert).not.toContainText('sk-proj-wrong-0123456789abcdef-Ww00');
  await shots(page, 'models-wrong-key');
  await request.getByLabel('Reply text').fill('By hand after all.');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Tools' }).getByRole('region', { name: 'Call result' })).toContainText('By hand after all.');
  await openai.getByRole('button', { name: 'Forget key' }).click();
  await expect(openai).toContainText('(from OPENAI_API_KEY)');
});

test('answering automatically needs no click: the result comes back and the dock says who answered', async ({ page }) => {
  await connect(page);
  await page.getByRole('button', { name: 'Sampling', exact: true }).click();
  const dock = page.getByRole('complementary', { name: 'Sampling' });
  await dock.getByLabel('Automatic model').selectOption('openai/gpt-5');
  await dock.getByLabel(/Answer this connection's sampling requests with a model/).check();
  const tools = await triggerSampling(page, 'Automatic');
  await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('Teal, said the fake model.');
  await expect(dock.getByRole('region', { name: 'Answered sampling requests' })).toContainText('Answered by openai/gpt-5 automatically');
  await shots(page, 'models-auto');
});
