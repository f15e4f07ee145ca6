import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

async function connectAndOpenResources(page: Page) {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('mcpscope demo server');
  await page.getByRole('tab', { name: 'Resources' }).click();
  return page.getByRole('tabpanel', { name: 'Resources' });
}

test('lists every resource across pages, and reads JSON, an image and a binary blob', async ({ page }) => {
  const panel = await connectAndOpenResources(page);
  const list = panel.getByRole('list', { name: 'Resources' });
  // Six resources over two pages of resources/list (the sum app's ui:// among them); counter is on the second.
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expect(list).toContainText('demo://counter');

  await panel.getByLabel('Filter resources').fill('png');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await panel.getByLabel('Filter resources').fill('');

  const viewer = panel.getByRole('region', { name: 'Resource contents' });
  await panel.getByRole('button', { name: 'Read demo://config.json' }).click();
  await expect(viewer.getByLabel('JSON of demo://config.json')).toHaveText(/^\{\n {2}"retries": 3,\n {2}"endpoints": \[/);

  await panel.getByRole('button', { name: 'Read demo://logo.png' }).click();
  const image = viewer.getByRole('img', { name: /logo\.png/ });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await panel.getByRole('button', { name: 'Read demo://data.bin' }).click();
  const link = viewer.getByRole('link', { name: 'Download data.bin' });
  await expect(link).toHaveAttribute('download', 'data.bin');
  await expect(viewer).toContainText('1.5 kB (1,536 bytes)');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('data.bin');
  const bytes = await readFile(await download.path());
  expect(bytes.length).toBe(1536);
  expect(bytes[1]).toBe(37);

  // The raw exchange is one click away.
  await viewer.getByText('Raw request and response').click();
  await expect(viewer.getByLabel('Request raw text')).toContainText('"method":"resources/read"');
});

test('reads a template with its variables, and says "Resource not found" for an unknown URI', async ({ page }) => {
  const panel = await connectAndOpenResources(page);
  const template = panel.getByRole('form', { name: 'Greeting' });
  await template.getByLabel('name').fill('Ana');
  await template.getByLabel('lang').fill('pt');
  await expect(template.getByLabel('Expanded URI')).toHaveText('demo://greeting/Ana?lang=pt');
  await template.getByRole('button', { name: 'Read' }).click();
  const viewer = panel.getByRole('region', { name: 'Resource contents' });
  await expect(viewer.getByRole('heading', { name: 'demo://greeting/Ana?lang=pt' })).toBeVisible();
  await expect(viewer.getByLabel('Text of demo://greeting/Ana?lang=pt')).toHaveText('Olá, Ana!');

  const byUri = panel.getByRole('form', { name: 'Read by URI' });
  await byUri.getByRole('button', { name: 'Read' }).click();
  await expect(byUri).toContainText('Enter a resource URI');
  await byUri.getByLabel('Resource URI').fill('demo://nope');
  await byUri.getByLabel('Resource URI').press('Enter');
  const alert = viewer.getByRole('alert');
  await expect(alert).toContainText('Resource not found');
  await expect(alert).toContainText('demo://nope');
  await expect(alert).toContainText('-32002');
});

test('subscribes to the counter, sees updates arrive and re-read, then unsubscribes', async ({ page }) => {
  const panel = await connectAndOpenResources(page);
  await panel.getByRole('button', { name: 'Read demo://counter' }).click();
  const viewer = panel.getByRole('region', { name: 'Resource contents' });
  const text = viewer.getByLabel('Text of demo://counter');
  await expect(text).toHaveText('count: 0');

  await viewer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(viewer.getByText('Subscribed: each update is read again automatically.')).toBeVisible();
  // Each notifications/resources/updated marks the resource and reads it again.
  await expect(text).toHaveText(/count: [2-9]/, { timeout: 10_000 });
  await expect(viewer.getByText(/Updated ×[2-9]/)).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Resources' }).getByRole('listitem').filter({ hasText: 'demo://counter' })).toContainText(/Updated ×\d/);

  await viewer.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(viewer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(viewer.getByText('Not subscribed.')).toBeVisible();
  // No more updates: the count stands still.
  await page.waitForTimeout(500);
  const settled = await text.textContent();
  await page.waitForTimeout(2500);
  await expect(text).toHaveText(settled ?? '');
});

// A tiny scripted MCP server (no subscribe capability; a prompt with a
// resource_link; a resource whose read fails with data), run with node -e.
const SCRIPTED_SERVER = `
const send = (m) => process.stdout.write(JSON.stringify(m) + "\\n");
const answers = {
  initialize: (p) => ({ protocolVersion: p.protocolVersion, capabilities: { resources: {}, prompts: {} }, serverInfo: { name: "scripted server", version: "1" } }),
  "resources/list": () => ({ resources: [{ uri: "x://note", name: "note", mimeType: "text/markdown" }, { uri: "x://broken", name: "broken" }] }),
  "resources/templates/list": () => ({ resourceTemplates: [] }),
  "resources/read": (p) => p.uri === "x://broken"
    ? { error: { code: -32603, message: "Disk on fire", data: { path: "/srv/broken" } } }
    : { result: { contents: [{ uri: p.uri, mimeType: "text/markdown", text: "# Note\\nSome *markdown*." }] } },
  "prompts/list": () => ({ prompts: [{ name: "linky", description: "Links a note" }] }),
  "prompts/get": () => ({ messages: [{ role: "user", content: { type: "resource_link", uri: "x://note", name: "note" } }] }),
};
require("readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const answer = answers[m.method];
  if (!answer) return send({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found" } });
  const r = answer(m.params || {});
  send(r.error || r.result ? { jsonrpc: "2.0", id: m.id, ...r } : { jsonrpc: "2.0", id: m.id, result: r });
});
`;

test('without resources.subscribe, Subscribe is disabled with a reason; a resource_link opens the resource; errors show code, message and data', async ({
  page,
}) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  // One line: the Arguments field is a single-line input.
  await page.getByLabel('Arguments').fill(`-e '${SCRIPTED_SERVER.replace(/\n/g, ' ')}'`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('scripted server');

  // A resource_link in a prompt message hands its URI to the Resources tab, which reads it.
  await page.getByRole('tab', { name: 'Prompts' }).click();
  const prompts = page.getByRole('tabpanel', { name: 'Prompts' });
  await prompts.getByRole('button', { name: /linky/ }).click();
  await prompts.getByRole('button', { name: 'Get prompt' }).click();
  await prompts.getByRole('button', { name: 'Open x://note in the Resources tab' }).click();
  await expect(page.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Resources' });
  const viewer = panel.getByRole('region', { name: 'Resource contents' });
  await expect(viewer.getByRole('heading', { name: 'x://note' })).toBeVisible();
  await expect(viewer.getByText('Markdown, shown as text.')).toBeVisible();
  await expect(viewer.getByLabel('Text of x://note')).toHaveText('# Note\nSome *markdown*.');
  await expect(panel.getByLabel('Resource URI')).toHaveValue('x://note');

  const subscribe = viewer.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toBeDisabled();
  await expect(subscribe).toHaveAccessibleDescription(/does not declare resources.subscribe/);

  await panel.getByRole('button', { name: 'Read x://broken' }).click();
  const alert = viewer.getByRole('alert');
  await expect(alert).toContainText('Internal error (-32603)');
  await expect(alert).toContainText('Disk on fire');
  await expect(alert.getByLabel('Error data')).toContainText('"path": "/srv/broken"');
  await page.getByRole('button', { name: 'Disconnect' }).click();
});
