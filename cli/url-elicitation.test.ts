import { describe, expect, it } from 'vitest';
import type { RequestOutcome } from '../src/protocol/index.js';
import { elicitationAnswer } from './elicitation.js';
import { urlElicitationRequiredNote } from './url-elicitation.js';

const ask = { mode: 'url', message: 'Connect', url: 'http://files.example/connect', elicitationId: 'u1' };

describe('URL-mode elicitation in the CLI', () => {
  it('declines by default, printing the address, its host and why it is worth a look', () => {
    const reply = elicitationAnswer('decline', ask);
    expect(reply.result).toEqual({ action: 'decline' });
    expect(reply.note).toMatch(
      /^declined elicitation\/create \(url mode\) "Connect", which asks to open http:\/\/files\.example\/connect \(host files\.example\), as --elicitation decline \(the default\) says\. Warning: It is not encrypted/,
    );
    expect(reply.note).toContain('mcpscope never opens a browser');
  });

  it('cancels, rather than accepts, an address that is no web page, and says what is malformed', () => {
    const reply = elicitationAnswer('accept-defaults', { mode: 'url', message: 'm', url: 'javascript:alert(1)' });
    expect(reply.result).toEqual({ action: 'cancel' });
    expect(reply.note).toContain('which is no web page.');
    expect(reply.note).toContain('The request is malformed: elicitationId (a non-empty string) is missing.');
  });

  it('a -32042 answer names the pages to open before running again', () => {
    const outcome = {
      status: 'error',
      error: {
        code: -32042,
        message: 'needs authorization',
        data: { elicitations: [{ mode: 'url', message: 'Open this', url: 'https://auth.example/x', elicitationId: 'r1' }] },
      },
    } as unknown as RequestOutcome;
    expect(urlElicitationRequiredNote(outcome)).toBe(
      '\nThe server needs this web page opened first (URL elicitation); mcpscope never opens a browser. Open it, finish there, then run the command again:\n' +
        '  1. https://auth.example/x (host auth.example): "Open this" (elicitationId r1).',
    );
    expect(urlElicitationRequiredNote({ ...outcome, error: { code: -32042, message: 'm' } } as unknown as RequestOutcome)).toMatch(
      /these web pages opened first.*\n\nThe error is malformed: error\.data\.elicitations \(a list of URL elicitations\) is missing\.$/s,
    );
    expect(urlElicitationRequiredNote({ status: 'refused', message: 'm' })).toBe('');
  });
});
