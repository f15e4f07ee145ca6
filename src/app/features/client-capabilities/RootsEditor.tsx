// The roots this client offers: a list with Remove, and a URI (file:// only)
// plus an optional name to add. A change reaches a connected server at once.

import { useId, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { isRecord } from '../../../protocol/index.js';
import { useApp, useConnection } from '../../hooks.js';

export function RootsEditor() {
  const { clientSettings } = useApp();
  const roots = useStore(clientSettings, (s) => s.roots);
  const rootsOn = useStore(clientSettings, (s) => s.features.roots);
  const ready = useConnection((s) => s.snapshot?.status === 'ready');
  const declared = useConnection((s) => isRecord(s.session?.declaredCapabilities?.roots));
  const [uri, setUri] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();

  const add = (): void => {
    const problem = clientSettings.getState().addRoot(uri, name);
    setError(problem);
    if (problem !== undefined) return;
    setUri('');
    setName('');
  };
  // Enter adds the root rather than submitting the connection form.
  const onEnter = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };

  return (
    <div className="roots" role="group" aria-labelledby={`${id}-title`}>
      <span className="sr-only" id={`${id}-title`}>
        Roots
      </span>
      {roots.length === 0 ? (
        <p className="hint">No roots yet: roots/list answers an empty list.</p>
      ) : (
        <ul className="root-list plain-list" aria-label="Roots">
          {roots.map((root) => (
            <li key={root.uri}>
              <span className="mono root-uri">{root.uri}</span>
              {root.name !== undefined && <span className="root-name">{root.name}</span>}
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove root ${root.uri}`}
                title="Remove"
                onClick={() => clientSettings.getState().removeRoot(root.uri)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="root-add">
        <input
          className="mono"
          aria-label="Root URI"
          placeholder="file:///home/me/project"
          value={uri}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? `${id}-error` : undefined}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setUri(e.target.value)}
          onKeyDown={onEnter}
        />
        <input
          aria-label="Root name"
          placeholder="name (optional)"
          value={name}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onEnter}
        />
        <button type="button" className="secondary small" onClick={add}>
          Add root
        </button>
      </div>
      {error !== undefined && (
        <p className="field-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
      {ready && (
        <p className="hint">
          {declared
            ? 'Connected: each change is announced to the server (notifications/roots/list_changed).'
            : rootsOn
              ? 'This connection did not declare roots: the server can ask for them after the next connect.'
              : 'Roots are switched off: the server cannot ask for them.'}
        </p>
      )}
    </div>
  );
}
