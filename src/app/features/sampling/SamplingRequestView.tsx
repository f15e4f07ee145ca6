// What the server asks for, as it sent it: its messages by role and content
// type (bounded, so a huge message cannot freeze the page), then every
// parameter, and first of all what is wrong with it.

import type { ReactNode } from 'react';
import { isRecord, isStringArray } from '../../../protocol/index.js';
import { ContentBlockView, ContentBlocks } from '../../components/content/ContentBlocks.js';
import { TextBlock } from '../../components/content/TextBlock.js';
import { MAX_MESSAGES_SHOWN, boundedJson, boundedText, leftOutNote } from './view.js';
import type { PendingSampling } from './sampling-store.js';

function BoundedPre({ value }: { value: unknown }) {
  const { shown, hidden } = boundedJson(value);
  return (
    <>
      <pre className="json">{shown}</pre>
      {hidden > 0 && <p className="hint">{leftOutNote(hidden)}</p>}
    </>
  );
}

function BoundedTextBlock({ text }: { text: string }) {
  const { shown, hidden } = boundedText(text);
  return (
    <>
      <TextBlock text={shown} />
      {hidden > 0 && <p className="hint">{leftOutNote(hidden)}</p>}
    </>
  );
}

/** One content block of a sampling message; a type this client does not know is shown raw with a note. */
function SamplingBlock({ block, label }: { block: unknown; label: string }) {
  if (isRecord(block) && block.type === 'text' && typeof block.text === 'string') return <BoundedTextBlock text={block.text} />;
  if (isRecord(block) && block.type === 'tool_use') {
    return (
      <div className="sampling-tool-use">
        <p>
          Tool use <code>{String(block.name)}</code> <span className="hint">id {JSON.stringify(block.id)}</span>
        </p>
        <BoundedPre value={block.input} />
      </div>
    );
  }
  if (isRecord(block) && block.type === 'tool_result') {
    return (
      <div className="sampling-tool-result">
        <p>
          Result of tool use <span className="hint">{JSON.stringify(block.toolUseId)}</span>
          {block.isError === true && <strong className="field-error"> (isError: the tool failed)</strong>}
        </p>
        {Array.isArray(block.content) ? <ContentBlocks blocks={block.content} /> : <BoundedPre value={block.content} />}
        {block.structuredContent !== undefined && <BoundedPre value={block.structuredContent} />}
      </div>
    );
  }
  if (isRecord(block) && (block.type === 'image' || block.type === 'audio')) return <ContentBlockView block={block} label={label} />;
  const type = isRecord(block) && typeof block.type === 'string' ? block.type : undefined;
  return (
    <>
      <p className="field-error">
        {type === undefined ? 'Not a content block: it has no "type".' : `A content type sampling does not have ("${type}"), shown as received.`}
      </p>
      <BoundedPre value={block} />
    </>
  );
}

function Message({ message, index }: { message: unknown; index: number }) {
  const role = isRecord(message) && typeof message.role === 'string' ? message.role : '(no role)';
  const content = isRecord(message) ? message.content : undefined;
  const blocks = content === undefined ? [] : Array.isArray(content) ? content : [content];
  return (
    <li className={`sampling-message sampling-role-${role === 'user' || role === 'assistant' ? role : 'other'}`} aria-label={`Message ${index + 1}: ${role}`}>
      <div className="sampling-role">{role}</div>
      {blocks.length === 0 && <p className="field-error">This message has no content.</p>}
      {blocks.slice(0, MAX_MESSAGES_SHOWN).map((block, j) => {
        const type = isRecord(block) && typeof block.type === 'string' ? block.type : 'unknown';
        const label = `Message ${index + 1}, block ${j + 1}: ${type}`;
        return (
          <div key={j} className="sampling-block" aria-label={label}>
            <div className="content-type">{type}</div>
            <SamplingBlock block={block} label={label} />
          </div>
        );
      })}
      {blocks.length > MAX_MESSAGES_SHOWN && <p className="hint">… and {blocks.length - MAX_MESSAGES_SHOWN} more blocks, in the Log.</p>}
    </li>
  );
}

function Preferences({ prefs }: { prefs: unknown }) {
  if (!isRecord(prefs)) return <BoundedPre value={prefs} />;
  const hints = Array.isArray(prefs.hints) ? prefs.hints.map((h) => (isRecord(h) && typeof h.name === 'string' ? h.name : JSON.stringify(h))) : [];
  const priorities = (['costPriority', 'speedPriority', 'intelligencePriority'] as const).filter((k) => prefs[k] !== undefined);
  return (
    <ul className="sampling-prefs">
      {hints.length > 0 && <li>hints, in order: {hints.map((h) => JSON.stringify(h)).join(', ')}</li>}
      {priorities.map((k) => (
        <li key={k}>
          {k}: {JSON.stringify(prefs[k])}
        </li>
      ))}
      {hints.length === 0 && priorities.length === 0 && <li>(empty)</li>}
    </ul>
  );
}

function Tools({ tools }: { tools: unknown }) {
  if (!Array.isArray(tools)) return <BoundedPre value={tools} />;
  return (
    <ul className="sampling-tools">
      {tools.slice(0, MAX_MESSAGES_SHOWN).map((t, i) => (
        <li key={i}>
          <code>{isRecord(t) ? String(t.name) : '(not a tool)'}</code>
          {isRecord(t) && typeof t.description === 'string' && ` — ${boundedText(t.description, 500).shown}`}
          <details>
            <summary>inputSchema</summary>
            <BoundedPre value={isRecord(t) ? t.inputSchema : t} />
          </details>
        </li>
      ))}
    </ul>
  );
}

export function SamplingRequestView({ item }: { item: PendingSampling }) {
  const p = isRecord(item.params) ? item.params : {};
  const messages = Array.isArray(p.messages) ? p.messages : [];
  const fields: Array<[string, ReactNode]> = [];
  const has = (k: string) => p[k] !== undefined;
  if (has('systemPrompt'))
    fields.push(['systemPrompt', typeof p.systemPrompt === 'string' ? <BoundedTextBlock text={p.systemPrompt} /> : <BoundedPre value={p.systemPrompt} />]);
  fields.push(['maxTokens', has('maxTokens') ? JSON.stringify(p.maxTokens) : '(missing)']);
  if (has('temperature')) fields.push(['temperature', JSON.stringify(p.temperature)]);
  if (has('stopSequences'))
    fields.push([
      'stopSequences',
      isStringArray(p.stopSequences) ? p.stopSequences.map((s) => JSON.stringify(s)).join(', ') : <BoundedPre value={p.stopSequences} />,
    ]);
  if (has('includeContext')) fields.push(['includeContext', JSON.stringify(p.includeContext)]);
  if (has('modelPreferences')) fields.push(['modelPreferences', <Preferences prefs={p.modelPreferences} />]);
  if (has('metadata')) fields.push(['metadata', <BoundedPre value={p.metadata} />]);
  if (has('tools')) fields.push(['tools', <Tools tools={p.tools} />]);
  if (has('toolChoice')) fields.push(['toolChoice', JSON.stringify(p.toolChoice)]);
  if (has('task')) fields.push(['task', <BoundedPre value={p.task} />]);
  return (
    <div className="sampling-request">
      {item.problems.length > 0 && (
        <ul className="sampling-problems" aria-label="Problems of this request">
          {item.problems.map((problem, i) => (
            <li key={i} className={problem.severity === 'error' ? 'field-error' : 'hint'}>
              {problem.severity}: {problem.message}
            </li>
          ))}
        </ul>
      )}
      <ol className="sampling-messages" aria-label="Messages">
        {messages.slice(0, MAX_MESSAGES_SHOWN).map((m, i) => (
          <Message key={i} message={m} index={i} />
        ))}
      </ol>
      {messages.length > MAX_MESSAGES_SHOWN && <p className="hint">… and {messages.length - MAX_MESSAGES_SHOWN} more messages, in the Log.</p>}
      <dl className="sampling-params" aria-label="Parameters">
        {fields.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
