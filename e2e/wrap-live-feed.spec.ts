// Captured connections in the page, over a stand-in for the proxy's feed: the
// records are a real capture (the SDK's Client as the host, through the real
// `mcpscope wrap`, into a capture file), and the test plays the proxy's
// /captured socket with them. The page shows each session as a captured,
// read-only connection, its frames of both directions in the Log, a host
// frame's finding in Problems; several at once; a reload brings them back.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { E2E_TOKEN } from '../playwright.config.js';

const everything = join(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');
const SHOTS = process.env.MCPSCOPE_SHOTS;

interface Capture {
  header: unknown;
  records: unknown[];
  file: string;
}

/** A real host session through `mcpscope wrap`, recorded to a file: its header and records. */
async function recordSession(host: string): Promise<Capture> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-e2e-wrap-'));
  const file = join(dir, `${host}.jsonl`);
  const client = new Client({ name: host, version: '1.0' });
  const args = ['bin/mcpscope.js', 'wrap', '--capture', file, '--', process.execPath, everything, 'stdio'];
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, env: { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: dir }, stderr: 'pipe' }),
  );
  await client.listTools();
  await client.callTool({ name: 'echo', arguments: { message: 'wrapped' } });
  // A ping with params: rule PING-PARAMS flags this frame of the host's.
  await client.request({ method: 'ping', params: { note: 'not allowed' } }, EmptyResultSchema);
  await client.close();
  const [header, ...records] = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);
  return { header, records, file };
}

function session(id: string, pid: number, capture: Capture, state = 'live') {
  return {
    id,
    pid,
    transport: 'stdio',
    header: capture.header,
    capture: capture.file,
    state,
    received: capture.records.length,
    lost: 0,
    seenAt: new Date().toISOString(),
  };
}

/** Plays the proxy's /captured socket: the sessions, then each one's records. */
async function standInFeed(page: Page, sessions: Array<{ id: string; pid: number; capture: Capture; state?: string }>): Promise<WebSocketRoute[]> {
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket('**/captured', (ws) => {
    sockets.push(ws);
    ws.send(JSON.stringify({ type: 'sessions', sessions: sessions.map((s) => session(s.id, s.pid, s.capture, s.state)) }));
    for (const s of sessions) ws.send(JSON.stringify({ type: 'records', id: s.id, records: s.capture.records }));
  });
  return sockets;
}

let one: Capture;
let two: Capture;

test.beforeAll(async () => {
  [one, two] = await Promise.all([recordSession('e2e-host'), recordSession('other-host')]);
});

test('wrapped sessions show as captured, read-only connections: Log of both directions, Problems, several at once, back after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await standInFeed(page, [
    { id: 'w1', pid: 4101, capture: one },
    { id: 'w2', pid: 4102, capture: two, state: 'ended' },
  ]);
  await page.goto(`/#token=${E2E_TOKEN}`);
  const bar = page.getByRole('navigation', { name: 'Open connections' });
  const first = bar.getByRole('button', { name: /^captured e2e-host 1\.0 → mcp-servers\/everything\s*, live$/ });
  await expect(first).toBeVisible();
  await expect(bar.getByRole('button', { name: /^captured other-host 1\.0 → mcp-servers\/everything\s*, ended$/ })).toBeVisible();

  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const top = page.getByRole('region', { name: 'Active connection' });
  await expect(top).toContainText('Captured: e2e-host 1.0 ⇄ mcp-servers/everything, read-only (mcpscope wrap, pid 4101)');
  await expect(top).toContainText(one.file);
  await expect(top.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);

  // The Log: the host's frames as sent, the server's as received, paired.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  const table = log.getByRole('table', { name: 'Message log' });
  await expect(table.getByRole('row').filter({ hasText: 'initialize' }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'tools/call' })).toHaveCount(2);
  await expect(log.getByLabel('Connection', { exact: true }).locator('option:checked')).toHaveText(/e2e-host 1\.0 → mcp-servers\/everything/);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'captured-log-1280-light.png') });

  // Problems: the host's ping with params.
  await page.getByRole('tab', { name: 'Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: 'Problems' });
  await expect(problems.getByRole('row').filter({ hasText: 'PING-PARAMS' })).toBeVisible();
  await expect(problems).toContainText('e2e-host 1.0 → mcp-servers/everything');

  // A tab that drives a server says the connection is read-only.
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Tools' })).toContainText('A captured connection is read-only');
  await page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'captured-tools-1280-dark.png') });
  await page.setViewportSize({ width: 800, height: 600 });
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'captured-tools-800-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('tab', { name: 'Log' }).click();
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'captured-log-800-light.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Closing a captured tab hides it here.
  await bar.getByRole('button', { name: 'Close captured other-host 1.0 → mcp-servers/everything' }).click();
  await expect(bar.getByRole('button', { name: /other-host/ })).toHaveCount(0);

  // A reload: the feed tells of them again, and they are back (each record once).
  await page.reload();
  const again = bar.getByRole('button', { name: /^captured e2e-host 1\.0 → mcp-servers\/everything\s*, live$/ });
  await expect(again).toBeVisible();
  await expect(bar.getByRole('button', { name: /^captured other-host/ })).toBeVisible();
  await again.click();
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'tools/call' })).toHaveCount(2);
});

test('a message the page cannot read is dropped with a line in the Log, and the good ones still show', async ({ page }) => {
  await page.routeWebSocket('**/captured', (ws) => {
    ws.send('{not json');
    ws.send(JSON.stringify({ type: 'sessions', sessions: [session('w1', 4101, one)] }));
    ws.send(JSON.stringify({ type: 'records', id: 'w1', records: [...one.records, { seq: 'x' }] }));
  });
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: /^captured e2e-host/ }).click();
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log).toContainText('1 record of this wrapped session could not be read and was left out ("seq" must be a positive integer).');
  await expect(log).toContainText('A message of the proxy about wrapped sessions could not be read (a message that is not JSON); it was left out.');
  await expect(log.getByRole('table', { name: 'Message log' }).getByRole('row').filter({ hasText: 'tools/call' })).toHaveCount(2);
});

test('a captured connection in view, its tab, top bar and read-only tabs have no serious or critical accessibility violation, light and dark', async ({
  page,
}) => {
  await standInFeed(page, [{ id: 'w1', pid: 4101, capture: one }]);
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: /^captured e2e-host/ }).click();
  const found: string[] = [];
  for (const tab of ['Log', 'Tools'] as const) {
    await page.getByRole('tab', { name: tab }).click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        found.push(`${tab}, ${colorScheme}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
  }
  expect(found).toEqual([]);
});
