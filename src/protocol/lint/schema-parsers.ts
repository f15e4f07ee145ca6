// Rule SCHEMA's machinery, for any published zod schemas: one parser per
// method (taken from a schema's unions, since a union's error would only say
// "invalid"), and a check that names the first few problems by path. Maps
// throughout: methods are peer-chosen strings, and "constructor" must not find
// Object.prototype's.

export type SchemaSubject =
  | { kind: 'request' | 'notification'; sender: 'client' | 'server'; method: string; params: unknown }
  /** `task`: the request was task-augmented, so the result is a CreateTaskResult. */
  | { kind: 'result'; method: string; result: unknown; task?: boolean };

/** Problems of one message against a schema; empty when it fits or no schema applies. */
export type SchemaCheck = (subject: SchemaSubject) => string[];

export interface Parser {
  safeParse(v: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

interface MethodSchema extends Parser {
  shape: { method: { value: unknown } };
}

/** One schema per method of a union of message schemas. */
export function byMethod(union: { options: readonly unknown[] }): Map<string, Parser> {
  const out = new Map<string, Parser>();
  for (const option of union.options as MethodSchema[]) {
    const method = option.shape.method.value;
    if (typeof method === 'string') out.set(method, option);
  }
  return out;
}

export type MessageParsers = Record<'client' | 'server', Record<'request' | 'notification', Map<string, Parser>>>;

function describe(issues: Array<{ path: PropertyKey[]; message: string }>, root: string): string[] {
  return issues.slice(0, 5).map((i) => `${[root, ...i.path.map(String)].join('.')}: ${i.message}`);
}

/** The SCHEMA check over result parsers by method, message parsers by sender and kind, and the task-result parser. */
export function schemaCheck(results: ReadonlyMap<string, Parser>, messages: MessageParsers, taskResult?: Parser): SchemaCheck {
  return (subject) => {
    if (subject.kind === 'result') {
      const parser = subject.task ? taskResult : results.get(subject.method);
      if (!parser) return [];
      const r = parser.safeParse(subject.result);
      return r.success ? [] : describe(r.error.issues, 'result');
    }
    // A method the schema does not know is METHOD-UNKNOWN's business.
    const parser = messages[subject.sender][subject.kind].get(subject.method);
    if (!parser) return [];
    const message = subject.params === undefined ? { method: subject.method } : { method: subject.method, params: subject.params };
    const r = parser.safeParse(message);
    return r.success ? [] : describe(r.error.issues, subject.kind);
  };
}
