// The Evals tab: an eval file (the format of `mcpscope eval`), opened or pasted, asked of the models ticked here with
// this connection's tools offered; progress while it runs, Stop, the results table, the tools the models confused
// put into Problems, and the results as JSON.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { parseEvalSuite, plural, withRunsAndThreshold } from '../../../protocol/index.js';
import { useApp, useConnectionScope } from '../../hooks.js';
import { NO_MODEL, useAllowedModelRefs, useModelsApi } from '../models/use-models.js';
import { connectionTools, putInProblems } from './eval-connection.js';
import { createEvalStore, type EvalStore } from './eval-store.js';
import { EvalResults } from './EvalResults.js';
import { exportEvalRun } from './export.js';
import { overridesOf } from './overrides.js';
import './evals.css';

const EXAMPLE = `# The format of mcpscope eval (docs/evals.md); the tools are this connection's.
runs: 3
threshold: 0.8
prompts:
  - name: repeat
    prompt: Repeat after me, hello
    expect: { tool: echo, arguments: { match: { message: hello } } }
  - name: chat
    prompt: How are you?
    expect: { tool: none }
`;

function useEvalStore(): EvalStore {
  const app = useApp();
  const scope = useConnectionScope();
  const api = useModelsApi();
  const queryClient = useQueryClient();
  const [store] = useState(() =>
    createEvalStore({
      generate: (request, signal) => api.generate(request, signal),
      tools: () => connectionTools(scope, queryClient),
      findings: (connection, findings) => putInProblems(app, scope, connection, findings),
    }),
  );
  return store;
}

/** Runs or Threshold: empty keeps each prompt's own. */
function OverrideField(props: { label: string; inputMode: 'numeric' | 'decimal'; value: string; onChange: (text: string) => void; disabled: boolean }) {
  return (
    <label>
      {props.label}
      <input
        type="text"
        inputMode={props.inputMode}
        value={props.value}
        placeholder="the file's"
        size={8}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled}
      />
    </label>
  );
}

export function EvalsTab() {
  const { navigationStore } = useApp();
  const { providers, refs } = useAllowedModelRefs(useModelsApi());
  const store = useEvalStore();
  const state = useStore(store);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('eval');
  const [ticked, setTicked] = useState<readonly string[]>();
  const [runsText, setRunsText] = useState('');
  const [thresholdText, setThresholdText] = useState('');
  const parsed = useMemo(() => (text.trim() === '' ? undefined : parseEvalSuite(text, fileName)), [text, fileName]);
  const suite = parsed?.ok ? parsed.value : undefined;
  const overrides = overridesOf(runsText, thresholdText);

  const fromFile = (suite?.models ?? []).filter((m) => refs.includes(m));
  const chosen = (ticked ?? (fromFile.length > 0 ? fromFile : refs.slice(0, 1))).filter((m) => refs.includes(m));
  const notAllowed = (suite?.models ?? []).filter((m) => !refs.includes(m));
  const last = state.last;

  const run = () => {
    if (!suite || !overrides.ok) return;
    void store.getState().run(withRunsAndThreshold(suite, overrides.value), chosen);
  };

  return (
    <section className="evals" aria-label="Evals">
      <p className="hint">
        Each prompt of an eval file is asked of the models ticked here, with this connection&apos;s tools offered; the first tool call of every reply is judged
        against the tool the prompt expects. Nothing is called on the server. The format is that of <code>mcpscope eval</code>.
      </p>
      <div className="evals-file">
        <label className="evals-text">
          Eval file (YAML or JSON)
          <textarea value={text} rows={10} spellCheck={false} placeholder={EXAMPLE} onChange={(e) => setText(e.target.value)} disabled={state.running} />
        </label>
        <div className="evals-file-actions">
          <label className="evals-open">
            Open a file…
            <input
              type="file"
              accept=".yaml,.yml,.json"
              disabled={state.running}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                void file.text().then((t) => {
                  setFileName(file.name.replace(/\.(ya?ml|json)$/i, ''));
                  setText(t);
                });
                e.target.value = '';
              }}
            />
          </label>
          <button type="button" onClick={() => setText(EXAMPLE)} disabled={state.running}>
            Start from an example
          </button>
        </div>
        {parsed && !parsed.ok && (
          <p className="evals-problem" role="alert">
            The eval file is not valid: {parsed.error.message}
          </p>
        )}
        {suite && (
          <p className="hint">
            {`${suite.name}: ${plural(suite.prompts.length, 'prompt')}.`}
            {suite.server !== undefined && " The file's server is not started here: its prompts are asked with the tools of this connection."}
          </p>
        )}
      </div>

      <div className="evals-settings">
        <fieldset className="evals-models">
          <legend>Models</legend>
          {providers.isPending && <span className="hint">Reading the model settings…</span>}
          {!providers.isPending && refs.length === 0 && (
            <span className="evals-problem" role="status">
              {providers.isError ? providers.error.message : NO_MODEL}
            </span>
          )}
          {refs.map((ref) => (
            <label key={ref}>
              <input
                type="checkbox"
                checked={chosen.includes(ref)}
                disabled={state.running}
                onChange={(e) => setTicked(e.target.checked ? [...chosen, ref] : chosen.filter((m) => m !== ref))}
              />
              {ref}
            </label>
          ))}
          {notAllowed.length > 0 && refs.length > 0 && (
            <span className="hint">
              The file names {notAllowed.join(', ')}, not among the models allowed: add {notAllowed.length === 1 ? 'it' : 'them'} under Models in the settings,
              or tick an allowed one.
            </span>
          )}
        </fieldset>
        <OverrideField label="Runs" inputMode="numeric" value={runsText} onChange={setRunsText} disabled={state.running} />
        <OverrideField label="Threshold" inputMode="decimal" value={thresholdText} onChange={setThresholdText} disabled={state.running} />
        {state.running ? (
          <button type="button" onClick={() => store.getState().stop()}>
            Stop
          </button>
        ) : (
          <button type="button" className="primary" onClick={run} disabled={!suite || !overrides.ok || chosen.length === 0}>
            Run
          </button>
        )}
        {last && !state.running && (
          <button type="button" onClick={() => exportEvalRun(last)}>
            Export results (JSON)
          </button>
        )}
      </div>
      {!overrides.ok && (
        <p className="evals-problem" role="alert">
          {overrides.error}
        </p>
      )}
      {state.progress && (
        <div className="evals-progress" role="status">
          <progress aria-label="Runs done" value={state.progress.done} max={Math.max(state.progress.total, 1)} />
          <span>
            {state.progress.total > 0
              ? `${state.progress.done} of ${plural(state.progress.total, 'run')} done${state.progress.last ? ` · last: ${state.progress.last}` : ''}`
              : 'Reading the tools of the connection…'}
          </span>
        </div>
      )}
      {state.problem !== undefined && !state.running && (
        <p className="evals-problem" role="alert">
          {state.problem}
        </p>
      )}
      {state.running && state.live && <EvalResults name={state.live.name} cells={state.live.cells} pairs={state.live.pairs} />}
      {last && !state.running && (
        <>
          {last.confusions > 0 && (
            <p className="evals-confusions">
              {`The models confused tools: ${plural(last.confusions, 'finding')} (MODEL-TOOLS-CONFUSED) for this connection in Problems.`}{' '}
              <button type="button" className="small" onClick={() => navigationStore.getState().selectTab('problems')}>
                Open Problems
              </button>
            </p>
          )}
          <EvalResults name={last.report.name} cells={last.report.cells} stopped={last.report.stopped} />
        </>
      )}
    </section>
  );
}
