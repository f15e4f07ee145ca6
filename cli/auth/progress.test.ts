import { describe, expect, it } from 'vitest';
import { AUTH_STEP_IDS, type AuthFlowView, type AuthStepState, type AuthStepView } from '../../src/protocol/index.js';
import { flowProgress } from './progress.js';

const TITLES = ['Challenge', 'Protected resource metadata', 'Authorization server metadata', 'Registration', 'Authorization', 'Callback', 'Token', 'Retry'];

function view(states: Partial<Record<AuthStepView['id'], [AuthStepState, string?]>>, over: Partial<AuthFlowView> = {}): AuthFlowView {
  return {
    flowId: 'f1',
    serverUrl: 'http://127.0.0.1:1/mcp',
    mode: 'quick',
    reason: 'unauthorized',
    state: 'running',
    attempt: 1,
    steps: AUTH_STEP_IDS.map((id, i) => {
      const [state, text] = states[id] ?? ['pending'];
      return {
        id,
        number: i + 1,
        title: TITLES[i]!,
        state,
        learnt: [],
        exchanges: [],
        findings: [],
        ...(state === 'failed' ? { error: text } : { summary: text }),
      };
    }),
    ...over,
  };
}

describe('flowProgress', () => {
  it('one line per step as it ends, each once, numbered of the whole', () => {
    const lines: string[] = [];
    const print = flowProgress((l) => lines.push(l));
    print(view({ challenge: ['done', '401 with resource_metadata'], 'resource-metadata': ['running'] }));
    print(view({ challenge: ['done', '401 with resource_metadata'], 'resource-metadata': ['done', 'resource http://127.0.0.1:1/mcp'] }));
    print(
      view(
        {
          challenge: ['done', '401 with resource_metadata'],
          'resource-metadata': ['done', 'resource http://127.0.0.1:1/mcp'],
          registration: ['skipped', 'the stored client is reused'],
        },
        { state: 'authorized', scope: 'mcp:tools' },
      ),
    );
    expect(lines).toEqual([
      '[1/8] Challenge: 401 with resource_metadata',
      '[2/8] Protected resource metadata: resource http://127.0.0.1:1/mcp',
      '[4/8] Registration (skipped): the stored client is reused',
      'Authorized (scope mcp:tools).',
    ]);
  });

  it('a failed step says only that it failed (the refused request says why, once)', () => {
    const lines: string[] = [];
    const print = flowProgress((l) => lines.push(l));
    print(view({ token: ['failed', 'the server answered 500'] }, { state: 'failed', message: 'OAuth step 7 (Token) failed: the server answered 500.' }));
    expect(lines).toEqual(['[7/8] Token: failed.']);
  });

  it('a step-up (attempt 2) prints its steps again', () => {
    const lines: string[] = [];
    const print = flowProgress((l) => lines.push(l));
    print(view({ challenge: ['done', '401'] }));
    print(view({ challenge: ['done', '403 insufficient_scope'] }, { attempt: 2, reason: 'insufficient-scope' }));
    expect(lines).toEqual(['[1/8] Challenge: 401', '[1/8] Challenge: 403 insufficient_scope']);
  });
});
