// Environment variables for the server, one KEY / VALUE row each.

import type { EnvRow } from './form-model.js';
import { KeyValueRows } from './KeyValueRows.js';

export function EnvEditor(props: { rows: EnvRow[]; onChange: (rows: EnvRow[]) => void; disabled: boolean }) {
  return (
    <KeyValueRows
      {...props}
      legend="Environment"
      noun="Variable"
      emptyHint="None besides the proxy's safe defaults (PATH, HOME, …)."
      placeholders={['KEY', 'VALUE']}
    />
  );
}
