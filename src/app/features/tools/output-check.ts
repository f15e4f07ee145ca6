// Does a tools/call result's structuredContent match the tool's outputSchema?

import { formatProblems, isRecord, validateAgainstSchema, type Tool } from '../../../protocol/index.js';

export type OutputCheck =
  /** The tool declares no outputSchema: nothing to check. */
  | { kind: 'no-schema' }
  /** An outputSchema is declared but the result carries no structuredContent. */
  | { kind: 'missing'; isError: boolean }
  /** notChecked: parts of the schema (patterns, formats) that could not be checked safely. */
  | { kind: 'match'; notChecked?: string[] }
  | { kind: 'mismatch'; problems: string[]; notChecked?: string[] }
  /** The outputSchema itself does not compile. */
  | { kind: 'schema-error'; message: string };

export function checkStructuredContent(tool: Pick<Tool, 'outputSchema'> | undefined, result: unknown): OutputCheck {
  const schema = tool?.outputSchema;
  if (schema === undefined) return { kind: 'no-schema' };
  const isError = isRecord(result) && result.isError === true;
  if (!isRecord(result) || result.structuredContent === undefined) return { kind: 'missing', isError };
  const verdict = validateAgainstSchema(schema, result.structuredContent);
  if ('schemaError' in verdict) return { kind: 'schema-error', message: verdict.schemaError };
  const notChecked = verdict.notChecked ? { notChecked: verdict.notChecked } : {};
  if (verdict.valid) return { kind: 'match', ...notChecked };
  return { kind: 'mismatch', problems: formatProblems(verdict.problems), ...notChecked };
}
