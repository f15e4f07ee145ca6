// The HTTP upstreams behind the one Upstream interface: Auto, Streamable HTTP,
// HTTP+SSE (2024-11-05) and plain JSON-RPC over HTTP.

import type { HttpTransportConfig } from '../../../src/protocol/wire.js';
import type { HttpUpstreamStarted, Upstream, UpstreamListener } from '../types.js';
import { AutoHttpUpstream } from './auto.js';
import { LegacySseUpstream } from './legacy-sse.js';
import { resolveHttpOptions, type HttpUpstreamOptions } from './options.js';
import { StreamableHttpUpstream } from './streamable.js';

export type { HttpUpstreamOptions } from './options.js';

export function createHttpUpstream(config: HttpTransportConfig, listener: UpstreamListener, options: HttpUpstreamOptions = {}): Upstream<HttpUpstreamStarted> {
  const resolved = resolveHttpOptions(options);
  switch (config.mode) {
    case 'auto':
      return new AutoHttpUpstream(config, listener, resolved);
    case 'sse':
      return new LegacySseUpstream(config, listener, resolved);
    case 'streamable-http':
    case 'plain':
      return new StreamableHttpUpstream(config, listener, { ...resolved, flavour: config.mode });
  }
}
