// The demo server's tools against the providers' strict modes: a verdict per
// tool in the list, the failures with their fix beside the form, and the
// findings in Problems.
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

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
