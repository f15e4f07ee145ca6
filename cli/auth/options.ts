// The OAuth options of the CLI, checked together: --auth turns the
// flow on for --url; the others say how the client is known and what it asks
// for. Combinations that would be ignored or could not work are refused with a
// sentence saying what to give instead. Pure: parsing only.

import type { HttpAuthConfig, TransportConfig } from '../../src/protocol/index.js';
import { OPTIONS, type OptionName, type OptionValues } from '../../options/table.js';
import { refused, type Checked } from '../../options/values.js';

/** The options that only mean something with --auth. */
const WITH_AUTH: readonly OptionName[] = ['clientId', 'clientSecret', 'tokenEndpointAuthMethod', 'clientMetadataUrl', 'scope', 'rememberCredentials'];

export interface CliAuth {
  config: HttpAuthConfig;
  /** --remember-credentials: the 0600 credentials file, as the inspector keeps it. */
  remember: boolean;
}

/**
 * The auth part of the target, or undefined without --auth.
 * @param implied the command authorizes by itself (conformance): no --auth needed
 */
export function authOptionsOf(values: OptionValues, target: TransportConfig, implied = false): Checked<CliAuth | undefined> {
  const on = values.auth === true || implied;
  if (!on) {
    const stray = WITH_AUTH.find((name) => values[name] !== undefined);
    return stray === undefined ? { ok: true, value: undefined } : refused(`${OPTIONS[stray].flag} goes with --auth, which turns the OAuth flow on.`);
  }
  if (target.kind !== 'http') {
    return refused('--auth goes with --url: OAuth protects remote servers, and a server started with --stdio is never asked for a token.');
  }
  const handWritten = Object.keys(target.headers).find((name) => name.toLowerCase() === 'authorization');
  if (handWritten !== undefined) {
    return refused(`Give --auth or an ${handWritten} --header, not both: --auth gets the token itself.`);
  }
  const { clientId, clientSecret, tokenEndpointAuthMethod: method, clientMetadataUrl, scope } = values;
  if (clientSecret !== undefined && clientId === undefined) {
    return refused('--client-secret goes with --client-id: a secret belongs to a pre-registered client, so give both.');
  }
  if (clientId !== undefined && clientMetadataUrl !== undefined) {
    return refused('Give --client-id or --client-metadata-url, not both: each names the client (pre-registered, or by its metadata document).');
  }
  if (method !== undefined) {
    if (clientId === undefined) return refused(`--token-endpoint-auth-method is for a pre-registered client: give --client-id too.`);
    if (method === 'none' && clientSecret !== undefined) {
      return refused('--token-endpoint-auth-method none sends no secret: drop --client-secret, or choose client_secret_basic or client_secret_post.');
    }
    if (method !== 'none' && clientSecret === undefined) return refused(`--token-endpoint-auth-method ${method} needs --client-secret.`);
  }
  const config: HttpAuthConfig = {
    mode: 'quick',
    ...(clientId !== undefined && { clientId }),
    ...(clientSecret !== undefined && { clientSecret }),
    ...(method !== undefined && { tokenEndpointAuthMethod: method }),
    ...(clientMetadataUrl !== undefined && { clientMetadataUrl }),
    ...(scope !== undefined && { scope }),
  };
  return { ok: true, value: { config, remember: values.rememberCredentials === true } };
}
