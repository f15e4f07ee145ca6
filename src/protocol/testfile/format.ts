// A test file, as read: the server to run, how to answer what it asks, and the
// steps, each with its expectations. `parse.ts` makes one from YAML text; the
// runner (cli/test/) carries it out; `expect.ts` judges each step.

import type { TOKEN_ENDPOINT_AUTH_METHODS } from '../auth/flow-view.js';
import type { Provider } from '../lint/providers/types.js';
import type { RuleId } from '../lint/rules.js';

/** OAuth for a url server, as `--auth` and its options: never a secret itself, only where to find one. */
export interface TestAuth {
  clientId?: string;
  /** The environment variable holding the pre-registered client's secret. */
  clientSecretEnv?: string;
  tokenEndpointAuthMethod?: (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
  clientMetadataUrl?: string;
  scope?: string;
  /** As --remember-credentials: the registration and tokens kept in (and read from) the 0600 credentials file. */
  remember: boolean;
}

/** The server, inline like an mcpServers entry, or a server of a config file. */
export type TestServer =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: string; headers: Record<string, string>; mode?: 'streamable-http' | 'sse'; auth?: TestAuth }
  /** `config: FILE` and `server: NAME` (no NAME: the file's only server). */
  | { kind: 'config'; file: string; server?: string };

/** As the CLI's --sampling, --elicitation and --root say them. */
export interface TestPolicies {
  sampling?: { kind: 'reply'; text: string } | { kind: 'decline' };
  elicitation?: 'accept-defaults' | 'decline';
  roots?: string[];
}

export type ListKind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

export type TestAction =
  /** `task`: called as a task, followed to its end; the expectations judge the final result. */
  | { kind: 'call'; tool: string; arguments: Record<string, unknown>; task?: boolean }
  | { kind: 'read'; uri: string }
  | { kind: 'prompt'; prompt: string; arguments: Record<string, string> }
  | { kind: 'list'; list: ListKind }
  | { kind: 'ping'; count: number; intervalMs: number }
  /** A notification of this method, since the previous step began. */
  | { kind: 'wait'; method: string }
  /** Any request, as written: for methods the other steps do not say, or that the server should refuse. */
  | { kind: 'request'; method: string; params?: Record<string, unknown> };

/** What a result (or a part of it) must satisfy. */
export interface ValueExpectation {
  /** A JSON Schema. */
  schema?: unknown;
  /** A partial JSON value: every key and item given must be there, equal. */
  match?: unknown;
}

/** Text that must be in a string, and a pattern (RE2) it must match. */
export interface TextExpectation {
  contains: string[];
  matches?: string;
}

export interface Expectations extends ValueExpectation {
  isError?: boolean;
  structuredContent?: ValueExpectation;
  text?: TextExpectation;
  /** The result equal to the one stored beside the test, the paths given left out of both. */
  snapshot?: { ignore: string[] };
  /** `none`: no error about the server on this step's frames; a list: none of these rules, whatever the severity. */
  lint?: 'none' | RuleId[];
  latency?: { p95: number };
  /** The listed items, reduced to their interface, equal to the stored snapshot. */
  interface?: { ignore: string[] };
  /** The tools (all listed, or the one called; `tools` narrows them) pass these providers' strict-mode rules. */
  providers?: { strict: Provider[]; tools?: string[] };
  /** A JSON-RPC error instead of a result; with it, only `lint` may be expected beside. */
  error?: { code?: number; message?: TextExpectation };
}

export interface TestStep {
  /** Unique in the file; says the step in reports and keys its snapshot. */
  name: string;
  action: TestAction;
  /** Milliseconds; the file's timeout when not given. */
  timeoutMs: number;
  expect: Expectations;
  /** 1-based line of the step in the file, for reports. */
  line: number;
}

export interface TestFile {
  name: string;
  server: TestServer;
  protocolVersion?: string;
  timeoutMs: number;
  policies: TestPolicies;
  steps: TestStep[];
}

export const DEFAULT_STEP_TIMEOUT_MS = 30_000;
export const TEST_PING_INTERVAL_MS = 100;
