// The models API for this page's token and time limit, and the models the person allowed, as the Chat and Evals tabs offer them.
import { useMemo } from 'react';
import { modelRefText } from '../../../protocol/index.js';
import { useApp } from '../../hooks.js';
import { allowedModels } from './model-answer.js';
import { modelsApi, useModelProviders, type ModelsApi } from './models-api.js';

/** What a tab that needs a model says while no provider is ready. */
export const NO_MODEL =
  'No model is set up. Add an API key (Anthropic or OpenAI) or a local OpenAI-compatible endpoint (Ollama, LM Studio, …) under Models in the settings, or start the proxy with ANTHROPIC_API_KEY or OPENAI_API_KEY set.';

export function useModelsApi(): ModelsApi {
  const { token, modelPrefs } = useApp();
  return useMemo(() => modelsApi(token ?? '', undefined, () => modelPrefs.getState().timeoutSeconds), [token, modelPrefs]);
}

/** The providers' listing and every allowed model as `PROVIDER/MODEL`, in the person's order. */
export function useAllowedModelRefs(api: ModelsApi) {
  const providers = useModelProviders(api);
  return { providers, refs: allowedModels(providers.data).map(modelRefText) };
}
