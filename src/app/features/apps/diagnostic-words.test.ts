import { describe, expect, it } from 'vitest';
import { diagnosticSentence } from './diagnostic-words.js';

describe('diagnosticSentence', () => {
  it('says what the sandbox stopped or saw, and what to do', () => {
    expect(diagnosticSentence({ kind: 'csp-violation', directive: 'script-src', blockedUri: 'https://evil.example/x.js' })).toBe(
      "The sandbox stopped the app from reaching https://evil.example/x.js (script-src): the resource's _meta.ui.csp does not declare that origin. Declare it there if the app needs it.",
    );
    expect(diagnosticSentence({ kind: 'flood', dropped: 12000 })).toContain('12,000 were dropped');
    expect(diagnosticSentence({ kind: 'flood', dropped: 9800, sent: 10000, ms: 250, phase: 'started' })).toBe(
      'This app sent 10,000 messages in 250 ms; mcpscope is dropping them, passing on 200 a second (9,800 dropped so far).',
    );
    expect(diagnosticSentence({ kind: 'flood', dropped: 398000, sent: 400000, ms: 10012, phase: 'over' })).toBe(
      'This app sent 400,000 messages in 10,012 ms; mcpscope passed on 200 a second and dropped 398,000 of them. The flood is over.',
    );
    expect(diagnosticSentence({ kind: 'init-timeout', ms: 5000 })).toContain('within 5 s');
    expect(diagnosticSentence({ kind: 'bad-message', reason: 'not JSON-RPC', size: 2048 })).toContain('(not JSON-RPC, 2,048 bytes)');
    expect(diagnosticSentence({ kind: 'app-error', message: 'SecurityError: Blocked a frame' })).toContain('SecurityError');
  });
});
