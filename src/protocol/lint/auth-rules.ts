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
