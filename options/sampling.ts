// --sampling: how the headless CLI answers a server's sampling/createMessage.
// Without it the CLI does not declare sampling at all.

import { accepted, refused, type Check } from './values.js';

export type SamplingPolicy = { kind: 'reply'; text: string } | { kind: 'decline' };

export const samplingPolicy: Check<SamplingPolicy> = (value, { flag }) => {
  if (value === 'decline') return accepted({ kind: 'decline' });
  if (value.startsWith('reply:') && value.length > 'reply:'.length) return accepted({ kind: 'reply', text: value.slice('reply:'.length) });
  return refused(`${flag} needs reply:TEXT (answer every sampling request with TEXT) or decline, not "${value}".`);
};
