// Sentences about an OAuth flow, shared by the connection status (first
// screen) and the Authorization tab: what is happening, what failed and where.

import type { AuthFlowView, AuthStepView } from '../../protocol/index.js';

export function failedStep(flow: AuthFlowView): AuthStepView | undefined {
  return flow.steps.find((s) => s.state === 'failed');
}

/** The step running, paused before, or waiting: the one the flow is at. */
export function currentStep(flow: AuthFlowView): AuthStepView | undefined {
  return flow.steps.find((s) => s.state === 'running' || s.state === 'ready' || s.state === 'waiting' || s.state === 'failed');
}

/** "Step-up 2 of 3: the server asked for scope …", or undefined for a first authorization. */
export function attemptLine(flow: AuthFlowView): string | undefined {
  if (flow.attempt <= 1) return undefined;
  const of = flow.maxAttempts !== undefined ? ` of ${flow.maxAttempts}` : '';
  const scope = flow.scope !== undefined ? ` for scope ${flow.scope}` : '';
  const why =
    flow.reason === 'insufficient-scope'
      ? `the server refused the token as insufficient (403 insufficient_scope) and asked${scope}`
      : `a new authorization${scope}`;
  return `Step-up ${flow.attempt}${of}: ${why}.`;
}

/** The error without its own "OAuth step 7 (Token) failed: " lead, which the sentence around it already says. */
function withoutStepName(error: string, step: AuthStepView): string {
  const title = step.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return error.replace(new RegExp(`^[^:]*\\bstep ${step.number} \\(${title}\\)[^:]*:\\s*`, 'i'), '');
}

/** One sentence for the connection status: where the flow is, or how it ended. */
export function flowSentence(flow: AuthFlowView): string {
  const step = currentStep(flow);
  const total = flow.steps.length;
  switch (flow.state) {
    case 'failed': {
      const failed = failedStep(flow);
      if (failed === undefined) return flow.message ?? 'Authorization failed.';
      const why = failed.error ?? failed.summary ?? flow.message ?? 'no reason was given';
      return `Authorization failed at step ${failed.number} (${failed.title}): ${withoutStepName(why, failed)}`;
    }
    case 'cancelled':
      return 'Authorization cancelled: the refused request stays refused. Connect again to start over.';
    case 'authorized':
      return `Authorized${flow.issuer !== undefined ? ` by ${flow.issuer}` : ''}${flow.scope !== undefined ? ` (scope ${flow.scope})` : ''}: the connection continues by itself.`;
    case 'waiting-for-user':
      return 'Waiting for you to approve in the authorization page (the Authorization tab has the link); the connection continues by itself afterwards.';
    case 'paused':
      return step !== undefined
        ? `Authorization paused before step ${step.number} of ${total} (${step.title}): Next step or Run all in the Authorization tab.`
        : 'Authorization paused: Next step or Run all in the Authorization tab.';
    case 'running':
      return step !== undefined ? `Authorizing: step ${step.number} of ${total} (${step.title})…` : 'Authorizing…';
  }
}
