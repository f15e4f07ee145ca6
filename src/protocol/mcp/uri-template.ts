// RFC 6570 URI templates for resources/templates: the variables a template
// names (one form field each) and its expansion (by url-template).
import { parseTemplate } from 'url-template';

export interface TemplateVariable {
  name: string;
  /** The expression operator: "" (simple), "+", "#", ".", "/", ";", "?", "&". */
  operator: string;
  explode: boolean;
  maxLength?: number;
}

const EXPRESSION = /\{([^{}]*)\}/g;
const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);

export function templateVariables(template: string): TemplateVariable[] {
  const out: TemplateVariable[] = [];
  const seen = new Set<string>();
  for (const m of template.matchAll(EXPRESSION)) {
    let body = m[1] ?? '';
    const operator = body.length > 0 && OPERATORS.has(body[0]!) ? body[0]! : '';
    if (operator) body = body.slice(1);
    for (const spec of body.split(',')) {
      const explode = spec.endsWith('*');
      const [name = '', prefix] = (explode ? spec.slice(0, -1) : spec).split(':');
      if (!name || seen.has(name)) continue;
      seen.add(name);
      const v: TemplateVariable = { name, operator, explode };
      if (prefix !== undefined && /^\d+$/.test(prefix)) v.maxLength = Number(prefix);
      out.push(v);
    }
  }
  return out;
}

/** Expand a template; empty values are left out, as RFC 6570 does for undefined. */
export function expandTemplate(template: string, values: Record<string, string>): string {
  const defined: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== '') defined[k] = v;
  return parseTemplate(template).expand(defined);
}
