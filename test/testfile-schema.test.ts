// The JSON Schema editors use for test files (schemas/mcpscope-test.schema.json)
// agrees with the parser: what one takes the other takes, and what the parser
// refuses for its shape, the schema refuses too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseTestFile, validateAgainstSchema } from '../src/protocol/index.js';

const schema: unknown = JSON.parse(readFileSync(new URL('../schemas/mcpscope-test.schema.json', import.meta.url), 'utf8'));
const shipped = readFileSync(new URL('./fixtures/testfiles/everything.test.yaml', import.meta.url), 'utf8');
const head = 'server: { command: node }\nsteps:\n';
/** The test files the docs show (not the CI workflow). */
const documented = ['../docs/testing.md', '../README.md'].flatMap((doc) =>
  [...readFileSync(new URL(doc, import.meta.url), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .filter((y) => y.includes('steps:') && !y.includes('jobs:')),
);

const GOOD = [
  shipped,
  ...documented,
  `${head}  - { call: echo, arguments: { message: hi }, expect: { isError: false, structuredContent: { match: { a: 1 } }, text: { contains: [a, b], matches: "^a" } } }\n`,
  `${head}  - { read: "demo://x", expect: { snapshot: { ignore: [contents] }, lint: none } }\n  - { prompt: p, arguments: { a: b } }\n`,
  `${head}  - { list: tools, expect: { interface: true, lint: [PING-RESULT] } }\n  - { ping: 3, interval: 0, expect: { latency: { p95: 5 } } }\n  - { wait: notifications/message, timeout: 10 }\n`,
  'config: mcp.json\nserver: everything\nprotocolVersion: 2026-07-28\ntimeout: 100\npolicies: { sampling: decline, elicitation: accept-defaults, roots: ["file:///w"] }\nsteps: [{ ping: 1 }]\n',
  'server: { url: "https://example.test/mcp", headers: { A: b }, type: sse }\nsteps: [{ ping: 1 }]\n',
  `${head}  - { list: tools, expect: { providers: { strict: [openai, gemini], tools: [echo] } } }\n  - { call: echo, task: true, expect: { providers: { strict: anthropic } } }\n`,
  `${head}  - { call: echo, expect: { error: { code: -32602, message: { contains: Unknown } }, lint: none } }\n  - { request: no/such, params: { a: 1 }, expect: { error: true } }\n`,
  'server: { url: "https://example.test/mcp", auth: { clientId: c, clientSecretEnv: S, scope: x, remember: true } }\nsteps: [{ ping: 1 }]\n',
];

const BAD = [
  `${head}  - { call: echo, argz: {} }\n`,
  `${head}  - { cal: echo }\n`,
  `${head}  - { call: a, read: b }\n`,
  `${head}  - { ping: 1, expect: { isError: true } }\n`,
  `${head}  - { list: tool }\n`,
  `${head}  - { call: echo, expect: { latency: { p95: 0 } } }\n`,
  `${head}  - { read: x, expect: { lint: sometimes } }\n`,
  'steps: [{ ping: 1 }]\n',
  'server: { command: node }\nsteps: []\n',
  'server: { command: node }\npolicies: { sampling: maybe }\nsteps: [{ ping: 1 }]\n',
  'server: { command: node }\nprotocolVersion: "2025-01-01"\nsteps: [{ ping: 1 }]\n',
  'server: { url: "ftp://x" }\nsteps: [{ ping: 1 }]\n',
  `${head}  - { list: tools, expect: { providers: { strict: [openia] } } }\n`,
  `${head}  - { call: echo, expect: { error: { code: "-32602" } } }\n`,
  `${head}  - { call: echo, task: "yes" }\n`,
  `${head}  - { request: x, params: [1] }\n`,
  'server: { url: "https://example.test/mcp", auth: { clientSecret: hunter2 } }\nsteps: [{ ping: 1 }]\n',
];

describe('the test file JSON Schema', () => {
  it('is checked on every test file the docs show', () => {
    expect(documented.length).toBe(3);
  });

  it.each(GOOD.map((text, i) => [i, text]))('takes good file %i, as the parser does', (_, text) => {
    expect(parseTestFile(text, 'f').ok).toBe(true);
    expect(validateAgainstSchema(schema, parse(text))).toMatchObject({ valid: true });
  });

  it.each(BAD.map((text, i) => [i, text]))('refuses bad file %i, as the parser does', (_, text) => {
    expect(parseTestFile(text, 'f').ok).toBe(false);
    expect(validateAgainstSchema(schema, parse(text)).valid).toBe(false);
  });
});
