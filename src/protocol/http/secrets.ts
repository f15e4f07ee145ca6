// How secrets are shown wherever mcpscope prints an HTTP exchange or a log line:
// one mask for every secret (header values, OAuth tokens, client secrets, codes),
// so a token never reaches the page, the log or the terminal in the clear.

import { plural } from '../text/plural.js';

/** The one mask: the value's length is kept (it helps tell tokens apart), its content is not. */
export function maskSecret(value: string): string {
  return `•••• (${plural(value.length, 'character')} hidden)`;
}

/**
 * An API key as the providers' own consoles show one: its kind prefix (`sk-`, `sk-ant-`) and its last four
 * characters, enough to tell two keys apart. A key too short to keep 3/4 of it hidden gets the one mask.
 */
export function maskApiKey(key: string): string {
  if (key.length < 16) return maskSecret(key);
  const prefix = /^[a-z]{2,4}-(?:[a-z]{3,4}-)?/.exec(key)?.[0] ?? '';
  return `${prefix}…${key.slice(-4)}`;
}

/**
 * Fields of OAuth requests and responses that carry a secret: tokens (RFC 6749, OpenID),
 * the authorization code and PKCE verifier, client secrets and assertions (RFC 7523),
 * and the registration access token of dynamic client registration (RFC 7591/7592).
 */
export const OAUTH_SECRET_FIELDS: ReadonlySet<string> = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'assertion',
  'subject_token',
  'actor_token',
  'registration_access_token',
]);

const FIELD_ALTERNATIVES = [...OAUTH_SECRET_FIELDS].join('|');
// A JSON member whose value is a string: the key in quotes, the colon, the string (escapes kept whole).
const JSON_SECRET_MEMBER = new RegExp(`("(?:${FIELD_ALTERNATIVES})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'g');
// A form or query pair: the name at the start or after & (or ?), up to the next & or #.
const FORM_SECRET_PAIR = new RegExp(`(^|[&?])(${FIELD_ALTERNATIVES})=([^&#]*)`, 'g');
// An Authorization value in free text: "Bearer x", "Basic x", "DPoP x" (token68, RFC 9110 §11.2).
const CREDENTIAL = /\b(Bearer|Basic|DPoP)( +)([A-Za-z0-9\-._~+/]+=*)/g;

/** Secret members of a JSON text masked in place; the rest (layout included) unchanged, even if the text is cut short. */
export function maskOAuthJson(text: string): string {
  return text.replace(JSON_SECRET_MEMBER, (_all, head: string, value: string) => `${head}"${maskSecret(value)}"`);
}

/** Secret pairs of an application/x-www-form-urlencoded body or a query string masked; the rest unchanged. */
export function maskOAuthForm(text: string): string {
  return text.replace(FORM_SECRET_PAIR, (_all, lead: string, name: string, value: string) => `${lead}${name}=${maskSecret(value)}`);
}

/** A URL with secret query parameters masked (the callback's code, an implicit-grant fragment's token). */
export function maskOAuthUrl(url: string): string {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  const start = query >= 0 ? query : fragment;
  if (start < 0) return url;
  return url.slice(0, start) + url.slice(start).replace(/[?#][^#]*/g, (part) => part[0] + maskOAuthForm(part.slice(1)));
}

/** Credentials after an authentication scheme word in free text (log lines, error messages) masked. */
export function maskCredentials(text: string): string {
  return text.replace(CREDENTIAL, (all: string, scheme: string, space: string, value: string, at: number) =>
    beginsAuthParam(value, text.slice(at + all.length)) ? all : `${scheme}${space}${maskSecret(value)}`,
  );
}

/** "Bearer realm=\"mcp\"", "Bearer error=invalid_token": a challenge's first name=value, not a token68. */
function beginsAuthParam(value: string, after: string): boolean {
  if (!/^[A-Za-z_-]+=$/.test(value) || after === '' || /^[\s,;}]/.test(after)) return false;
  // A quote that closes a JSON string ("Bearer abc=") ends a token; one that opens a value does not.
  return !/^"\s*(?:[,}\]]|$)/.test(after);
}

/**
 * The body of an OAuth exchange (token, registration, authorization server error) as it may be shown:
 * JSON or form secrets masked by the content type, or by the body's look when there is none.
 * Only for OAuth exchanges: an MCP message may well carry an ordinary field named "code".
 */
export function maskOAuthBody(text: string, contentType?: string): string {
  const type = contentType?.toLowerCase() ?? '';
  const json = type.includes('json') || (type === '' && /^\s*[[{]/.test(text));
  const masked = json ? maskOAuthJson(text) : type.includes('x-www-form-urlencoded') || type === '' ? maskOAuthForm(text) : text;
  return maskCredentials(masked);
}

/**
 * Values shorter than this are not masked by value: a short one (a 4-digit code, "abc") would hide ordinary words
 * and numbers all over a sentence; the field-name masks above still hide it where it is named.
 */
export const MIN_MASKED_VALUE_LENGTH = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The ways a page may echo a value that went out as "&", "<", ">", '"' and "'". */
const HTML_ESCAPES: ReadonlyArray<Record<string, string>> = [
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;' }, // text content: quotes left as they are
];

/** A value as it is written raw, percent-encoded (encodeURIComponent, and URLSearchParams: ~ ! ' ( ) too, spaces as +), in a JSON string and escaped in HTML. */
function writtenForms(value: string): string[] {
  const encoded = encodeURIComponent(value);
  const forms = [value, encoded, encoded.replace(/%20/g, '+'), new URLSearchParams({ v: value }).toString().slice(2), JSON.stringify(value).slice(1, -1)];
  for (const escapes of HTML_ESCAPES) forms.push(value.replace(/[&<>"']/g, (c) => escapes[c] ?? c));
  return forms;
}

/**
 * The secrets one OAuth flow sent or received, masked by value wherever they appear in a text built from a
 * server's words (an error page that echoes the request, an error_description that quotes the refresh token):
 * the field-name masks cannot see a value in HTML or prose. Each value is also looked for as it is written in a
 * form or query (percent-encoded), inside a JSON string and in HTML (escaped).
 */
export class SecretValues {
  private readonly values = new Set<string>();
  private pattern: RegExp | undefined;

  add(...values: Array<string | null | undefined>): void {
    for (const value of values) {
      if (value === null || value === undefined || value.length < MIN_MASKED_VALUE_LENGTH) continue;
      for (const written of writtenForms(value)) {
        if (!this.values.has(written)) {
          this.values.add(written);
          this.pattern = undefined;
        }
      }
    }
  }

  /** The text with every known value masked (the longest first, so a value that contains another is masked whole). */
  mask(text: string): string {
    if (this.values.size === 0) return text;
    this.pattern ??= new RegExp(
      [...this.values]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'g',
    );
    return text.replace(this.pattern, (found) => maskSecret(found));
  }

  /** A copy of a JSON-like value (a flow view, an exchange) with every string in it masked. */
  maskAll<T>(value: T): T {
    return this.maskValue(value) as T;
  }

  private maskValue(value: unknown): unknown {
    if (typeof value === 'string') return this.mask(value);
    if (Array.isArray(value)) return value.map((item) => this.maskValue(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.maskValue(item)]));
    }
    return value;
  }
}
