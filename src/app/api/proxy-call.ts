// One call of the proxy's JSON API with the page's token. Every answer that is not a success becomes a
// ProxyApiError carrying the proxy's own sentence (`{ error }`), shown where the person is looking.

export class ProxyApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type FetchFn = typeof fetch;

/** The proxy's `{ error }` sentence, or one of ours when the body has none. */
async function errorOf(response: Response, what: string): Promise<ProxyApiError> {
  let sentence: string | undefined;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') sentence = (body as { error: string }).error;
  } catch {
    // Not JSON: the status says enough.
  }
  if (sentence === undefined && (response.status === 401 || response.status === 403))
    sentence = "The proxy did not accept this page's token: it is wrong or stale. Restart mcpscope and open the new URL it prints.";
  return new ProxyApiError(sentence ?? `The proxy answered ${what} with HTTP ${response.status}.`, response.status);
}

/** `unreachable`: the sentence when the proxy cannot be reached ("… to change the server list. Is it still running?"). */
export async function proxyCall<T>(
  call: { token: string; fetchFn: FetchFn; unreachable: string },
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const what = `${method} ${path}`;
  let response: Response;
  try {
    response = await call.fetchFn(path, {
      method,
      headers: { Authorization: `Bearer ${call.token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ProxyApiError(call.unreachable, 0);
  }
  if (!response.ok) throw await errorOf(response, what);
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ProxyApiError(`The proxy's answer to ${what} is not JSON: is this page from another version of mcpscope?`, response.status);
  }
}
