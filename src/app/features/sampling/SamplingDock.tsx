// The sampling dock: beside the page, never over it as a modal, so the person can
// read the Log and the tool call while a server waits. Each pending request
// with its reply form, the canned reply, and what was answered lately.

import { useStore } from 'zustand';
import { useConnectionScope } from '../../hooks.js';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import { formatClock } from '../../../protocol/index.js';
import { useState } from 'react';
import { EMPTY_DRAFT, SamplingReplyForm } from './SamplingReplyForm.js';
import type { ReplyDraft } from './reply.js';
import { AutoModelSettings, ModelAnswerPanel } from '../models/ModelAnswer.js';
import { SamplingRequestView } from './SamplingRequestView.js';
import { type AnsweredSampling, type PendingSampling, type StoppedSampling } from './sampling-store.js';
import './sampling.css';

function CannedReplySettings() {
  const { sampling } = useConnectionScope();
  const canned = useStore(sampling.store, (s) => s.canned);
  return (
    <fieldset className={`sampling-canned${canned.on ? ' on' : ''}`}>
      <legend>Canned reply {canned.on && <strong className="sampling-canned-flag">ON</strong>}</legend>
      <label className="sampling-inline">
        <input type="checkbox" checked={canned.on} onChange={(e) => sampling.setCanned({ on: e.target.checked })} /> Answer every sampling request at once with
        this reply
      </label>
      <label>
        Canned text
        <textarea rows={2} value={canned.text} onChange={(e) => sampling.setCanned({ text: e.target.value })} />
      </label>
      <label>
        Canned model
        <input value={canned.model} onChange={(e) => sampling.setCanned({ model: e.target.value })} />
      </label>
      <p className="hint">While it is on, requests are answered without asking (malformed ones with -32602, as the spec says); each answer is in the Log.</p>
    </fieldset>
  );
}

function toolCallLine(item: Pick<PendingSampling, 'toolCall'>): string {
  if (!item.toolCall) return 'No tools/call of this page was in flight when it came.';
  const id = item.toolCall.requestId === undefined ? '' : ` (request id ${JSON.stringify(item.toolCall.requestId)})`;
  return `During tools/call ${item.toolCall.name}${id}.`;
}

function PendingCard({ item, position, of }: { item: PendingSampling; position: number; of: number }) {
  const [draft, setDraft] = useState<ReplyDraft>(EMPTY_DRAFT);
  return (
    <section className="sampling-card" aria-label={`Sampling request ${item.n}`}>
      <h3>
        Request {position} of {of} waiting{' '}
        <span className="hint">
          id {JSON.stringify(item.id)}, received {formatClock(item.receivedAt)}
        </span>
      </h3>
      <p className="sampling-tool-call">{toolCallLine(item)}</p>
      <ErrorBoundary what="This sampling request">
        <SamplingRequestView item={item} />
      </ErrorBoundary>
      <ErrorBoundary what="Answer with a model">
        <ModelAnswerPanel item={item} onReply={setDraft} />
      </ErrorBoundary>
      <SamplingReplyForm item={item} draft={draft} setDraft={setDraft} />
    </section>
  );
}

const STOPPED_HEADING: Record<StoppedSampling['outcome'], string> = {
  'cancelled-by-server': 'Request cancelled by the server',
  'connection-closed': 'Request ended with its connection',
  'given-up': 'Request given up: its call was cancelled',
};

/** A request that ended while a model was answering it: the card stays, saying so, until the person has read it. */
function StoppedCard({ stopped }: { stopped: StoppedSampling }) {
  const { sampling } = useConnectionScope();
  return (
    <section className="sampling-card sampling-stopped" aria-label={`Sampling request ${stopped.n}`}>
      <h3>
        {STOPPED_HEADING[stopped.outcome]}
        <span className="hint">id {JSON.stringify(stopped.id)}</span>
      </h3>
      <p role="status">{stopped.sentence} Nothing was sent back.</p>
      <button type="button" className="small" onClick={() => sampling.dismissStopped(stopped.n)}>
        Dismiss
      </button>
    </section>
  );
}

const OUTCOME_LABEL: Record<AnsweredSampling['outcome'], string> = {
  replied: 'replied',
  rejected: 'rejected',
  'invalid-params': '-32602',
  canned: 'canned reply',
  model: 'model',
  'cancelled-by-server': 'cancelled by the server',
  'connection-closed': 'connection closed',
  'given-up': 'given up (call cancelled)',
};

function AnsweredList() {
  const { sampling } = useConnectionScope();
  const answered = useStore(sampling.store, (s) => s.answered);
  if (answered.length === 0) return null;
  return (
    <section aria-label="Answered sampling requests" className="sampling-answered">
      <h3>Answered lately</h3>
      <ol>
        {answered.map((a) => (
          <li key={a.n}>
            <span className={`badge sampling-outcome-${a.outcome}`}>{OUTCOME_LABEL[a.outcome]}</span> {formatClock(a.at)} · id {JSON.stringify(a.id)}
            {a.toolCall ? ` · tools/call ${a.toolCall.name}` : ''} — {a.summary}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SamplingDock() {
  const { sampling } = useConnectionScope();
  const queue = useStore(sampling.store, (s) => s.queue);
  const stopped = useStore(sampling.store, (s) => s.stopped);
  const cannedOn = useStore(sampling.store, (s) => s.canned.on);
  return (
    <aside className="sampling-dock" aria-label="Sampling">
      <header className="sampling-dock-header">
        <h2>Sampling requests</h2>
        {cannedOn && <span className="sampling-canned-flag">canned reply ON</span>}
        <button type="button" className="small" onClick={() => sampling.setOpen(false)}>
          Close
        </button>
      </header>
      {stopped.map((item) => (
        <StoppedCard key={item.n} stopped={item} />
      ))}
      {queue.length === 0 ? (
        <p className="hint">
          No sampling request is waiting. When a server sends sampling/createMessage, it waits here for your reply; the page goes on meanwhile.
        </p>
      ) : (
        queue.map((item, i) => <PendingCard key={item.n} item={item} position={i + 1} of={queue.length} />)
      )}
      <CannedReplySettings />
      <AutoModelSettings />
      <AnsweredList />
    </aside>
  );
}
