// Schema problems (JSON Pointers into the arguments) placed at the form fields
// they belong to, in rjsf's ErrorSchema shape: `{items: {0: {sku: {__errors: […]}}}}`.

import { isRecord, ownValue, setOwn, type SchemaProblem } from '../../../../protocol/index.js';
import { isJsonField, type Schema } from './prepare-schema.js';

export interface ErrorTree {
  __errors?: string[];
  [key: string]: ErrorTree | string[] | undefined;
}

export interface PlacedProblems {
  errorSchema: ErrorTree;
  /** Every problem as a line, for the summary above the buttons. */
  lines: string[];
}

const REQUIRED = /^missing required property "(.*)"$/;

export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Cut a path where the form stops having fields: inside a JSON-edited node, or beyond the schema. */
function renderedPath(schema: Schema, segments: string[]): string[] {
  const out: string[] = [];
  let node: unknown = schema;
  for (const segment of segments) {
    if (!isRecord(node) || isJsonField(node)) break;
    const next =
      isRecord(node.properties) && Object.hasOwn(node.properties, segment) ? node.properties[segment] : /^\d+$/.test(segment) ? node.items : undefined;
    if (next === undefined) break;
    out.push(segment);
    node = next;
  }
  return out;
}

export function placeProblems(formSchema: Schema, problems: SchemaProblem[]): PlacedProblems {
  const errorSchema: ErrorTree = {};
  const lines: string[] = [];
  for (const problem of problems) {
    const segments = pointerSegments(problem.path);
    let message = problem.message;
    const missing = REQUIRED.exec(message);
    if (missing) {
      segments.push(missing[1]!);
      message = 'is required';
    }
    const shownAt = renderedPath(formSchema, segments);
    const rest = segments.slice(shownAt.length);
    const atField = rest.length === 0 ? message : `/${rest.join('/')}: ${message}`;
    lines.push(`${segments.length === 0 ? '(arguments)' : `/${segments.join('/')}`}: ${message}`);
    let node = errorSchema;
    for (const segment of shownAt) {
      const child = ownValue(node, segment);
      if (isRecord(child)) node = child as ErrorTree;
      else {
        const fresh: ErrorTree = {};
        setOwn<ErrorTree[string]>(node, segment, fresh);
        node = fresh;
      }
    }
    (node.__errors ??= []).push(atField);
  }
  return { errorSchema, lines };
}
