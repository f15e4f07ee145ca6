// Opening a saved server by id: its kept secrets and its envFile are put in the transport in Node.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedServer, StdioTransportConfig } from '../../src/protocol/wire.js';
import { SavedServers } from './saved-servers.js';
import { ServersFile } from './servers-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-saved-servers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const stdio = (env: Record<string, string>): StdioTransportConfig => ({ kind: 'stdio', command: process.execPath, args: ['server.js'], env });

async function listWith(envFile: string): Promise<SavedServers> {
  const file = new ServersFile(join(dir, 'mcpscope', 'servers.json'));
  const server: SavedServer = {
    id: 's-env',
    entry: { name: 'with env file', transport: stdio({ MODE: 'typed' }), secretKeys: [], envFile },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    source: 'saved',
  };
  const written = await file.update((list) => {
    list.servers.push(server);
    return { ok: true, value: undefined };
  });
  expect(written.ok).toBe(true);
  return new SavedServers(file);
}

describe('SavedServers.resolveOpen', () => {
  it("puts the saved envFile's variables under the env the page sent, which wins", async () => {
    const envFile = join(dir, 'server.env');
    writeFileSync(envFile, 'MODE=from-file\nAPI_TOKEN=tok-0123\n');
    const servers = await listWith(envFile);
    const opened = await servers.resolveOpen('s-env', stdio({ MODE: 'typed' }));
    expect(opened).toEqual({ ok: true, value: stdio({ API_TOKEN: 'tok-0123', MODE: 'typed' }) });
  });

  it('says which envFile could not be read, and does not start the server', async () => {
    const servers = await listWith(join(dir, 'missing.env'));
    const opened = await servers.resolveOpen('s-env', stdio({ MODE: 'typed' }));
    expect(opened).toMatchObject({
      ok: false,
      error: expect.stringContaining(`Server "with env file" names the envFile ${join(dir, 'missing.env')}, which could not be read`),
    });
  });
});
