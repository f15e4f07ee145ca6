// --sampling: how the headless CLI answers a server's sampling/createMessage.
// Without it the CLI does not declare sampling at all.

import { parseModelRef, type ModelRef } from '../src/protocol/wire.js';
import { accepted, refused, type Check } from './values.js';

export type SamplingPolicy =
  | { kind: 'reply'; text: string }
  | { kind: 'decline' }
  /** Answered by a model: one of `models`, chosen by the request's hints; the endpoint and time limit from --model-base-url, --model-timeout. */
  | { kind: 'model'; models: ModelRef[]; baseUrl?: string; timeoutMs?: number };

const NEEDS = 'reply:TEXT (answer every sampling request with TEXT), model:PROVIDER/MODEL (answer with that model) or decline';

export const samplingPolicy: Check<SamplingPolicy> = (value, { flag }) => {
  if (value === 'decline') return accepted({ kind: 'decline' });
  if (value.startsWith('reply:') && value.length > 'reply:'.length) return accepted({ kind: 'reply', text: value.slice('reply:'.length) });
  if (value.startsWith('model:')) {
    // Several models, comma-separated: the request's modelPreferences choose among them.
    const models: ModelRef[] = [];
    for (const part of value.slice('model:'.length).split(',')) {
      const ref = parseModelRef(part);
      if (!ref.ok) return refused(`${flag} model:… ${ref.error}`);
      models.push(ref.value);
    }
    return accepted({ kind: 'model', models });
  }
  return refused(`${flag} needs ${NEEDS}, not "${value}".`);
};
