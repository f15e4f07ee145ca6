// WWW-Authenticate (RFC 9110 §11.6.1): challenges are a scheme followed by a
// token68 or comma-separated name=value parameters, and several challenges may
// share one header. What MCP reads is the Bearer challenge's resource_metadata,
// scope and error (RFC 6750 §3, RFC 9728 §5.1). Never throws: what cannot be
// read becomes a problem and the rest is kept.

import type { AuthProblem, AuthProblemKind } from './exchange.js';
import { absoluteHttpUrlProblem } from './exchange.js';
import { AUTH_SPEC } from './spec-links.js';
import { setOwn } from '../text/own.js';

export interface AuthChallenge {
  /** As written; compare case-insensitively. */
  readonly scheme: string;
  /** Parameter names lower-cased (they are case-insensitive), values unquoted. */
  readonly params: Readonly<Record<string, string>>;
  readonly token68?: string;
}

export interface BearerChallenge {
  readonly resourceMetadata?: string;
  readonly scope?: string;
  /** For example invalid_token or insufficient_scope. */
  readonly error?: string;
  readonly errorDescription?: string;
  readonly realm?: string;
}

export interface ParsedWwwAuthenticate {
  readonly challenges: readonly AuthChallenge[];
  /** The first Bearer challenge, if any. */
  readonly bearer?: BearerChallenge;
  readonly problems: readonly AuthProblem[];
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const TOKEN68_THEN_END = /^[A-Za-z0-9\-._~+/]+=*[ \t]*(?:,|$)/;

/** Several header lines are one list (RFC 9110 §5.3), so an array is joined with commas. */
export function parseWwwAuthenticate(header: string | readonly string[]): ParsedWwwAuthenticate {
  const text = typeof header === 'string' ? header : header.join(', ');
  const problems: AuthProblem[] = [];
  const problem = (message: string, spec: string = AUTH_SPEC.challengeSyntax, kind: AuthProblemKind = 'challenge'): void => {
    problems.push({ step: 'www-authenticate', kind, severity: 'error', message, spec });
  };
  const challenges: { scheme: string; params: Record<string, string>; token68?: string }[] = [];
  let current: (typeof challenges)[number] | undefined;
  let pos = 0;
  const skip = (chars: RegExp): void => {
    while (pos < text.length && chars.test(text[pos]!)) pos++;
  };
  const readToken = (): string => {
    const start = pos;
    while (pos < text.length && TCHAR.test(text[pos]!)) pos++;
    return text.slice(start, pos);
  };
  const skipToComma = (): void => {
    while (pos < text.length && text[pos] !== ',') pos++;
  };

  while (pos < text.length) {
    skip(/[ \t,]/);
    if (pos >= text.length) break;
    const at = pos;
    const token = readToken();
    if (token === '') {
      problem(`WWW-Authenticate has an unexpected ${JSON.stringify(text[pos])} at position ${pos}; the rest up to the next comma was skipped.`);
      pos++;
      skipToComma();
      continue;
    }
    skip(/[ \t]/);
    if (text[pos] === '=') {
      // name=value: a parameter of the current challenge.
      pos++;
      skip(/[ \t]/);
      let value: string;
      if (text[pos] === '"') {
        pos++;
        let out = '';
        let closed = false;
        while (pos < text.length) {
          const c = text[pos]!;
          if (c === '\\' && pos + 1 < text.length) {
            out += text[pos + 1];
            pos += 2;
          } else if (c === '"') {
            pos++;
            closed = true;
            break;
          } else {
            out += c;
            pos++;
          }
        }
        if (!closed) problem(`WWW-Authenticate parameter ${token} has a quoted value with no closing quote.`);
        value = out;
      } else {
        value = readToken();
        if (value === '') problem(`WWW-Authenticate parameter ${token} has no value.`);
      }
      skip(/[ \t]/);
      if (pos < text.length && text[pos] !== ',') {
        // Read on: a missing comma should not lose the parameters after it.
        problem(`WWW-Authenticate parameter ${token} is followed by ${JSON.stringify(text.slice(pos, pos + 20))} instead of a comma.`);
      }
      if (!current) {
        problem(`WWW-Authenticate starts with the parameter ${token} instead of a scheme such as Bearer.`);
        continue;
      }
      const name = token.toLowerCase();
      if (Object.hasOwn(current.params, name)) {
        problem(`WWW-Authenticate's ${current.scheme} challenge repeats the parameter ${name}; the first value is kept.`);
        continue;
      }
      setOwn(current.params, name, value);
      continue;
    }
    // A scheme starts a new challenge; it may carry a token68 instead of parameters.
    current = { scheme: token, params: {} };
    challenges.push(current);
    const rest = text.slice(pos);
    const t68 = TOKEN68_THEN_END.exec(rest);
    if (pos > at + token.length && t68) {
      current.token68 = t68[0].replace(/[ \t]*,?$/, '');
      pos += t68[0].length;
    }
  }

  if (text.trim() === '') problem('WWW-Authenticate is empty; a 401 must name at least one challenge.', AUTH_SPEC.wwwAuthenticate);
  const found = challenges.find((c) => c.scheme.toLowerCase() === 'bearer');
  let bearer: BearerChallenge | undefined;
  if (found) {
    const p = found.params;
    if (found.token68 !== undefined)
      problem(`WWW-Authenticate's Bearer challenge carries ${JSON.stringify(found.token68)} instead of name="value" parameters.`, AUTH_SPEC.wwwAuthenticate);
    bearer = {
      ...(p['resource_metadata'] !== undefined && { resourceMetadata: p['resource_metadata'] }),
      ...(p['scope'] !== undefined && { scope: p['scope'] }),
      ...(p['error'] !== undefined && { error: p['error'] }),
      ...(p['error_description'] !== undefined && { errorDescription: p['error_description'] }),
      ...(p['realm'] !== undefined && { realm: p['realm'] }),
    };
    const urlProblem = bearer.resourceMetadata !== undefined ? absoluteHttpUrlProblem(bearer.resourceMetadata) : undefined;
    if (urlProblem)
      problem(`WWW-Authenticate's resource_metadata must be an absolute http(s) URL, but ${urlProblem}.`, AUTH_SPEC.wwwAuthenticate, 'resource-metadata-url');
  } else if (challenges.length > 0) {
    problem(
      `WWW-Authenticate has no Bearer challenge (it names ${challenges.map((c) => c.scheme).join(', ')}); MCP servers use Bearer tokens.`,
      AUTH_SPEC.wwwAuthenticate,
    );
  }
  return { challenges, ...(bearer && { bearer }), problems };
}
