// Bookkeeping of notifications/resources/updated: how often each URI was
// announced as changed, when last, and whether that was after the contents
// shown were read. Pure: returns new objects.

import { ownValue } from '../../../protocol/index.js';

export interface UpdateMark {
  count: number;
  /** Wall-clock ms of the last notification. */
  lastAt: number;
  /** True when the server announced it without a subscription from us. */
  unsolicited: boolean;
}

export type UpdateMarks = Readonly<Record<string, UpdateMark>>;

export function markUpdated(marks: UpdateMarks, uri: string, at: number, subscribed: boolean): UpdateMarks {
  const prev = ownValue(marks, uri);
  return {
    ...marks,
    [uri]: { count: (prev?.count ?? 0) + 1, lastAt: at, unsolicited: (prev?.unsolicited ?? false) || !subscribed },
  };
}

/** Whether contents read at `readAt` may be older than the last update announced for `uri`. */
export function isStale(marks: UpdateMarks, uri: string, readAt: number | undefined): boolean {
  const mark = ownValue(marks, uri);
  return mark !== undefined && readAt !== undefined && mark.lastAt > readAt;
}

/** The `uri` of a notifications/resources/updated, if the params carry one. */
export function updatedUri(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const uri = (params as { uri?: unknown }).uri;
  return typeof uri === 'string' ? uri : undefined;
}
