// The models API for this page's token and time limit.
import { useMemo } from 'react';
import { useApp } from '../../hooks.js';
import { modelsApi, type ModelsApi } from './models-api.js';

export function useModelsApi(): ModelsApi {
  const { token, modelPrefs } = useApp();
  return useMemo(() => modelsApi(token ?? '', undefined, () => modelPrefs.getState().timeoutSeconds), [token, modelPrefs]);
}
