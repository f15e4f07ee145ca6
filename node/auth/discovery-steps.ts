// Steps 1–3 of the flow: the refused request's challenge, the protected
// resource metadata and the authorization server metadata. The protocol core
// discovers and judges; this files its exchanges and AUTH-* findings under the
// step each belongs to, and stops the flow naming the step and the rule.
import {
  authFindings,
  discoverAuthorization,
  parseWwwAuthenticate,
  type AuthExchange,
  type AuthStepId,
  type AuthorizationDiscovery,
  type Finding,
} from '../../src/protocol/wire.js';
import type { AuthChallenge } from './authorizer-types.js';
import { discoveryExchangeView, stepOfDiscovery } from './exchange-views.js';
import { canonicalResource, type Discovered, type FlowContext } from './flow-context.js';

/** Step 1: what the refused request said. */
export async function runChallengeStep(ctx: FlowContext, challenge: AuthChallenge): Promise<void> {
  const { record } = ctx;
  await record.ready('challenge');
  record.learn('challenge', 'status', String(challenge.status));
  if (challenge.wwwAuthenticate === undefined) {
    record.done('challenge', `The server answered ${challenge.status} without WWW-Authenticate: the metadata is looked for at the well-known URIs.`);
    return;
  }
  record.learn('challenge', 'WWW-Authenticate', challenge.wwwAuthenticate);
  const parsed = parseWwwAuthenticate(challenge.wwwAuthenticate);
  const bearer = parsed.bearer;
  // Judged now, so the guided view shows the header's findings at its own step (discovery leaves them here).
  const judged = authFindings(
    { ok: false, scope: { source: 'omitted' }, exchanges: [], problems: parsed.problems, ...(bearer && { challenge: bearer }) },
    ctx.options.protocolVersion(),
  );
  record.step('challenge').findings.push(...judged);
  if (bearer?.error !== undefined) record.learn('challenge', 'error', bearer.errorDescription ? `${bearer.error}: ${bearer.errorDescription}` : bearer.error);
  if (bearer?.scope !== undefined) record.learn('challenge', 'scope', bearer.scope);
  if (bearer?.resourceMetadata !== undefined) record.learn('challenge', 'resource metadata', bearer.resourceMetadata);
  record.done(
    'challenge',
    bearer === undefined
      ? `The server answered ${challenge.status} with no Bearer challenge: the metadata is looked for at the well-known URIs.`
      : `The server answered ${challenge.status} with a Bearer challenge${bearer.resourceMetadata !== undefined ? ' naming its resource metadata' : ''}${bearer.scope !== undefined ? ` and scope "${bearer.scope}"` : ''}.`,
  );
}

/** The guided view's step for each discovery finding: its problem's step; scope syntax by what it judged. */
function findingSteps(discovery: AuthorizationDiscovery, findings: readonly Finding[]): AuthStepId[] {
  return findings.map((f, i) => {
    const problem = discovery.problems[i];
    if (problem) return stepOfDiscovery(problem.step);
    return f.message.startsWith('WWW-Authenticate') ? 'challenge' : 'resource-metadata';
  });
}

/** Steps 2 and 3 (the guided view pauses between them): where the authorization server is, and what it offers. */
export async function runDiscoverySteps(ctx: FlowContext, wwwAuthenticate: string | undefined): Promise<Discovered> {
  const { record, options } = ctx;
  const version = options.protocolVersion();
  let filed = 0;
  const file = (exchanges: readonly AuthExchange[]): void => {
    const now = ctx.clock();
    for (const e of exchanges.slice(filed)) ctx.exchange(stepOfDiscovery(e.step), discoveryExchangeView(e, now));
    filed = exchanges.length;
  };
  let reachedServer = false;

  await record.ready('resource-metadata');
  const discovery = await discoverAuthorization({
    serverUrl: options.serverUrl,
    ...(wwwAuthenticate !== undefined && { wwwAuthenticate }),
    // fetch's own Response fits the core's narrower AuthFetchResponse.
    fetch: (url, init) => ctx.fetch(url, init),
    legacyFallbacks: version === '2025-03-26',
    beforeAuthorizationServer: async ({ exchanges }) => {
      file(exchanges);
      record.done('resource-metadata', 'The protected resource metadata is settled; the authorization server is next.');
      reachedServer = true;
      await record.ready('authorization-server-metadata');
    },
  });
  file(discovery.exchanges);

  const findings = authFindings(discovery, version);
  const steps = findingSteps(discovery, findings);
  // The challenge step judged its header itself when it ran (not when a refresh skipped it).
  const challengeJudged = record.step('challenge').state === 'done';
  findings.forEach((f, i) => {
    if (steps[i] !== 'challenge' || !challengeJudged) record.step(steps[i]!).findings.push(f);
  });
  const stop = (step: AuthStepId): never => {
    const i = findings.findIndex((f, j) => steps[j] === step && f.severity === 'error');
    const first = findings[i] ?? findings.find((f) => f.severity === 'error');
    const why = first ? `${first.message.replace(/\.$/, '')} (rule ${first.rule}).` : 'discovery found no usable metadata.';
    // No metadata at all may be a server of the revision that had none: say how to reach its fallbacks.
    const legacyHint =
      step === 'resource-metadata' && first?.rule === 'AUTH-DISCOVERY' && version !== '2025-03-26'
        ? ' A 2025-03-26 server publishes none: connect with protocol version 2025-03-26 to use its fallbacks.'
        : '';
    throw record.fail(step, why + legacyHint);
  };

  const prm = discovery.protectedResource;
  if (prm) {
    record.learn('resource-metadata', 'resource', prm.resource);
    record.learn('resource-metadata', 'authorization servers', prm.authorizationServers.join(' '));
    if (prm.scopesSupported) record.learn('resource-metadata', 'scopes supported', prm.scopesSupported.join(' '));
    record.done('resource-metadata', `The resource ${prm.resource} is protected by ${prm.authorizationServers[0]}.`);
  } else if (reachedServer) {
    record.done('resource-metadata', "No protected resource metadata: the 2025-03-26 fallbacks at the MCP server's origin are used.");
  } else {
    stop('resource-metadata');
  }

  const as = discovery.authorizationServer;
  if (!discovery.ok || !as) return stop('authorization-server-metadata');
  const m = as.metadata;
  record.learn('authorization-server-metadata', 'issuer', m.issuer);
  record.learn('authorization-server-metadata', 'source', as.source);
  record.learn('authorization-server-metadata', 'authorization endpoint', m.authorizationEndpoint);
  record.learn('authorization-server-metadata', 'token endpoint', m.tokenEndpoint);
  if (m.registrationEndpoint !== undefined) record.learn('authorization-server-metadata', 'registration endpoint', m.registrationEndpoint);
  if (m.scopesSupported) record.learn('authorization-server-metadata', 'scopes supported', m.scopesSupported.join(' '));
  if (m.codeChallengeMethodsSupported) record.learn('authorization-server-metadata', 'PKCE methods', m.codeChallengeMethodsSupported.join(' '));
  if (m.document.client_id_metadata_document_supported === true) record.learn('authorization-server-metadata', 'client id metadata documents', 'supported');
  const issAdvertised = m.document.authorization_response_iss_parameter_supported === true;
  record.learn('authorization-server-metadata', 'iss in the authorization response (RFC 9207)', issAdvertised ? 'promised' : 'not promised');
  record.setFlow({ issuer: m.issuer });
  record.done('authorization-server-metadata', `The authorization server ${m.issuer} publishes its endpoints (${as.source}).`);

  const selected = discovery.scope.scope;
  return {
    issuer: m.issuer,
    resource: prm?.resource ?? canonicalResource(options.serverUrl),
    metadata: m,
    issAdvertised,
    ...(selected !== undefined && { selectedScope: selected }),
  };
}
