// The models API for this page's token.
import { useMemo } from 'react';
import { useApp } from '../../hooks.js';
import { modelsApi, type ModelsApi } from './models-api.js';

export function useModelsApi(): ModelsApi {
  const { token } = useApp();
  return useMemo(() => modelsApi(token ?? ''), [token]);
}
