// The raw composer: send any text as a frame — malformed, a batch, a
// notification — and see the replies, paired and linted like all traffic.

import { useEffect, useId, useMemo, useState } from 'react';
import { classifyFrame, formatDuration, type RequestOutcome } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { useConnectionScope, useConnection, useNavigation } from '../../hooks.js';
import { shownNote, TEMPLATES, type Noted } from './templates.js';
import './composer.css';

interface Sent {
  n: number;
  message: string;
  replies: Array<{ id: string; method: string; outcome?: RequestOutcome }>;
}

let counter = 0;
const nextId = () => `composer-${++counter}`;

function describe(text: string): string {
  if (text.trim() === '') return 'Empty.';
  const f = classifyFrame(text);
  switch (f.kind) {
    case 'invalid':
      return `Not a valid JSON-RPC message: ${f.reason}. It will be sent exactly as typed.`;
    case 'batch':
      return `A batch of ${f.items.length}: ${f.items.map((i) => (i.kind === 'request' || i.kind === 'notification' ? `${i.kind} ${i.message.method}` : i.kind)).join(', ')}.`;
    case 'notification':
      return `A notification (${f.message.method}): no id, so no answer is due.`;
    case 'request':
      return `A request (${f.message.method}, id ${JSON.stringify(f.message.id)}).`;
    default:
      return `A ${f.kind} (it answers a request the server sent).`;
  }
}

/** A single request's text with a new id, or undefined when it is not one. */
function withFreshId(raw: string): string | undefined {
  const f = classifyFrame(raw);
  if (f.kind !== 'request') return undefined;
  return JSON.stringify({ ...f.message, id: nextId() });
}

function outcomeText(o: RequestOutcome | undefined): string {
  if (!o) return 'waiting…';
  switch (o.status) {
    case 'result':
      return `result in ${formatDuration(o.rttMs)}: ${o.response.raw}`;
    case 'error':
      return `error ${o.error.code} in ${formatDuration(o.rttMs)}: ${o.response.raw}`;
    default:
      return o.message;
  }
}

export function ComposerTab() {
  const { navigationStore } = useApp();
  const { controller } = useConnectionScope();
  const [noted, setNoted] = useState<Noted>(() => ({ note: TEMPLATES[0]!.note, text: TEMPLATES[0]!.text(nextId) }));
  const [text, setText] = useState(noted.text);
  const note = shownNote(noted, text);
  const load = (loaded: Noted) => {
    setNoted(loaded);
    setText(loaded.text);
  };
  const [sent, setSent] = useState<Sent[]>([]);
  const ready = useConnection((s) => s.snapshot !== null && s.snapshot.status !== 'closed' && s.snapshot.status !== 'connecting');
  const draft = useNavigation((s) => s.composerDraft);
  const editorId = useId();
  const preview = useMemo(() => describe(text), [text]);

  useEffect(() => {
    if (!draft) return;
    const fresh = withFreshId(draft.raw);
    load({
      text: fresh ?? draft.raw,
      note: fresh
        ? 'Loaded from the log with a new id (sending the old one again would reuse an id, which the spec forbids; put it back to test exactly that).'
        : 'Loaded from the log. Edit it, then send it again.',
    });
  }, [draft]);

  const send = () => {
    const session = controller.session;
    if (!session) return;
    const r = session.sendText(text);
    const n = ++counter;
    const entry: Sent = { n, message: r.message, replies: r.requests.map((q) => ({ id: JSON.stringify(q.id), method: q.method })) };
    setSent((s) => [entry, ...s].slice(0, 20));
    r.requests.forEach((q, i) => {
      void q.outcome.then((outcome) =>
        setSent((list) => list.map((e) => (e.n === n ? { ...e, replies: e.replies.map((rep, j) => (j === i ? { ...rep, outcome } : rep)) } : e))),
      );
    });
  };

  return (
    <div className="composer-tab">
      <div className="composer-templates" role="group" aria-label="Templates">
        {TEMPLATES.map((t) => (
          <button key={t.id} type="button" onClick={() => load({ note: t.note, text: t.text(nextId) })}>
            {t.label}
          </button>
        ))}
      </div>
      <label htmlFor={editorId}>Frame text</label>
      <textarea id={editorId} className="composer-editor mono" rows={6} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      <p className="hint">{preview}</p>
      {note && <p className="hint">{note}</p>}
      <div className="toolbar">
        <button type="button" className="primary" disabled={!ready} onClick={send}>
          Send frame
        </button>
        {!ready && <span className="hint">Connect to a server first.</span>}
        <button type="button" onClick={() => navigationStore.getState().selectTab('log')}>
          Open the log
        </button>
      </div>
      <ol className="composer-sent" aria-label="Sent frames" aria-live="polite">
        {sent.map((e) => (
          <li key={e.n}>
            <p>
              {e.replies.length > 0 && e.replies.every((r) => r.outcome)
                ? `Sent; ${e.replies.length === 1 ? 'the answer is' : 'all answers are'} in.`
                : e.message}
            </p>
            {e.replies.length > 0 && (
              <ul>
                {e.replies.map((r) => (
                  <li key={r.id} className="mono">
                    {r.method} {r.id}: {outcomeText(r.outcome)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
