// One MCP connection for the CLI: an upstream and the shared session engine,
// in-process, with every frame linted as it crosses.

import {
  ConnectionCore,
  DEFAULT_CLIENT_FEATURES,
  Linter,
  MCPSCOPE_VERSION,
  MULTI_ROUND_METHODS,
  lastStderrLines,
  outcomeMessage,
  requestFollowingInput,
  plural,
  systemClock,
  type Finding,
  type InitializeInfo,
  type ClientFeatures,
  type ClientSession,
  type RequestOptions,
  type RequestOutcome,
  type Root,
  type ServerRequestAnswer,
  type ServerRequestHandler,
  type TransportConfig,
  type VersionChoice,
  type ConnectFailureText,
  NEWEST_LEGACY_VERSION,
} from '../src/protocol/index.js';
import { MODERN_SCHEMA_VERSION, SDK_SCHEMA_VERSION, modernSchemaCheck, sdkSchemaCheck } from '../src/protocol/lint/sdk-schemas.js';
import { createHttpUpstream } from '../node/upstream/http/index.js';
import { createStdioUpstream, type LaunchWording } from '../node/upstream/stdio.js';
import type { AnyUpstream, UpstreamEvent } from '../node/upstream/types.js';
import type { ElicitationPolicy } from './args.js';
import { elicitationAnswer } from './elicitation.js';
import { logLine } from './logging.js';
import { urlElicitationRequiredNote } from './url-elicitation.js';
import { cliConnectFailure } from './connect-advice.js';
import type { SamplingPolicy } from '../options/sampling.js';
import { samplingAnswer, type SamplingReplyNote } from './sampling.js';
import { modelSamplingAnswer } from './sampling-model.js';

export interface ConnectOptions {
  /** A version, or Auto: probe with server/discover, fall back to initialize. */
  protocolVersion: VersionChoice;
  timeoutMs: number;
  /** How long connecting (initialize or server/discover) may take, when not timeoutMs. */
  connectTimeoutMs?: number;
  elicitation: ElicitationPolicy;
  /** How to answer sampling/createMessage; absent: sampling is not declared. */
  sampling?: SamplingPolicy;
  /** Prints each frame (to stderr) when set. */
  trace?: (line: string) => void;
  /** Carry on when the server answers initialize with -32601 (a bare JSON-RPC server). */
  withoutInitialize?: boolean;
  /** Declare the MCP Apps extension (default: declared; --no-apps: not). */
  apps?: boolean;
  /** The features to declare where a handler can answer; absent: every one (DEFAULT_CLIENT_FEATURES). */
  clientFeatures?: ClientFeatures;
  /** Says what the CLI did on its own (e.g. how it answered an elicitation); stderr in the CLI. */
  notice?: (line: string) => void;
  /** Each notifications/message of the server, as one line; stderr in the CLI. */
  serverLog?: (line: string) => void;
  /** The roots to answer roots/list with (--root); none: roots are not declared. */
  roots?: readonly Root[];
  /** Requests one multi-round call may send (--max-rounds); default DEFAULT_MAX_ROUNDS. */
  maxRounds?: number;
}

/** A failure the CLI prints as one sentence and exits 1 on. */
export class CliError extends Error {}

/** Connecting failed: the sentence, and its cause (check tells "does not speak it" from a failure). */
export class ConnectError extends CliError {
  /** `message`: what is printed (the sentence, stderr lines, advice); `failure.summary` is the sentence alone. */
  constructor(
    readonly failure: ConnectFailureText,
    message: string,
  ) {
    super(message);
  }
}

export type UpstreamOpener = (target: TransportConfig, listener: (e: UpstreamEvent) => void) => AnyUpstream;

/** Start-up errors name the CLI's options, not the Connect form's fields. */
export const CLI_WORDING: LaunchWording = { command: 'the first word of --stdio', cwd: 'the --cwd option' };

/** Opens stdio or HTTP; a stdio server that cannot start is said in the words of `where`. */
export const openerSaying =
  (where: LaunchWording): UpstreamOpener =>
  (target, listener) =>
    target.kind === 'stdio' ? createStdioUpstream(target, listener, { where }) : createHttpUpstream(target, listener);

export const openStdioOrHttp: UpstreamOpener = openerSaying(CLI_WORDING);

export class CliConnection {
  readonly linter: Linter;
  private readonly core: ConnectionCore<Uint8Array>;
  info: InitializeInfo | undefined;
  /** Over HTTP, a 2026-07-28 client must not call a tool with invalid x-mcp-header annotations. */
  overHttp = false;
  private upstream: AnyUpstream | undefined;

  private constructor(private readonly options: ConnectOptions) {
    // The client capabilities are learnt from the initialize frame, which declares what the offered version has.
    this.linter = new Linter({
      offeredVersion: options.protocolVersion === 'auto' ? NEWEST_LEGACY_VERSION : options.protocolVersion,
      schema: { check: sdkSchemaCheck, version: SDK_SCHEMA_VERSION },
      modernSchema: { check: modernSchemaCheck, version: MODERN_SCHEMA_VERSION },
    });
    const trace = (line: string): void => this.options.trace?.(line);
    this.core = new ConnectionCore<Uint8Array>({
      requestTimeoutMs: options.timeoutMs,
      clientInfo: { name: 'mcpscope-cli', version: MCPSCOPE_VERSION },
      // The other features are declared by their handlers (below); MCP Apps needs none.
      features: { ...DEFAULT_CLIENT_FEATURES, ...options.clientFeatures, apps: options.apps !== false },
      // Declared before connecting: initialize announces elicitation where the offered version has it,
      // and roots when --root gave some.
      handlers: {
        'elicitation/create': (params) => {
          const reply = elicitationAnswer(options.elicitation, params);
          this.options.notice?.(reply.note);
          return { result: reply.result };
        },
        ...rootsHandler(options.roots ?? [], (line) => this.options.notice?.(line)),
        ...(options.sampling ? { 'sampling/createMessage': (params: unknown, info) => this.answerSampling(options.sampling!, params, info.signal) } : {}),
      },
      transport: {
        send: (raw) => {
          if (!this.upstream) throw new Error('closed');
          return this.upstream.send(raw);
        },
        close: () => this.upstream?.shutdown(),
      },
      hooks: {
        sent: (raw) => {
          trace(`→ ${raw}`);
          this.linter.frame('client', raw, { at: systemClock.now() });
        },
        received: (e) => {
          trace(`← ${e.text}`);
          this.linter.frame('server', e.text, { at: systemClock.now(), invalidUtf8: e.invalidUtf8 });
        },
        noise: (e) => {
          trace(`← (stdout noise) ${e.text}`);
          this.linter.stdoutNoise(e.text, { invalidUtf8: e.invalidUtf8 });
        },
        oversize: (e) => trace(`← (a ${e.bytes}-byte line over the ${e.limit}-byte limit was skipped)`),
        stderr: (e) => trace(`stderr: ${e.line}`),
        exchange: (x, facts) => {
          if (facts === undefined) return;
          trace(`http: ${x.method} ${x.url} → ${x.status ?? x.failure?.message ?? x.state}`);
          this.linter.httpExchange(facts, { at: systemClock.now() });
        },
        mode: (mode, reason) => trace(`http: using ${mode} (${reason})`),
      },
    });
  }

  /** An input request of a 2026 task (tasks/get's inputRequests), answered as the same server request would be. */
  answerInputRequest(method: string, params: unknown, key: string): Promise<ServerRequestAnswer> {
    return this.session.answerInputRequest(method, params, key);
  }

  private listen(): void {
    // A multi-round request's retries are said as they go (the answers given were said by their handlers).
    this.core.session.on((e) => {
      if (e.type === 'input-round' && e.round > 1) this.options.notice?.(`${e.method}: the server asked for input; round ${e.round} sends the answers back.`);
    });
    const print = this.options.serverLog;
    if (!print) return;
    this.core.session.on((e) => {
      if (e.type === 'notification' && e.method === 'notifications/message') print(logLine(e.params));
    });
  }

  /** Judged against the version in use and what this client declared. */
  private answerSampling(policy: SamplingPolicy, params: unknown, signal: AbortSignal): ServerRequestAnswer | Promise<ServerRequestAnswer> {
    const session = this.core.session;
    const version = session.protocolVersion ?? (this.options.protocolVersion === 'auto' ? NEWEST_LEGACY_VERSION : this.options.protocolVersion);
    const context = { version, clientCapabilities: { ...session.declaredCapabilities } };
    const said = (reply: SamplingReplyNote) => {
      this.options.notice?.(reply.note);
      return reply.answer;
    };
    if (policy.kind === 'model') return modelSamplingAnswer(policy, params, context, process.env, signal).then(said);
    return said(samplingAnswer(policy, params, context));
  }

  get session(): ClientSession {
    return this.core.session;
  }

  /** Start the server and run the initialize handshake. Throws CliError with a sentence. */
  static async open(target: TransportConfig, options: ConnectOptions, opener: UpstreamOpener = openStdioOrHttp): Promise<CliConnection> {
    const c = new CliConnection(options);
    c.listen();
    c.upstream = opener(target, (e) => c.core.receive(e));
    c.overHttp = target.kind === 'http';
    try {
      await c.upstream.start();
    } catch (err) {
      throw new CliError(err instanceof Error ? err.message : String(err));
    }
    // The elicitation handler declares the capability, where the offered version has it.
    const timeoutMs = options.connectTimeoutMs ?? options.timeoutMs;
    const init = await c.core.connect(options.protocolVersion, { timeoutMs, over: target.kind });
    if (init.kind === 'ready') {
      c.info = init.info;
      return c;
    }
    if (init.kind === 'unsupported' && options.withoutInitialize) {
      // A bare JSON-RPC server: carry on as if initialized, as asked.
      c.core.continueWithoutInitialize();
      return c;
    }
    await c.close();
    const authorizing = target.kind === 'http' && target.auth !== undefined;
    const { text, message } = cliConnectFailure(init, c.stderrTail(), { timeoutMs: options.timeoutMs, authorizing });
    throw new ConnectError(text, message);
  }

  /** A request whose failure is fatal for the command: returns the result or throws. */
  async call(method: string, params?: unknown): Promise<unknown> {
    const outcome = await this.request(method, params);
    if (outcome.status === 'result') return outcome.result;
    throw new CliError(`${method} failed: ${outcomeMessage(outcome)}${urlElicitationRequiredNote(outcome)}${this.undeclared(method)}`);
  }

  /** A sentence for a tools/resources/prompts request the server did not declare the capability for, else ''. */
  undeclared(method: string): string {
    const capability = /^(tools|resources|prompts)\//.exec(method)?.[1];
    if (!capability || !this.info || Object.hasOwn(this.info.capabilities, capability)) return '';
    return `\nThe server did not declare the "${capability}" capability when it initialized, so it need not answer ${method}.`;
  }

  /**
   * A request; once the server is gone, the refusal says why (the session's own words are for the UI).
   * tools/call, prompts/get and resources/read follow multi-round requests (2026-07-28) to their end.
   */
  async request(method: string, params?: unknown, options?: RequestOptions): Promise<RequestOutcome & { rounds?: number }> {
    const outcome = MULTI_ROUND_METHODS.includes(method)
      ? await requestFollowingInput(this.session, method, params, {
          ...options,
          ...(this.options.maxRounds !== undefined ? { maxRounds: this.options.maxRounds } : {}),
        })
      : await this.session.request(method, params, options);
    const closedBecause = this.core.closedBecause;
    if (outcome.status !== 'refused' || closedBecause === undefined) return outcome;
    return { status: 'refused', message: `Not sent: the connection had already closed. ${closedBecause}` };
  }

  /** When the server went away on its own during the command: its last stderr lines, to print once at the end. */
  closedEarlyNote(): string | undefined {
    const closedBecause = this.core.closedBecause;
    if (closedBecause === undefined || this.core.stderrTail().length === 0) return undefined;
    return `the connection closed during the command. ${closedBecause}${this.stderrTail()}`;
  }

  /** Findings about the server (the CLI's own deliberate probes are not the server's fault). */
  serverFindings(): Finding[] {
    return this.linter.findings.filter((f) => f.subject === 'server');
  }

  async close(): Promise<void> {
    await this.core.close();
  }

  private stderrTail(): string {
    return lastStderrLines(this.core.stderrTail(5));
  }
}

/** roots/list answered with the --root URIs, said on stderr each time; no handler (so no capability) without any. */
function rootsHandler(roots: readonly Root[], notice: (line: string) => void): Record<string, ServerRequestHandler> {
  if (roots.length === 0) return {};
  return {
    'roots/list': () => {
      notice(`answered roots/list with ${plural(roots.length, 'root')} from --root: ${roots.map((r) => r.uri).join(', ')}.`);
      return { result: { roots: roots.map((r) => ({ ...r })) } };
    },
  };
}
