// The Chat view warns when the ticked servers together offer an OpenAI model more tools than it takes in one
// request (128): the sum named per server, gone once a server is unticked. A fake OpenAI provider on loopback.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { everythingArgs, modelProxyForFile } from './fixtures/model-proxy.js';

const TOKEN = 'e2e-chat-tool-count-token-0123456789';
const KEY = 'sk-proj-e2e-tool-count-0123456789abcdef-Dd88';
const refusedServer = fileURLToPath(new URL('../test/fixtures/provider-lint-server.mjs', import.meta.url));
const SHOTS = process.env.MCPSCOPE_SHOTS;

const models = modelProxyForFile({ token: TOKEN, key: KEY, script: () => ({ text: 'Hello.' }) });

test('120 tools of one server and 19 of server-everything: the Chat view says OpenAI takes 128, until one is unticked', async ({ page }) => {
  await page.goto(models.proxy().page);
  const connect = async (args: string, name: string) => {
    // Role queries: the other connection's form is kept, hidden.
    await page.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
    await page.getByRole('textbox', { name: 'Arguments' }).fill(args);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText(name);
  };
  await connect(`${refusedServer} --tools 120`, 'provider-lint');
  await page.getByRole('button', { name: '+ New connection' }).click();
  await connect(everythingArgs, 'Everything');

  await page.getByRole('tab', { name: 'Chat' }).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  const notice = chat.getByRole('status', { name: 'Tool count' });
  await expect(notice).toHaveText(
    /^⚠ openai\/\S+ would be offered 139 tools \(provider-lint 0\.0\.1: 120, Everything[^:]*: 19\), and OpenAI takes at most 128 tools in one request and refuses more: untick servers under “Tools of” until at most 128 are offered, or choose another model\.$/,
  );
  if (SHOTS) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SHOTS}/chat-tool-count-${size.width}x${size.height}-${scheme}.png` });
      }
    }
  }

  await chat
    .getByRole('group', { name: 'Tools of' })
    .getByRole('checkbox', { name: /^Everything/ })
    .uncheck();
  await expect(notice).toHaveCount(0);
  await chat
    .getByRole('group', { name: 'Tools of' })
    .getByRole('checkbox', { name: /^Everything/ })
    .check();
  await expect(notice).toContainText('139 tools');
});
