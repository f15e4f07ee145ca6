import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

interface SentRequest {
  method?: string;
  params?: { name?: string; arguments?: Record<string, string> };
}

/** Every JSON-RPC message the page sends to the server (from the `send` envelopes on its WebSockets). */
function recordSentMessages(page: Page): SentRequest[] {
  const sent: SentRequest[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      const envelope = JSON.parse(typeof f.payload === 'string' ? f.payload : f.payload.toString()) as { type: string; raw?: string };
      if (envelope.type === 'send' && envelope.raw !== undefined) sent.push(JSON.parse(envelope.raw) as SentRequest);
    }),
  );
  return sent;
}

async function connectAndOpenPrompts(page: Page) {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Prompts' }).click();
  return page.getByRole('tabpanel', { name: 'Prompts' });
}

test('gets code_review with a language and shows the user and assistant messages', async ({ page }) => {
  const sent = recordSentMessages(page);
  const panel = await connectAndOpenPrompts(page);
  await expect(panel.getByRole('button', { name: /code_review/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /explain_readme/ })).toBeVisible();

  await panel.getByLabel('Filter prompts').fill('readme');
  await expect(panel.getByRole('button', { name: /code_review/ })).toHaveCount(0);
  await panel.getByLabel('Filter prompts').fill('');

  await panel.getByRole('button', { name: /code_review/ }).click();
  const form = panel.getByRole('form', { name: 'Arguments of code_review' });
  await expect(form.getByLabel('language')).toHaveAttribute('aria-required', 'true');
  await expect(form.getByText('(required)')).toHaveCount(1);
  await form.getByLabel('language').fill('TypeScript');
  await form.getByRole('button', { name: 'Get prompt' }).click();

  const user = panel.getByRole('article', { name: 'User message 1' });
  const assistant = panel.getByRole('article', { name: 'Assistant message 2' });
  await expect(user).toContainText('Please review this TypeScript code.');
  await expect(assistant).toContainText('Sure: paste the code and I will review it.');
  await expect(panel.getByText('Review TypeScript code', { exact: true })).toBeVisible();

  // The empty optional "focus" was left out of the request.
  expect(sent.filter((m) => m.method === 'prompts/get').map((m) => m.params)).toEqual([{ name: 'code_review', arguments: { language: 'TypeScript' } }]);

  await panel.getByText('Raw request and response').click();
  await expect(panel.getByLabel('Response raw text')).toContainText('"messages"');
});

test('without the required argument it says so and sends nothing', async ({ page }) => {
  const sent = recordSentMessages(page);
  const panel = await connectAndOpenPrompts(page);
  await panel.getByRole('button', { name: /code_review/ }).click();
  const form = panel.getByRole('form', { name: 'Arguments of code_review' });
  await form.getByLabel('focus').fill('security');
  await form.getByRole('button', { name: 'Get prompt' }).click();

  await expect(form.getByRole('alert')).toHaveText('Fill in the required argument language; nothing was sent.');
  await expect(form.getByLabel('language')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('language is required.')).toBeVisible();
  // Give a request that should not exist the time to go out, then check.
  await page.waitForTimeout(300);
  expect(sent.some((m) => m.method === 'prompts/list')).toBe(true);
  expect(sent.some((m) => m.method === 'prompts/get')).toBe(false);
  await expect(panel.getByRole('article')).toHaveCount(0);

  // Filling it in clears the message.
  await form.getByLabel('language').fill('Rust');
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test('an embedded resource in a message is shown with its contents', async ({ page }) => {
  const panel = await connectAndOpenPrompts(page);
  await panel.getByRole('button', { name: /explain_readme/ }).click();
  await expect(panel.getByText('This prompt takes no arguments.')).toBeVisible();
  await panel.getByRole('button', { name: 'Get prompt' }).click();
  const message = panel.getByRole('article', { name: 'User message 1' });
  await expect(message).toContainText('resource');
  await expect(message).toContainText('demo://readme');
  await expect(message).toContainText('mcpscope demo server README');
});
