// What the page sees of the proxy's model providers (GET /api/models): where each key comes from and its
// mask, never the key; the endpoint and the models allowed.
import type { ModelProviderKind } from './contract.js';

export type ModelKeySource = 'env' | 'typed' | 'stored';

/** One provider, as the page sees it: never the key itself. */
export interface ProviderView {
  provider: ModelProviderKind;
  key?: { source: ModelKeySource; masked: string; variable?: string };
  /** The endpoint in use; absent for openai-compatible until one is set. */
  baseUrl?: string;
  baseUrlSource: 'default' | 'env' | 'set' | 'none';
  models: string[];
  /** A call can be made: a key (or, for a local endpoint, none is needed) and an endpoint. */
  ready: boolean;
}

export interface ModelKeysListing {
  /** Whether typed keys outlive the proxy (--remember-credentials and a usable file). */
  persistent: boolean;
  file?: string;
  problem?: string;
  providers: ProviderView[];
}
