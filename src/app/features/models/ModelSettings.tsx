// The Models section of the settings: the providers the proxy can call for this page, where their keys are kept
// (the keys themselves stay in the proxy; the page only sees their last characters), what to do when none is, and
// how long one model answer may take.
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { DEFAULT_MODEL_TIMEOUT_MS, MAX_MODEL_TIMEOUT_S, MIN_MODEL_TIMEOUT_S, type ModelKeysListing } from '../../../protocol/index.js';
import { useApp } from '../../hooks.js';
import { useModelsChange, useModelProviders } from './models-api.js';
import { ProviderSettings } from './ProviderSettings.js';
import { useModelsApi } from './use-models.js';
import './models.css';

function whereKept(listing: ModelKeysListing): string {
  if (listing.persistent && listing.file !== undefined)
    return `Typed keys are kept by the proxy in ${listing.file} (only you can read it), across restarts. This page never receives a key, only its last characters.`;
  return 'Typed keys are kept in the proxy’s memory until mcpscope stops (start it with --remember-credentials to keep them). This page never receives a key, only its last characters.';
}

const DEFAULT_S = DEFAULT_MODEL_TIMEOUT_MS / 1000;

/** The page's time limit for one model answer (sampling and Chat), sent with each request; empty: the proxy's. */
function TimeLimitSetting() {
  const { modelPrefs } = useApp();
  const saved = useStore(modelPrefs, (s) => s.timeoutSeconds);
  const [draft, setDraft] = useState(saved === undefined ? '' : String(saved));
  const [problem, setProblem] = useState<string>();
  const said = useId();
  const change = (text: string): void => {
    setDraft(text);
    setProblem(modelPrefs.getState().setTimeoutSeconds(text.trim() === '' ? undefined : Number(text)));
  };
  return (
    <div className="model-time-limit">
      <label>
        Time limit for one model answer (seconds)
        <input
          type="number"
          min={MIN_MODEL_TIMEOUT_S}
          max={MAX_MODEL_TIMEOUT_S}
          step={1}
          placeholder={String(DEFAULT_S)}
          value={draft}
          aria-invalid={problem !== undefined}
          aria-describedby={said}
          onChange={(e) => change(e.target.value)}
        />
      </label>
      {problem !== undefined ? (
        <p id={said} className="field-error" role="alert">
          {problem} The limit in use stays {saved ?? DEFAULT_S} s.
        </p>
      ) : (
        <p id={said} className="hint">
          {saved === undefined ? `Empty: the proxy's default, ${DEFAULT_S} s.` : `A model that has not answered within ${saved} s is given up, with Try again.`}{' '}
          Kept in this browser.
        </p>
      )}
    </div>
  );
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
          <TimeLimitSetting />
          <button type="button" className="small" onClick={() => forgetAll.mutate(undefined)}>
            Forget all model keys
          </button>
        </>
      )}
    </details>
  );
}
