// Which connection a view shows: the one in view (the default), all of them, or
// one picked by number. The Log, Problems and Server messages share this.

import { PAGE_CONNECTION } from '../../stores/connection-labels.js';

/** 'view' follows the connection in view; a number stays on that connection. */
export type ConnectionChoice = 'view' | 'all' | number;

/** The one connection a choice shows, or undefined for every connection ('view' with none in view shows all). */
export function shownConnection(choice: ConnectionChoice, inView: number | undefined): number | undefined {
  if (choice === 'all') return undefined;
  return choice === 'view' ? inView : choice;
}

/** Whether a line of `connection` shows: the page's own lines (before any connection) show with every choice. */
export function showsConnection(shown: number | undefined, connection: number): boolean {
  return shown === undefined || connection === shown || connection === PAGE_CONNECTION;
}

/** The connections a menu offers, ascending: those with something to show, the one in view and the one chosen. */
export function connectionsToOffer(counts: ReadonlyMap<number, number>, inView: number | undefined, choice: ConnectionChoice): number[] {
  const all = new Set([...counts.keys()].filter((c) => c !== PAGE_CONNECTION && (counts.get(c) ?? 0) > 0));
  if (inView !== undefined) all.add(inView);
  if (typeof choice === 'number') all.add(choice);
  return [...all].sort((a, b) => a - b);
}

/** How many connections (the page's own lines aside) `counts` holds anything of. */
export function connectionCount(counts: ReadonlyMap<number, number>): number {
  let n = 0;
  for (const [c, count] of counts) if (c !== PAGE_CONNECTION && count > 0) n++;
  return n;
}
