// The proxy's model keys and endpoints: per provider a key from the environment or typed once in the page (in
// memory; in model-keys.json with --remember-credentials, like OAuth tokens), the endpoint and the models the
// person allows. Nothing here returns a key: the page sees where it came from and its mask; only `settings`,
// which the proxy hands to a provider, holds it.
import {
  maskApiKey,
  MODEL_PROVIDERS,
  SecretValues,
  type ModelKeySource,
  type ModelKeysListing,
  type ModelProviderKind,
  type ProviderView,
} from '../../src/protocol/wire.js';
import { readModelKeysFile, removeModelKeysFile, writeModelKeysFile, type ModelKeysDocument, type ProviderSettings } from './keys-file.js';
import { endpointOf } from './providers.js';
import { modelSettingsFromEnv, PROVIDER_VARIABLES } from './settings.js';

/** What a provider call is made with. */
export interface ProviderCallSettings {
  apiKey?: string;
  keySource?: ModelKeySource;
  baseUrl?: string;
  models: string[];
}

/** Offered until the person lists their own; a local endpoint's come from its "Test". */
const DEFAULT_MODELS: Record<ModelProviderKind, string[]> = {
  anthropic: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
  openai: ['gpt-5', 'gpt-5-mini'],
  'openai-compatible': [],
};

export const MAX_KEY_LENGTH = 4096;
export const MAX_MODELS = 100;

export type ChangeOutcome = { ok: true; view: ProviderView } | { ok: false; error: string };

export interface ModelKeysOptions {
  /** --remember-credentials: the file typed keys and settings are kept in; absent: memory only. */
  file?: string;
  /** Where ANTHROPIC_API_KEY and the others are read; default process.env. */
  env?: NodeJS.ProcessEnv;
}

/** An endpoint the proxy may call: http(s), no credentials in it; a sentence when not. */
export function baseUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not a URL: write the endpoint in full, like http://127.0.0.1:11434/v1 for Ollama.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `The endpoint must be http: or https:, not ${url.protocol}.`;
  if (url.username !== '' || url.password !== '') return 'Put no user name or password in the endpoint URL: type the key in its own field.';
  return undefined;
}

export class ModelKeys {
  private readonly typed: Partial<Record<ModelProviderKind, ProviderSettings>> = {};
  private fileProblem: string | undefined;
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: string | undefined,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Never throws: a file it cannot use is reported in `problem`, and keys are then kept in memory. */
  static async open(options: ModelKeysOptions = {}): Promise<ModelKeys> {
    const keys = new ModelKeys(options.file, options.env ?? process.env);
    if (options.file !== undefined) {
      const read = await readModelKeysFile(options.file);
      if (read.ok) {
        for (const provider of MODEL_PROVIDERS) {
          const entry = read.document.providers[provider];
          if (entry !== undefined) keys.typed[provider] = { ...entry };
        }
      } else keys.fileProblem = read.problem;
    }
    return keys;
  }

  get problem(): string | undefined {
    return this.fileProblem;
  }

  get persistent(): boolean {
    return this.file !== undefined && this.fileProblem === undefined;
  }

  listing(): ModelKeysListing {
    return {
      persistent: this.persistent,
      ...(this.persistent && this.file !== undefined ? { file: this.file } : {}),
      ...(this.fileProblem !== undefined ? { problem: this.fileProblem } : {}),
      providers: MODEL_PROVIDERS.map((p) => this.view(p)),
    };
  }

  view(provider: ModelProviderKind): ProviderView {
    const vars = PROVIDER_VARIABLES[provider];
    const own = this.typed[provider];
    const envKey = nonEmpty(this.env[vars.key]);
    const envUrl = nonEmpty(this.env[vars.baseUrl]);
    let key: ProviderView['key'];
    if (own?.apiKey !== undefined) key = { source: this.persistent ? 'stored' : 'typed', masked: maskApiKey(own.apiKey) };
    else if (envKey !== undefined) key = { source: 'env', masked: maskApiKey(envKey), variable: vars.key };
    const baseUrl = own?.baseUrl ?? envUrl ?? endpointOf({ provider, model: '' }, {});
    const baseUrlSource = own?.baseUrl !== undefined ? 'set' : envUrl !== undefined ? 'env' : baseUrl !== undefined ? 'default' : 'none';
    const needsKey = provider !== 'openai-compatible';
    return {
      provider,
      ...(key ? { key } : {}),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      baseUrlSource,
      models: own?.models ?? DEFAULT_MODELS[provider],
      ready: baseUrl !== undefined && (!needsKey || key !== undefined),
    };
  }

  /** What a call to this provider is made with: the key included. Never send this to the page. */
  settings(provider: ModelProviderKind): ProviderCallSettings {
    const own = this.typed[provider];
    const settings = modelSettingsFromEnv(provider, this.env, {
      ...(own?.apiKey ? { apiKey: own.apiKey } : {}),
      ...(own?.baseUrl ? { baseUrl: own.baseUrl } : {}),
    });
    const baseUrl = endpointOf({ provider, model: '' }, settings);
    const view = this.view(provider);
    return {
      ...settings,
      ...(view.key !== undefined ? { keySource: view.key.source } : {}),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      models: view.models,
    };
  }

  /** Every key known (typed, stored, from the environment), to mask wherever a provider's words are shown. */
  secrets(): SecretValues {
    const values = new SecretValues();
    for (const provider of MODEL_PROVIDERS) values.add(this.settings(provider).apiKey);
    return values;
  }

  async setKey(provider: ModelProviderKind, key: unknown): Promise<ChangeOutcome> {
    if (typeof key !== 'string' || key.trim() === '') return { ok: false, error: 'Type the API key: the field is empty.' };
    const trimmed = key.trim();
    if (trimmed.length > MAX_KEY_LENGTH)
      return { ok: false, error: `That key is ${trimmed.length} characters long; an API key is far shorter. Paste the key alone.` };
    if (/\s/.test(trimmed)) return { ok: false, error: 'That key has a space or a line break inside: paste the key alone, in one piece.' };
    this.own(provider).apiKey = trimmed;
    await this.persist();
    return { ok: true, view: this.view(provider) };
  }

  /** Forgets the typed (or stored) key; a key from the environment stays, and the sentence says so. */
  async forgetKey(provider: ModelProviderKind): Promise<ChangeOutcome> {
    const own = this.typed[provider];
    if (own?.apiKey === undefined) {
      const variable = PROVIDER_VARIABLES[provider].key;
      const fromEnv = nonEmpty(this.env[variable]) !== undefined;
      return {
        ok: false,
        error: fromEnv
          ? `The ${provider} key comes from ${variable} in mcpscope's environment: unset it and restart mcpscope to stop using it.`
          : `No ${provider} key was typed, so there is none to forget.`,
      };
    }
    delete own.apiKey;
    await this.persist();
    return { ok: true, view: this.view(provider) };
  }

  /** Sets the endpoint (empty: back to the default) and the models allowed. */
  async configure(provider: ModelProviderKind, change: { baseUrl?: unknown; models?: unknown }): Promise<ChangeOutcome> {
    const own = this.own(provider);
    if (change.baseUrl !== undefined) {
      if (typeof change.baseUrl !== 'string') return { ok: false, error: 'The endpoint must be a URL, as text.' };
      const text = change.baseUrl.trim();
      const problem = text === '' ? undefined : baseUrlProblem(text);
      if (problem !== undefined) return { ok: false, error: problem };
      if (text === '') delete own.baseUrl;
      else own.baseUrl = text.replace(/\/+$/, '');
    }
    if (change.models !== undefined) {
      const list = Array.isArray(change.models) ? change.models : undefined;
      if (list === undefined || !list.every((m) => typeof m === 'string')) return { ok: false, error: 'The models must be a list of model names.' };
      const models = [...new Set((list as string[]).map((m) => m.trim()).filter((m) => m !== ''))];
      if (models.length > MAX_MODELS) return { ok: false, error: `Allow at most ${MAX_MODELS} models per provider (there are ${models.length}).` };
      own.models = models;
    }
    await this.persist();
    return { ok: true, view: this.view(provider) };
  }

  /** Forgets every typed key and setting and removes the file (also one that could not be used). */
  async forgetAll(): Promise<void> {
    for (const provider of MODEL_PROVIDERS) delete this.typed[provider];
    await this.queue(async () => {
      if (this.file === undefined) return;
      await removeModelKeysFile(this.file);
      this.fileProblem = undefined;
    });
  }

  private own(provider: ModelProviderKind): ProviderSettings {
    return (this.typed[provider] ??= {});
  }

  private persist(): Promise<void> {
    return this.queue(async () => {
      if (this.file === undefined || this.fileProblem !== undefined) return;
      const document: ModelKeysDocument = { version: 1, providers: structuredClone(this.typed) };
      try {
        await writeModelKeysFile(this.file, document);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        this.fileProblem = `Model keys could not be saved to ${this.file} (${why}); they are kept in memory until mcpscope stops.`;
      }
    });
  }

  private queue(task: () => Promise<void>): Promise<void> {
    const next = this.writes.then(task, task);
    this.writes = next.catch(() => undefined);
    return next;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
