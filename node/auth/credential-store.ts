// The proxy's OAuth credential store: client registrations keyed by issuer and
// tokens keyed by (issuer, resource), in memory and optionally in a 0600 file.
// Lookups never lend one authorization server's credentials to another
// (2026-07-28 client-registration, "Authorization Server Binding").
import { readCredentialFile, removeCredentialFile, writeCredentialFile } from './credential-file.js';
import type { ClientRegistration, CredentialDocument, IssuerEntry, StoredTokens } from './credentials.js';

/** What the store knows for a (issuer, resource) pair before a flow starts. */
export type ClientLookup =
  | { kind: 'registered'; client: ClientRegistration }
  /** Nothing for this issuer: register (or use the pre-registered credentials). */
  | { kind: 'unregistered' }
  /** The resource was last authorized by another server: its credentials must not be used here; register anew. */
  | { kind: 'issuer-changed'; previousIssuer: string };

/** A secret-free view of one issuer's entry, for a list with "forget" buttons. */
export interface IssuerSummary {
  issuer: string;
  clientId?: string;
  source?: ClientRegistration['source'];
  resources: { resource: string; scope?: string; expiresAt?: number; refreshable: boolean }[];
}

export interface CredentialStoreOptions {
  /** The file to persist to; absent: memory only. */
  file?: string;
}

export class CredentialStore {
  private readonly entries = new Map<string, IssuerEntry>();
  /** Why the file is not used (unreadable, others can read it, corrupt); the store then works from memory only. */
  private fileProblem: string | undefined;
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(private readonly file: string | undefined) {}

  /** A store, loaded from the file when there is one. Never throws: a file it cannot use is reported in `problem`. */
  static async open(options: CredentialStoreOptions = {}): Promise<CredentialStore> {
    const store = new CredentialStore(options.file);
    if (options.file !== undefined) {
      const read = await readCredentialFile(options.file);
      if (read.ok) for (const [issuer, entry] of Object.entries(read.document.issuers)) store.entries.set(issuer, entry);
      else store.fileProblem = read.problem;
    }
    return store;
  }

  /** A sentence when the file is not being used (say it once, where the person will see it). */
  get problem(): string | undefined {
    return this.fileProblem;
  }

  /** Whether changes reach the file. */
  get persistent(): boolean {
    return this.file !== undefined && this.fileProblem === undefined;
  }

  /** The file changes reach, when they do (a path, never its contents). */
  get persistedTo(): string | undefined {
    return this.persistent ? this.file : undefined;
  }

  /** The client registered with exactly this issuer (never another's). */
  client(issuer: string): ClientRegistration | undefined {
    const client = this.entries.get(issuer)?.client;
    return client?.issuer === issuer ? client : undefined;
  }

  /** What to do about a client for this resource now that its metadata names `issuer`. */
  lookupClient(issuer: string, resource: string): ClientLookup {
    const previousIssuer = this.issuerOf(resource);
    if (previousIssuer !== undefined && previousIssuer !== issuer) return { kind: 'issuer-changed', previousIssuer };
    const client = this.client(issuer);
    return client ? { kind: 'registered', client } : { kind: 'unregistered' };
  }

  /**
   * A sentence when pre-registered credentials are bound to another authorization server:
   * the spec asks for an error rather than silently sending them elsewhere.
   */
  preRegisteredProblem(issuer: string, clientId: string): string | undefined {
    for (const [other, entry] of this.entries) {
      if (other !== issuer && entry.client?.source === 'pre-registered' && entry.client.clientId === clientId) {
        return `The client id "${clientId}" was pre-registered with ${other}, but the server now names ${issuer} as its authorization server. Pre-registered credentials belong to one authorization server: register with ${issuer} and pass its client id, or forget ${other}.`;
      }
    }
    return undefined;
  }

  async saveClient(client: ClientRegistration): Promise<void> {
    this.entry(client.issuer).client = { ...client };
    await this.persist();
  }

  /** The tokens this issuer gave for this resource; none from another issuer, even for the same resource. */
  tokens(issuer: string, resource: string): StoredTokens | undefined {
    const tokens = this.entries.get(issuer)?.tokens[resource];
    return tokens?.issuer === issuer && tokens.resource === resource ? tokens : undefined;
  }

  /** Records tokens; a resource has one authorization server, so tokens another issuer gave for it are dropped. */
  async saveTokens(tokens: StoredTokens): Promise<void> {
    for (const [issuer, entry] of this.entries) if (issuer !== tokens.issuer) delete entry.tokens[tokens.resource];
    this.entry(tokens.issuer).tokens[tokens.resource] = { ...tokens };
    await this.persist();
  }

  /** Drops the tokens of one (issuer, resource) — a refresh token the server refused, a revoked grant. */
  async forgetTokens(issuer: string, resource: string): Promise<void> {
    const entry = this.entries.get(issuer);
    if (entry?.tokens[resource] === undefined) return;
    delete entry.tokens[resource];
    await this.persist();
  }

  /** Forgets one authorization server: its client registration and every token it gave. True when there was something. */
  async forget(issuer: string): Promise<boolean> {
    if (!this.entries.delete(issuer)) return false;
    await this.persist();
    return true;
  }

  /** Forgets everything and removes the file — also a file that could not be used, after which saving resumes. */
  async forgetAll(): Promise<void> {
    this.entries.clear();
    await this.queue(async () => {
      if (this.file === undefined) return;
      await removeCredentialFile(this.file);
      this.fileProblem = undefined;
    });
  }

  /** The issuers known, without any secret. */
  summary(): IssuerSummary[] {
    return [...this.entries].map(([issuer, entry]) => ({
      issuer,
      ...(entry.client ? { clientId: entry.client.clientId, source: entry.client.source } : {}),
      resources: Object.values(entry.tokens).map((t) => ({
        resource: t.resource,
        ...(t.scope !== undefined ? { scope: t.scope } : {}),
        ...(t.expiresAt !== undefined ? { expiresAt: t.expiresAt } : {}),
        refreshable: t.refreshToken !== undefined,
      })),
    }));
  }

  /** Resolves when every change so far has reached the file (or failed to). */
  flushed(): Promise<void> {
    return this.writes.then(() => undefined);
  }

  private issuerOf(resource: string): string | undefined {
    for (const [issuer, entry] of this.entries) if (entry.tokens[resource] !== undefined) return issuer;
    return undefined;
  }

  private entry(issuer: string): IssuerEntry {
    let entry = this.entries.get(issuer);
    if (!entry) {
      entry = { tokens: {} };
      this.entries.set(issuer, entry);
    }
    return entry;
  }

  private document(): CredentialDocument {
    return { version: 1, issuers: Object.fromEntries(this.entries) };
  }

  /** Writes the current state; a failed write keeps the store working in memory and says why in `problem`. */
  private persist(): Promise<void> {
    return this.queue(async () => {
      if (this.file === undefined || this.fileProblem !== undefined) return;
      try {
        await writeCredentialFile(this.file, this.document());
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        this.fileProblem = `Tokens could not be saved to ${this.file} (${why}); they are kept in memory until mcpscope stops.`;
      }
    });
  }

  /** One write at a time, in order: each sees the state as of its turn. */
  private queue(task: () => Promise<void>): Promise<void> {
    const next = this.writes.then(task, task);
    this.writes = next.catch(() => undefined);
    return next;
  }
}
