// A failed model call as a ModelFailure: what happened, in the provider's own
// words where it gave some, and what to do — one sentence, never a stack, and
// never the key (every message passes the mask with the key's value added).
import { APICallError } from 'ai';
import { SecretValues, maskCredentials, type ModelFailure, type ModelRef } from '../../src/protocol/wire.js';
import { PROVIDER_VARIABLES, type ModelSettings } from './settings.js';

export class ModelTimeout extends Error {
  override readonly name = 'ModelTimeout';
}

/** The provider's own message from its error JSON (Anthropic's and OpenAI's both say error.message), else the SDK's. */
function providerMessage(error: APICallError): string {
  const data: unknown = error.data;
  if (data !== null && typeof data === 'object' && 'error' in data) {
    const inner: unknown = data.error;
    if (inner !== null && typeof inner === 'object' && 'message' in inner && typeof inner.message === 'string') return inner.message;
  }
  return error.message;
}

/** The lowest-level cause's code (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET…), if there is one. */
function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 5; depth++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

const sentence = (text: string): string => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** Where the refused key came from, and what to do about it there. */
function whatToDoWithKey(ref: ModelRef, settings: ModelSettings): string {
  const variable = PROVIDER_VARIABLES[ref.provider].key;
  switch (settings.keySource) {
    case 'typed':
      return 'The key is the one typed in the page: type another in Models, or Forget key.';
    case 'stored':
      return 'The key is the one kept in model-keys.json: type another in Models, or Forget key.';
    case 'env':
      return `The key comes from ${variable} in mcpscope's environment: type another in Models (it is used instead), or fix ${variable} and restart mcpscope.`;
    default:
      return ref.provider === 'openai-compatible' ? `Check the key the endpoint expects (${variable}).` : `Check ${variable}.`;
  }
}

function classify(error: unknown, ref: ModelRef, settings: ModelSettings, endpoint: string): ModelFailure {
  const vars = PROVIDER_VARIABLES[ref.provider];
  const name = vars.name;
  if (error instanceof ModelTimeout) {
    return { kind: 'timeout', message: `${name} did not answer within ${settings.timeoutMs} ms (${endpoint}); try again, or allow longer.`, retryable: true };
  }
  if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    const status = error.statusCode;
    const said = sentence(providerMessage(error));
    if (status === 401 || status === 403) {
      return { kind: 'auth', status, message: `${name} refused the key (HTTP ${status}): ${said} ${whatToDoWithKey(ref, settings)}`, retryable: false };
    }
    if (status === 429)
      return { kind: 'rate-limited', status, message: `${name} is limiting requests (HTTP 429): ${said} Wait, then try again.`, retryable: true };
    if (status >= 400 && status < 500)
      return { kind: 'bad-request', status, message: `${name} refused the request (HTTP ${status}): ${said}`, retryable: false };
    return { kind: 'provider', status, message: `${name} failed (HTTP ${status}): ${said} Try again later.`, retryable: true };
  }
  const code = causeCode(error);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ECONNRESET') {
    const hint = ref.provider === 'openai-compatible' ? 'is the local model server running?' : `check the network, or ${vars.baseUrl} if you set it.`;
    return { kind: 'unreachable', message: `Could not reach ${name} at ${endpoint} (${code}): ${hint}`, retryable: true };
  }
  if (code?.startsWith('UND_ERR') || (error instanceof Error && /terminated|socket|closed/i.test(error.message))) {
    return { kind: 'provider', message: `${name} closed the connection before its answer was complete (${endpoint}); try again.`, retryable: true };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'bad-request', message: `${name} could not take this request: ${sentence(message)}`, retryable: false };
}

/** The failure of a model call, masked. */
export function modelFailure(error: unknown, ref: ModelRef, settings: ModelSettings, endpoint: string): ModelFailure {
  const failure = classify(error, ref, settings, endpoint);
  const secrets = new SecretValues();
  secrets.add(settings.apiKey);
  return { ...failure, message: maskCredentials(secrets.mask(failure.message)) };
}
