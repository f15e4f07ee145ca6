// The demos' sum app on its own, in Chromium, under a stand-in host written
// here (the page's real host is covered by apps.spec.ts): it initializes, shows
// the tool's input and result, follows the host's theme, and each button sends
// the bridge message it names.
import { expect, test, type Page } from '@playwright/test';
import { sumAppHtml } from '../examples/servers/apps/sum-app-html.js';

interface Seen {
  method?: string;
  params?: Record<string, unknown>;
}

/** A host page: the app in an iframe, its messages kept in window.seen, its requests answered as a host would. */
async function host(page: Page): Promise<void> {
  await page.setContent('<!doctype html><title>stand-in host</title><iframe title="Sum app" style="width:600px;height:400px"></iframe>');
  await page.evaluate((html) => {
    const w = window as unknown as { seen: Seen[]; send(msg: unknown): void };
    const frame = document.querySelector('iframe')!;
    w.seen = [];
    w.send = (msg) => frame.contentWindow!.postMessage(msg, '*');
    const answers: Record<string, (params: Record<string, unknown>) => unknown> = {
      'ui/initialize': () => ({
        protocolVersion: '2026-01-26',
        hostInfo: { name: 'stand-in host', version: '1' },
        hostCapabilities: {},
        hostContext: { theme: 'light', locale: 'pt-BR', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] },
      }),
      'tools/call': (params) => ({ content: [{ type: 'text', text: `${String(params.name)} ran` }] }),
      'ui/message': () => ({}),
      'ui/request-display-mode': (params) => ({ mode: params.mode }),
    };
    window.addEventListener('message', (event) => {
      const msg = event.data as Seen & { id?: number };
      w.seen.push(msg);
      const answer = msg.method === undefined ? undefined : answers[msg.method];
      if (answer && msg.id !== undefined) w.send({ jsonrpc: '2.0', id: msg.id, result: answer(msg.params ?? {}) });
      if (msg.method === 'ui/notifications/initialized') {
        w.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { a: 2, b: 5 } } });
        w.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [{ type: 'text', text: '2 + 5 = 7' }] } });
      }
    });
    frame.srcdoc = html;
  }, sumAppHtml());
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
const sentBy = async (page: Page, method: string) => (await seen(page)).filter((m) => m.method === method);

test('the sum app initializes, shows its input and result, and each button sends its bridge message', async ({ page }) => {
  await host(page);
  const app = page.frameLocator('iframe[title="Sum app"]');
  await expect(app.getByRole('status')).toHaveText('Connected to stand-in host.');
  await expect(app.getByRole('definition').nth(0)).toHaveText('{"a":2,"b":5}');
  await expect(app.getByRole('definition').nth(1)).toHaveText('2 + 5 = 7');
  await expect(app.getByRole('definition').nth(3)).toHaveText('pt-BR');
  const [init] = await sentBy(page, 'ui/initialize');
  expect(init?.params).toMatchObject({ appInfo: { name: 'mcpscope-sum-app' }, protocolVersion: '2026-01-26' });
  await expect.poll(async () => (await sentBy(page, 'ui/notifications/size-changed')).length).toBeGreaterThan(0);

  await app.getByRole('button', { name: 'Call add' }).click();
  await expect(app.getByText('add answered: add ran')).toBeVisible();
  await app.getByRole('button', { name: 'Tally' }).click();
  await expect(app.getByText('tally answered: tally ran')).toBeVisible();
  expect((await sentBy(page, 'tools/call')).map((m) => m.params)).toEqual([
    { name: 'add', arguments: { a: 2, b: 5 } },
    { name: 'tally', arguments: {} },
  ]);

  await app.getByRole('button', { name: 'Send a message' }).click();
  await expect(app.getByText('The host took the message.')).toBeVisible();
  expect((await sentBy(page, 'ui/message'))[0]?.params).toEqual({ role: 'user', content: [{ type: 'text', text: 'The sum app says: 2 + 5 = 7.' }] });

  await app.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(app.getByText('Display mode: fullscreen')).toBeVisible();
  await app.getByRole('button', { name: 'Exit fullscreen' }).click();
  await expect(app.getByText('Display mode: inline')).toBeVisible();
});

test('the sum app follows the theme of the host context, and answers ui/resource-teardown', async ({ page }) => {
  await host(page);
  const app = page.frameLocator('iframe[title="Sum app"]');
  await expect(app.getByRole('definition').nth(2)).toHaveText('light');
  await page.evaluate(() =>
    (window as unknown as { send(m: unknown): void }).send({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'dark' } }),
  );
  await expect(app.getByRole('definition').nth(2)).toHaveText('dark');
  await expect(app.locator('body')).toHaveCSS('background-color', 'rgb(21, 26, 35)');
  await page.evaluate(() => (window as unknown as { send(m: unknown): void }).send({ jsonrpc: '2.0', id: 'bye', method: 'ui/resource-teardown', params: {} }));
  await expect.poll(async () => (await seen(page)).some((m) => (m as { id?: string }).id === 'bye')).toBe(true);
});
