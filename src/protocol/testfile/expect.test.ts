// Each kind of expectation, passing and failing, with the sentence it fails with.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../lint/state.js';
import { judgeStep, type StepOutcome } from './expect.js';
import type { Expectations } from './format.js';

const sum = { content: [{ type: 'text', text: 'The sum of 2 and 3 is 5.' }], structuredContent: { sum: 5, at: '2026-12-02T01:00:00Z' } };
const outcome = (result: unknown, more: Partial<StepOutcome> = {}): StepOutcome => ({ result, findings: [], ...more });
const failures = (e: Expectations, o: StepOutcome, stored: { snapshot?: unknown; interface?: unknown } = {}, update = false) =>
  judgeStep(e, o, { ...stored, update }).failures;
const finding = (rule: Finding['rule'], severity: Finding['severity'], subject: Finding['subject'] = 'server'): Finding => ({
  rule,
  severity,
  message: `${rule} said`,
  specUrl: '',
  subject,
});

describe('judgeStep', () => {
  it('isError', () => {
    expect(failures({ isError: false }, outcome(sum))).toEqual([]);
    expect(failures({ isError: true }, outcome({ ...sum, isError: true }))).toEqual([]);
    expect(failures({ isError: false }, outcome({ content: [{ type: 'text', text: 'boom' }], isError: true }))).toEqual([
      'isError: expected a result, got a tool error: "boom"',
    ]);
    expect(failures({ isError: true }, outcome(sum))).toEqual(['isError: expected a tool error, got a result']);
  });

  it('schema, on the result and on structuredContent', () => {
    const schema = { type: 'object', required: ['sum'], properties: { sum: { type: 'number' } } };
    expect(failures({ structuredContent: { schema } }, outcome(sum))).toEqual([]);
    expect(failures({ structuredContent: { schema } }, outcome({ structuredContent: { sum: '5' } }))).toEqual([
      'structuredContent.schema: /sum: must be number',
    ]);
    expect(failures({ structuredContent: { schema } }, outcome({ content: [] }))).toEqual(['structuredContent: the result has none']);
    expect(failures({ schema: { type: 'object', required: ['content'] } }, outcome(sum))).toEqual([]);
    expect(failures({ schema: { type: 'object', required: ['messages'] } }, outcome(sum))[0]).toMatch(/^schema: .*messages/);
    expect(failures({ schema: { type: 'nonsense' } }, outcome(sum))[0]).toMatch(/^schema: the schema in the test cannot be used/);
  });

  it('match: a partial JSON value, lists matched item by item in any order', () => {
    expect(failures({ match: { structuredContent: { sum: 5 } } }, outcome(sum))).toEqual([]);
    expect(failures({ match: { tools: [{ name: 'b' }, { name: 'a' }] } }, outcome({ tools: [{ name: 'a', x: 1 }, { name: 'b' }] }))).toEqual([]);
    expect(failures({ match: { structuredContent: { sum: 6 } } }, outcome(sum))).toEqual(['match: structuredContent.sum: expected 6, got 5']);
    expect(failures({ structuredContent: { match: { total: 5 } } }, outcome(sum))).toEqual(['structuredContent.match: total: missing (expected 5)']);
    expect(failures({ match: { tools: [{ name: 'c' }] } }, outcome({ tools: [{ name: 'a' }] }))).toEqual([
      'match: tools[0]: no item of tools matches {"name":"c"}',
    ]);
  });

  it('text.contains and text.matches (RE2), over every text block', () => {
    expect(failures({ text: { contains: ['sum', 'is 5'], matches: '\\d+\\.$' } }, outcome(sum))).toEqual([]);
    expect(
      failures({ text: { contains: ['Lisbon'] } }, outcome({ messages: [{ role: 'user', content: { type: 'text', text: 'Weather in Lisbon' } }] })),
    ).toEqual([]);
    expect(failures({ text: { contains: ['6'] } }, outcome(sum))).toEqual(['text.contains: "6" is not in the text "The sum of 2 and 3 is 5."']);
    expect(failures({ text: { contains: [], matches: '^Total' } }, outcome({ contents: [{ uri: 'x', text: 'Sum' }] }))).toEqual([
      'text.matches: /^Total/ does not match the text "Sum"',
    ]);
  });

  it('snapshot: created when missing, equal with the volatile paths left out, a difference said and kept with --update', () => {
    const created = judgeStep({ snapshot: { ignore: ['structuredContent.at'] } }, outcome(sum), { update: false });
    expect(created).toEqual({ failures: [], notes: ['snapshot created'], write: { snapshot: { content: sum.content, structuredContent: { sum: 5 } } } });
    const stored = created.write.snapshot;
    const later = { ...sum, structuredContent: { sum: 5, at: '2027-01-01T00:00:00Z' } };
    expect(judgeStep({ snapshot: { ignore: ['structuredContent.at'] } }, outcome(later), { snapshot: stored, update: false })).toEqual({
      failures: [],
      notes: [],
      write: {},
    });
    const changed = { ...sum, structuredContent: { sum: 6 } };
    expect(failures({ snapshot: { ignore: ['structuredContent.at'] } }, outcome(changed), { snapshot: stored })).toEqual([
      'snapshot: structuredContent.sum: was 5, now 6 (run with --update to accept the change)',
    ]);
    expect(judgeStep({ snapshot: { ignore: [] } }, outcome(changed), { snapshot: stored, update: true })).toEqual({
      failures: [],
      notes: ['snapshot updated'],
      write: { snapshot: changed },
    });
  });

  it('lint: none fails on an error about the server; a list of rules fails on any of them', () => {
    const findings = [finding('PING-RESULT', 'warning'), finding('JR-ID-TYPE', 'error', 'client')];
    expect(failures({ lint: 'none' }, outcome({}, { findings }))).toEqual([]);
    expect(failures({ lint: 'none' }, outcome({}, { findings: [finding('JR-ID-TYPE', 'error')] }))).toEqual(['lint: JR-ID-TYPE (error): JR-ID-TYPE said']);
    expect(failures({ lint: ['PING-RESULT'] }, outcome({}, { findings }))).toEqual(['lint: PING-RESULT (warning): PING-RESULT said']);
    expect(failures({ lint: ['JR-VERSION'] }, outcome({}, { findings }))).toEqual([]);
  });

  it('latency: the p95 of the pings', () => {
    expect(failures({ latency: { p95: 10 } }, outcome({}, { p95Ms: 9.5 }))).toEqual([]);
    expect(failures({ latency: { p95: 10 } }, outcome({}, { p95Ms: 12.25 }))).toEqual(['latency: p95 12.3 ms is over the 10.0 ms allowed']);
    expect(failures({ latency: { p95: 10 } }, outcome({}))).toEqual(['latency: no ping was answered, so there is no p95']);
  });

  it('interface: the listed items reduced to what clients depend on, compared by name', () => {
    const tools = [
      { name: 'b', inputSchema: { type: 'object' } },
      { name: 'a', inputSchema: { type: 'object' }, _meta: { page: 1 } },
    ];
    const list = (items: unknown[]) => outcome({ tools: items }, { list: { kind: 'tools', items } });
    const created = judgeStep({ interface: { ignore: [] } }, list(tools), { update: false });
    expect(created.write.interface).toEqual([
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'b', inputSchema: { type: 'object' } },
    ]);
    const stored = { interface: created.write.interface };
    expect(failures({ interface: { ignore: [] } }, list([...tools].reverse()), stored)).toEqual([]);
    expect(
      failures(
        { interface: { ignore: [] } },
        list([
          { name: 'a', inputSchema: {} },
          { name: 'c', inputSchema: {} },
        ]),
        stored,
      ),
    ).toEqual(['interface: removed b; added c (run with --update to accept the change)']);
    expect(failures({ interface: { ignore: [] } }, list([tools[1], { name: 'b', inputSchema: { type: 'string' } }]), stored)).toEqual([
      'interface: changed at [1].inputSchema.type: was "object", now "string" (run with --update to accept the change)',
    ]);
    expect(
      failures({ interface: { ignore: ['[*].inputSchema'] } }, list([tools[1], { name: 'b', inputSchema: { type: 'string' } }]), {
        interface: [{ name: 'a' }, { name: 'b' }],
      }),
    ).toEqual([]);
  });

  it('providers: each failure of the tools judged, with its rule, tool, schema path and rewrite', () => {
    const open = { name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } };
    const closed = { name: 'add', inputSchema: { ...open.inputSchema, additionalProperties: false } };
    const tools = (...t: unknown[]) => outcome({}, { tools: t });
    expect(failures({ providers: { strict: ['openai', 'anthropic'] } }, tools(closed))).toEqual([]);
    expect(failures({ providers: { strict: ['openai'] } }, tools(open, closed))).toEqual([
      'providers: PROVIDER-OPENAI-ADDITIONAL-PROPERTIES: Tool echo, OpenAI: at /inputSchema, OpenAI strict mode needs "additionalProperties": false on every object schema; this one does not say. Fix: set "additionalProperties": false ([{"op":"add","path":"/inputSchema/additionalProperties","value":false}]).',
    ]);
    // Gemini's parameters have no additionalProperties: the closed tool fails it, the open one passes.
    expect(failures({ providers: { strict: ['gemini'] } }, tools(open, closed))).toEqual([
      expect.stringMatching(/^providers: PROVIDER-GEMINI-FIELD: Tool add, Gemini: at \/inputSchema\/additionalProperties, .*Fix: remove/),
    ]);
    expect(failures({ providers: { strict: ['openai'], tools: ['add'] } }, tools(open, closed))).toEqual([]);
    expect(failures({ providers: { strict: ['openai'], tools: ['add', 'sum'] } }, tools(open, closed))).toEqual([
      'providers: there is no tool named "sum" in the list; it has echo, add',
    ]);
  });

  it('providers: more tools than a strict provider takes in one request', () => {
    const closed = (i: number) => ({ name: `t${i}`, description: 'A tool.', inputSchema: { type: 'object', properties: {}, additionalProperties: false } });
    const list = outcome({}, { tools: Array.from({ length: 129 }, (_, i) => closed(i)) });
    expect(failures({ providers: { strict: ['openai'] } }, list)).toEqual([
      'providers: PROVIDER-OPENAI-TOOL-COUNT: The tool list, OpenAI: OpenAI takes at most 128 tools in one request and refuses more; this list has 129 tools, so a host cannot offer the model all of them at once (offer a subset, or split the tools across servers).',
    ]);
    expect(failures({ providers: { strict: ['anthropic'] } }, list)).toEqual([]);
    expect(failures({ providers: { strict: ['openai'], tools: ['t0', 't1'] } }, list)).toEqual([]);
  });

  it('error: a JSON-RPC error with its code and message, not a result', () => {
    const error = { code: -32602, message: 'Unknown tool: nope' };
    expect(failures({ error: {} }, outcome(undefined, { error }))).toEqual([]);
    expect(failures({ error: { code: -32602, message: { contains: ['Unknown'], matches: 'nope$' } } }, outcome(undefined, { error }))).toEqual([]);
    expect(failures({ error: { code: -32601 } }, outcome(undefined, { error }))).toEqual(['error.code: expected -32601, got -32602 ("Unknown tool: nope")']);
    expect(failures({ error: { message: { contains: ['method'] } } }, outcome(undefined, { error }))).toEqual([
      'error.message.contains: "method" is not in the text "Unknown tool: nope"',
    ]);
    expect(failures({ error: {} }, outcome(sum))).toEqual(['error: expected a JSON-RPC error, got a result']);
    expect(failures({ error: {} }, outcome({ ...sum, isError: true }))).toEqual([
      'error: expected a JSON-RPC error, got a tool error (isError: true; expect that with isError: true)',
    ]);
  });
});
