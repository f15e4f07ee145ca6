// "Start from a prompt": a server's prompt (prompts/get, with its arguments) as the conversation's first messages.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ModelMessage, Prompt } from '../../../protocol/index.js';
import { serverListQuery } from '../../server-data/list-query.js';
import type { ConnectionScope } from '../../workspace/connection-scope.js';
import { promptMessages, scopeLabel } from './chat-connections.js';

export function StartFromPrompt({ scopes, onMessages }: { scopes: readonly ConnectionScope[]; onMessages: (messages: ModelMessage[]) => void }) {
  const [scopeId, setScopeId] = useState<number>();
  const scope = scopes.find((s) => s.id === scopeId) ?? scopes[0];
  const snapshot = scope?.connectionStore.getState().snapshot;
  const offersPrompts = snapshot?.info === undefined || 'prompts' in snapshot.info.capabilities;
  const prompts = useQuery({
    ...serverListQuery<Prompt>(scope?.readDeps ?? { session: () => undefined }, 'prompts', snapshot?.connection ?? 0),
    enabled: scope !== undefined && offersPrompts,
  });
  const [name, setName] = useState('');
  const [args, setArgs] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const items = prompts.data?.items ?? [];
  if (!scope || !offersPrompts || items.length === 0) return null;
  const prompt = items.find((p) => p.name === name) ?? items[0]!;

  return (
    <form
      className="chat-prompt"
      aria-label="Start from a prompt"
      onSubmit={(e) => {
        e.preventDefault();
        setProblem(undefined);
        void promptMessages(scope, prompt.name, args).then((m) => (typeof m === 'string' ? setProblem(m) : onMessages(m)));
      }}
    >
      <span className="chat-label">Start from a prompt</span>
      {scopes.length > 1 && (
        <select aria-label="Server of the prompt" value={scope.id} onChange={(e) => setScopeId(Number(e.target.value))}>
          {scopes.map((s) => (
            <option key={s.id} value={s.id}>
              {scopeLabel(s)}
            </option>
          ))}
        </select>
      )}
      <select aria-label="Prompt" value={prompt.name} onChange={(e) => setName(e.target.value)}>
        {items.map((p) => (
          <option key={p.name}>{p.name}</option>
        ))}
      </select>
      {(prompt.arguments ?? []).map((a) => (
        <label key={a.name}>
          {a.name}
          {a.required ? ' (required)' : ''}
          <input value={args[a.name] ?? ''} onChange={(e) => setArgs({ ...args, [a.name]: e.target.value })} required={a.required === true} />
        </label>
      ))}
      <button type="submit">Start</button>
      {problem !== undefined && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
