// A non-interactive answer to elicitation/create: accept with the defaults the
// requested schema declares, or decline. Every answer comes with a sentence
// (printed on stderr) saying what was sent and why: never a silent decline.
//
// The spec's three actions: "accept" (the user submitted data), "decline" (the
// user explicitly declined), "cancel" (dismissed without an explicit choice).
// `--elicitation decline` is the person's explicit choice made in advance, so it
// declines. When accept-defaults cannot fill the form, nobody chose to decline
// this request: it was dismissed unanswered, which is "cancel".

import { formatProblems, isRecord, plural, validateAgainstSchema } from '../src/protocol/index.js';
import type { ElicitationPolicy } from './args.js';
import { urlElicitationAnswer } from './url-elicitation.js';

export interface ElicitationReply {
  /** The elicitation/create result sent to the server (URL mode accepts without content). */
  result: { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' } | { action: 'accept' };
  /** What was answered and why, for stderr. */
  note: string;
}

const MESSAGE_CHARS = 120;

function quoted(message: unknown): string {
  const text = typeof message === 'string' ? message : '';
  return JSON.stringify(text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}…` : text);
}

function names(list: string[]): string {
  return list.map((n) => JSON.stringify(n)).join(', ');
}

export function elicitationAnswer(policy: ElicitationPolicy, params: unknown): ElicitationReply {
  const p = isRecord(params) ? params : {};
  const request = `elicitation/create ${quoted(p.message)}`;
  // The session already refused modes this client did not declare: this is url or form.
  if (p.mode === 'url') return urlElicitationAnswer(policy, `elicitation/create (url mode) ${quoted(p.message)}`, p);
  if (policy === 'decline') {
    return {
      result: { action: 'decline' },
      note: `declined ${request}, as --elicitation decline (the default) says. Pass --elicitation accept-defaults to accept with the defaults its schema declares.`,
    };
  }
  const schema = isRecord(p.requestedSchema) ? p.requestedSchema : {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const defaults: Array<[string, unknown]> = [];
  const withoutDefault: string[] = [];
  for (const [name, prop] of Object.entries(properties)) {
    if (isRecord(prop) && Object.hasOwn(prop, 'default')) defaults.push([name, prop.default]);
    else withoutDefault.push(name);
  }
  // fromEntries defines own properties, so a field named "__proto__" stays a field.
  const content: Record<string, unknown> = Object.fromEntries(defaults);
  const verdict = validateAgainstSchema(schema, content);
  if (verdict.valid) {
    const filled = defaults.map(([name, value]) => `${name}=${JSON.stringify(value)}`).join(', ') || 'nothing (the schema declares no defaults)';
    const left = withoutDefault.length ? `; left out, having no default: ${names(withoutDefault)}` : '';
    return { result: { action: 'accept', content }, note: `accepted ${request} with the defaults its schema declares: ${filled}${left}.` };
  }
  const reasons: string[] = [];
  if ('schemaError' in verdict) reasons.push(verdict.schemaError);
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const missing = required.filter((r) => !Object.hasOwn(content, r));
  if (missing.length) reasons.push(`${plural(missing.length, 'required field')} with no default: ${names(missing)}`);
  const failing = verdict.problems.filter((problem) => !(problem.path === '' && /required/.test(problem.message)));
  if (failing.length) reasons.push(`defaults that fail the schema: ${formatProblems(failing).join('; ')}`);
  return {
    result: { action: 'cancel' },
    note: `cancelled ${request}: --elicitation accept-defaults cannot fill it (${reasons.join('; ') || 'the defaults do not satisfy the schema'}).`,
  };
}
