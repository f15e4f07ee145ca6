// The "Test" of an endpoint in the page's Models settings: GET {baseUrl}/models, the list every one of these APIs
// has (OpenAI's and Anthropic's, and Ollama's, LM Studio's, vLLM's and llama.cpp's OpenAI-compatible servers),
// read within a time and a size limit. The answer is the model ids, or a sentence saying what went wrong.
import { isRecord, type ModelProviderKind } from '../../src/protocol/wire.js';
import type { ProviderCallSettings } from '../../node/models/keys.js';

export const LIST_TIMEOUT_MS = 10_000;
export const MAX_LIST_BYTES = 1024 * 1024;

export type ModelList = { ok: true; models: string[] } | { ok: false; error: string };

function headersFor(provider: ModelProviderKind, apiKey: string | undefined): Record<string, string> {
  if (apiKey === undefined) return {};
  return provider === 'anthropic' ? { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' } : { Authorization: `Bearer ${apiKey}` };
}

async function boundedText(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_LIST_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The provider's own words from an error body ({ error: { message } } in both APIs), else the status. */
function errorWords(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const error = isRecord(body) ? body.error : undefined;
    if (isRecord(error) && typeof error.message === 'string') return error.message;
    if (typeof error === 'string') return error;
  } catch {
    // Not JSON: the status says it.
  }
  return undefined;
}

export async function listModels(provider: ModelProviderKind, settings: ProviderCallSettings, timeoutMs = LIST_TIMEOUT_MS): Promise<ModelList> {
  const base = settings.baseUrl;
  if (base === undefined) return { ok: false, error: 'Set the endpoint first, like http://127.0.0.1:11434/v1 for Ollama.' };
  const url = `${base}/models`;
  let response: Response;
  try {
    response = await fetch(url, { headers: headersFor(provider, settings.apiKey), redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    if (error instanceof Error && error.name === 'TimeoutError')
      return { ok: false, error: `${url} did not answer within ${timeoutMs / 1000} s: is the server running, and is this its address?` };
    return { ok: false, error: `Nothing answered at ${url} (${cause}): is the server running (Ollama, LM Studio, vLLM, llama.cpp), and is this its address?` };
  }
  let text: string | undefined;
  try {
    text = await boundedText(response);
  } catch {
    return { ok: false, error: `${url} stopped answering in the middle: try again.` };
  }
  if (text === undefined) return { ok: false, error: `${url} answered more than 1 MiB: is this a model API?` };
  if (!response.ok) {
    const words = errorWords(text);
    const hint = response.status === 401 || response.status === 403 ? ' Check the key.' : '';
    // The provider's words end the sentence; not all of them end in a full stop.
    const said = words === undefined ? '.' : `: ${words}${/[.!?]$/.test(words) ? '' : '.'}`;
    return { ok: false, error: `${url} answered HTTP ${response.status}${said}${hint}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: `${url} answered something that is not JSON: is this the API's address (it usually ends in /v1)?` };
  }
  const data = isRecord(body) && Array.isArray(body.data) ? body.data : undefined;
  if (data === undefined) return { ok: false, error: `${url} answered JSON without a "data" list of models: is this an OpenAI-compatible API?` };
  const models = data.flatMap((m) => (isRecord(m) && typeof m.id === 'string' ? [m.id] : []));
  return { ok: true, models };
}
