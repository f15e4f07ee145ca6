// The figures docs/providers-lint.md states for server-filesystem and server-memory (npm), measured as
// `check` measures them: each spawned over stdio, its tools listed and judged by every provider rule.
// (server-everything's are in check-providers.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, node } from '../test/fixtures/cli-helpers.js';
import type { ProviderCheck } from './check-providers.js';

const serverOf = (name: string) => fileURLToPath(new URL(`../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcpscope-figures-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function providersOf(...target: string[]): Promise<ProviderCheck> {
  const r = await cli(...target, '--json', 'check');
  expect(r.out, r.err).not.toBe('');
  return (JSON.parse(r.out) as { providers: ProviderCheck }).providers;
}

/** Tools failing each rule (a tool counted once however many places fail), and tools failing it at `path`. */
function toolsBy(report: ProviderCheck, key: (f: ProviderCheck['findings'][number]) => string): Record<string, number> {
  const seen = new Map<string, Set<string>>();
  for (const f of report.findings) seen.set(key(f), (seen.get(key(f)) ?? new Set()).add(f.tool));
  return Object.fromEntries([...seen].map(([k, tools]) => [k, tools.size]));
}

describe('provider strict-mode figures of the published servers', { timeout: 60_000 }, () => {
  it('server-filesystem: 14 tools, all failing each provider', async () => {
    const report = await providersOf('--stdio', `${node} ${JSON.stringify(serverOf('server-filesystem'))} ${JSON.stringify(scratch)}`);
    expect(report.tools).toBe(14);
    expect(report.failing).toEqual({ openai: 14, anthropic: 14, gemini: 14 });
    expect(toolsBy(report, (f) => f.rule)).toEqual({
      'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES': 14,
      'PROVIDER-OPENAI-REQUIRED': 7,
      'PROVIDER-OPENAI-KEYWORD': 4,
      'PROVIDER-ANTHROPIC-ADDITIONAL-PROPERTIES': 14,
      'PROVIDER-GEMINI-FIELD': 14,
    });
    // The causes: open inputSchemas, `default`, and $schema, in every tool that fails for them.
    const at = toolsBy(report, (f) => `${f.rule} ${f.path}`);
    expect(at).toMatchObject({
      'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES /inputSchema': 14,
      'PROVIDER-ANTHROPIC-ADDITIONAL-PROPERTIES /inputSchema': 14,
      'PROVIDER-GEMINI-FIELD /inputSchema/$schema': 14,
    });
    expect(report.findings.filter((f) => f.rule === 'PROVIDER-OPENAI-KEYWORD').every((f) => f.path.endsWith('/default'))).toBe(true);
  });

  it('server-memory: 9 tools, all failing each provider for open objects and $schema alone', async () => {
    const report = await providersOf(
      '--stdio',
      `${node} ${JSON.stringify(serverOf('server-memory'))}`,
      '--env',
      `MEMORY_FILE_PATH=${join(scratch, 'memory.jsonl')}`,
    );
    expect(report.tools).toBe(9);
    expect(report.failing).toEqual({ openai: 9, anthropic: 9, gemini: 9 });
    expect(toolsBy(report, (f) => f.rule)).toEqual({
      'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES': 9,
      'PROVIDER-ANTHROPIC-ADDITIONAL-PROPERTIES': 9,
      'PROVIDER-GEMINI-FIELD': 9,
    });
    expect(toolsBy(report, (f) => `${f.rule} ${f.path}`)).toMatchObject({
      'PROVIDER-OPENAI-ADDITIONAL-PROPERTIES /inputSchema': 9,
      'PROVIDER-GEMINI-FIELD /inputSchema/$schema': 9,
    });
    // Their outputSchemas are closed already: no OpenAI or Anthropic failure is in one.
    expect(report.findings.filter((f) => f.provider !== 'gemini' && f.path.startsWith('/outputSchema'))).toEqual([]);
  });
});
