// The first screen (connection panel, Ping, Log) loads only its own JavaScript;
// the other tabs, the lint engine and the latency chart come when needed, with
// "Loading…" while they come and a Retry when they do not.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';
import { DEMO_TOOLS_LINE } from './fixtures/demo.js';
import { BOOT_SCRIPTS, MANIFEST, chunkFiles, firstScreenFiles, type ManifestChunk } from '../scripts/first-screen.mjs';

const uiDir = process.env.MCPSCOPE_UI_DIR ?? fileURLToPath(new URL('../dist/ui/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${uiDir}/${MANIFEST}`, 'utf8')) as Record<string, ManifestChunk>;
const badServer = fileURLToPath(new URL('../test/fixtures/bad-server.mjs', import.meta.url));

/** The URL pattern of the chunk built from `src` (a path under src/). */
function chunkOf(src: string): string {
  const chunk = manifest[src];
  if (!chunk) throw new Error(`no chunk for ${src} in the manifest: is it still imported on demand?`);
  return `**/${chunk.file}`;
}

/** Holds every request for `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('before the person does anything, the page loads the first-screen chunks and nothing of the other tabs', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.slice(1));
  });
  await page.goto(`/#token=${E2E_TOKEN}`);
  await expect(page.getByRole('tabpanel', { name: 'Ping' }).getByRole('button', { name: 'Send ping' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The published MCP schemas (rule SCHEMA) were always fetched apart, right after start (with the chunks they import,
  // such as zod, which the app bridge shares).
  const schemas = chunkFiles(manifest, 'src/protocol/lint/sdk-schemas.ts');
  const first = [...BOOT_SCRIPTS, ...firstScreenFiles(manifest)];
  expect(scripts.filter((s) => !first.includes(s) && !schemas.includes(s))).toEqual([]);
  for (const src of ['src/app/features/tools/ToolsTab.tsx', 'src/protocol/lint/linter.ts', 'src/app/features/ping/LatencyChart.tsx']) {
    expect(first).not.toContain(manifest[src]?.file);
  }
});

test('a tab opened before connecting says it is loading, then shows itself', async ({ page }) => {
  const release = await hold(page, chunkOf('src/app/features/tools/ToolsTab.tsx'));
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await expect(tools.getByRole('status')).toHaveText('Loading the Tools tab…');
  await page.screenshot({ path: '/tmp/bundle-loading.png' });
  release();
  await expect(tools.getByText('Not connected: connect to a server first.')).toBeVisible();
  await expect(tools.getByRole('status')).toHaveCount(0);
});

test('a tab whose code does not load says so, and Retry loads it', async ({ page }) => {
  const tabChunk = chunkOf('src/app/features/tools/ToolsTab.tsx');
  await page.route(tabChunk, (route) => route.abort('connectionrefused'));
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  const alert = tools.getByRole('alert');
  await expect(alert).toContainText('The Tools tab could not be loaded (');
  await expect(alert).toContainText('check that the proxy is still running, then retry');
  await page.screenshot({ path: '/tmp/bundle-load-failure.png' });
  await page.unroute(tabChunk);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(tools.getByText('Not connected: connect to a server first.')).toBeVisible();
  await expect(tools.getByRole('alert')).toHaveCount(0);
  // The other tabs never depended on it.
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Log' })).toBeVisible();
});

async function connectToPongServer(page: Page) {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`${badServer} --mode pong`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Connected');
}

test('frames that arrive while the lint engine loads are all linted once it has come', async ({ page }) => {
  const release = await hold(page, chunkOf('src/protocol/lint/linter.ts'));
  await connectToPongServer(page);
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' })).toContainText('result is not empty: {"pong":true}');
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await expect(problems).toContainText('No problems found.');
  release();
  await expect(problems.getByRole('row').filter({ hasText: 'PING-RESULT' })).toBeVisible();
  await page.getByRole('tab', { name: 'Log' }).click();
  // The frames that waited carry their marks in the Log too.
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('img', { name: /Lint: error PING-RESULT/ })).toBeVisible();
});

test('a lint engine that does not load is reported in Problems with a Retry, and nothing is lost', async ({ page }) => {
  const linterChunk = chunkOf('src/protocol/lint/linter.ts');
  await page.route(linterChunk, (route) => route.abort('connectionrefused'));
  await connectToPongServer(page);
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Ping' })).toContainText('result is not empty: {"pong":true}');
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  const alert = problems.getByRole('alert');
  await expect(alert).toContainText('The lint engine could not be loaded (');
  await expect(alert).toContainText('Frames are not being checked: they wait, and are checked once it loads.');
  await page.unroute(linterChunk);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(problems.getByRole('row').filter({ hasText: 'PING-RESULT' })).toBeVisible();
  await expect(problems.getByRole('alert')).toHaveCount(0);
});

test('the latency chart (uPlot) loads with the first heartbeat sample', async ({ page }) => {
  const chart = chunkOf('src/app/features/ping/LatencyChart.tsx');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(chart.slice(3))) asked.push(r.url());
  });
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('mcpscope demo server');
  expect(asked).toEqual([]);
  const panel = page.getByRole('region', { name: 'Heartbeat' });
  await panel.getByLabel('Interval').fill('200');
  await panel.getByRole('button', { name: 'Start heartbeat' }).click();
  await expect(panel.getByRole('img', { name: /Latency chart of \d+ pings/ })).toBeVisible();
  expect(asked).toHaveLength(1);
  await panel.getByRole('button', { name: 'Stop heartbeat' }).click();
});

test('connecting loads no tab’s code: a tab’s chunk comes when it is opened, and its list is already there', async ({ page }) => {
  // Parsing every tab's chunk at connection held up the first answers (the first ping took 109 ms, not 2).
  const deferred = [
    'tools/ToolsTab',
    'resources/ResourcesTab',
    'prompts/PromptsTab',
    'console/ConsoleTab',
    'network/NetworkTab',
    'problems/ProblemsTab',
    'composer/ComposerTab',
  ];
  const tabOfChunk = new Map(deferred.map((tab) => [chunkOf(`src/app/features/${tab}.tsx`).slice(3), tab]));
  const loaded: string[] = [];
  page.on('request', (r) => {
    const tab = tabOfChunk.get(new URL(r.url()).pathname.slice(1));
    if (tab) loaded.push(tab);
  });
  const sent: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      const envelope = JSON.parse(String(f.payload)) as { type: string; raw?: string };
      if (envelope.type === 'send' && envelope.raw !== undefined) sent.push((JSON.parse(envelope.raw) as { method?: string }).method ?? '(answer)');
    }),
  );

  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('mcpscope demo server');
  const ping = page.getByRole('tabpanel', { name: 'Ping' });
  await ping.getByRole('button', { name: 'Send ping' }).click();
  await expect(ping.getByText('Compliant', { exact: true })).toBeVisible();
  // The connection's wiring asked for the lists; no tab was loaded for it.
  await expect.poll(() => ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'].every((m) => sent.includes(m))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);

  const toolLists = sent.filter((m) => m === 'tools/list').length;
  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('tabpanel', { name: 'Tools' });
  await expect(tools.getByText(DEMO_TOOLS_LINE)).toBeVisible();
  expect(loaded).toEqual(['tools/ToolsTab']);
  // Shown from what was fetched at connection, not asked for again.
  expect(sent.filter((m) => m === 'tools/list')).toHaveLength(toolLists);
  await page.screenshot({ path: '/tmp/perf9-tools-opened.png' });
});
