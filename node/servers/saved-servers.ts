// The server list a proxy (or the CLI) works with: servers.json, plus the read-only servers of the
// --config file it was started with. The page's view, its edits, and opening a server by reference
// (its kept secrets put back in the Node process, never sent to the page).
import {
  configServers,
  findServer,
  listView,
  markUsed,
  resolveKeptSecrets,
  type EditContext,
  type EditOutcome,
  type LaunchConfigFile,
  type Result,
  type SavedServer,
  type ServerListView,
  type ServersDocument,
  type TransportConfig,
} from '../../src/protocol/wire.js';
import { withEnvFile } from '../config/config-file.js';
import { newServerId, type BrokenFile, type ServersFile } from './servers-file.js';

export class SavedServers {
  /** The --config file's servers, as list members. */
  readonly config: SavedServer[];

  constructor(
    readonly file: ServersFile,
    readonly configFile?: LaunchConfigFile,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.config = configServers(configFile, now().toISOString());
  }

  private context(): EditContext {
    return { now: this.now().toISOString(), newId: newServerId, config: this.config };
  }

  async view(): Promise<ServerListView> {
    return listView(await this.file.read(), this.file.path, this.configFile, this.config);
  }

  /** One change to servers.json (refused while the file is broken). */
  edit<T>(change: (list: ServersDocument, ctx: EditContext) => EditOutcome<T>): Promise<EditOutcome<T> | BrokenFile> {
    return this.file.update((list) => change(list, this.context()));
  }

  /** A server by id, saved or of the --config file; while servers.json is broken only the latter are found. */
  async find(id: string): Promise<SavedServer | undefined> {
    const read = await this.file.read();
    return findServer(read.ok ? read.list : { servers: [], recent: [], unread: [] }, id, this);
  }

  /**
   * The transport the page sent for saved server `id`, with each KEPT_SECRET value replaced by the stored
   * one and its envFile's variables under its env; the server is then marked used (when servers.json can be written: opening never depends on it).
   */
  async resolveOpen(id: string, transport: TransportConfig): Promise<Result<TransportConfig>> {
    const server = await this.find(id);
    if (server === undefined) {
      return {
        ok: false,
        error: `No saved server has the id ${JSON.stringify(id)} (it may have been deleted elsewhere): reload the server list and connect again.`,
      };
    }
    const kept = resolveKeptSecrets(transport, server.entry.transport, server.entry.name);
    if (!kept.ok) return kept;
    // A saved envFile is read here, when the server starts (a --config file's was read with the file).
    const withFile = server.source === 'saved' ? withEnvFile({ ...server.entry, transport: kept.value }, process.cwd()) : undefined;
    if (withFile !== undefined && !withFile.ok) return withFile;
    const resolved = withFile?.ok ? { ok: true as const, value: withFile.value.transport } : kept;
    // The recent list is a convenience: a broken or unwritable file does not stop the connection.
    await this.edit((list, ctx) => markUsed(list, id, ctx)).catch(() => undefined);
    return resolved;
  }
}
