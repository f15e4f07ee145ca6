// What the modern demo offers, in one place: the server builds its
// registrations from these names, and the tests and e2e specs count them.

import { SUM_APP_TOOL, SUM_APP_URI, TALLY_TOOL } from '../apps/sum-app.js';

export const MODERN_DEMO_NAME = 'mcpscope-modern-demo';

export const MODERN_DEMO_TOOLS = ['echo', 'add', 'confirm_deploy', 'summarize', 'forecast', SUM_APP_TOOL.name, TALLY_TOOL.name] as const;
export const MODERN_DEMO_RESOURCES = ['demo://modern/readme', 'demo://modern/clock', SUM_APP_URI] as const;
export const MODERN_DEMO_PROMPTS = ['review_code', 'greet'] as const;

/** The argument of `forecast` mirrored into an `Mcp-Param-Region` header (its `x-mcp-header`). */
export const FORECAST_HEADER = 'Region';

/** Cache hints of the lists and of server/discover (2026-07-28 `ttlMs` / `cacheScope`). */
export const LIST_CACHE = { ttlMs: 60_000, cacheScope: 'public' } as const;
export const DISCOVER_CACHE = { ttlMs: 300_000, cacheScope: 'public' } as const;
/** The readme never changes while the server runs; the clock changes every read. */
export const README_CACHE = { ttlMs: 600_000, cacheScope: 'public' } as const;
export const CLOCK_CACHE = { ttlMs: 0, cacheScope: 'private' } as const;
