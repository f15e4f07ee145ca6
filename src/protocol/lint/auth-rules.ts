// The AUTH-* rules, judged from an OAuth discovery result rather than from
// JSON-RPC frames. Discovery already judged the challenge and the metadata
// documents; each of its problems becomes a finding under the rule its kind
// names. The only thing judged here is scope syntax, which discovery does not.

import type { AuthorizationDiscovery } from '../auth/discover.js';
import type { AuthProblemKind } from '../auth/exchange.js';
import { NEWEST_LEGACY_VERSION } from '../versions.js';
import { specUrl, type RuleId } from './rules.js';
import type { Finding } from './state.js';

const RULE_OF_KIND: Record<AuthProblemKind, RuleId> = {
  challenge: 'AUTH-CHALLENGE',
  'resource-metadata-url': 'AUTH-RESOURCE-METADATA-URL',
  'prm-shape': 'AUTH-PRM-SHAPE',
  'prm-resource': 'AUTH-PRM-RESOURCE',
  'as-shape': 'AUTH-AS-SHAPE',
  'as-issuer': 'AUTH-AS-ISSUER',
  pkce: 'AUTH-PKCE',
  'metadata-format': 'AUTH-METADATA-FORMAT',
  'not-found': 'AUTH-DISCOVERY',
};

/** RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ), i.e. printable ASCII but space, '"' and '\'. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** Why a scope value is not space-separated scope tokens, or undefined when it is. */
export function scopeSyntaxProblem(scope: string): string | undefined {
  if (scope === '') return 'it is empty';
  if (scope.startsWith(' ') || scope.endsWith(' ') || scope.includes('  ')) return 'scope tokens are separated by single spaces';
  const bad = scope.split(' ').find((t) => !SCOPE_TOKEN.test(t));
  return bad !== undefined
    ? `${JSON.stringify(bad)} holds a character a scope token cannot (a quote, a backslash or a non-ASCII or control character)`
    : undefined;
}

/**
 * The findings for one discovery: its problems in order (a warning stays a
 * warning), then scope syntax. `version` chooses the spec page linked to.
 */
export function authFindings(discovery: AuthorizationDiscovery, version: string = NEWEST_LEGACY_VERSION): Finding[] {
  const finding = (rule: RuleId, severity: Finding['severity'], message: string): Finding => ({
    rule,
    severity,
    message,
    specUrl: specUrl(rule, version),
    subject: 'server',
  });
  const findings = discovery.problems.map((p) => finding(RULE_OF_KIND[p.kind], p.severity, p.message));
  const scope = discovery.challenge?.scope;
  const scopeProblem = scope !== undefined ? scopeSyntaxProblem(scope) : undefined;
  if (scopeProblem)
    findings.push(finding('AUTH-SCOPE-SYNTAX', 'warning', `WWW-Authenticate's Bearer scope ${JSON.stringify(scope)} is not valid: ${scopeProblem}.`));
  for (const s of discovery.protectedResource?.scopesSupported ?? []) {
    // Each entry of scopes_supported is one scope, so a space inside it is wrong too.
    const single = scopeSyntaxProblem(s) ?? (s.includes(' ') ? 'one entry holds several scopes' : undefined);
    if (single)
      findings.push(
        finding('AUTH-SCOPE-SYNTAX', 'warning', `Protected resource metadata's scopes_supported entry ${JSON.stringify(s)} is not a scope: ${single}.`),
      );
  }
  return findings;
}

/** What the callback (the authorization response) said about its issuer, and what the metadata promised. */
export interface AuthorizationResponseIss {
  /** The issuer recorded from the validated authorization server metadata. */
  issuer: string;
  /** authorization_response_iss_parameter_supported is true in that metadata. */
  advertised: boolean;
  /** The callback's iss, decoded; null when absent. */
  iss: string | null;
}

/**
 * AUTH-ISS: the authorization response against RFC 9207 as the 2026-07-28 revision
 * applies it (Authorization Response Validation): advertised but absent, present and
 * not exactly the issuer (no normalization), present but not advertised, and absent
 * (a SHOULD, expected to become a MUST).
 */
export function issFindings(response: AuthorizationResponseIss, version: string = NEWEST_LEGACY_VERSION): Finding[] {
  const { issuer, advertised, iss } = response;
  const finding = (severity: Finding['severity'], message: string): Finding => ({
    rule: 'AUTH-ISS',
    severity,
    message,
    specUrl: specUrl('AUTH-ISS', version),
    subject: 'server',
  });
  if (iss === null) {
    return advertised
      ? [
          finding(
            'error',
            `The authorization server ${issuer} advertises authorization_response_iss_parameter_supported, but its authorization response carries no iss: a client must refuse such a response.`,
          ),
        ]
      : [
          finding(
            'info',
            `The authorization server ${issuer} sends no iss in its authorization response (RFC 9207): it should, so that clients can detect mix-up attacks.`,
          ),
        ];
  }
  if (iss !== issuer) {
    return [
      finding(
        'error',
        `The authorization response's iss ${JSON.stringify(iss)} is not the issuer ${JSON.stringify(issuer)} of the authorization server's metadata (compared as exact strings, with no normalization): a client must refuse the response and not redeem its code.`,
      ),
    ];
  }
  return advertised
    ? []
    : [
        finding(
          'warning',
          `The authorization server ${issuer} sends iss in its authorization response but does not advertise authorization_response_iss_parameter_supported in its metadata: a server that includes iss must advertise it.`,
        ),
      ];
}
