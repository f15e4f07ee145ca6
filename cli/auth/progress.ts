// The OAuth flow as a person follows it in a terminal: one line per step as it
// ends (done, skipped, failed), "[3/8] Authorization server metadata: …". That
// the authorization step waits for a person is the opener's to say: only it
// knows whether one is needed.

import type { AuthFlowView, AuthStepState } from '../../src/protocol/index.js';

/** The states worth a line: a step's outcome. */
const SAID: ReadonlySet<AuthStepState> = new Set(['done', 'skipped', 'failed']);

/** A printer of flow snapshots: each step's line once per state it reaches, each flow's outcome once. */
export function flowProgress(say: (line: string) => void): (flow: AuthFlowView) => void {
  const said = new Set<string>();
  const once = (key: string, line: string): void => {
    if (said.has(key)) return;
    said.add(key);
    say(line);
  };
  return (flow) => {
    const total = flow.steps.length;
    // Step-ups run the steps again: each attempt gets its own lines.
    const prefix = `${flow.flowId}#${flow.attempt}`;
    for (const step of flow.steps) {
      if (!SAID.has(step.state)) continue;
      // A failure's whole sentence ends the run (the refused request's message): here, only where.
      const detail = step.state === 'failed' ? 'failed.' : (step.summary ?? step.state);
      const skipped = step.state === 'skipped' ? ' (skipped)' : '';
      once(`${prefix}:${step.id}:${step.state}`, `[${step.number}/${total}] ${step.title}${skipped}: ${detail}`);
    }
    if (flow.state === 'authorized') once(`${prefix}:authorized`, `Authorized${flow.scope ? ` (scope ${flow.scope})` : ''}.`);
  };
}
