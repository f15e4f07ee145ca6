// `mcpscope check` on a server of the 2026-07-28 generation: the linter's
// MODERN rules judge its frames, and their findings are part of the verdict.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';

const server = fileURLToPath(new URL('../test/fixtures/modern-hand-server.mjs', import.meta.url));

async function check(mode: string): Promise<{ code: number; findings: Array<{ rule: string; severity: string; message: string; specUrl: string }> }> {
  const out: string[] = [];
  const code = await main(
    ['--stdio', `${JSON.stringify(process.execPath)} ${JSON.stringify(server)} --mode ${mode}`, '--protocol-version', '2026-07-28', 'check', '--json'],
    { out: (l) => out.push(l), err: () => {} },
  );
  return { code, findings: (JSON.parse(out.join('\n')) as { findings: Array<{ rule: string; severity: string; message: string; specUrl: string }> }).findings };
}

describe('mcpscope check on a 2026-07-28 server', () => {
  it('names results without resultType and lists without cache fields, linked to 2026-07-28', async () => {
    const { code, findings } = await check('no-result-type');
    expect(code).toBe(1);
    // Each server/discover (the generations probe, then every discover round trip) and tools/list adds its own.
    const modern = findings.filter((f) => f.rule.startsWith('MODERN-'));
    expect([...new Set(modern.map((f) => f.rule))]).toEqual(['MODERN-RESULT-TYPE', 'MODERN-CACHE', 'MODERN-SERVER-INFO']);
    expect(modern.filter((f) => f.message.startsWith('The tools/list result has no resultType'))).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      message: 'The server/discover result has no resultType; every 2026-07-28 result carries one ("complete" for an ordinary result).',
      specUrl: 'https://modelcontextprotocol.io/specification/2026-07-28/basic#resulttype',
    });
  });

  it('finds nothing to say about the MODERN rules of a server that follows them', async () => {
    const { findings } = await check('clean');
    expect(findings.filter((f) => f.rule.startsWith('MODERN-'))).toEqual([]);
  });
});
