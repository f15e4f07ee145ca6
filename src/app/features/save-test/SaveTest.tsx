// The "Save as test" buttons' common part: download the file, then say what
// was saved (or why nothing was) in one status line. The builder (with the YAML
// writer and the test-file parser it checks its text with) loads on the first
// click, so it is not part of the first screen.

import { useState } from 'react';
import { offerDownload } from '../../download.js';
import type { SaveOutcome } from './save-test.js';

export type SaveTestBuilder = typeof import('./save-test.js');

export interface SaveStatus {
  ok: boolean;
  message: string;
}

/** `save(make)`: makes the test with the builder, offers it as a download, and keeps the sentence to show. */
export function useSaveTest(): { status: SaveStatus | null; save: (make: (builder: SaveTestBuilder) => SaveOutcome) => void } {
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const save = (make: (builder: SaveTestBuilder) => SaveOutcome) => {
    import('./save-test.js').then(
      (builder) => {
        const outcome = make(builder);
        if (outcome.ok) {
          try {
            offerDownload(outcome.fileName, outcome.text, 'application/yaml');
          } catch (e) {
            setStatus({ ok: false, message: `Could not offer ${outcome.fileName} for download: ${e instanceof Error ? e.message : String(e)}.` });
            return;
          }
        }
        setStatus({ ok: outcome.ok, message: outcome.message });
      },
      (e: unknown) =>
        setStatus({
          ok: false,
          message: `The test builder could not be loaded (${e instanceof Error ? e.message : String(e)}): reload the page and try again.`,
        }),
    );
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
