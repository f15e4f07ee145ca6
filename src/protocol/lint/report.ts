import type { Sender } from './methods.js';
import type { RuleId, Severity } from './rules.js';

/** How a check reports: the rule, a sentence about this frame, and whom it is about. */
export type Report = (rule: RuleId, message: string, subject: Sender, severity?: Severity) => void;
