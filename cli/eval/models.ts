// The model calls of `mcpscope eval` from the command line: refs read as
// everywhere (parseModelRef), each call through node/models with the
// provider's key and endpoint from its usual variables or --model-base-url,
// within the eval file's timeout (or --model-timeout).

import { parseModelRef } from '../../src/protocol/index.js';
import { generate } from '../../node/models/generate.js';
import { modelSettingsFromEnv } from '../../node/models/settings.js';
import type { OptionValues } from '../../options/table.js';
import type { EvalModels } from './command.js';

export function cliEvalModels(env: NodeJS.ProcessEnv, values: Pick<OptionValues, 'modelBaseUrl' | 'modelTimeout'>): EvalModels {
  return {
    parse: parseModelRef,
    generate: (request, timeoutMs) =>
      generate(
        request,
        modelSettingsFromEnv(request.model.provider, env, {
          ...(values.modelBaseUrl !== undefined ? { baseUrl: values.modelBaseUrl } : {}),
          timeoutMs: values.modelTimeout ?? timeoutMs,
        }),
      ),
  };
}
