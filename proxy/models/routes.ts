// /api/models: the model providers the page may use (behind the token, Origin and Host checks like every /api
// route). GET lists them (never a key: its source and mask), DELETE forgets every typed key; per provider, PUT sets
// the endpoint and the models allowed, PUT and DELETE …/key set and forget its key, POST …/models lists the models
// its endpoint offers (the page's "Test"); POST /api/models/generate answers a model request with a ModelOutcome,
// within the page's time limit (`timeoutSeconds`, 1–600) or the proxy's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MODEL_PROVIDERS, modelTimeLimitProblem, type ModelProviderKind } from '../../src/protocol/wire.js';
import { isModelProvider } from '../../node/models/keys-file.js';
import type { ChangeOutcome, ModelKeys } from '../../node/models/keys.js';
import { allow, sendError, sendJson } from '../http.js';
import { readJsonBody } from '../json-body.js';
import { generateFor, modelRequestOf, type GenerateModel } from './generate.js';
import { listModels, type ModelList } from './list-models.js';

export const MODELS_PATH = '/api/models';
/** A sampling request may carry images and audio. */
export const MAX_MODEL_BODY_BYTES = 16 * 1024 * 1024;

export interface ModelRoutes {
  keys: ModelKeys;
  generate: GenerateModel;
  timeoutMs: number;
  /** Tests give their own; default GET {baseUrl}/models. */
  listModels?: (provider: ModelProviderKind, settings: ReturnType<ModelKeys['settings']>) => Promise<ModelList>;
}

export function serveModels(req: IncomingMessage, res: ServerResponse, path: string, routes: ModelRoutes): void {
  handle(req, res, path, routes).catch((err: unknown) => {
    if (res.headersSent) res.destroy();
    // The sentence names the cause, never a value: nothing here holds a key.
    else sendError(res, 500, `The model settings could not be changed (${err instanceof Error ? err.name : 'error'}): try again.`);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, path: string, routes: ModelRoutes): Promise<void> {
  const { keys } = routes;
  const parts = path
    .slice(MODELS_PATH.length)
    .split('/')
    .filter((p) => p !== '');
  const method = req.method;
  const withBody = async (then: (body: Record<string, unknown>) => Promise<void>): Promise<void> => {
    const body = await readJsonBody(req, MAX_MODEL_BODY_BYTES, 'a sampling request this large cannot be sent to a model from here');
    if (!body.ok) sendError(res, body.status, body.error);
    else await then(body.value);
  };
  const changed = (o: ChangeOutcome) => (o.ok ? sendJson(res, { provider: o.view }) : sendError(res, 400, o.error));

  if (parts.length === 0) {
    if (method === 'GET' || method === 'HEAD') sendJson(res, keys.listing());
    else if (method === 'DELETE') {
      await keys.forgetAll();
      sendJson(res, keys.listing());
    } else allow(res, 'GET, DELETE', MODELS_PATH, method);
    return;
  }
  if (parts.length === 1 && parts[0] === 'generate') {
    if (method !== 'POST') return allow(res, 'POST', `${MODELS_PATH}/generate`, method);
    await withBody(async (b) => {
      const checked = modelRequestOf(b.request);
      if (!checked.ok) return sendError(res, 400, checked.error);
      const timeoutProblem = b.timeoutSeconds === undefined ? undefined : modelTimeLimitProblem(b.timeoutSeconds);
      if (timeoutProblem !== undefined) return sendError(res, 400, `${timeoutProblem} Change it under Models in the settings.`);
      const timeoutMs = typeof b.timeoutSeconds === 'number' ? b.timeoutSeconds * 1000 : routes.timeoutMs;
      // The page went away or stopped asking (the server cancelled the sampling request): the provider call stops too.
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      sendJson(res, await generateFor(keys, routes.generate, checked.request, { timeoutMs, signal: gone.signal }));
    });
    return;
  }
  const provider = parts[0];
  if (!isModelProvider(provider) || parts.length > 2) {
    sendError(res, 404, `No API at ${path}: the providers are ${MODEL_PROVIDERS.map((p) => `${MODELS_PATH}/${p}`).join(', ')}.`);
    return;
  }
  const action = parts[1];
  if (action === undefined) {
    if (method !== 'PUT') return allow(res, 'PUT', `${MODELS_PATH}/${provider}`, method);
    await withBody(async (b) => changed(await keys.configure(provider, { baseUrl: b.baseUrl, models: b.models })));
  } else if (action === 'key') {
    if (method === 'PUT') await withBody(async (b) => changed(await keys.setKey(provider, b.key)));
    else if (method === 'DELETE') changed(await keys.forgetKey(provider));
    else allow(res, 'PUT, DELETE', `${MODELS_PATH}/${provider}/key`, method);
  } else if (action === 'models') {
    if (method !== 'POST') return allow(res, 'POST', `${MODELS_PATH}/${provider}/models`, method);
    const listed = await (routes.listModels ?? listModels)(provider, keys.settings(provider));
    const masked = keys.secrets().maskAll(listed);
    if (masked.ok) sendJson(res, { models: masked.models });
    else sendError(res, 502, masked.error);
  } else sendError(res, 404, `No "${action}" for a model provider: there are key and models.`);
}
