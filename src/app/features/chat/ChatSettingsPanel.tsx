// The Chat tab's settings panel: what each model request is given (system prompt, max tokens, temperature), how
// many rounds of tool calls one message may cause, and whether each tool call waits for approval. A field that
// cannot be read says why beside it; the summary line says what is in force, or that something needs correcting.
import { useId } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../../hooks.js';
import { readChatSettings, type ChatSettings, type ChatSettingsField } from './chat-settings.js';

type NumberKey = 'maxTokensText' | 'temperatureText' | 'maxRoundsText';

const NUMBER_FIELDS: ReadonlyArray<{ key: NumberKey; field: ChatSettingsField; label: string; placeholder?: string; hint?: string }> = [
  { key: 'maxTokensText', field: 'maxTokens', label: 'Max tokens' },
  { key: 'temperatureText', field: 'temperature', label: 'Temperature', placeholder: 'provider default', hint: '0 to 2' },
  { key: 'maxRoundsText', field: 'maxRounds', label: 'Max rounds', hint: 'of tool calls' },
];

function summary(read: ReturnType<typeof readChatSettings>): string {
  if (!read.ok) return 'a setting needs correcting';
  const s = read.value;
  return [
    s.systemPrompt !== undefined ? 'system prompt' : 'no system prompt',
    `max tokens ${s.maxTokens}`,
    `temperature ${s.temperature ?? 'default'}`,
    `max rounds ${s.maxRounds}`,
    s.approveEach ? 'each tool call approved' : 'tool calls run at once',
  ].join(' · ');
}

export function ChatSettingsPanel() {
  const store = useApp().chatSettings;
  const settings = useStore(store);
  const read = readChatSettings(settings);
  const problems = read.ok ? {} : read.problems;
  const id = useId();
  return (
    <details className="chat-options" open>
      <summary>
        Chat settings <span className={read.ok ? 'hint' : 'hint chat-unsettled'}>— {summary(read)}</span>
      </summary>
      <div className="chat-options-fields">
        <label className="chat-system-prompt" htmlFor={`${id}-system`}>
          System prompt
        </label>
        <textarea
          id={`${id}-system`}
          className="chat-system-prompt-text"
          rows={2}
          value={settings.systemPrompt}
          placeholder="none"
          onChange={(e) => settings.set({ systemPrompt: e.target.value })}
        />
        {NUMBER_FIELDS.map(({ key, field, label, placeholder, hint }) => {
          const problem = problems[field];
          return (
            <div key={key} className="chat-number">
              <label htmlFor={`${id}-${field}`}>
                {label}
                {hint !== undefined && <span className="hint"> ({hint})</span>}
              </label>
              <input
                id={`${id}-${field}`}
                inputMode="decimal"
                value={settings[key]}
                {...(placeholder !== undefined ? { placeholder } : {})}
                aria-invalid={problem !== undefined ? true : undefined}
                aria-describedby={problem !== undefined ? `${id}-${field}-problem` : undefined}
                onChange={(e) => {
                  const patch: Partial<ChatSettings> = {};
                  patch[key] = e.target.value;
                  settings.set(patch);
                }}
              />
              {problem !== undefined && (
                <p id={`${id}-${field}-problem`} className="field-error" role="alert">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
        <label className="chat-approve">
          <input type="checkbox" checked={settings.approveEach} onChange={(e) => settings.set({ approveEach: e.target.checked })} />
          Approve each tool call
        </label>
        <button type="button" className="small" onClick={() => settings.reset()}>
          Reset the chat settings
        </button>
      </div>
    </details>
  );
}
