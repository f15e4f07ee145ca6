// One provider in the Models settings: its key (typed once into a password field, masked after, never read back),
// its endpoint, and the models the person allows; a local endpoint has a "Test" that lists what it serves.
import { useId, useState } from 'react';
import type { ModelProviderKind, ProviderView } from '../../../protocol/index.js';
import { useModelsChange } from './models-api.js';
import { useModelsApi } from './use-models.js';

export const PROVIDER_NAMES: Record<ModelProviderKind, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  'openai-compatible': 'Local or OpenAI-compatible',
};

function keyLine(view: ProviderView): string {
  if (view.key === undefined) return view.provider === 'openai-compatible' ? 'No key (a local server needs none).' : 'No key yet.';
  const where =
    view.key.source === 'env'
      ? `from ${view.key.variable ?? 'the environment'}`
      : view.key.source === 'stored'
        ? 'typed, kept in the key file'
        : 'typed, in memory';
  return `Key ${view.key.masked} (${where}).`;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function ProviderSettings({ view }: { view: ProviderView }) {
  const api = useModelsApi();
  const id = useId();
  const name = PROVIDER_NAMES[view.provider];
  const [key, setKey] = useState('');
  const [baseUrl, setBaseUrl] = useState(view.baseUrlSource === 'set' ? (view.baseUrl ?? '') : '');
  const [models, setModels] = useState(view.models.join(', '));
  const [found, setFound] = useState<string[]>();
  const saveKey = useModelsChange((k: string) => api.setKey(view.provider, k));
  const forgetKey = useModelsChange(() => api.forgetKey(view.provider));
  const configure = useModelsChange((change: { baseUrl?: string; models?: string[] }) => api.configure(view.provider, change));
  const test = useModelsChange(async () => {
    await api.configure(view.provider, { baseUrl });
    return api.listModels(view.provider);
  });
  const local = view.provider === 'openai-compatible';
  // The error of the last change made, so an older one does not stay once a later one fails or works.
  const latest = [saveKey, forgetKey, configure, test].reduce((a, b) => (b.submittedAt > a.submittedAt ? b : a));
  const failed = latest.isError ? latest : undefined;
  const modelList = (text: string) =>
    text
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m !== '');

  return (
    <fieldset className="model-provider" aria-label={name}>
      <legend>
        {name} <span className={`badge ${view.ready ? 'model-ready' : 'model-not-ready'}`}>{view.ready ? 'ready' : 'not set up'}</span>
      </legend>
      <p className="hint">{keyLine(view)}</p>
      <form
        className="model-row"
        onSubmit={(e) => {
          e.preventDefault();
          saveKey.mutate(key, { onSuccess: () => setKey('') });
        }}
      >
        <label htmlFor={`${id}-key`}>{name} API key</label>
        <input id={`${id}-key`} type="password" autoComplete="off" spellCheck={false} value={key} onChange={(e) => setKey(e.target.value)} />
        <button type="submit" className="small" disabled={key.trim() === '' || saveKey.isPending}>
          Save key
        </button>
        {(view.key?.source === 'typed' || view.key?.source === 'stored') && (
          <button type="button" className="small" onClick={() => forgetKey.mutate(undefined)}>
            Forget key
          </button>
        )}
      </form>
      <form
        className="model-row"
        onSubmit={(e) => {
          e.preventDefault();
          configure.mutate({ baseUrl, models: modelList(models) });
        }}
      >
        <label htmlFor={`${id}-url`}>{local ? 'Endpoint' : `${name} endpoint`}</label>
        <input
          id={`${id}-url`}
          value={baseUrl}
          placeholder={local ? 'http://127.0.0.1:11434/v1' : (view.baseUrl ?? '')}
          onChange={(e) => setBaseUrl(e.target.value)}
          spellCheck={false}
        />
        <label htmlFor={`${id}-models`}>Models allowed</label>
        <input id={`${id}-models`} value={models} placeholder={local ? 'llama3.2, qwen3' : ''} onChange={(e) => setModels(e.target.value)} spellCheck={false} />
        <button type="submit" className="small" disabled={configure.isPending}>
          Save
        </button>
        {local && (
          <button
            type="button"
            className="small"
            disabled={baseUrl.trim() === '' || test.isPending}
            onClick={() => test.mutate(undefined, { onSuccess: setFound })}
          >
            {test.isPending ? 'Testing…' : 'Test'}
          </button>
        )}
      </form>
      {found !== undefined && (
        <div className="model-found" role="status">
          {found.length === 0 ? (
            <p>The endpoint answered, but serves no model: pull one first (ollama pull llama3.2).</p>
          ) : (
            <>
              <p>The endpoint serves: {found.join(', ')}.</p>
              <button
                type="button"
                className="small"
                onClick={() => {
                  setModels(found.join(', '));
                  configure.mutate({ baseUrl, models: found });
                }}
              >
                Allow these models
              </button>
            </>
          )}
        </div>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {message(failed.error)}
        </p>
      )}
    </fieldset>
  );
}
