// The selected server in each shape other programs read, to copy: kept secrets are placeholders
// (the proxy never sent them, and a revealed one is not used here).

import { useId, useState } from 'react';
import type { SavedServerView } from '../../../protocol/index.js';
import { EXPORT_SHAPES, exportText, type ExportShape } from './export-shapes.js';
import { Modal } from './Modal.js';

export function ExportDialog({ server, onClose }: { server: SavedServerView; onClose: () => void }) {
  const id = useId();
  const [shape, setShape] = useState<ExportShape>('claude-code');
  const [copied, setCopied] = useState<{ ok: boolean; text: string }>();
  const out = exportText(server, shape);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(out.text);
      setCopied({ ok: true, text: 'Copied.' });
    } catch {
      setCopied({ ok: false, text: 'The browser did not allow copying: select the text and copy it with the keyboard.' });
    }
  };
  return (
    <Modal title={`Export ${server.entry.name}`} className="export-dialog" onClose={onClose}>
      <div className="field">
        <label htmlFor={`${id}-shape`}>Shape</label>
        <select
          id={`${id}-shape`}
          value={shape}
          onChange={(e) => {
            const next = EXPORT_SHAPES.find((s) => s.id === e.target.value);
            if (next) setShape(next.id);
            setCopied(undefined);
          }}
        >
          {EXPORT_SHAPES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <p className="hint">Secret values are placeholders: fill them in where you paste this.</p>
      {out.problems.map((p) => (
        <p className="field-error" key={p}>
          {p}
        </p>
      ))}
      {out.text !== '' && (
        <pre className="json export-text" aria-label="Exported text" tabIndex={0}>
          {out.text}
        </pre>
      )}
      <div className="toolbar servers-dialog-buttons">
        <button type="button" className="primary" onClick={() => void copy()} disabled={out.text === ''}>
          Copy
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
        {copied !== undefined && (
          <span className={copied.ok ? 'hint' : 'field-error'} role="status">
            {copied.text}
          </span>
        )}
      </div>
    </Modal>
  );
}
