// "Answer with a model" in the sampling dock: the model the request's hints pre-select (any allowed one may be
// picked), its reply put into the reply form to review and edit before Send reply, with tokens, cost and latency;
// a failure where the person is looking, with Try again. The call stops when the request ends (the server
// cancels it, the connection closes) or its card goes. And, per connection, answering automatically.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { ModelOutcome } from '../../../protocol/index.js';
import { useApp, useConnectionScope } from '../../hooks.js';
import type { ReplyDraft } from '../sampling/reply.js';
import type { PendingSampling } from '../sampling/sampling-store.js';
import { allowedModels, draftFromReply, failureSentence, modelRequestOf, preselected, usageLine, type FailureToSay } from './model-answer.js';
import { useAllowedModelRefs, useModelsApi } from './use-models.js';

const NO_MODEL = 'No model is set up: add a key or a local endpoint under Models in the settings, or reply by hand below.';

type Failed = { ok: false; failure: FailureToSay };

export function ModelAnswerPanel({ item, onReply }: { item: PendingSampling; onReply: (draft: ReplyDraft) => void }) {
  const api = useModelsApi();
  const { sampling } = useConnectionScope();
  const timeoutSeconds = useStore(useApp().modelPrefs, (s) => s.timeoutSeconds);
  const { refs, providers } = useAllowedModelRefs(api);
  const choice = preselected(item.params, allowedModels(providers.data));
  const [picked, setPicked] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<ModelOutcome | Failed>();
  const inFlight = useRef<AbortController | undefined>(undefined);
  const ref = picked ?? choice?.ref ?? '';
  // The card goes (answered by hand, rejected, the request ended): a model still answering is stopped.
  useEffect(() => () => inFlight.current?.abort(), []);

  const ask = async (): Promise<void> => {
    const request = modelRequestOf(item.params, ref);
    if (typeof request === 'string') {
      setOutcome({ ok: false, failure: { message: request, retryable: false } });
      return;
    }
    const stop = new AbortController();
    inFlight.current = stop;
    const answered = sampling.modelAsked(item.n, () => stop.abort());
    setAsking(true);
    setOutcome(undefined);
    try {
      const answer = await api.generate(request, stop.signal);
      setOutcome(answer);
      if (answer.ok) onReply(draftFromReply(answer.reply));
    } catch (error) {
      // Stopped on purpose: the request's card says why, or is gone.
      if (!stop.signal.aborted) setOutcome({ ok: false, failure: { message: error instanceof Error ? error.message : String(error), retryable: true } });
    } finally {
      answered();
      if (inFlight.current === stop) inFlight.current = undefined;
      if (!stop.signal.aborted) setAsking(false);
    }
  };

  if (providers.isPending) return null;
  return (
    <section className="model-answer" aria-label="Answer with a model">
      {item.modelFailure !== undefined && (
        <p className="field-error" role="alert">
          The automatic answer did not come: {item.modelFailure} Answer with a model again, or by hand.
        </p>
      )}
      {refs.length === 0 ? (
        <p className="hint">{providers.isError ? providers.error.message : NO_MODEL}</p>
      ) : (
        <>
          <div className="model-answer-row">
            <label>
              Model to answer with
              <select value={ref} onChange={(e) => setPicked(e.target.value)}>
                {refs.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <button type="button" disabled={asking || ref === ''} onClick={() => void ask()}>
              {asking ? 'Asking the model…' : 'Answer with a model'}
            </button>
          </div>
          {choice && picked === undefined && <p className="hint">Pre-selected by {choice.reason}.</p>}
        </>
      )}
      {outcome?.ok === true && (
        <p role="status" className="model-usage">
          {ref} answered ({usageLine(outcome.reply)}); its reply is in the form below: review it, change it if you like, then Send reply.
        </p>
      )}
      {outcome?.ok === false && (
        <div className="failure" role="alert">
          <p>{failureSentence(outcome.failure, ref, timeoutSeconds)}</p>
          {outcome.failure.retryable && (
            <button type="button" onClick={() => void ask()}>
              Try again
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** Per connection: every sampling request answered by the model chosen, without asking; each answer is in the Log. */
export function AutoModelSettings() {
  const { sampling } = useConnectionScope();
  const auto = useStore(sampling.store, (s) => s.autoModel);
  const { refs } = useAllowedModelRefs(useModelsApi());
  if (refs.length === 0 && !auto.on) return null;
  const ref = auto.ref !== '' ? auto.ref : (refs[0] ?? '');
  return (
    <fieldset className={`sampling-canned${auto.on ? ' on' : ''}`}>
      <legend>Answer with a model automatically {auto.on && <strong className="sampling-canned-flag">ON</strong>}</legend>
      <label className="sampling-inline">
        <input type="checkbox" checked={auto.on} onChange={(e) => sampling.setAutoModel({ on: e.target.checked, ref })} /> Answer this connection's sampling
        requests with a model, without asking
      </label>
      <label>
        Automatic model
        <select value={ref} onChange={(e) => sampling.setAutoModel({ ref: e.target.value })}>
          {refs.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <p className="hint">A request the model cannot answer waits here for you, with the reason. Each answer is in the Log.</p>
    </fieldset>
  );
}
