// Server-chosen strings (tool, prompt, argument and property names, URIs …)
// used as keys: a plain object would answer "constructor" or "toString" with
// Object.prototype's members, and an assignment to "__proto__" would be lost.

/** `record[key]` when it is the record's own member, else undefined. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
