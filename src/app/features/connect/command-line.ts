// A whole command line typed or pasted into Command: the offer to split it
// into the command and its arguments, with the form's own shell-like split.

import { joinArgs, splitArgs } from '../../../protocol/index.js';

export interface CommandLineSplit {
  command: string;
  /** The arguments the line holds, before any already in the Arguments field. */
  args: string[];
}

/**
 * The split to offer, or undefined when Command is one word (quotes around a
 * path with spaces make it one word) or does not split cleanly. A path with
 * unquoted spaces is offered too: the page cannot see the proxy's files, and
 * an offer changes nothing until the person takes it.
 */
export function commandLineSplit(command: string): CommandLineSplit | undefined {
  const split = splitArgs(command.trim());
  if (!split.ok || split.args.length < 2) return undefined;
  const [first, ...args] = split.args;
  return { command: first!, args };
}

/** The Arguments text after taking the offer: the line's arguments, then those already typed. */
export function argsAfterSplit(split: CommandLineSplit, argsText: string): string {
  const line = joinArgs(split.args);
  return argsText.trim() === '' ? line : `${line} ${argsText.trim()}`;
}

export function splitOfferText(split: CommandLineSplit): string {
  const n = split.args.length;
  return `This looks like a whole command line: split it into ${split.command} and ${n} argument${n === 1 ? '' : 's'}?`;
}
