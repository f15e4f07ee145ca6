// The shape of a resources/read result, checked without throwing: items that
// are not objects are kept (and shown raw), never dropped.

import type { ContentsLike } from './contents-view.js';

export type ReadResult = { ok: true; contents: Array<ContentsLike | { notAnObject: unknown }> } | { ok: false; error: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseReadResult(result: unknown): ReadResult {
  if (!isRecord(result)) return { ok: false, error: 'The resources/read result is not an object.' };
  if (!Array.isArray(result.contents)) return { ok: false, error: 'The resources/read result has no "contents" array.' };
  return { ok: true, contents: result.contents.map((item: unknown) => (isRecord(item) ? item : { notAnObject: item })) };
}

export function isNotAnObject(item: ContentsLike | { notAnObject: unknown }): item is { notAnObject: unknown } {
  return 'notAnObject' in item && Object.keys(item).length === 1;
}
