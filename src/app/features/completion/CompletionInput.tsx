// A text field with the server's suggestions (completion/complete) as an ARIA
// combobox: focus and typing ask, the list offers, the keyboard or a click picks.
// Failures are said quietly under the field; typing is never held up.

import { useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { completionProblems, completionSummary, type CompletionAnswer, type CompletionRef } from '../../../protocol/index.js';
import { CLOSED, listKey, type ListState } from './list-keys.js';
import { useCompletion } from './use-completion.js';
import './completion.css';

type Passed = Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-required' | 'aria-invalid' | 'aria-describedby' | 'maxLength' | 'spellCheck'>;

interface Props extends Passed {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The prompt or resource template the field belongs to. */
  completionRef: CompletionRef;
  /** The argument (or template variable) this field fills. */
  argument: string;
  /** Every field of the form by name, this one included: the others go as context.arguments. */
  fields: Readonly<Record<string, string>>;
}

export function CompletionInput({ id, value, onChange, completionRef, argument, fields, ...passed }: Props) {
  const [list, setList] = useState<ListState>(CLOSED);
  const suggestions = useCompletion({ ref: completionRef, argument: { name: argument, value }, context: fields }, list.open);
  const listId = useId();
  const noteId = `${listId}-note`;
  const { answer } = suggestions;
  const values = answer?.values ?? [];
  const problems = answer ? completionProblems(answer) : [];
  // Nothing pops up while waiting or for an empty answer: fields without completions stay quiet.
  const shown = list.open && suggestions.available && (values.length > 0 || problems.length > 0 || suggestions.error !== undefined);
  // A highlight belongs to the answer it was made on: new suggestions start without one.
  const [highlighted, setHighlighted] = useState<CompletionAnswer | undefined>(undefined);
  const active = highlighted === answer && list.active < values.length ? list.active : -1;

  function pick(index: number): void {
    const chosen = values[index];
    if (chosen !== undefined) onChange(chosen);
    setList(CLOSED);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>): void {
    // Only a list that is shown takes Enter and Escape; otherwise they are the form's.
    const outcome = listKey({ open: shown, active }, event.key, shown ? values.length : 0, values.length === 1 && values[0] !== value);
    if (outcome.handled) event.preventDefault();
    if (outcome.pick !== undefined) pick(outcome.pick);
    else {
      setList(outcome.state);
      setHighlighted(answer);
    }
  }

  const describedBy = [passed['aria-describedby'], shown ? noteId : ''].filter(Boolean).join(' ');
  return (
    <div className="completion">
      <input
        {...passed}
        id={id}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={shown && values.length > 0 ? listId : undefined}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy || undefined}
        aria-busy={list.open && suggestions.pending}
        autoComplete="off"
        onChange={(e) => {
          onChange(e.target.value);
          setList({ open: true, active: -1 });
        }}
        onKeyDown={keyDown}
        // Focus asks too: an empty field shows what can go in it.
        onFocus={() => setList({ open: true, active: -1 })}
        onBlur={() => setList(CLOSED)}
      />
      {shown && (
        <div className="completion-popup">
          {values.length > 0 && (
            <ul id={listId} role="listbox" aria-label={`Suggestions for ${argument}`}>
              {values.map((v, i) => (
                <li
                  key={`${i}:${v}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  // Keep the focus in the field: the pick happens on click.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(i)}
                >
                  {v === '' ? <span className="hint">(empty)</span> : v}
                </li>
              ))}
            </ul>
          )}
          <div id={noteId} className={suggestions.error ? 'completion-note completion-error' : 'completion-note hint'}>
            {suggestions.error ?? (answer ? completionSummary(answer) : '')}
            {problems.length > 0 && <span className="completion-error"> The server's answer breaks the rules ({problems.join('; ')}); see Problems.</span>}
          </div>
        </div>
      )}
    </div>
  );
}
