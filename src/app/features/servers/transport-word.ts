// A saved server's transport in a word, for the list.

import type { TransportConfig } from '../../../protocol/index.js';

export function transportWord(transport: TransportConfig): string {
  if (transport.kind === 'stdio') return 'stdio';
  if (transport.mode === 'sse') return 'SSE';
  return transport.mode === 'plain' ? 'plain HTTP' : 'HTTP';
}
