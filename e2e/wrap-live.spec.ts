// A wrapped session live in the page, end to end: a proxy, real `mcpscope wrap`
// processes that find it through the proxy file of their config directory, and
// the SDK's Client as the host. The page shows each session as a captured
// connection named by its host, with the frames of both directions in the Log
// and a host frame's finding in Problems; a reload brings them back; with the
// page closed the host's calls still answer.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const everything = join(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');
const SHOTS = process.env.MCPSCOPE_SHOTS;
// A proxy of this file's own, in a config directory of its own: its proxy file is the one the wrappers find, and the
// sessions it keeps show in no other spec's page.
const configHome = mkdtempSync(join(tmpdir(), 'mcpscope-e2e-wrap-live-'));
const proxy = ownProxyForFile('e2e-wrap-live-token-0123456789abcdef', ['--port=0', '--no-open'], { XDG_CONFIG_HOME: configHome });

/** A host (the SDK's Client) whose server is `mcpscope wrap -- node server-everything`. */
async function host(name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0' });
  const args = ['bin/mcpscope.js', 'wrap', '--', process.execPath, everything, 'stdio'];
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args,
      env: { PATH: process.env.PATH ?? '', HOME: configHome, XDG_CONFIG_HOME: configHome },
      stderr: 'pipe',
    }),
  );
  return client;
}

test('wrapped sessions appear live as captured connections, linted, several at once; a reload brings them back; the host goes on without the page', async ({
  browser,
}) => {
  const first = await host('e2e-host');
  const second = await host('other-host');
  try {
    await first.listTools();
    await first.callTool({ name: 'echo', arguments: { message: 'through the wrapper' } });
    // A ping with params: rule PING-PARAMS flags this frame of the host's.
    await first.request({ method: 'ping', params: { note: 'not allowed' } }, EmptyResultSchema);
    await second.listTools();

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(proxy().page);
    const bar = page.getByRole('navigation', { name: 'Open connections' });
    const mine = bar.getByRole('button', { name: /^captured e2e-host 1\.0 → mcp-servers\/everything\s*, live$/ });
    await expect(mine).toBeVisible();
    await expect(bar.getByRole('button', { name: /^captured other-host 1\.0 → mcp-servers\/everything\s*, live$/ })).toBeVisible();

    await mine.click();
    const top = page.getByRole('region', { name: 'Active connection' });
    await expect(top).toContainText(/Captured: e2e-host 1\.0 ⇄ mcp-servers\/everything, read-only \(mcpscope wrap, pid \d+\)/);
    await expect(top).toContainText(join(configHome, 'mcpscope', 'captures'));

    // The Log: the host's requests sent (→), the server's answers received (←), paired with round trips.
    await page.getByRole('tab', { name: 'Log' }).click();
    const table = page.getByRole('tabpanel', { name: 'Log' }).getByRole('table', { name: 'Message log' });
    const calls = table.getByRole('row').filter({ hasText: 'tools/call' });
    await expect(calls).toHaveCount(2);
    await expect(calls.first()).toContainText('request');
    await expect(calls.last()).toContainText('response');
    await expect(calls.last()).toContainText(/\d ms/);

    // Live: what the host does now comes in while the page looks.
    await first.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } });
    await expect(calls).toHaveCount(4);

    await page.getByRole('tab', { name: 'Problems' }).click();
    const problems = page.getByRole('tabpanel', { name: 'Problems' });
    await expect(problems.getByRole('row').filter({ hasText: 'PING-PARAMS' })).toBeVisible();
    // Linted on its own, though the other session's frames come between its own in the log.
    await expect(problems.getByRole('row').filter({ hasText: 'LC-EARLY-CLIENT' })).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'live-problems-1280-light.png') });

    // A reload: both are back, their frames each once.
    await page.reload();
    await expect(mine).toBeVisible();
    await expect(bar.getByRole('button', { name: /^captured other-host/ })).toBeVisible();
    await mine.click();
    await page.getByRole('tab', { name: 'Log' }).click();
    await expect(calls).toHaveCount(4);
    // Under the number it had: the saved frames and the proxy's copies of them are one, with every connection shown too.
    await page.getByRole('tabpanel', { name: 'Log' }).getByLabel('Connection', { exact: true }).selectOption('all');
    await expect(calls).toHaveCount(4);

    // The page closes; the host's calls still answer, through the wrapper, as before.
    await page.close();
    const echo = await first.callTool({ name: 'echo', arguments: { message: 'no page' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: no page' }]);
    expect((await second.listTools()).tools.length).toBeGreaterThan(5);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});
