// Asks for a server's name in place (Add, Rename): Enter saves, Escape or Cancel leaves it.

import { useId, useState, type FormEvent } from 'react';

interface Props {
  label: string;
  initial: string;
  submit: string;
  busy: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

export function NameForm({ label, initial, submit, busy, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial);
  const id = useId();
  const send = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(name);
  };
  return (
    <form className="server-name-form" onSubmit={send} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <label htmlFor={id}>{label}</label>
      <div className="server-name-row">
        <input id={id} value={name} onChange={(e) => setName(e.target.value)} autoFocus autoComplete="off" spellCheck={false} />
        <button type="submit" className="primary small" disabled={busy}>
          {submit}
        </button>
        <button type="button" className="small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
