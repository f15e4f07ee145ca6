// The OAuth flow as a person follows it in a terminal: one line per step as it
// ends (done, skipped, failed) or starts waiting, "[3/8] Authorization server
// metadata: …". The flow view holds no secret; free text still goes through the
// credential mask, so a server that echoes a token in an error is not printed.

import { maskCredentials, type AuthFlowView, type AuthStepState } from '../../src/protocol/index.js';

/** The states worth a line: a step's outcome, or that it waits for the person. */
const SAID: ReadonlySet<AuthStepState> = new Set(['done', 'skipped', 'failed', 'waiting']);

/** A printer of flow snapshots: each step's line once per state it reaches, each flow's outcome once. */
export function flowProgress(say: (line: string) => void): (flow: AuthFlowView) => void {
  const said = new Set<string>();
  const once = (key: string, line: string): void => {
    if (said.has(key)) return;
    said.add(key);
    say(maskCredentials(line));
  };
  return (flow) => {
    const total = flow.steps.length;
    // Step-ups run the steps again: each attempt gets its own lines.
    const prefix = `${flow.flowId}#${flow.attempt}`;
    for (const step of flow.steps) {
      if (!SAID.has(step.state)) continue;
      const detail = step.state === 'failed' ? (step.error ?? step.summary ?? 'failed') : (step.summary ?? step.state);
      const skipped = step.state === 'skipped' ? ' (skipped)' : '';
      once(`${prefix}:${step.id}:${step.state}`, `[${step.number}/${total}] ${step.title}${skipped}: ${detail}`);
    }
    if (flow.state === 'authorized') once(`${prefix}:authorized`, `Authorized${flow.scope ? ` (scope ${flow.scope})` : ''}.`);
    if ((flow.state === 'failed' || flow.state === 'cancelled') && flow.message) once(`${prefix}:${flow.state}`, flow.message);
  };
}
