// Step 4 of the flow: which client to be, in the spec's order (2026-07-28
// client registration): pre-registered credentials, a Client ID Metadata
// Document where the authorization server supports them, the client stored
// for this issuer, else dynamic registration. Credentials are bound to the
// issuer that issued them: a resource whose server changed registers anew.
// A stored client the authorization server no longer knows (invalid_client at
// the callback or token step) is forgotten and registered once more.
import { clientMetadataUrlProblem } from '../../src/protocol/wire.js';
import { isClientSecretExpired, tokenEndpointAuthMethodOf, type ClientRegistration, type StoredTokens } from './credentials.js';
import type { Discovered, FlowContext } from './flow-context.js';
import { ClientRejected } from './flow-record.js';
import { flowFailure } from './grant-steps.js';
import type { OAuthFlow } from './flow.js';

const CLIENT_NAME = 'mcpscope';

/** `because`: why the client registers again (said first in the step's summary). */
export async function runRegistrationStep(ctx: FlowContext, found: Discovered, flow: OAuthFlow, because?: string): Promise<ClientRegistration> {
  const { record, options } = ctx;
  const { config, store } = options;
  await record.ready('registration');
  const use = async (client: ClientRegistration, summary: string, state: 'done' | 'skipped' = 'done'): Promise<ClientRegistration> => {
    if (state === 'done') await store.saveClient(client);
    record.learn('registration', 'client id', client.clientId);
    record.learn('registration', 'source', client.source);
    record.learn('registration', 'token endpoint authentication', tokenEndpointAuthMethodOf(client));
    if (state === 'done') record.done('registration', summary);
    else record.skip('registration', summary);
    return client;
  };

  if (config.clientId !== undefined && config.clientId !== '') {
    const bound = store.preRegisteredProblem(found.issuer, config.clientId);
    if (bound) throw record.fail('registration', bound);
    // An empty secret counts as none given.
    const method = tokenEndpointAuthMethodOf({ tokenEndpointAuthMethod: config.tokenEndpointAuthMethod, clientSecret: config.clientSecret || undefined });
    if (method !== 'none' && !config.clientSecret) {
      // Said now, before the person approves, rather than at the token endpoint afterwards.
      throw record.fail(
        'registration',
        `the pre-registered client ${config.clientId} is set to ${method}, which needs a client secret: add the secret, or choose "none".`,
      );
    }
    const client: ClientRegistration = {
      issuer: found.issuer,
      clientId: config.clientId,
      ...(config.clientSecret !== undefined && config.clientSecret !== '' && { clientSecret: config.clientSecret }),
      tokenEndpointAuthMethod: method,
      source: 'pre-registered',
    };
    return use(client, `The pre-registered client id ${client.clientId} is used (${method}); nothing is registered.`);
  }

  let why = because !== undefined ? ` ${because}` : '';
  const metadataUrl = config.clientMetadataUrl !== undefined && config.clientMetadataUrl !== '' ? config.clientMetadataUrl : undefined;
  if (metadataUrl !== undefined && found.metadata.document.client_id_metadata_document_supported === true) {
    // The page and the CLI check it too; a config from elsewhere is checked here, before it is sent.
    const problem = clientMetadataUrlProblem(metadataUrl);
    if (problem) throw record.fail('registration', `the client metadata URL ${metadataUrl} cannot be a client id: it ${problem}.`);
    const client: ClientRegistration = { issuer: found.issuer, clientId: metadataUrl, tokenEndpointAuthMethod: 'none', source: 'metadata-document' };
    return use(
      client,
      `The client id is the Client ID Metadata Document URL ${metadataUrl} (the authorization server supports them); no registration request.`,
    );
  }
  if (metadataUrl !== undefined) {
    why += ` ${found.issuer} does not advertise client_id_metadata_document_supported, so the metadata document URL cannot be the client id.`;
  }

  const lookup = store.lookupClient(found.issuer, found.resource);
  if (lookup.kind === 'registered' && because === undefined && !isClientSecretExpired(lookup.client, ctx.clock())) {
    return use(lookup.client, `The client registered earlier with ${found.issuer} is reused (client id ${lookup.client.clientId}).`, 'skipped');
  }
  if (lookup.kind === 'registered') why += ' The stored client secret has expired, so the client registers again.';
  if (lookup.kind === 'issuer-changed') {
    why += ` The resource was authorized by ${lookup.previousIssuer} before; its credentials are not used with ${found.issuer}, so the client registers anew.`;
    record.learn('registration', 'previous authorization server', lookup.previousIssuer);
  }

  let client: ClientRegistration;
  try {
    client = await flow.register({ redirectUri: options.redirectUri, clientName: CLIENT_NAME });
  } catch (error) {
    throw flowFailure(ctx, error, 'registration');
  }
  ctx.fileFlowExchanges();
  const answer = record.step('registration').exchanges.at(-1)?.responseBody ?? '';
  if (/"client_secret"\s*:/.test(answer) && !/"client_secret_expires_at"\s*:/.test(answer)) {
    why += ' The answer has a client_secret without client_secret_expires_at, which RFC 7591 §3.2.1 requires with it: the secret is taken as never expiring.';
  }
  return use(client, `Registered dynamically with ${found.issuer} (RFC 7591).${why}`);
}

/**
 * Steps 5–7 (`run`) with the client step 4 chose. When the authorization server answers invalid_client to a
 * client reused from the store (restarted under the same issuer, it forgot its registrations), that issuer's
 * registration and tokens are forgotten, the client registers once more, and the steps run again: once only.
 */
export async function withKnownClient(
  ctx: FlowContext,
  found: Discovered,
  flow: OAuthFlow,
  client: ClientRegistration,
  run: (client: ClientRegistration) => Promise<StoredTokens>,
): Promise<StoredTokens> {
  const reused = client.source === 'dynamic' && ctx.record.step('registration').state === 'skipped';
  try {
    return await run(client);
  } catch (error) {
    if (!(error instanceof ClientRejected)) throw error;
    if (!reused) throw ctx.record.fail(error.step, `${error.message} ${notKnown(client)}`);
    await ctx.options.store.forget(found.issuer);
    const again = await runRegistrationStep(
      ctx,
      found,
      flow,
      `${found.issuer} answered invalid_client to the client registered earlier (client id ${client.clientId}) at ${ctx.record.name(error.step)}: it no longer knows that client (restarted?), so its registration and tokens were forgotten and the client registers once more.`,
    );
    try {
      return await run(again);
    } catch (second) {
      if (!(second instanceof ClientRejected)) throw second;
      throw ctx.record.fail(
        second.step,
        `${second.message} The client was registered again just now and is refused too, so mcpscope stops here; check the authorization server.`,
      );
    }
  }
}

/** What to do when the authorization server refuses a client it was not given by a registration this flow could redo. */
function notKnown(client: ClientRegistration): string {
  if (client.source === 'pre-registered')
    return `The authorization server does not accept the pre-registered client ${client.clientId}: check its client id and secret.`;
  if (client.source === 'metadata-document')
    return `The authorization server does not accept the Client ID Metadata Document ${client.clientId}: check that it serves this client's metadata.`;
  return `The client ${client.clientId} was registered just now and is refused already, so mcpscope does not register again; check the authorization server.`;
}
