// A non-interactive answer to elicitation/create: accept with the defaults the
// requested schema declares, or decline.

import type { ElicitationPolicy } from './args.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function elicitationAnswer(policy: ElicitationPolicy, params: unknown): Record<string, unknown> {
  if (policy === 'decline') return { action: 'decline' };
  const schema = isRecord(params) && isRecord(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const content: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(properties)) {
    if (isRecord(prop) && 'default' in prop) content[name] = prop.default;
  }
  return { action: 'accept', content };
}
