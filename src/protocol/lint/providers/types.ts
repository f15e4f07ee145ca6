// What a provider strict-mode rule is: a check of one tool definition (as
// tools/list gives it) against what a model provider accepts, returning the
// places (JSON Pointers into the tool) that fail and, where one exists, the
// rewrite that would pass.

import type { Severity } from '../rules.js';

export type Provider = 'openai' | 'anthropic' | 'gemini';

export const PROVIDERS: readonly Provider[] = ['openai', 'anthropic', 'gemini'];

export const PROVIDER_NAMES: Readonly<Record<Provider, string>> = { openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Gemini' };

/** One operation of a JSON Patch (RFC 6902) on the tool definition. */
export interface PatchOp {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

/** A rewrite that passes the rule: a sentence, and the patch that makes it. */
export interface Rewrite {
  summary: string;
  patch: readonly PatchOp[];
}

export interface Failure {
  /** JSON Pointer into the tool definition ("/inputSchema/properties/x", "/name"). */
  path: string;
  message: string;
  rewrite?: Rewrite;
}

/** A tool as a server lists it: nothing of it is trusted to have the right shape. */
export interface ToolShape {
  name?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

export interface ProviderRule {
  provider: Provider;
  severity: Severity;
  title: string;
  /** The provider's own page the rule rests on. */
  spec: { url: string };
  check(tool: ToolShape): Failure[];
  /**
   * Advice on what the model reads, not a request the provider refuses: shown with the rest, but a test file's
   * `expect.providers` (which asks whether the provider takes the tools) does not fail on it.
   */
  advice?: true;
  /** A tool that passes and one that fails: the table's tests run both. */
  examples: { pass: ToolShape; fail: ToolShape };
}
