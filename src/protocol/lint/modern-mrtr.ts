// Multi round-trip requests (2026-07-28): a server that needs input answers
// tools/call, prompts/get or resources/read with resultType "input_required",
// inputRequests and/or an opaque requestState; the client retries the request
// with a new id, its inputResponses, and requestState exactly as it came.

import { isRecord } from '../json/guards.js';
import type { Report } from './report.js';
import { preview } from './transport.js';

const MRTR_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** The input a server may ask for, and the client capability each needs. */
const INPUT_NEEDS = new Map<string, string>([
  ['elicitation/create', 'elicitation'],
  ['sampling/createMessage', 'sampling'],
  ['roots/list', 'roots'],
]);

/** An input_required result, remembered until the client retries. */
export interface AwaitedRetry {
  /** The ledger key of the request it answered. */
  idKey: string;
  idText: string;
  requestState?: unknown;
  inputKeys: string[];
}

/** Which retry a request would be: the same method on the same tool, prompt or resource. */
export function retryKey(method: string, name: string | undefined): string {
  return `${method}\u0000${name ?? ''}`;
}

function declared(capabilities: Record<string, unknown> | undefined, name: string): boolean {
  return (
    isRecord(capabilities) &&
    Object.hasOwn(capabilities, name) &&
    capabilities[name] !== false &&
    capabilities[name] !== null &&
    capabilities[name] !== undefined
  );
}

/**
 * An input_required result to `method`; `capabilities` are what the request declared in its _meta.
 * Returns what the client's retry is to be judged against.
 */
export function checkInputRequired(
  method: string,
  result: Record<string, unknown>,
  capabilities: Record<string, unknown> | undefined,
  request: { idKey: string; idText: string },
  report: Report,
): AwaitedRetry {
  if (!MRTR_METHODS.has(method)) {
    report('MODERN-MRTR', `The ${method} request was answered with input_required; only tools/call, prompts/get and resources/read may be.`, 'server');
  }
  const hasRequests = Object.hasOwn(result, 'inputRequests');
  const hasState = Object.hasOwn(result, 'requestState');
  if (!hasRequests && !hasState) {
    report('MODERN-MRTR', `The input_required result to ${method} has neither inputRequests nor requestState; it must carry at least one.`, 'server');
  }
  if (hasState && typeof result.requestState !== 'string') {
    report('MODERN-MRTR', `requestState is ${preview(JSON.stringify(result.requestState) ?? '')}; it must be an opaque string.`, 'server');
  }
  const inputKeys: string[] = [];
  if (hasRequests) {
    const inputs = result.inputRequests;
    if (!isRecord(inputs)) {
      report('MODERN-MRTR', `inputRequests is ${preview(JSON.stringify(inputs) ?? '')}; it must be an object of named requests.`, 'server');
    } else {
      for (const [key, input] of Object.entries(inputs)) {
        inputKeys.push(key);
        const asked = isRecord(input) ? input.method : undefined;
        const need = typeof asked === 'string' ? INPUT_NEEDS.get(asked) : undefined;
        if (need === undefined) {
          report(
            'MODERN-MRTR',
            `inputRequests[${JSON.stringify(key)}] asks for ${typeof asked === 'string' ? asked : 'no method'}; only elicitation/create, sampling/createMessage and roots/list may be asked.`,
            'server',
          );
        } else if (!declared(capabilities, need)) {
          report(
            'MODERN-MRTR',
            `inputRequests[${JSON.stringify(key)}] asks for ${String(asked)}, but the request did not declare the ${need} capability in its _meta.`,
            'server',
          );
        } else if (need === 'elicitation' && isRecord(input) && isRecord(input.params) && input.params.mode === 'url') {
          const elicitation = capabilities?.elicitation;
          if (!isRecord(elicitation) || !Object.hasOwn(elicitation, 'url')) {
            report('MODERN-MRTR', `inputRequests[${JSON.stringify(key)}] is a URL elicitation, but the request did not declare elicitation.url.`, 'server');
          }
        }
      }
    }
  }
  return { ...request, ...(hasState ? { requestState: result.requestState } : {}), inputKeys };
}

/** The client's retry of a request that got input_required (facts about the client). */
export function checkRetry(awaited: AwaitedRetry, idKey: string, params: Record<string, unknown>, method: string, report: Report): void {
  if (idKey === awaited.idKey) {
    report('MODERN-MRTR-RETRY', `The retry of ${method} reused id ${awaited.idText}; a retry is a new request with a new id.`, 'client');
  }
  const sent = Object.hasOwn(params, 'requestState');
  if (awaited.requestState === undefined) {
    if (sent) report('MODERN-MRTR-RETRY', `The retry of ${method} carries a requestState, but the input_required result gave none; it must not.`, 'client');
  } else if (!sent) {
    report('MODERN-MRTR-RETRY', `The retry of ${method} left out requestState; it must echo the one the server sent, unchanged.`, 'client');
  } else if (params.requestState !== awaited.requestState) {
    report(
      'MODERN-MRTR-RETRY',
      `The retry of ${method} changed requestState (sent ${preview(JSON.stringify(params.requestState) ?? '')}, got ${preview(JSON.stringify(awaited.requestState) ?? '')}); it must be echoed exactly.`,
      'client',
    );
  }
  const responses = params.inputResponses;
  const missing = awaited.inputKeys.filter((k) => !isRecord(responses) || !Object.hasOwn(responses, k));
  if (missing.length) {
    report(
      'MODERN-MRTR-RETRY',
      `The retry of ${method} has no inputResponses for ${missing.map((k) => JSON.stringify(k)).join(', ')}, which the server asked for.`,
      'client',
      'warning',
    );
  }
}
