// The conversation as shown: the person's messages, the model's text with tokens, latency and stop reason per
// turn, each tool call with its arguments and result (collapsible) and, under it, the tool's app if it has one,
// notices and failures.
import type { ModelContent } from '../../../protocol/index.js';
import { usageLine } from '../models/model-answer.js';
import type { ChatEntry } from './chat-store.js';
import { chatFailureText } from './failure-text.js';
import { ChatToolApp } from './ChatToolApp.js';
import { cutNote } from './cut-note.js';

const textOf = (content: readonly ModelContent[]): string =>
  content
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text ?? ''))
    .join('\n\n');

const pretty = (value: unknown): string => JSON.stringify(value, null, 2) ?? 'undefined';

function ToolEntry({ entry, onDecide }: { entry: Extract<ChatEntry, { kind: 'tool' }>; onDecide: (id: string, allow: boolean) => void }) {
  const where = entry.server ? ` on ${entry.server}` : '';
  const status = entry.status === 'awaiting-approval' ? 'waiting for approval' : entry.status === 'running' ? 'running…' : entry.problem ? 'error' : 'done';
  const result = entry.result?.content;
  return (
    <li className={`chat-tool${entry.problem ? ' chat-tool-error' : ''}`}>
      <details open={entry.status !== 'done' || entry.problem !== undefined}>
        <summary>
          Tool call <code>{entry.name}</code>
          {where} — {status}
        </summary>
        <p className="chat-label">Arguments</p>
        <pre>{pretty(entry.arguments)}</pre>
        {entry.problem !== undefined && (
          <p className="field-error" role="alert">
            {entry.problem}
          </p>
        )}
        {result !== undefined && (
          <>
            <p className="chat-label">Result given to the model</p>
            <pre>{Array.isArray(result) ? textOf(result as ModelContent[]) || pretty(result) : pretty(result)}</pre>
          </>
        )}
      </details>
      {entry.cut !== undefined && (
        <p className="chat-warning" role="note">
          {cutNote(entry.cut)}
        </p>
      )}
      {entry.status === 'awaiting-approval' && (
        <div className="chat-approval" role="group" aria-label={`Approve ${entry.name}`}>
          <button type="button" onClick={() => onDecide(entry.toolUseId, true)}>
            Allow
          </button>
          <button type="button" onClick={() => onDecide(entry.toolUseId, false)}>
            Deny
          </button>
        </div>
      )}
      <ChatToolApp entry={entry} />
    </li>
  );
}

export function ChatEntries({ entries, onDecide }: { entries: readonly ChatEntry[]; onDecide: (id: string, allow: boolean) => void }) {
  if (entries.length === 0) return <p className="hint">Write a message below; the model may call the tools of the connections ticked above.</p>;
  return (
    <ol className="chat-entries" aria-label="Conversation">
      {entries.map((e, i) => {
        switch (e.kind) {
          case 'user':
            return (
              <li key={i} className="chat-user">
                <p className="chat-label">You</p>
                <p className="chat-text">{e.text}</p>
              </li>
            );
          case 'assistant':
            return (
              <li key={i} className="chat-assistant">
                <p className="chat-label">{e.reply.model}</p>
                {textOf(e.reply.content) !== '' && <p className="chat-text">{textOf(e.reply.content)}</p>}
                <p className="hint">
                  {usageLine(e.reply)} · stop reason {e.reply.stopReason}
                </p>
                {(e.reply.warnings ?? []).map((w) => (
                  <p key={w} className="chat-warning" role="note">
                    {w}
                  </p>
                ))}
              </li>
            );
          case 'tool':
            return <ToolEntry key={i} entry={e} onDecide={onDecide} />;
          case 'notice':
            return (
              <li key={i} className="chat-notice" role="status">
                {e.text}
              </li>
            );
          case 'failure':
            return (
              <li key={i} className="chat-failure field-error" role="alert">
                {chatFailureText(e)}
              </li>
            );
        }
      })}
    </ol>
  );
}
