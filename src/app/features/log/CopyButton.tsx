// A Copy button that says whether it worked, and when it did not, selects the
// text so it can be copied by hand.

import { useEffect, useState, type RefObject } from 'react';
import { copyText, selectContents } from './clipboard.js';

type State = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; message: string };

export function CopyButton({ label, text, source }: { label: string; text: string; source: RefObject<HTMLElement | null> }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => setState({ kind: 'idle' }), [text]);
  useEffect(() => {
    if (state.kind !== 'copied') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function onClick(): Promise<void> {
    const outcome = await copyText(text);
    if (outcome.ok) setState({ kind: 'copied' });
    else {
      selectContents(source.current);
      setState({ kind: 'failed', message: outcome.message });
    }
  }

  return (
    <span className="copy">
      <button type="button" onClick={() => void onClick()}>
        {label}
      </button>
      <span aria-live="polite" className={state.kind === 'failed' ? 'copy-failed' : 'copy-ok'}>
        {state.kind === 'copied' ? 'Copied.' : state.kind === 'failed' ? state.message : ''}
      </span>
    </span>
  );
}
