// The Models section of the settings: the providers the proxy can call for this page, where their keys are kept
// (the keys themselves stay in the proxy; the page only sees their last characters), and what to do when none is.
import type { ModelKeysListing } from '../../../protocol/index.js';
import { useModelsChange, useModelProviders } from './models-api.js';
import { ProviderSettings } from './ProviderSettings.js';
import { useModelsApi } from './use-models.js';
import './models.css';

function whereKept(listing: ModelKeysListing): string {
  if (listing.persistent && listing.file !== undefined)
    return `Typed keys are kept by the proxy in ${listing.file} (only you can read it), across restarts. This page never receives a key, only its last characters.`;
  return 'Typed keys are kept in the proxy’s memory until mcpscope stops (start it with --remember-credentials to keep them). This page never receives a key, only its last characters.';
}

export function ModelSettings() {
  const api = useModelsApi();
  const providers = useModelProviders(api);
  const forgetAll = useModelsChange(() => api.forgetAll());
  const listing = providers.data;
  return (
    <details className="model-settings">
      <summary>Models</summary>
      {providers.isPending && <p className="hint">Reading the model settings…</p>}
      {providers.isError && (
        <p className="field-error" role="alert">
          {providers.error.message}
        </p>
      )}
      {listing && (
        <>
          <p className="hint">{whereKept(listing)}</p>
          {listing.problem !== undefined && (
            <p className="field-error" role="alert">
              {listing.problem}
            </p>
          )}
          {!listing.providers.some((p) => p.ready) && (
            <p className="model-none">
              No model is set up: add a key, or a local endpoint (Ollama, LM Studio, vLLM, llama.cpp), to answer sampling requests with a model. Until then you
              answer them by hand, as before.
            </p>
          )}
          {listing.providers.map((view) => (
            <ProviderSettings key={view.provider} view={view} />
          ))}
          <button type="button" className="small" onClick={() => forgetAll.mutate(undefined)}>
            Forget all model keys
          </button>
        </>
      )}
    </details>
  );
}
