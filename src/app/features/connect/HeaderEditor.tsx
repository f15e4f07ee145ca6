// Request headers for an HTTP server (Authorization, API keys …). Values are
// often secrets: hidden until shown, and the proxy masks them in the log and
// the Network view.

import type { HeaderRow } from './form-model.js';
import { KeyValueRows } from './KeyValueRows.js';

export function HeaderEditor(props: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void; disabled: boolean }) {
  return (
    <KeyValueRows
      {...props}
      legend="Headers"
      noun="Header"
      emptyHint="None. Add one for a token, e.g. Authorization: Bearer …"
      placeholders={['Authorization', 'Bearer …']}
      secret
      className="headers"
    />
  );
}
