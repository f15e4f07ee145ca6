// The person's answer to one sampling request: text, an image or audio file,
// tool uses where tools were offered, the model and stopReason — or a
// rejection (-1), or -32602 when the request itself is malformed.

import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { offeredToolNames } from '../../../protocol/index.js';
import { useConnectionScope } from '../../hooks.js';
import { ProblemList } from '../../components/ProblemList.js';
import { STOP_REASONS, buildReply, mediaOf, type AttachedMedia, type ReplyDraft } from './reply.js';
import { DEFAULT_MODEL, invalidParamsAnswer, rejection, type PendingSampling } from './sampling-store.js';

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

export const EMPTY_DRAFT: ReplyDraft = { text: '', model: DEFAULT_MODEL, stopReason: 'endTurn', customStopReason: '', toolUses: [] };

/** The draft is the card's: "Answer with a model" puts the model's reply in it, for the person to review. */
export function SamplingReplyForm({ item, draft, setDraft }: { item: PendingSampling; draft: ReplyDraft; setDraft: Dispatch<SetStateAction<ReplyDraft>> }) {
  const { sampling } = useConnectionScope();
  const id = useId();
  const tools = item.toolsDeclared ? offeredToolNames(item.params) : [];
  const [problems, setProblems] = useState<string[]>([]);
  const [fileNote, setFileNote] = useState<string>();
  const change = (patch: Partial<ReplyDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const invalid = item.problems.some((p) => p.invalidParams);

  const send = () => {
    const built = buildReply(draft, item);
    if (!built.ok) {
      setProblems(built.problems);
      return;
    }
    sampling.answer(item.n, { result: built.result }, 'replied', built.summary);
  };

  const attach = async (file: File | undefined) => {
    setFileNote(undefined);
    if (!file) return change({ media: undefined });
    try {
      const media: AttachedMedia | string = mediaOf(file.name, file.type, await readFile(file));
      if (typeof media === 'string') {
        setFileNote(media);
        change({ media: undefined });
      } else change({ media });
    } catch (e) {
      setFileNote(`${file.name} could not be read (${e instanceof Error ? e.message : String(e)}). Pick it again.`);
    }
  };

  return (
    <form
      className="sampling-reply"
      aria-label="Reply"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={`${id}-text`}>Reply text</label>
      <textarea id={`${id}-text`} rows={3} value={draft.text} onChange={(e) => change({ text: e.target.value })} />
      <label htmlFor={`${id}-file`}>Image or audio file</label>
      <input id={`${id}-file`} type="file" accept="image/*,audio/*" onChange={(e) => void attach(e.target.files?.[0])} />
      {draft.media && (
        <p className="hint">
          Attached: {draft.media.fileName} ({draft.media.type}, {draft.media.mimeType}, {draft.media.data.length.toLocaleString('en')} base64 characters)
        </p>
      )}
      {fileNote && <p className="field-error">{fileNote}</p>}
      {tools.length > 0 && (
        <fieldset className="sampling-tool-uses">
          <legend>Tool uses</legend>
          {draft.toolUses.map((use, i) => (
            <div key={i} className="sampling-tool-use-row">
              <label>
                Tool of use {i + 1}
                <select value={use.name} onChange={(e) => change({ toolUses: draft.toolUses.map((u, j) => (j === i ? { ...u, name: e.target.value } : u)) })}>
                  {tools.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </label>
              <label>
                Input of use {i + 1} (JSON)
                <textarea
                  rows={2}
                  value={use.inputText}
                  onChange={(e) => change({ toolUses: draft.toolUses.map((u, j) => (j === i ? { ...u, inputText: e.target.value } : u)) })}
                />
              </label>
              <button type="button" className="small" onClick={() => change({ toolUses: draft.toolUses.filter((_, j) => j !== i) })}>
                Remove use {i + 1}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="small"
            onClick={() => change({ toolUses: [...draft.toolUses, { name: tools[0]!, inputText: '{}' }], stopReason: 'toolUse' })}
          >
            Add tool use
          </button>
        </fieldset>
      )}
      <div className="sampling-reply-row">
        <label>
          Model
          <input value={draft.model} onChange={(e) => change({ model: e.target.value })} />
        </label>
        <label>
          stopReason
          <select value={draft.stopReason} onChange={(e) => change({ stopReason: e.target.value })}>
            {STOP_REASONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
            <option value="custom">custom…</option>
            <option value="">(none)</option>
          </select>
        </label>
        {draft.stopReason === 'custom' && (
          <label>
            Custom stopReason
            <input value={draft.customStopReason} onChange={(e) => change({ customStopReason: e.target.value })} />
          </label>
        )}
      </div>
      <ProblemList problems={problems} />
      <div className="toolbar">
        <button type="submit" className="primary">
          Send reply
        </button>
        <button type="button" onClick={() => sampling.answer(item.n, rejection(), 'rejected', 'Rejected: error -1 "User rejected sampling request".')}>
          Reject
        </button>
        {invalid && (
          <button
            type="button"
            onClick={() => sampling.answer(item.n, invalidParamsAnswer(item.problems), 'invalid-params', 'Answered -32602: the request is malformed.')}
          >
            Answer -32602 (invalid request)
          </button>
        )}
      </div>
    </form>
  );
}
