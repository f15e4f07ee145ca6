// What one side of the Compare tab has: its connection's four lists once each is read (a list the server did
// not declare is empty, as in `mcpscope diff`), or why it has none yet. Pure, so it is unit-testable in Node.

import { LIST_METHODS, type ListKey, type ServerInterface } from '../../../protocol/index.js';

/** One list of the side's connection, as its query has it. */
export interface SideList {
  /** Why the list is not asked for (not connected, capability not declared). */
  unavailable?: string;
  status: 'pending' | 'error' | 'success';
  items: readonly unknown[];
  failure?: Error;
}

export type SideState =
  { status: 'not-connected' } | { status: 'loading'; waiting: string[] } | { status: 'failed'; sentence: string } | { status: 'ready'; lists: ServerInterface };

export function sideState(connected: boolean, lists: Readonly<Record<ListKey, SideList>>): SideState {
  if (!connected) return { status: 'not-connected' };
  const keys = Object.keys(LIST_METHODS) as ListKey[];
  const failed = keys.find((k) => lists[k].unavailable === undefined && lists[k].failure !== undefined);
  // ListFailed's message names the method and the page that failed.
  if (failed !== undefined) return { status: 'failed', sentence: lists[failed].failure!.message };
  const waiting = keys.filter((k) => lists[k].unavailable === undefined && lists[k].status !== 'success');
  if (waiting.length > 0) return { status: 'loading', waiting: waiting.map((k) => LIST_METHODS[k]) };
  const items = (k: ListKey) => (lists[k].unavailable === undefined ? [...lists[k].items] : []);
  return {
    status: 'ready',
    lists: {
      tools: items('tools') as ServerInterface['tools'],
      resources: items('resources') as ServerInterface['resources'],
      resourceTemplates: items('resourceTemplates') as ServerInterface['resourceTemplates'],
      prompts: items('prompts') as ServerInterface['prompts'],
    },
  };
}

/** The sentence a side shows when it has no lists to compare. */
export function sideSentence(state: Exclude<SideState, { status: 'ready' }>): string {
  switch (state.status) {
    case 'not-connected':
      return 'Not connected: connect this server, or choose another connection.';
    case 'loading':
      return `Reading ${state.waiting.join(', ')}…`;
    case 'failed':
      return `${state.sentence} Refresh the list in its tab, then compare again.`;
  }
}
