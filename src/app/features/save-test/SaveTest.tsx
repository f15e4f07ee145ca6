// The "Save as test" buttons' common part: download the file, then say what
// was saved (or why nothing was) in one status line.

import { useState } from 'react';
import { offerDownload } from '../../download.js';
import type { SaveOutcome } from './save-test.js';

export interface SaveStatus {
  ok: boolean;
  message: string;
}

/** `save(make)`: makes the test, offers it as a download, and keeps the sentence to show. */
export function useSaveTest(): { status: SaveStatus | null; save: (make: () => SaveOutcome) => void } {
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const save = (make: () => SaveOutcome) => {
    const outcome = make();
    if (outcome.ok) {
      try {
        offerDownload(outcome.fileName, outcome.text, 'application/yaml');
      } catch (e) {
        setStatus({ ok: false, message: `Could not offer ${outcome.fileName} for download: ${e instanceof Error ? e.message : String(e)}.` });
        return;
      }
    }
    setStatus({ ok: outcome.ok, message: outcome.message });
  };
  return { status, save };
}

export function SaveTestStatus({ status }: { status: SaveStatus | null }) {
  if (!status) return null;
  return (
    <span role="status" className={`save-test-status ${status.ok ? 'hint' : 'tone-bad'}`}>
      {status.message}
    </span>
  );
}
