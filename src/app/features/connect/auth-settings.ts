// The connection form's "Authorization" section: whether the proxy
// answers a 401 with the OAuth flow (Guided, Quick or Off) and the optional
// client registration. Kept in the browser's local storage like the protocol
// choice — except the client secret, which lives only in this page's memory.

import { createStore } from 'zustand/vanilla';
import { TOKEN_ENDPOINT_AUTH_METHODS, clientMetadataUrlProblem, headerNameProblem, type AuthFlowMode, type HttpAuthConfig } from '../../../protocol/index.js';
import type { SettingsStorage } from '../../components/icons/icon-origins.js';

const KEY = 'mcpscope.httpAuth';

export type AuthMode = AuthFlowMode | 'off';
export type TokenEndpointAuthMethod = NonNullable<HttpAuthConfig['tokenEndpointAuthMethod']>;

export const AUTH_MODES: readonly AuthMode[] = ['quick', 'guided', 'off'];
export { TOKEN_ENDPOINT_AUTH_METHODS };

export interface AuthSettings {
  mode: AuthMode;
  clientId: string;
  /** Never stored. */
  clientSecret: string;
  /** '' lets the authorization server's metadata decide. */
  tokenEndpointAuthMethod: TokenEndpointAuthMethod | '';
  clientMetadataUrl: string;
  scope: string;
}

export interface AuthSettingsState extends AuthSettings {
  set(patch: Partial<AuthSettings>): void;
}

/** Quick by default: a protected server just works; Guided is for watching each step. */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  mode: 'quick',
  clientId: '',
  clientSecret: '',
  tokenEndpointAuthMethod: '',
  clientMetadataUrl: '',
  scope: '',
};

const isMode = (v: unknown): v is AuthMode => typeof v === 'string' && (AUTH_MODES as readonly string[]).includes(v);
const isMethod = (v: unknown): v is TokenEndpointAuthMethod => typeof v === 'string' && (TOKEN_ENDPOINT_AUTH_METHODS as readonly string[]).includes(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The saved settings, or the defaults for what storage does not hold in a usable form. */
function readSaved(storage: SettingsStorage | undefined): AuthSettings {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return DEFAULT_AUTH_SETTINGS;
    const v = parsed as Record<string, unknown>;
    return {
      mode: isMode(v.mode) ? v.mode : DEFAULT_AUTH_SETTINGS.mode,
      clientId: text(v.clientId),
      clientSecret: '',
      tokenEndpointAuthMethod: isMethod(v.tokenEndpointAuthMethod) ? v.tokenEndpointAuthMethod : '',
      clientMetadataUrl: text(v.clientMetadataUrl),
      scope: text(v.scope),
    };
  } catch {
    return DEFAULT_AUTH_SETTINGS;
  }
}

export function createAuthSettings(storage: SettingsStorage | undefined) {
  return createStore<AuthSettingsState>()((set, get) => ({
    ...readSaved(storage),
    set: (patch) => {
      set(patch);
      const { mode, clientId, tokenEndpointAuthMethod, clientMetadataUrl, scope } = get();
      try {
        // The secret is left out on purpose: local storage is readable by any script of this origin, and stays on disk.
        storage?.setItem(KEY, JSON.stringify({ mode, clientId, tokenEndpointAuthMethod, clientMetadataUrl, scope }));
      } catch {
        // Storage full or disabled: the settings last for this page view.
      }
    },
  }));
}

export type AuthSettingsStore = ReturnType<typeof createAuthSettings>;

/** The settings a launch config (e.g. `--auth --client-id …`) carries, as the form's. */
export function authSettingsFrom(config: HttpAuthConfig): Partial<AuthSettings> {
  return {
    mode: config.mode,
    clientId: config.clientId ?? '',
    clientSecret: config.clientSecret ?? '',
    tokenEndpointAuthMethod: config.tokenEndpointAuthMethod ?? '',
    clientMetadataUrl: config.clientMetadataUrl ?? '',
    scope: config.scope ?? '',
  };
}

/** A hand-written Authorization header wins: mcpscope's OAuth stays off while one is set. */
export function hasAuthorizationHeader(names: readonly string[]): boolean {
  return names.some((n) => n.trim().toLowerCase() === 'authorization' && headerNameProblem(n.trim()) === undefined);
}

/**
 * The transport's `auth`, or undefined when OAuth is off (the proxy's default: a 401 stays a 401).
 * Problems a person can fix go to `errors`.
 */
export function buildAuthConfig(settings: AuthSettings, headerNames: readonly string[], errors: string[]): HttpAuthConfig | undefined {
  if (settings.mode === 'off' || hasAuthorizationHeader(headerNames)) return undefined;
  const config: HttpAuthConfig = { mode: settings.mode };
  const clientId = settings.clientId.trim();
  const scope = settings.scope.trim().replace(/\s+/g, ' ');
  const metadataUrl = settings.clientMetadataUrl.trim();
  if (clientId !== '') config.clientId = clientId;
  if (settings.clientSecret !== '') {
    if (clientId === '') errors.push('Authorization: a client secret was given without its client id. Enter the client id it belongs to, or clear the secret.');
    else config.clientSecret = settings.clientSecret;
  }
  if (settings.tokenEndpointAuthMethod !== '') {
    if (settings.tokenEndpointAuthMethod !== 'none' && settings.clientSecret === '') {
      errors.push(`Authorization: ${settings.tokenEndpointAuthMethod} sends a client secret; enter it, or choose "none" for a public client.`);
    } else config.tokenEndpointAuthMethod = settings.tokenEndpointAuthMethod;
  }
  if (metadataUrl !== '') {
    const problem = metadataUrlSentence(metadataUrl);
    if (problem !== undefined) errors.push(problem);
    else config.clientMetadataUrl = metadataUrl;
  }
  if (scope !== '') config.scope = scope;
  return config;
}

/** The protocol's rule for a Client ID Metadata Document URL, said for the form: not a URL at all, or not https with a path. */
function metadataUrlSentence(value: string): string | undefined {
  if (clientMetadataUrlProblem(value) === undefined) return undefined;
  if (!URL.canParse(value)) return `Authorization: the Client ID Metadata Document URL ${JSON.stringify(value)} is not a URL.`;
  return 'Authorization: a Client ID Metadata Document URL must be https with a path (e.g. https://example.com/mcpscope/client.json): the authorization server fetches it as the client id.';
}
