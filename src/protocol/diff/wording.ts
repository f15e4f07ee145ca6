// How a change is named wherever it is shown (the CLI's text, the page's Compare view).

import { plural } from '../text/plural.js';
import type { InterfaceChange, InterfaceItemKind } from './types.js';

/** What each kind of item is called in a sentence. */
export const ITEM_NOUN: Record<InterfaceItemKind, string> = { tool: 'tool', resource: 'resource', resourceTemplate: 'resource template', prompt: 'prompt' };

/** `tool "echo" removed`. */
export function changeHeading(change: InterfaceChange): string {
  return `${ITEM_NOUN[change.kind]} ${JSON.stringify(change.item)} ${change.change}`;
}

export interface ChangeCounts {
  breaking: number;
  compatible: number;
}

export function countChanges(changes: readonly InterfaceChange[]): ChangeCounts {
  const breaking = changes.filter((c) => c.class === 'breaking').length;
  return { breaking, compatible: changes.length - breaking };
}

/** The verdict in one sentence: `2 breaking changes, 3 compatible.`, or that the interfaces are the same. */
export function diffVerdict(counts: ChangeCounts): string {
  if (counts.breaking + counts.compatible === 0) return 'No change: the two interfaces are the same.';
  if (counts.breaking === 0) return `No breaking change; ${plural(counts.compatible, 'compatible change')}.`;
  return `${plural(counts.breaking, 'breaking change')}, ${counts.compatible} compatible.`;
}
