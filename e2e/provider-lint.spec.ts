// The demo server's tools against the providers' strict modes: a verdict per
// tool in the list, the failures with their fix beside the form, and the
// findings in Problems; a server's tools the providers refuse (descriptions,
// names, the count of the list) in Problems with their severities.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { connectToScript } from './fixtures/connect.js';

test('the Tools tab shows each tool’s verdict per provider, with the failures on demand; Problems lists the findings', async ({ page }) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  const list = tools.getByRole('list', { name: 'Tools' });

  // add: its inputSchema leaves the object open (OpenAI and Anthropic), and nothing Gemini refuses.
  const add = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'add', exact: true }) });
  await expect(add.getByText('OpenAI ✗ 1', { exact: true })).toBeVisible();
  await expect(add.getByText('Anthropic ✗ 1', { exact: true })).toBeVisible();
  await expect(add.getByText('Gemini ✓', { exact: true })).toBeVisible();

  await list.getByRole('button', { name: 'get_weather', exact: true }).click();
  const tool = tools.getByRole('region', { name: 'Tool get_weather' });
  await tool.getByText(/^Provider strict modes: OpenAI ✗ \d+ · Anthropic ✗ \d+ · Gemini ✗ 1$/).click();
  const gemini = tool.getByRole('region', { name: 'Gemini strict mode' });
  await expect(gemini.getByRole('heading', { name: 'Gemini: 1 problem' })).toBeVisible();
  await expect(gemini.getByText('/inputSchema/properties/units/oneOf', { exact: true })).toBeVisible();
  await expect(gemini.getByText(/Fix: use "anyOf"/)).toBeVisible();
  await expect(gemini.getByRole('link', { name: 'PROVIDER-GEMINI-FIELD' })).toHaveAttribute('href', 'https://ai.google.dev/api/caching#Schema');
  const openai = tool.getByRole('region', { name: 'OpenAI strict mode' });
  await expect(openai.getByText(/Fix: set "additionalProperties": false/).first()).toBeVisible();

  await page.getByRole('tab', { name: /^Problems/ }).click();
  const problems = page.getByRole('tabpanel', { name: /Problems/ });
  await problems.getByRole('button', { name: 'PROVIDER-GEMINI-FIELD' }).click();
  await expect(problems.getByText(/Tool get_weather, Gemini: at \/inputSchema\/properties\/units\/oneOf, .*Fix: use "anyOf"/)).toBeVisible();
  await expect(problems.getByRole('link', { name: 'provider docs' }).first()).toBeVisible();
});

const refusedServer = fileURLToPath(new URL('../test/fixtures/provider-lint-server.mjs', import.meta.url));
const SHOTS = process.env.MCPSCOPE_SHOTS;

test('Problems lists the tools a provider refuses as errors, a missing description as a warning, and a list longer than OpenAI takes', async ({ page }) => {
  // 130 tools on three pages of 50: the count is of the whole list.
  await connectToScript(page, `${refusedServer} --tools 130 --page-size 50`, 'provider-lint');
  await page.getByRole('tab', { name: /^Problems/ }).click();
  const problems = page.getByRole('tabpanel', { name: /Problems/ });
  const table = problems.getByRole('table', { name: 'Provider strict-mode findings by rule' });
  const row = (rule: string) => table.getByRole('row').filter({ has: page.getByRole('button', { name: rule, exact: true }) });
  const expected: Array<[string, 'error' | 'warning', number]> = [
    ['PROVIDER-OPENAI-DESCRIPTION', 'warning', 1],
    ['PROVIDER-ANTHROPIC-DESCRIPTION', 'warning', 1],
    ['PROVIDER-GEMINI-DESCRIPTION', 'warning', 1],
    ['PROVIDER-OPENAI-DESCRIPTION-LENGTH', 'error', 1],
    ['PROVIDER-OPENAI-FUNCTION-NAME', 'error', 2],
    ['PROVIDER-ANTHROPIC-TOOL-NAME', 'error', 1],
    ['PROVIDER-GEMINI-FUNCTION-NAME', 'error', 2],
    ['PROVIDER-OPENAI-TOOL-COUNT', 'error', 1],
  ];
  for (const [rule, severity, count] of expected) {
    const cells = row(rule).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(severity);
    await expect(cells.nth(3)).toHaveText(String(count));
  }
  await expect(row('PROVIDER-GEMINI-TOOL-COUNT')).toHaveCount(0);

  await row('PROVIDER-OPENAI-DESCRIPTION').getByRole('button', { name: 'PROVIDER-OPENAI-DESCRIPTION', exact: true }).click();
  await expect(problems.getByRole('list', { name: 'Findings of PROVIDER-OPENAI-DESCRIPTION' })).toContainText(
    'Tool no_description, OpenAI: at /description, the tool has no description: OpenAI gives the model the description to decide when to call it',
  );
  await row('PROVIDER-OPENAI-DESCRIPTION-LENGTH').getByRole('button', { name: 'PROVIDER-OPENAI-DESCRIPTION-LENGTH', exact: true }).click();
  await expect(problems.getByRole('list', { name: 'Findings of PROVIDER-OPENAI-DESCRIPTION-LENGTH' })).toContainText(
    'Tool long_description, OpenAI: at /description, OpenAI refuses a function description over 1024 characters; this one has 1106',
  );
  await row('PROVIDER-GEMINI-FUNCTION-NAME').getByRole('button', { name: 'PROVIDER-GEMINI-FUNCTION-NAME', exact: true }).click();
  await expect(problems.getByRole('list', { name: 'Findings of PROVIDER-GEMINI-FUNCTION-NAME' })).toContainText(
    'Tool 9lives, Gemini: at /name, the name "9lives" is not accepted: Gemini takes a letter or _ first',
  );
  await row('PROVIDER-OPENAI-TOOL-COUNT').getByRole('button', { name: 'PROVIDER-OPENAI-TOOL-COUNT', exact: true }).click();
  const count = problems.getByRole('list', { name: 'Findings of PROVIDER-OPENAI-TOOL-COUNT' });
  await expect(count).toContainText(
    'The tool list, OpenAI: OpenAI takes at most 128 tools in one request and refuses more; this list has 130 tools, so a host cannot offer the model all of them at once',
  );
  await expect(row('PROVIDER-OPENAI-TOOL-COUNT').getByRole('link', { name: 'provider docs' })).toHaveAttribute(
    'href',
    'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
  );

  if (SHOTS) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await count.scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SHOTS}/provider-refusals-${size.width}x${size.height}-${scheme}.png` });
      }
    }
  }
});
