// A resource template as a form: its variables, the URI they expand to, and
// which empty ones the expansion leaves out.

import { expandTemplate, ownValue, templateVariables, type TemplateVariable } from '../../../protocol/index.js';

export interface TemplateExpansion {
  variables: TemplateVariable[];
  /** The expanded URI, or why it could not be expanded. */
  uri?: string;
  error?: string;
  /** Path-like variables left empty (query variables are optional by nature). */
  emptyVariables: string[];
}

const QUERY_OPERATORS = new Set(['?', '&']);

export function expandTemplateFields(uriTemplate: string, values: Readonly<Record<string, string>>): TemplateExpansion {
  const variables = templateVariables(uriTemplate);
  // Variable names come from a server's template: own members only ("constructor" is a name like any other).
  const emptyVariables = variables.filter((v) => !QUERY_OPERATORS.has(v.operator) && (ownValue(values, v.name) ?? '') === '').map((v) => v.name);
  const known = Object.fromEntries(variables.map((v) => [v.name, ownValue(values, v.name) ?? '']));
  try {
    return { variables, uri: expandTemplate(uriTemplate, known), emptyVariables };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { variables, error: `The template could not be expanded: ${reason}`, emptyVariables };
  }
}
