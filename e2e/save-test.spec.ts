// "Save as test" end to end: calls made in the page (one of them a tool error),
// saved from a History entry and from the whole connection, and from a
// captured connection (mcpscope wrap between the SDK's Client and
// server-everything); each download run with `mcpscope test` passes, and fails
// naming the step once one expected value is changed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parseDocument } from 'yaml';
import { E2E_TOKEN } from '../playwright.config.js';
import { callTool } from './fixtures/connect.js';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-e2e-save-test-'));
const SHOTS = process.env.MCPSCOPE_SHOTS;

/** Clicks `button`, takes the download and writes it under `dir`; its path. */
async function download(page: Page, button: Locator, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toBe(name);
  const path = join(mkdtempSync(join(dir, 'run-')), name);
  await file.saveAs(path);
  return path;
}

function runTest(file: string): { code: number | null; out: string } {
  const run = spawnSync(process.execPath, ['bin/mcpscope.js', 'test', file], { encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The file with the text of step `index`'s first content block changed: the step must now fail. */
function withChangedText(file: string, index: number): string {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  const path = ['steps', index, 'expect', 'match', 'content', 0, 'text'];
  doc.setIn(path, `${String(doc.getIn(path))} (changed)`);
  const changed = file.replace(/\.yaml$/, '.changed.yaml');
  writeFileSync(changed, doc.toString());
  return changed;
}

test('a History call and the whole connection (two calls, one a tool error, and a prompt) saved as tests pass when run, and fail naming the step changed', async ({
  page,
}) => {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('mcpscope demo server');

  // Nothing called yet: the Log says why nothing is saved.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await log.getByRole('button', { name: 'Save as test' }).click();
  await expect(log.getByText('No tool calls on this connection yet')).toBeVisible();

  const tools = await callTool(page, 'add', { a: '3', b: '5' });
  const history = tools.getByRole('region', { name: 'Call history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await callTool(page, 'fail');
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByText('Tool error')).toBeVisible();

  // One History entry: a test of that one call.
  const saveAdd = history.getByRole('button', { name: /^Save add at .* as a test$/ });
  const one = await download(page, saveAdd, 'mcpscope-demo.mcpscope-test.yaml');
  await expect(history.getByRole('status')).toHaveText('Saved 1 step to mcpscope-demo.mcpscope-test.yaml.');
  const oneRun = runTest(one);
  expect(oneRun.out).toContain('✓ call add');
  expect(oneRun.out).toContain('1 step: 1 passed, 0 failed');
  expect(oneRun.code).toBe(0);

  // A prompt too: the whole connection's test gets it as a step.
  await page.getByRole('tab', { name: 'Prompts' }).click();
  const prompts = page.getByRole('tabpanel', { name: 'Prompts' });
  await prompts.getByRole('button', { name: /code_review/ }).click();
  const form = prompts.getByRole('form', { name: 'Arguments of code_review' });
  await form.getByLabel('language').fill('TypeScript');
  await form.getByRole('button', { name: 'Get prompt' }).click();
  await expect(prompts.getByRole('article', { name: 'User message 1' })).toContainText('Please review this TypeScript code.');

  // The whole connection, from the Log's toolbar: both calls, the tool error expected as one, and the prompt.
  await page.getByRole('tab', { name: 'Log' }).click();
  const all = await download(page, log.getByRole('button', { name: 'Save as test' }), 'mcpscope-demo.mcpscope-test.yaml');
  await expect(log.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved 3 steps to mcpscope-demo.mcpscope-test.yaml.');
  const text = readFileSync(all, 'utf8');
  expect(text).toMatch(/- call: fail\n[\s\S]*isError: true/);
  const allRun = runTest(all);
  expect(allRun.out).toContain('✓ call add');
  expect(allRun.out).toContain('✓ call fail');
  expect(allRun.out).toContain('✓ prompt code_review');
  expect(allRun.out).toContain('3 steps: 3 passed, 0 failed');
  expect(allRun.code).toBe(0);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'save-test-log.png') });

  const broken = runTest(withChangedText(all, 0));
  expect(broken.out).toContain('✗ call add');
  expect(broken.out).toContain('✓ call fail');
  expect(broken.out).toContain('3 steps: 2 passed, 1 failed');
  expect(broken.out).toContain('match: content[0]: no item of content matches {"type":"text","text":"8 (changed)"}');
  expect(broken.code).toBe(1);
});

const everything = join(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');
const configHome = mkdtempSync(join(tmpdir(), 'mcpscope-e2e-save-test-wrap-'));
const proxy = ownProxyForFile('e2e-save-test-token-0123456789abcdef', ['--port=0', '--no-open'], { XDG_CONFIG_HOME: configHome });

test('a captured connection saved as a test runs the server the wrapper recorded, and passes', async ({ browser }) => {
  const host = new Client({ name: 'save-host', version: '1.0' });
  await host.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['bin/mcpscope.js', 'wrap', '--', process.execPath, everything, 'stdio'],
      env: { PATH: process.env.PATH ?? '', HOME: configHome, XDG_CONFIG_HOME: configHome },
      stderr: 'pipe',
    }),
  );
  try {
    await host.callTool({ name: 'echo', arguments: { message: 'through the wrapper' } });
    await host.callTool({ name: 'get-sum', arguments: { a: 20, b: 22 } });

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(proxy().page);
    const bar = page.getByRole('navigation', { name: 'Open connections' });
    await bar.getByRole('button', { name: /^captured save-host 1\.0 → mcp-servers\/everything\s*, live$/ }).click();
    await page.getByRole('tab', { name: 'Log' }).click();
    const log = page.getByRole('tabpanel', { name: 'Log' });
    await expect(log.getByRole('table', { name: 'Message log' }).getByRole('row').filter({ hasText: 'tools/call' })).toHaveCount(4);

    const file = await download(page, log.getByRole('button', { name: 'Save as test' }), 'mcp-servers-everything.mcpscope-test.yaml');
    await expect(log.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved 2 steps to mcp-servers-everything.mcpscope-test.yaml.');
    expect(readFileSync(file, 'utf8')).toContain('The server as the capture recorded it');
    const run = runTest(file);
    expect(run.out).toContain('✓ call echo');
    expect(run.out).toContain('✓ call get-sum');
    expect(run.code).toBe(0);

    const broken = runTest(withChangedText(file, 1));
    expect(broken.out).toContain('✗ call get-sum');
    expect(broken.code).toBe(1);
    await page.close();
  } finally {
    await host.close();
  }
});
