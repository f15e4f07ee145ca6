// A non-interactive answer to elicitation/create: accept with the defaults the
// requested schema declares, or decline.

import { validateAgainstSchema } from '../../src/protocol/index.js';
import type { ElicitationPolicy } from './args.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function elicitationAnswer(policy: ElicitationPolicy, params: unknown): Record<string, unknown> {
  if (policy === 'decline') return { action: 'decline' };
  const schema = isRecord(params) && isRecord(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  // fromEntries defines own members: a property named "__proto__" stays a property.
  const content: Record<string, unknown> = Object.fromEntries(
    Object.entries(properties).flatMap(([name, prop]) => (isRecord(prop) && Object.hasOwn(prop, 'default') ? [[name, prop.default]] : [])),
  );
  // Defaults that leave the schema unsatisfied (a required field without one) would be a bad answer: decline instead.
  if (!validateAgainstSchema(schema, content).valid) return { action: 'decline' };
  return { action: 'accept', content };
}
