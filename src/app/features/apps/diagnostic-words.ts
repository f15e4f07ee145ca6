// What the sandbox reported of an app, as a sentence for the person above the app.

import { SANDBOX_MESSAGES_PER_SECOND, type SandboxDiagnostic } from '../../../protocol/index.js';

const count = (n: number): string => n.toLocaleString('en-US');

function floodSentence(d: Extract<SandboxDiagnostic, { kind: 'flood' }>): string {
  if (d.sent === undefined || d.ms === undefined) return `The app sent more messages than the host takes in a second: ${count(d.dropped)} were dropped.`;
  const sent = `This app sent ${count(d.sent)} messages in ${count(d.ms)} ms`;
  return d.phase === 'over'
    ? `${sent}; mcpscope passed on ${SANDBOX_MESSAGES_PER_SECOND} a second and dropped ${count(d.dropped)} of them. The flood is over.`
    : `${sent}; mcpscope is dropping them, passing on ${SANDBOX_MESSAGES_PER_SECOND} a second (${count(d.dropped)} dropped so far).`;
}

/** Whether a report says something went wrong (the time to ui/initialize is a measurement). */
export const isTrouble = (d: SandboxDiagnostic): boolean => d.kind !== 'initialize-time';

export function diagnosticSentence(d: SandboxDiagnostic): string {
  switch (d.kind) {
    case 'csp-violation':
      return `The sandbox stopped the app from reaching ${d.blockedUri || 'an address'} (${d.directive}): the resource's _meta.ui.csp does not declare that origin. Declare it there if the app needs it.`;
    case 'app-error':
      return `The app threw an error it did not catch: ${d.message}`;
    case 'bad-message':
      return `The app posted a message that was dropped (${d.reason}, ${d.size.toLocaleString('en-US')} bytes): only JSON-RPC messages within the size limit reach the host.`;
    case 'flood':
      return floodSentence(d);
    case 'init-timeout':
      return `The app did not send ui/initialize within ${(d.ms / 1000).toLocaleString('en-US')} s of loading, so it is not running as an app; check that it creates its App and connects.`;
    case 'initialize-time':
      return `The app sent ui/initialize ${Math.round(d.ms).toLocaleString('en-US')} ms after its frame was created.`;
    case 'csp-domain-refused':
      return `The sandbox left out ${d.domain} of the resource's _meta.ui.csp.${d.list} (${d.reason}): nothing of it is reachable.`;
  }
}
