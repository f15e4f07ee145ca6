// The JSON Schema editors use for eval files (schemas/mcpscope-eval.schema.json)
// agrees with the parser, and its server part is the test file schema's, word
// for word, so the two formats cannot drift apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseEvalFile, validateAgainstSchema } from '../src/protocol/index.js';

const read = (name: string): Record<string, Record<string, unknown>> => JSON.parse(readFileSync(new URL(`../schemas/${name}`, import.meta.url), 'utf8'));
const schema = read('mcpscope-eval.schema.json');
const testSchema = read('mcpscope-test.schema.json');
const head = 'server: { command: node }\nmodels: [openai/gpt-5]\n';

/** The eval files the docs show. */
const documented = ['../docs/evals.md', '../README.md'].flatMap((doc) =>
  [...readFileSync(new URL(doc, import.meta.url), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((y) => y.includes('prompts:')),
);

const GOOD = [
  ...documented,
  `${head}prompts: [{ prompt: hi, expect: { tool: echo } }]\n`,
  `${head}runs: 2\nthreshold: 1\nsystem: s\nmaxTokens: 10\ntimeout: 5\ntools: [a, b]\nprompts:\n  - { name: n, prompt: p, runs: 1, threshold: 0, expect: { tool: [a, b], arguments: { match: { x: 1 }, schema: { type: object } } } }\n  - { prompt: q, expect: { tool: none } }\n`,
  'config: mcp.json\nserver: everything\nprotocolVersion: 2026-07-28\nprompts: [{ prompt: hi, expect: { tool: echo } }]\n',
];

const BAD = [
  `${head}prompts: []\n`,
  `${head}prompts: [hi]\n`,
  `${head}prompts: [{ prompt: hi }]\n`,
  `${head}prompts: [{ prompt: hi, expect: { tol: a } }]\n`,
  `${head}prompts: [{ prompt: hi, expect: { tool: [] } }]\n`,
  `${head}runs: 0\nprompts: [{ prompt: hi, expect: { tool: a } }]\n`,
  `${head}threshold: 2\nprompts: [{ prompt: hi, expect: { tool: a } }]\n`,
  'server: { command: node }\nmodels: [gpt]\nprompts: [{ prompt: hi, expect: { tool: a } }]\n',
  'prompts: [{ prompt: hi, expect: { tool: a } }]\n',
  `${head}steps: []\nprompts: [{ prompt: hi, expect: { tool: a } }]\n`,
];

describe('the eval file JSON Schema', () => {
  it('is checked on every eval file the docs show', () => {
    expect(documented.length).toBe(2);
  });

  it('describes the server as the test file schema does', () => {
    for (const key of ['server', 'config', 'protocolVersion']) expect(schema.properties![key]).toEqual(testSchema.properties![key]);
    for (const key of ['textMap', 'jsonSchema']) expect(schema.definitions![key]).toEqual(testSchema.definitions![key]);
  });

  it.each(GOOD.map((text, i) => [i, text]))('takes good file %i, as the parser does', (_, text) => {
    expect(parseEvalFile(text, 'f').ok).toBe(true);
    expect(validateAgainstSchema(schema, parse(text))).toMatchObject({ valid: true });
  });

  it.each(BAD.map((text, i) => [i, text]))('refuses bad file %i, as the parser does', (_, text) => {
    expect(parseEvalFile(text, 'f').ok).toBe(false);
    expect(validateAgainstSchema(schema, parse(text)).valid).toBe(false);
  });
});
