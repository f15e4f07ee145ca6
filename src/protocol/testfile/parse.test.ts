// Reading test files: what a good one becomes, and the line and field named in
// every problem of a bad one.
import { describe, expect, it } from 'vitest';
import { parseTestFile } from './parse.js';

const HEAD = 'server:\n  command: node\n  args: [server.js]\nsteps:\n';

function problem(text: string): string {
  const r = parseTestFile(text, 'fallback');
  if (r.ok) throw new Error('expected a problem');
  return r.error.message;
}

describe('parseTestFile', () => {
  it('reads the server, the policies and each kind of step with its expectations', () => {
    const r = parseTestFile(
      [
        'name: basics',
        'server: { command: node, args: [s.js, 3000], env: { A: b }, cwd: .. }',
        'protocolVersion: 2025-06-18',
        'timeout: 5000',
        'policies: { sampling: "reply:ok", elicitation: accept-defaults, roots: [file:///work] }',
        'steps:',
        '  - call: echo',
        '    arguments: { message: hi }',
        '    expect: { isError: false, text: { contains: hi, matches: "^h" }, snapshot: { ignore: ["content[0].text"] }, lint: none }',
        '  - read: demo://x',
        '    timeout: 100',
        '  - prompt: p',
        '    arguments: { city: Lisbon }',
        '  - list: tools',
        '    expect: { interface: true, match: { tools: [{ name: echo }] } }',
        '  - ping: 5',
        '    expect: { latency: { p95: 20 }, lint: [PING-RESULT] }',
        '  - wait: notifications/message',
        '  - call: echo',
      ].join('\n'),
      'fallback',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const f = r.value;
    expect(f).toMatchObject({
      name: 'basics',
      server: { kind: 'stdio', command: 'node', args: ['s.js', '3000'], env: { A: 'b' }, cwd: '..' },
      protocolVersion: '2025-06-18',
      timeoutMs: 5000,
      policies: { sampling: { kind: 'reply', text: 'ok' }, elicitation: 'accept-defaults', roots: ['file:///work'] },
    });
    expect(f.steps.map((s) => s.name)).toEqual([
      'call echo',
      'read demo://x',
      'prompt p',
      'list tools',
      'ping ×5',
      'wait notifications/message',
      'call echo (2)',
    ]);
    expect(f.steps[0]).toMatchObject({
      line: 7,
      timeoutMs: 5000,
      expect: { isError: false, text: { contains: ['hi'], matches: '^h' }, snapshot: { ignore: ['content[0].text'] }, lint: 'none' },
    });
    expect(f.steps[1]!.timeoutMs).toBe(100);
    expect(f.steps[4]).toMatchObject({ action: { kind: 'ping', count: 5 }, expect: { latency: { p95: 20 }, lint: ['PING-RESULT'] } });
  });

  it('takes a url server, or a server of a config file', () => {
    const http = parseTestFile('server: { url: "http://127.0.0.1:3000/mcp", headers: { X-A: b }, type: sse }\nsteps: [{ ping: 1 }]', 'f');
    expect(http).toMatchObject({
      ok: true,
      value: { name: 'f', server: { kind: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { 'X-A': 'b' }, mode: 'sse' } },
    });
    const config = parseTestFile('config: ./mcp.json\nserver: everything\nsteps: [{ ping: 1 }]', 'f');
    expect(config).toMatchObject({ ok: true, value: { server: { kind: 'config', file: './mcp.json', server: 'everything' } } });
  });

  it('takes auth on a url server, as --auth and its options, never a secret itself', () => {
    const url = 'server:\n  url: "http://127.0.0.1:3000/mcp"\n';
    expect(parseTestFile(`${url}  auth: true\nsteps: [{ ping: 1 }]`, 'f')).toMatchObject({ ok: true, value: { server: { auth: { remember: false } } } });
    expect(
      parseTestFile(
        `${url}  auth: { clientId: c, clientSecretEnv: S, tokenEndpointAuthMethod: client_secret_post, scope: "a b", remember: true }\nsteps: [{ ping: 1 }]`,
        'f',
      ),
    ).toMatchObject({
      ok: true,
      value: { server: { auth: { clientId: 'c', clientSecretEnv: 'S', tokenEndpointAuthMethod: 'client_secret_post', scope: 'a b', remember: true } } },
    });
    expect(problem(`${url}  auth: { clientSecret: hunter2 }\nsteps: [{ ping: 1 }]`)).toMatch(
      /^line 3: server\.auth: unknown key 'clientSecret' — did you mean 'clientSecretEnv'\?/,
    );
    expect(problem(`${url}  auth: { clientSecretEnv: S }\nsteps: [{ ping: 1 }]`)).toBe(
      'line 3: server.auth.clientSecretEnv: goes with clientId: a secret belongs to a pre-registered client, so give both.',
    );
    expect(problem(`${url}  headers: { Authorization: Bearer x }\n  auth: true\nsteps: [{ ping: 1 }]`)).toMatch(
      /^line 4: server\.auth: is given with an Authorization header/,
    );
    expect(problem(`${url}  auth: { clientId: c, tokenEndpointAuthMethod: client_secret_basic }\nsteps: [{ ping: 1 }]`)).toBe(
      'line 3: server.auth.tokenEndpointAuthMethod: client_secret_basic needs clientSecretEnv.',
    );
    expect(problem('server: { command: node, auth: true }\nsteps: [{ ping: 1 }]')).toMatch(/^line 1: server: unknown key 'auth'/);
  });

  it('names the line and the field of an unknown key, with the key that was meant', () => {
    expect(problem(`${HEAD}  - ping: 1\n  - ping: 2\n  - call: echo\n    argz: { message: hi }\n`)).toBe(
      "line 8: steps[2].call: unknown key 'argz' — did you mean 'arguments'?",
    );
    expect(problem(`${HEAD}  - call: echo\n    expect: { isErorr: true }\n`)).toBe(
      "line 6: steps[0].call.expect: unknown key 'isErorr' — did you mean 'isError'?",
    );
    expect(problem(`servr: { command: node }\nsteps: [{ ping: 1 }]\n`)).toBe("line 1: the test file: unknown key 'servr' — did you mean 'server'?");
  });

  it('says what a step is missing or has too much of', () => {
    expect(problem(`${HEAD}  - cal: echo\n`)).toBe(
      "line 5: steps[0]: has no action: 'cal' is not one — did you mean 'call'?; a step has one of call, read, prompt, list, ping, wait, request.",
    );
    expect(problem(`${HEAD}  - { call: a, read: b }\n`)).toMatch(/^line 5: steps\[0\]: has call and read: a step does one thing/);
    expect(problem(`${HEAD}  - list: tool\n`)).toBe(
      'line 5: steps[0].list: is the text "tool" — did you mean \'tools\'?; list takes tools, resources, resourceTemplates, prompts.',
    );
    expect(problem(`${HEAD}  - ping: 1\n    expect: { isError: true }\n`)).toMatch(
      /^line 6: steps\[0\].ping.expect: unknown key 'isError' \(it takes 'latency', 'lint'\)/,
    );
  });

  it('refuses values of the wrong kind, naming the field', () => {
    expect(problem(`${HEAD}  - ping: many\n`)).toBe('line 5: steps[0].ping: is the text "many"; write how many pings to send, e.g. ping: 10.');
    expect(problem(`${HEAD}  - call: echo\n    expect: { isError: "no" }\n`)).toBe('line 6: steps[0].expect.isError: is the text "no"; write true or false.');
    expect(problem(`${HEAD}  - ping: 3\n    expect: { lint: [PING-RESLT] }\n`)).toBe(
      "line 6: steps[0].expect.lint[0]: there is no lint rule 'PING-RESLT' — did you mean 'PING-RESULT'?",
    );
    expect(problem(`${HEAD}  - call: echo\n    expect: { snapshot: { ignore: ["a..b"] } }\n`)).toMatch(
      /^line 6: steps\[0\]\.expect\.snapshot\.ignore\[0\]: 'a\.\.b' is not a path/,
    );
    expect(problem(`protocolVersion: 2025-13-01\n${HEAD}  - ping: 1\n`)).toMatch(
      /^line 1: protocolVersion: is the text "2025-13-01"; write one of 2024-11-05, /,
    );
    expect(problem(`${HEAD.replace('steps:\n', 'policies: { sampling: yes }\nsteps:\n')}  - ping: 1\n`)).toMatch(/^line 4: policies\.sampling: .*reply:TEXT/);
  });

  it('refuses a regular expression that would need backtracking (RE2 runs them)', () => {
    expect(problem(`${HEAD}  - call: echo\n    expect: { text: { matches: '(a)\\1' } }\n`)).toMatch(
      /^line 6: steps\[0\]\.expect\.text\.matches: pattern .* cannot be checked safely.*RE2/,
    );
  });

  it('refuses a name given to two steps, since names key the snapshots', () => {
    expect(problem(`${HEAD}  - { name: a, ping: 1 }\n  - { name: a, ping: 2 }\n`)).toMatch(/^line 6: steps\[1\]\.name: 'a' is the name of steps\[0\] too/);
  });

  it('says where the YAML is broken, and what is missing from the file', () => {
    expect(problem('server: { command: node\nsteps: []\n')).toMatch(/^line \d: not valid YAML: /);
    expect(problem('server: a\nserver: b\n')).toMatch(/^line 2: not valid YAML: Map keys must be unique/);
    expect(problem('steps: [{ ping: 1 }]\n')).toMatch(/^line 1: has no 'server'/);
    expect(problem(`${HEAD}`)).toMatch(/^line 4: steps: is empty; write a list of at least one step/);
    expect(problem('- just\n- a list\n')).toMatch(/^line 1: is a list, not a mapping/);
    expect(problem('server: { command: node, url: "http://x" }\nsteps: [{ ping: 1 }]')).toMatch(/^line 1: server: has both a command and a url/);
  });

  it('reads the providers expectation on a list of tools and on a call, and refuses it elsewhere', () => {
    const r = parseTestFile(
      `${HEAD}  - list: tools\n    expect: { providers: { strict: [openai, gemini], tools: [echo] } }\n  - call: echo\n    expect: { providers: { strict: anthropic } }\n`,
      'f',
    );
    expect(r).toMatchObject({
      ok: true,
      value: { steps: [{ expect: { providers: { strict: ['openai', 'gemini'], tools: ['echo'] } } }, { expect: { providers: { strict: ['anthropic'] } } }] },
    });
    expect(problem(`${HEAD}  - list: tools\n    expect: { providers: { strict: [openia] } }\n`)).toBe(
      "line 6: steps[0].expect.providers.strict[0]: is 'openia' — did you mean 'openai'?; the providers are openai, anthropic, gemini.",
    );
    expect(problem(`${HEAD}  - list: tools\n    expect: { providers: { strict: [] } }\n`)).toMatch(/providers\.strict: names no provider/);
    expect(problem(`${HEAD}  - list: prompts\n    expect: { providers: { strict: [openai] } }\n`)).toBe(
      'line 6: steps[0].expect.providers: judges tools: put it on a "list: tools" step or a call step.',
    );
    expect(problem(`${HEAD}  - call: echo\n    expect: { providers: { strict: [openai], tools: [add] } }\n`)).toBe(
      'line 6: steps[0].expect.providers.tools: is for a "list: tools" step: a call step judges the tool it calls.',
    );
    expect(problem(`${HEAD}  - ping: 1\n    expect: { providers: { strict: [openai] } }\n`)).toMatch(/steps\[0\]\.ping\.expect: unknown key 'providers'/);
  });

  it('reads an expected JSON-RPC error, alone or with lint, and a raw request step', () => {
    const r = parseTestFile(
      `${HEAD}  - call: echo\n    expect: { error: { code: -32602, message: { contains: unknown, matches: "^Tool" } }, lint: none }\n  - request: no/such\n    params: { a: 1 }\n    expect: { error: true }\n`,
      'f',
    );
    expect(r).toMatchObject({
      ok: true,
      value: {
        steps: [
          { expect: { error: { code: -32602, message: { contains: ['unknown'], matches: '^Tool' } }, lint: 'none' } },
          { name: 'request no/such', action: { kind: 'request', method: 'no/such', params: { a: 1 } }, expect: { error: {} } },
        ],
      },
    });
    expect(problem(`${HEAD}  - call: echo\n    expect: { error: { code: -32602 }, isError: true }\n`)).toBe(
      'line 6: steps[0].expect: expects an error and isError: a step that gets an error has no result, so keep only error (and lint).',
    );
    expect(problem(`${HEAD}  - read: x\n    expect: { error: { code: "-32602" } }\n`)).toBe(
      'line 6: steps[0].expect.error.code: is the text "-32602"; write the JSON-RPC error code, e.g. -32602.',
    );
    expect(problem(`${HEAD}  - request: x\n    params: [1]\n`)).toBe("line 6: steps[0].params: is a list, not a mapping (the request's params).");
    expect(problem(`${HEAD}  - wait: x\n    expect: { error: true }\n`)).toMatch(/steps\[0\]\.wait\.expect: unknown key 'error'/);
  });

  it('reads task: true on a call step, and nothing else there', () => {
    const r = parseTestFile(`${HEAD}  - call: brew_tea\n    task: true\n  - call: add\n`, 'f');
    expect(r).toMatchObject({ ok: true, value: { steps: [{ action: { kind: 'call', task: true } }, { action: { kind: 'call' } }] } });
    if (r.ok) expect(r.value.steps[1]!.action).not.toHaveProperty('task');
    expect(problem(`${HEAD}  - call: brew_tea\n    task: yes please\n`)).toBe(
      'line 6: steps[0].task: is the text "yes please"; write true to call the tool as a task.',
    );
    expect(problem(`${HEAD}  - read: x\n    task: true\n`)).toMatch(/^line 6: steps\[0\]\.read: unknown key 'task'/);
  });

  it('keeps a key named __proto__ an ordinary argument', () => {
    const r = parseTestFile(`${HEAD}  - call: echo\n    arguments: { __proto__: { polluted: true } }\n`, 'f');
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.steps[0]!.action.kind !== 'call') return;
    expect(Object.hasOwn(r.value.steps[0]!.action.arguments, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
