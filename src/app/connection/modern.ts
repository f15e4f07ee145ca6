// Whether the connection speaks the 2026-07-28 generation (stateless, per-request _meta):
// the tabs offer that revision's controls (subscriptions/listen, header-based tool exclusion).

import type { ConnectionSnapshot } from './snapshot.js';

export function speaksModern(snapshot: Pick<ConnectionSnapshot, 'info'> | null | undefined): boolean {
  return snapshot?.info?.era === 'modern';
}
