// The switches of the "Client capabilities" section, in the order shown, each
// with one line saying what it lets a server do.

import type { ClientFeature } from '../../../protocol/index.js';

export interface FeatureSwitch {
  feature: ClientFeature;
  label: string;
  explanation: string;
  /** What the switch means on 2026-07-28, where it differs. */
  modernExplanation?: string;
  /** Shown under this switch, usable only while it is on. */
  within?: ClientFeature;
}

export const FEATURE_SWITCHES: readonly FeatureSwitch[] = [
  { feature: 'sampling', label: 'Sampling', explanation: 'The server may ask for an LLM reply (sampling/createMessage), which you write.' },
  {
    feature: 'samplingTools',
    label: 'Tool use in sampling',
    explanation: 'Sampling requests may offer tools and a toolChoice (sampling.tools).',
    within: 'sampling',
  },
  { feature: 'roots', label: 'Roots', explanation: 'The server may ask for the roots below (roots/list); changes are announced to it.' },
  { feature: 'elicitationForm', label: 'Elicitation: forms', explanation: 'The server may ask you to fill in a form (elicitation/create).' },
  // Not "URLs": the connection form's URL field is found by that word.
  {
    feature: 'elicitationUrl',
    label: 'Elicitation: links',
    explanation: 'The server may ask you to open a web page in your browser (elicitation/create, mode url).',
  },
  {
    feature: 'tasks',
    label: 'Tasks',
    explanation: "The server's sampling and elicitation requests may run as tasks it polls (tasks/*).",
    modernExplanation: 'Declares the tasks extension (io.modelcontextprotocol/tasks): the server may answer a tool call with a task, polled here.',
  },
  {
    feature: 'apps',
    label: 'MCP Apps',
    explanation:
      'Declares the MCP Apps extension (io.modelcontextprotocol/ui): the server may give its tools interactive apps (ui:// resources), shown here in a sandbox.',
  },
];
