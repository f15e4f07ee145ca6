// Server-chosen strings (tool, prompt, argument and property names, URIs …)
// used as keys: a plain object would answer "constructor" or "toString" with
// Object.prototype's members, and an assignment to "__proto__" would be lost.

/** `record[key]` when it is the record's own member, else undefined. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** `record[key] = value` as an own member, as JSON.parse makes it: an assignment to "__proto__" would set the prototype. */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
