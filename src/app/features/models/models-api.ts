// /api/models from the page: the providers (keys masked), a key set or forgotten, an endpoint and its models,
// and a model request answered. Server data through TanStack Query, like the server list.
import type { ModelKeysListing, ModelOutcome, ModelProviderKind, ModelRequest, ProviderView } from '../../../protocol/index.js';
import { proxyCall, type FetchFn } from '../../api/proxy-call.js';
import { useProxyChange, useProxyQuery } from '../../api/proxy-query.js';

const UNREACHABLE = 'Could not reach the mcpscope proxy for the model settings. Is it still running?';

/** `timeoutSeconds`: the page's time limit for a model answer, read at each generate (undefined: the proxy's). */
export function modelsApi(token: string, fetchFn: FetchFn = (...args) => fetch(...args), timeoutSeconds: () => number | undefined = () => undefined) {
  const call = <T>(method: string, path: string, body?: unknown, signal?: AbortSignal) =>
    proxyCall<T>({ token, fetchFn, unreachable: UNREACHABLE }, method, path, body, signal);
  const at = (provider: ModelProviderKind, action = '') => `/api/models/${provider}${action}`;
  return {
    list: () => call<ModelKeysListing>('GET', '/api/models'),
    setKey: (provider: ModelProviderKind, key: string) => call<{ provider: ProviderView }>('PUT', at(provider, '/key'), { key }).then((r) => r.provider),
    forgetKey: (provider: ModelProviderKind) => call<{ provider: ProviderView }>('DELETE', at(provider, '/key')).then((r) => r.provider),
    configure: (provider: ModelProviderKind, change: { baseUrl?: string; models?: string[] }) =>
      call<{ provider: ProviderView }>('PUT', at(provider), change).then((r) => r.provider),
    /** The models the endpoint offers (the "Test" button). */
    listModels: (provider: ModelProviderKind) => call<{ models: string[] }>('POST', at(provider, '/models')).then((r) => r.models),
    forgetAll: () => call<ModelKeysListing>('DELETE', '/api/models'),
    /** A failure of the proxy itself (unreachable, refused) is a ModelOutcome too, so the caller shows one kind of sentence. */
    generate: (request: ModelRequest, signal?: AbortSignal): Promise<ModelOutcome> =>
      call<ModelOutcome>('POST', '/api/models/generate', withTimeout({ request }, timeoutSeconds()), signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, failure: { kind: 'unreachable', message, retryable: true } };
      }),
  };
}

function withTimeout(body: { request: ModelRequest }, timeoutSeconds: number | undefined) {
  return timeoutSeconds === undefined ? body : { ...body, timeoutSeconds };
}

export type ModelsApi = ReturnType<typeof modelsApi>;

export const MODELS_KEY = ['models'] as const;

export function useModelProviders(api: ModelsApi) {
  return useProxyQuery(MODELS_KEY, api.list);
}

/** A change to the settings; the providers are read again once it settles, whatever the answer. */
export function useModelsChange<A, R>(run: (args: A) => Promise<R>) {
  return useProxyChange(MODELS_KEY, run);
}
