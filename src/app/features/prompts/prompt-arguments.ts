// prompts/get parameters from the form: required arguments checked before
// anything is sent, empty optional ones left out.

import { ownValue, type PromptArgument } from '../../../protocol/index.js';

export type PromptParams = { ok: true; params: { name: string; arguments?: Record<string, string> } } | { ok: false; missing: string[] };

/** The arguments a prompt declares, without entries that have no name. */
export function declaredArguments(args: unknown): PromptArgument[] {
  if (!Array.isArray(args)) return [];
  const seen = new Set<string>();
  return args.filter((a): a is PromptArgument => {
    const ok = typeof a === 'object' && a !== null && typeof (a as { name?: unknown }).name === 'string' && !seen.has((a as PromptArgument).name);
    if (ok) seen.add((a as PromptArgument).name);
    return ok;
  });
}

export function buildPromptParams(name: string, args: readonly PromptArgument[], values: Readonly<Record<string, string>>): PromptParams {
  const missing: string[] = [];
  // Argument names are server-chosen: read own members only, and build with fromEntries so "__proto__" stays an argument.
  const out: Array<[string, string]> = [];
  for (const arg of args) {
    const value = ownValue(values, arg.name) ?? '';
    if (arg.required === true && value.trim() === '') missing.push(arg.name);
    else if (value !== '') out.push([arg.name, value]);
  }
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, params: out.length > 0 ? { name, arguments: Object.fromEntries(out) } : { name } };
}

/** "Fill in language." / "Fill in language and style." */
export function missingMessage(missing: readonly string[]): string {
  const names = missing.length <= 1 ? missing.join('') : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return `Fill in the required ${missing.length === 1 ? 'argument' : 'arguments'} ${names}; nothing was sent.`;
}
