// Read any URI, listed or not.

import { useId, useState, type FormEvent } from 'react';
import { useResources } from '../../hooks.js';

export function ReadByUri() {
  const uri = useResources((s) => s.uriInput);
  const read = useResources((s) => s.read);
  const setUriInput = useResources((s) => s.setUriInput);
  const [error, setError] = useState<string>();
  const id = useId();

  function submit(event: FormEvent): void {
    event.preventDefault();
    const trimmed = uri.trim();
    if (trimmed === '') {
      setError('Enter a resource URI to read, such as demo://readme.');
      return;
    }
    setError(undefined);
    void read(trimmed);
  }

  return (
    <form className="read-by-uri" aria-label="Read by URI" onSubmit={submit} noValidate>
      <h3>Read by URI</h3>
      <div className="read-by-uri-row">
        <label htmlFor={id}>Resource URI</label>
        <input
          id={id}
          value={uri}
          placeholder="e.g. demo://readme"
          spellCheck={false}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setUriInput(e.target.value);
            if (error) setError(undefined);
          }}
        />
        <button type="submit" className="small">
          Read
        </button>
      </div>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </form>
  );
}
