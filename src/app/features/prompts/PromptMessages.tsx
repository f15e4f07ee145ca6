// The messages of a prompts/get result, each labelled by its role; the
// content block is shown by the shared content renderers.

import { ownValue } from '../../../protocol/index.js';
import { ContentBlockView } from '../../components/content/ContentBlocks.js';
import type { CheckedMessage } from './prompt-result.js';
import '../../components/content/content.css';

const ROLE_LABEL: Record<string, string> = { user: 'User', assistant: 'Assistant' };

function contentType(content: unknown): string {
  const type = typeof content === 'object' && content !== null ? (content as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : 'unknown';
}

export function PromptMessages({ messages }: { messages: readonly CheckedMessage[] }) {
  if (messages.length === 0) return <p className="hint">The prompt has no messages.</p>;
  return (
    <ol className="prompt-messages" aria-label="Messages">
      {messages.map((m, i) => {
        const label = ownValue(ROLE_LABEL, m.role);
        const role = label ?? `Role ${m.role}`;
        return (
          <li key={i}>
            <article className={`prompt-message role-${label ? m.role : 'other'}`} aria-label={`${role} message ${i + 1}`}>
              <header className="prompt-message-head">
                <span className="prompt-role">{role}</span>
                <span className="hint">{contentType(m.content)}</span>
              </header>
              {m.problem && <p className="warning">{m.problem}</p>}
              <ContentBlockView block={m.content} label={`${role} message ${i + 1} ${contentType(m.content)}`} />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
