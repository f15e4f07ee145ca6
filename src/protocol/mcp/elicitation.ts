// Elicitation facts: form mode (2025-06-18), and what 2025-11-25 added — URL
// mode, notifications/elicitation/complete and the -32042 "URL elicitation
// required" error. Which modes a declaration allows, the shape of a URL
// elicitation, and what a person should know about its address before opening it.

import { isRecord } from '../json/guards.js';

/** The error a server answers with when a request needs URL elicitations first. */
export const URL_ELICITATION_REQUIRED = -32042;

export type ElicitationMode = 'form' | 'url';

export interface UrlElicitation {
  message: string;
  url: string;
  elicitationId: string;
}

function declared(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}

/** The modes a client's capabilities allow. An empty `elicitation: {}` means form only (backwards compatibility). */
export function declaredElicitationModes(capabilities: unknown): ElicitationMode[] {
  const e = isRecord(capabilities) && Object.hasOwn(capabilities, 'elicitation') ? capabilities.elicitation : undefined;
  if (!isRecord(e)) return [];
  const form = Object.hasOwn(e, 'form') && declared(e.form);
  const url = Object.hasOwn(e, 'url') && declared(e.url);
  if (!Object.hasOwn(e, 'form') && !Object.hasOwn(e, 'url')) return ['form'];
  return [...(form ? (['form'] as const) : []), ...(url ? (['url'] as const) : [])];
}

/** The mode an elicitation/create asks for: absent means form. */
export function elicitationModeOf(params: unknown): unknown {
  const mode = isRecord(params) ? params.mode : undefined;
  return mode === undefined ? 'form' : mode;
}

/**
 * Why a client must answer this elicitation/create with -32602 (a mode it did not declare,
 * or no mode at all), or undefined when the mode is one it declared.
 */
export function elicitationModeRefusal(params: unknown, capabilities: unknown): string | undefined {
  const mode = elicitationModeOf(params);
  const modes = declaredElicitationModes(capabilities);
  if (mode !== 'form' && mode !== 'url') return `elicitation/create has mode ${JSON.stringify(mode)}, which is not an elicitation mode (form or url).`;
  if (modes.includes(mode)) return undefined;
  return `elicitation/create asks for ${mode} mode, which this client did not declare (it declared ${modes.length ? modes.join(' and ') : 'no elicitation'}); a server must not send modes the client does not support.`;
}

/** What is wrong with a URL-mode elicitation (request params, or an item of a -32042 error's data); empty when nothing. */
export function urlElicitationProblems(value: unknown): string[] {
  if (!isRecord(value)) return [`it is ${JSON.stringify(value)}, not an object`];
  const problems: string[] = [];
  if (value.mode !== 'url') problems.push(`mode is ${JSON.stringify(value.mode)}, not "url"`);
  if (typeof value.elicitationId !== 'string' || value.elicitationId === '') problems.push('elicitationId (a non-empty string) is missing');
  if (typeof value.message !== 'string') problems.push('message (a string) is missing');
  if (typeof value.url !== 'string') problems.push('url (a string) is missing');
  else if (!parseAbsoluteUrl(value.url)) problems.push(`url ${JSON.stringify(clip(value.url))} is not a valid absolute URL`);
  return problems;
}

/** A URL elicitation, its fields read leniently (what is missing is said by urlElicitationProblems). */
export function urlElicitationOf(value: unknown): UrlElicitation {
  const v = isRecord(value) ? value : {};
  return {
    message: typeof v.message === 'string' ? v.message : '',
    url: typeof v.url === 'string' ? v.url : '',
    elicitationId: typeof v.elicitationId === 'string' ? v.elicitationId : '',
  };
}

/** The elicitations a -32042 error asks for, and what is wrong with its data. */
export function requiredElicitations(data: unknown): { elicitations: UrlElicitation[]; problems: string[] } {
  const list = isRecord(data) ? data.elicitations : undefined;
  if (!Array.isArray(list)) return { elicitations: [], problems: ['error.data.elicitations (a list of URL elicitations) is missing'] };
  if (list.length === 0) return { elicitations: [], problems: ['error.data.elicitations is empty: it must name the elicitations to complete'] };
  const problems = list.flatMap((item, i) => urlElicitationProblems(item).map((p) => `elicitations[${i}]: ${p}`));
  return { elicitations: list.map(urlElicitationOf), problems };
}

/** The id a notifications/elicitation/complete names, if it names one. */
export function completedElicitationId(params: unknown): string | undefined {
  const id = isRecord(params) ? params.elicitationId : undefined;
  return typeof id === 'string' ? id : undefined;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname) || hostname.endsWith('.localhost');
}

function parseAbsoluteUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** A URL split so its host can be emphasised, with what a person should know before opening it. */
export interface UrlTarget {
  /** The address as the browser would open it (a Unicode host becomes punycode). */
  href: string;
  /** href in three parts: scheme and user name, the host (with port), the rest. */
  parts: { before: string; host: string; after: string };
  hostname: string;
  /** False for schemes other than http and https: those are never opened. */
  opens: boolean;
  warnings: string[];
}

export function describeUrlTarget(url: string): UrlTarget | { problem: string } {
  const u = parseAbsoluteUrl(url);
  if (!u) return { problem: `${JSON.stringify(clip(url))} is not a valid absolute URL, so it cannot be opened.` };
  const warnings: string[] = [];
  const web = u.protocol === 'https:' || u.protocol === 'http:';
  if (!web) warnings.push(`It is a ${u.protocol} address, not a web page: mcpscope opens only http and https addresses.`);
  else if (u.protocol === 'http:' && !isLoopback(u.hostname)) {
    warnings.push('It is not encrypted (http, not https): what is typed there can be read on the way. Servers should use https outside development.');
  }
  if (u.hostname.split('.').some((label) => label.startsWith('xn--'))) {
    warnings.push(
      `The host ${u.hostname} is an internationalised name (punycode "xn--"): it can imitate a familiar name letter for letter. Check it before opening.`,
    );
  }
  if (u.username !== '' || u.password !== '') {
    warnings.push(`The address puts "${decodeURIComponent(u.username)}" before an @: the site it opens is ${u.host}, not that name.`);
  }
  const userinfo = u.username !== '' || u.password !== '' ? `${u.username}${u.password ? `:${u.password}` : ''}@` : '';
  const before = web || u.host ? `${u.protocol}//${userinfo}` : u.protocol;
  const after = u.href.slice(before.length + u.host.length);
  return { href: u.href, parts: { before, host: u.host, after }, hostname: u.hostname, opens: web, warnings };
}
