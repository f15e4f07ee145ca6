// The fields of a recorded result that change from run to run (timestamps,
// ids, progress tokens), found by their key or by their value, so that a test
// made from the result leaves them out of what it expects.

import { isRecord } from '../json/guards.js';
import { pathKey } from './json-compare.js';

/** Keys whose values are ids or times: `id`, `requestId`, `progressToken`, `createdAt`, `timestamp`, … */
const VOLATILE_KEY =
  /^(?:id|uuid|guid|nonce|etag|requestId|sessionId|taskId|progressToken|timestamp|time|date|now|created|updated|modified|lastModified|expires)$|[a-z](?:At|Id|Timestamp|Time)$/;
/** Values that are a date-time (ISO 8601) or a UUID, whatever their key. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const volatileValue = (v: unknown) => typeof v === 'string' && (ISO_DATE_TIME.test(v) || UUID.test(v));

export interface Volatile {
  /** The value without its volatile fields. */
  kept: unknown;
  /** Where they were, as expectations name paths: `structuredContent.timestamp`, `content[0]._meta.id`. */
  paths: string[];
}

/** `value` without the fields that change from run to run, and their paths. */
export function withoutVolatile(value: unknown): Volatile {
  const paths: string[] = [];
  const walk = (v: unknown, path: string): unknown => {
    if (Array.isArray(v)) return v.map((item, i) => walk(item, `${path}[${i}]`));
    if (!isRecord(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, inner] of Object.entries(v)) {
      const at = pathKey(path, k);
      if ((VOLATILE_KEY.test(k) && !isRecord(inner) && !Array.isArray(inner)) || volatileValue(inner)) paths.push(at);
      else out[k] = walk(inner, at);
    }
    return out;
  };
  return { kept: walk(value, ''), paths };
}
