// Variables in config values, replaced the way each host replaces them. The environment and the
// folders are given (the page has no process environment; the CLI passes its own).

import { ownValue } from '../text/own.js';

/** The program a config file was written for: it decides the shape and the substitution rule. */
export const CONFIG_HOSTS = ['claude-desktop', 'claude-code', 'cursor', 'windsurf', 'vscode', 'registry'] as const;
export type ConfigHost = (typeof CONFIG_HOSTS)[number];

export const HOST_NAME: Record<ConfigHost, string> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  windsurf: 'Windsurf',
  vscode: 'VS Code',
  registry: 'the MCP registry',
};

export interface SubstitutionContext {
  env: Readonly<Record<string, string | undefined>>;
  /** The folder VS Code and Cursor call ${workspaceFolder}. */
  workspaceFolder?: string;
  userHome?: string;
}

export interface Substituted {
  text: string;
  /** Variables that had no value (and no default). */
  missing: string[];
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
// Claude Code: ${VAR} and ${VAR:-default}.
const SHELL_STYLE = new RegExp(`\\$\\{(${NAME})(?::-([^}]*))?\\}`, 'g');
// VS Code, Cursor, Windsurf: ${env:VAR}, and (not Windsurf) the predefined folder variables.
const EDITOR_STYLE = /\$\{(env:[^}]+|workspaceFolder|workspaceFolderBasename|userHome|pathSeparator|\/)\}/g;

function editorValue(word: string, ctx: SubstitutionContext, missing: string[]): string | undefined {
  if (word.startsWith('env:')) {
    const value = ownValue(ctx.env, word.slice(4));
    if (value === undefined) missing.push(word.slice(4));
    // VS Code and Cursor put an empty string where a variable is not set.
    return value ?? '';
  }
  const folder = word.startsWith('workspaceFolder') ? ctx.workspaceFolder : word === 'userHome' ? ctx.userHome : undefined;
  if (word === 'pathSeparator' || word === '/') return '/';
  // Without a folder (pasted text) the variable stays as written.
  if (folder === undefined) return undefined;
  return word === 'workspaceFolderBasename' ? (folder.split(/[\\/]/).filter(Boolean).at(-1) ?? folder) : folder;
}

/** One value with the host's variables replaced; `${input:…}` is left for `resolveInputs`. */
export function substitute(text: string, host: ConfigHost, ctx: SubstitutionContext): Substituted {
  const missing: string[] = [];
  switch (host) {
    case 'claude-code':
      return {
        text: text.replace(SHELL_STYLE, (all, name: string, fallback: string | undefined) => {
          const value = ownValue(ctx.env, name) ?? fallback;
          if (value === undefined) missing.push(name);
          return value ?? all;
        }),
        missing,
      };
    case 'cursor':
    case 'vscode':
    case 'windsurf':
      return {
        text: text.replace(EDITOR_STYLE, (all, word: string) => {
          if (host === 'windsurf' && !word.startsWith('env:')) return all;
          return editorValue(word, ctx, missing) ?? all;
        }),
        missing,
      };
    default:
      // Claude Desktop and the registry replace nothing.
      return { text, missing };
  }
}

/** How a variable is written in the host's own syntax, for exported placeholders. */
export function variableReference(host: ConfigHost, name: string): string {
  return host === 'claude-code' ? `\${${name}}` : `\${env:${name}}`;
}

const INPUT = /\$\{input:([^}]+)\}/g;

/** The `${input:id}` ids a value uses, in order. */
export function inputIdsIn(text: string): string[] {
  return [...text.matchAll(INPUT)].map((m) => m[1]!);
}

/** A value with each `${input:id}` replaced by its answer; unanswered ones left as they are. */
export function replaceInputs(text: string, answers: Readonly<Record<string, string>>): string {
  return text.replace(INPUT, (all, id: string) => (Object.hasOwn(answers, id) ? answers[id]! : all));
}
