// The reference server over the network: Streamable HTTP and the older HTTP+SSE
// transport, each reached through the proxy (docs/compatibility.md).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';

let streamable: FixtureProcess;
let sse: FixtureProcess;

test.beforeAll(async () => {
  [streamable, sse] = await Promise.all([startFixture(everythingFixture, ['streamableHttp']), startFixture(everythingFixture, ['sse'])]);
});
test.afterAll(async () => {
  await Promise.all([streamable?.stop(), sse?.stop()]);
});

async function connectOverHttp(page: Page, url: string): Promise<Locator> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Transport').selectOption('http');
  await page.getByLabel('URL').fill(url);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const status = page.getByRole('status', { name: 'Connection status' });
  await expect(status).toContainText('Everything Reference Server');
  return status;
}

async function callTool(page: Page, name: string, fill: (tool: Locator) => Promise<void> = async () => {}): Promise<Locator> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await tools.getByRole('list', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();
  const tool = tools.getByRole('region', { name: `Tool ${name}` });
  await fill(tool);
  await tool.getByRole('button', { name: 'Call tool' }).click();
  return tools;
}

for (const mode of ['Streamable HTTP', 'HTTP+SSE'] as const) {
  test(`${mode}: progress to the end of trigger-long-running-operation, a prompt and a resource`, async ({ page }) => {
    const url = mode === 'Streamable HTTP' ? `${streamable.origin}/mcp` : `${sse.origin}/sse`;
    const status = await connectOverHttp(page, url);
    await expect(status.getByRole('definition').filter({ hasText: mode })).toContainText('(chosen by Auto)');

    const tools = await callTool(page, 'trigger-long-running-operation', async (tool) => {
      await tool.getByLabel('duration').fill('2');
      await tool.getByLabel('steps').fill('4');
    });
    await expect(tools.getByRole('progressbar', { name: 'Progress of trigger-long-running-operation' })).toBeVisible();
    await expect(tools.getByRole('region', { name: 'Call result' })).toContainText('Long running operation completed', { timeout: 20_000 });

    await page.getByRole('tab', { name: 'Prompts' }).click();
    const prompts = page.getByRole('tabpanel', { name: 'Prompts' });
    await prompts.getByRole('button', { name: /Arguments Prompt/ }).click();
    const form = prompts.getByRole('form', { name: 'Arguments of args-prompt' });
    await form.getByLabel('city').fill('Porto');
    await form.getByRole('button', { name: 'Get prompt' }).click();
    await expect(prompts.getByRole('article', { name: 'User message 1' })).toContainText('Porto');

    await page.getByRole('tab', { name: 'Resources' }).click();
    const resources = page.getByRole('tabpanel', { name: 'Resources' });
    await resources.getByRole('button', { name: 'Read demo://resource/static/document/structure.md' }).click();
    await expect(resources.getByRole('region', { name: 'Resource contents' })).toContainText('Project Structure');

    // Every exchange is in the Network view.
    await page.getByRole('tab', { name: 'Network' }).click();
    const table = page.getByRole('tabpanel', { name: 'Network' }).getByRole('table', { name: 'HTTP exchanges' });
    await expect(table.getByRole('row').filter({ hasText: 'resources/read' }).first()).toBeVisible();
  });
}
