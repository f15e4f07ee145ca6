import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';

/** A linted session whose client declared `elicitation` (null: none) at `version`; returns [rule, severity] of each finding after the handshake. */
function lint(frames: Array<['c' | 's', unknown]>, elicitation: unknown = { form: {}, url: {} }, version = '2025-11-25') {
  const linter = new Linter({ offeredVersion: version });
  const caps = elicitation === null ? {} : { elicitation };
  linter.frame(
    'client',
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: caps, clientInfo: { name: 'c', version: '1' } },
    }),
  );
  linter.frame(
    'server',
    JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }),
  );
  linter.frame('client', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  const before = linter.findings.length;
  for (const [who, msg] of frames) linter.frame(who === 'c' ? 'client' : 'server', JSON.stringify(msg));
  return linter.findings.slice(before).map((f) => [f.rule, f.severity, f.message] as const);
}

const urlAsk = (id: string, params: Record<string, unknown> = {}): ['s', unknown] => [
  's',
  { jsonrpc: '2.0', id, method: 'elicitation/create', params: { mode: 'url', message: 'Sign in', url: 'https://a.example/x', elicitationId: 'u1', ...params } },
];
const complete = (elicitationId: unknown): ['s', unknown] => ['s', { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId } }];
const toolCall: ['c', unknown] = ['c', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } }];
const required = (data: unknown): ['s', unknown] => ['s', { jsonrpc: '2.0', id: 2, error: { code: -32042, message: 'needs a sign-in', data } }];
const good = { mode: 'url', message: 'm', url: 'https://a.example/', elicitationId: 'r1' };

describe('URL elicitation lint', () => {
  it('a URL elicitation, its answer and its completion are clean; so is a -32042 whose elicitation then completes', () => {
    expect(
      lint([
        urlAsk('e1'),
        ['c', { jsonrpc: '2.0', id: 'e1', result: { action: 'accept' } }],
        complete('u1'),
        toolCall,
        required({ elicitations: [good] }),
        complete('r1'),
      ]),
    ).toEqual([]);
  });

  it('ELICIT-URL: a URL elicitation without elicitationId, or with a url that is not one', () => {
    expect(lint([urlAsk('e1', { elicitationId: undefined, url: 'example.com/x' })])).toEqual([
      [
        'ELICIT-URL',
        'error',
        'A URL elicitation/create is malformed: elicitationId (a non-empty string) is missing; url "example.com/x" is not a valid absolute URL.',
      ],
    ]);
  });

  it('ELICIT-MODE: url mode when the client declared form only, an unknown mode, or url mode before 2025-11-25', () => {
    expect(lint([urlAsk('e1')], { form: {} })).toEqual([
      ['ELICIT-MODE', 'error', expect.stringMatching(/^elicitation\/create in url mode, but the client declared only form mode/)],
    ]);
    // An empty elicitation capability is form only, for backwards compatibility.
    expect(lint([urlAsk('e1')], {}).map(([r]) => r)).toEqual(['ELICIT-MODE']);
    expect(lint([['s', { jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { mode: 'popup', message: 'm' } }]]).map(([r]) => r)).toEqual([
      'ELICIT-MODE',
    ]);
    const old = lint([urlAsk('e1')], {}, '2025-06-18');
    expect(old).toContainEqual(['ELICIT-MODE', 'error', 'elicitation/create in url mode: URL mode exists from 2025-11-25, but 2025-06-18 is in use.']);
  });

  it('ELICIT-MODE: a -32042 error to a client without url mode, even one without elicitation', () => {
    expect(lint([toolCall, required({ elicitations: [good] })], null).map(([r, , m]) => [r, m])).toEqual([
      ['ELICIT-MODE', expect.stringMatching(/error to tools\/call, but the client declared no elicitation at all/)],
    ]);
  });

  it('ELICIT-COMPLETE: an unknown id (warning), a second completion (info), no id (error)', () => {
    expect(lint([complete('nobody')])).toEqual([
      ['ELICIT-COMPLETE', 'warning', expect.stringMatching(/names "nobody", which no URL elicitation of this server carried/)],
    ]);
    expect(lint([urlAsk('e1'), complete('u1'), complete('u1')])).toEqual([['ELICIT-COMPLETE', 'info', expect.stringMatching(/a second time/)]]);
    expect(lint([complete(7)])).toEqual([['ELICIT-COMPLETE', 'error', 'notifications/elicitation/complete has no elicitationId string.']]);
  });

  it('ELICIT-REQUIRED: -32042 data without elicitations, or with one lacking its id', () => {
    expect(lint([toolCall, required({})])).toEqual([
      [
        'ELICIT-REQUIRED',
        'error',
        'The -32042 (URL elicitation required) error to tools/call is malformed: error.data.elicitations (a list of URL elicitations) is missing.',
      ],
    ]);
    expect(lint([toolCall, required({ elicitations: [{ ...good, elicitationId: undefined }] })]).map(([r, , m]) => [r, m])).toEqual([
      ['ELICIT-REQUIRED', expect.stringMatching(/elicitations\[0\]: elicitationId \(a non-empty string\) is missing/)],
    ]);
  });

  it('ELICIT-REQUIRED: -32042 before 2025-11-25 means nothing (warning)', () => {
    expect(lint([toolCall, required({ elicitations: [good] })], {}, '2025-06-18')).toEqual([
      [
        'ELICIT-REQUIRED',
        'warning',
        'The -32042 (URL elicitation required) error to tools/call means nothing in 2025-06-18: URL elicitation exists from 2025-11-25.',
      ],
    ]);
  });
});
