// Types of rtt-requests.mjs, for the test that imports it.
import type * as Protocol from '../src/protocol/index.js';

export type RttMethod = 'ping' | 'discover';
export declare const RTT_METHODS: RttMethod[];
export declare const STDIO_ROUNDS: number;
export declare const HTTP_ROUNDS: number;

export type RttArgs = { ok: true; method: RttMethod; pings: number; warmup: number; profileDir?: string } | { ok: false; message: string };
export declare function parseRttArgs(argv: readonly string[]): RttArgs;

type ProtocolModule = Pick<typeof Protocol, 'ClientSession' | 'NEWEST_MODERN_VERSION' | 'parseDiscoverResult'>;
export declare function rttRequest(method: RttMethod, protocol: ProtocolModule, version?: string): (id: number) => string;
export declare function replyProblem(
  method: RttMethod,
  protocol: ProtocolModule,
  reply: { result?: unknown; error?: { code: number; message: string } },
): string | undefined;
