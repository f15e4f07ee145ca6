// The snapshots of one test file, kept beside it as JSON: per step name, the
// result (`snapshot`) and the listed interface (`interface`).

import { isRecord } from '../json/guards.js';
import { err, ok, type Result } from '../result.js';

export interface StoredSnapshots {
  snapshot?: unknown;
  interface?: unknown;
}

export type SnapshotStore = Map<string, StoredSnapshots>;

const VERSION_KEY = 'mcpscopeSnapshots';

/** `tests/basic.test.yaml` → `tests/basic.test.snap.json`. */
export function snapshotFileFor(testFile: string): string {
  return `${testFile.replace(/\.ya?ml$/i, '')}.snap.json`;
}

export function readSnapshotStore(text: string): Result<SnapshotStore> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return err(`it is not JSON (${e instanceof Error ? e.message : String(e)}): fix it, or delete it and run with --update to write it again.`);
  }
  if (!isRecord(parsed) || parsed[VERSION_KEY] !== 1 || !isRecord(parsed.steps)) {
    return err(`it is not an mcpscope snapshot file ("${VERSION_KEY}": 1 and "steps"): delete it and run with --update to write it again.`);
  }
  const store: SnapshotStore = new Map();
  for (const [name, value] of Object.entries(parsed.steps)) {
    if (!isRecord(value)) continue;
    store.set(name, {
      ...(Object.hasOwn(value, 'snapshot') ? { snapshot: value.snapshot } : {}),
      ...(Object.hasOwn(value, 'interface') ? { interface: value.interface } : {}),
    });
  }
  return ok(store);
}

/** Sorted by step name, so that a rerun that changes nothing writes the same bytes. */
export function writeSnapshotStore(store: SnapshotStore): string {
  const steps = Object.fromEntries([...store.entries()].sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify({ [VERSION_KEY]: 1, steps }, null, 2)}\n`;
}
