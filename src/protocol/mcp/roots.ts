// Roots (client/roots): the directories a client tells a server it may work in.
// Every root's uri MUST be a file:// URI in the versions up to 2025-11-25.

import { isRecord } from '../json/guards.js';

export interface Root {
  uri: string;
  name?: string;
}

const SHOWN_CHARS = 80;

function shown(value: string): string {
  return JSON.stringify(value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value);
}

/** Why `uri` cannot be a root, in a sentence that says what to write instead; undefined when it can. */
export function rootUriProblem(uri: string): string | undefined {
  const value = uri.trim();
  if (value === '') return 'Enter a root URI, for example file:///home/me/project.';
  if (!/^file:\/\//i.test(value)) {
    const path = value.startsWith('/') ? ` For the directory ${shown(value)}, write ${shown(`file://${encodeURI(value)}`)}.` : '';
    return `Roots must be file:// URIs; got ${shown(value)}.${path}`;
  }
  if (/\s/.test(value)) return `A URI cannot contain spaces: write %20 for each (got ${shown(value)}).`;
  try {
    new URL(value);
  } catch {
    return `${shown(value)} is not a valid URI; write it like file:///home/me/project.`;
  }
  return undefined;
}

/** The roots of a roots/list result that break the rules, each with its sentence (an empty list when all is well). */
export function rootsResultProblems(result: unknown): string[] {
  if (!isRecord(result) || !Array.isArray(result.roots)) return ['the result has no "roots" array'];
  const problems: string[] = [];
  result.roots.forEach((root: unknown, i) => {
    if (!isRecord(root) || typeof root.uri !== 'string') problems.push(`root ${i + 1} has no "uri" string`);
    else if (!/^file:\/\//i.test(root.uri)) problems.push(`root ${i + 1} has uri ${shown(root.uri)}, which is not a file:// URI`);
    if (isRecord(root) && root.name !== undefined && typeof root.name !== 'string') problems.push(`root ${i + 1} has a "name" that is not a string`);
  });
  return problems;
}
