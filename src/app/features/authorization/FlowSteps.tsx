// The OAuth flow as numbered steps: title, state, summary, what was learnt,
// findings (rule and spec link), the error sentence, and each step's HTTP
// exchanges folded under it (already masked by the proxy).

import { formatClock, formatDuration, type AuthExchangeView, type AuthStepState, type AuthStepView } from '../../../protocol/index.js';
import { FindingText } from '../../lint/LintFindings.js';

const STATE_LABEL: Record<AuthStepState, string> = {
  pending: 'pending',
  running: 'running',
  ready: 'next',
  waiting: 'waiting for you',
  done: 'done',
  failed: 'failed',
  skipped: 'skipped',
};

function HeaderList({ title, headers }: { title: string; headers: ReadonlyArray<readonly [string, string]> | undefined }) {
  if (headers === undefined || headers.length === 0) return null;
  return (
    <section>
      <h5>{title}</h5>
      <dl className="mono auth-headers">
        {headers.map(([name, value], i) => (
          <div key={`${name}-${i}`}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Body({ title, body }: { title: string; body: string | undefined }) {
  if (body === undefined || body === '') return null;
  return (
    <section>
      <h5>{title}</h5>
      <pre className="auth-body">{body}</pre>
    </section>
  );
}

function Exchange({ x }: { x: AuthExchangeView }) {
  const outcome = x.status !== undefined ? String(x.status) : 'no response';
  return (
    <details className={`auth-exchange${x.error !== undefined || (x.status ?? 0) >= 400 ? ' bad' : ''}`}>
      <summary className="mono">
        {x.method} {x.url} → {outcome} <span className="hint">· {formatDuration(x.durationMs)}</span>
      </summary>
      <p className="hint">
        Started {formatClock(x.startedAt)}
        {x.contentType !== undefined && ` · ${x.contentType}`}
      </p>
      {x.error !== undefined && <p className="failure-text">{x.error}</p>}
      <div className="auth-exchange-parts">
        <HeaderList title="Request headers" headers={x.requestHeaders} />
        <Body title="Request body" body={x.requestBody} />
        <HeaderList title="Response headers" headers={x.responseHeaders} />
        <Body title="Response body" body={x.responseBody} />
      </div>
    </details>
  );
}

/** A step still running (or next) when its flow has ended was stopped there: say so rather than "running". */
function shownState(state: AuthStepState, ended: boolean): { className: AuthStepState; label: string } {
  if (ended && (state === 'running' || state === 'ready' || state === 'waiting')) return { className: 'pending', label: 'stopped' };
  return { className: state, label: STATE_LABEL[state] };
}

export function FlowStep({ step, ended }: { step: AuthStepView; ended: boolean }) {
  const state = shownState(step.state, ended);
  return (
    <li className={`auth-step state-${state.className}`} aria-label={`Step ${step.number}: ${step.title}, ${state.label}`}>
      <div className="auth-step-head">
        <span className="auth-step-number">{step.number}</span>
        <span className="auth-step-title">{step.title}</span>
        <span className={`auth-state state-${state.className}`}>{state.label}</span>
      </div>
      {step.summary !== undefined && <p className="auth-step-summary">{step.summary}</p>}
      {step.error !== undefined && (
        <p className="failure-text" role="note">
          {step.error}
        </p>
      )}
      {step.learnt.length > 0 && (
        <dl className="auth-learnt">
          {step.learnt.map(([label, value], i) => (
            <div key={`${label}-${i}`}>
              <dt>{label}</dt>
              <dd className="mono">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {step.findings.length > 0 && (
        <ul className="auth-findings" aria-label={`Findings of step ${step.number}`}>
          {step.findings.map((f, i) => (
            <li key={i}>
              <FindingText finding={f} severityClassName={`auth-severity ${f.severity}`} />
            </li>
          ))}
        </ul>
      )}
      {step.exchanges.length > 0 && (
        <div className="auth-exchanges" aria-label={`HTTP exchanges of step ${step.number}`}>
          {step.exchanges.map((x, i) => (
            <Exchange key={i} x={x} />
          ))}
        </div>
      )}
    </li>
  );
}

export function FlowSteps({ steps, ended }: { steps: readonly AuthStepView[]; ended: boolean }) {
  return (
    <ol className="auth-steps" aria-label="Steps of the authorization">
      {steps.map((s) => (
        <FlowStep key={s.id} step={s} ended={ended} />
      ))}
    </ol>
  );
}
