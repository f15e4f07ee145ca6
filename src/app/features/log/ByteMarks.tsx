// Marks for lines that are not clean UTF-8, which would otherwise look clean:
// a leading byte-order mark is invisible, and invalid UTF-8 shows only as "�".
// Used by the log table, the detail pane and the Console.

import { Fragment } from 'react';
import { BOM, bytesFromBase64 } from '../../../protocol/index.js';
import type { LogEntry } from '../../stores/log-store.js';

const BOM_TITLE = 'Starts with a UTF-8 byte-order mark (U+FEFF, bytes EF BB BF): JSON-RPC peers fail to parse such a line';
const INVALID_TITLE = 'Not valid UTF-8: "\uFFFD" stands where the bad bytes were; the frame detail shows the exact bytes';

type Marked = Pick<LogEntry, 'raw' | 'invalidUtf8'>;

export function hasByteMarks(entry: Marked): boolean {
  return entry.invalidUtf8 === true || entry.raw.startsWith(BOM);
}

/** Small tags ("BOM", "invalid UTF-8") in front of a line's text. */
export function ByteMarks({ entry, className = 'byte-mark' }: { entry: Marked; className?: string }) {
  return (
    <>
      {entry.raw.startsWith(BOM) && (
        <span className={className} title={BOM_TITLE}>
          BOM
        </span>
      )}
      {entry.invalidUtf8 && (
        <span className={className} title={INVALID_TITLE}>
          invalid UTF-8
        </span>
      )}
    </>
  );
}

/**
 * The text with every U+FEFF made visible. The character itself stays in the
 * page (the marker is drawn by CSS), so selecting and copying gives the exact text.
 */
export function VisibleText({ text }: { text: string }) {
  if (!text.includes(BOM)) return <>{text}</>;
  const parts = text.split(BOM);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <span className="bom-mark" title="Byte-order mark (U+FEFF, bytes EF BB BF)">
              {BOM}
            </span>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}

const HEX_LIMIT = 4096;

/** The line's exact bytes in hex, when its text is not them (invalid UTF-8). */
export function ExactBytes({ base64 }: { base64: string }) {
  const bytes = bytesFromBase64(base64);
  if (bytes === undefined) return null;
  const shown = bytes.subarray(0, HEX_LIMIT);
  const hex = Array.from(shown, (b) => b.toString(16).padStart(2, '0')).join(' ');
  return (
    <div className="detail-block">
      <div className="detail-block-head">
        <h4>Exact bytes, as the server wrote them (hex)</h4>
      </div>
      <pre className="log-raw" aria-label="Exact bytes">
        {hex}
        {bytes.length > shown.length ? ` … ${(bytes.length - shown.length).toLocaleString('en-US')} more bytes (all of them are in the export)` : ''}
      </pre>
    </div>
  );
}
