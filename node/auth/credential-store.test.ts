import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCredentialFile } from './credential-file.js';
import { CredentialStore } from './credential-store.js';
import type { ClientRegistration, StoredTokens } from './credentials.js';

const AS1 = 'https://auth.one.example';
const AS2 = 'https://auth.two.example';
const MCP = 'https://mcp.example/mcp';

const client = (issuer: string, over: Partial<ClientRegistration> = {}): ClientRegistration => ({
  issuer,
  clientId: `client-of-${new URL(issuer).hostname}`,
  clientSecret: 'client-s3cret',
  tokenEndpointAuthMethod: 'client_secret_basic',
  source: 'dynamic',
  ...over,
});
const tokens = (issuer: string, over: Partial<StoredTokens> = {}): StoredTokens => ({
  issuer,
  resource: MCP,
  accessToken: 'access-t0ken',
  tokenType: 'Bearer',
  refreshToken: 'refresh-t0ken',
  expiresAt: 2_000_000,
  scope: 'mcp:read',
  obtainedAt: 1_000_000,
  ...over,
});

const posix = process.platform !== 'win32';
const execFileAsync = promisify(execFile);
let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-creds-'));
  file = join(dir, 'config', 'mcpscope', 'credentials.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('CredentialStore in memory', () => {
  it("keys clients by issuer and never hands one issuer another issuer's client", async () => {
    const store = await CredentialStore.open();
    await store.saveClient(client(AS1));
    expect(store.client(AS1)?.clientId).toBe('client-of-auth.one.example');
    expect(store.client(AS2)).toBeUndefined();
    // Issuers are compared as exact strings (RFC 3986 simple comparison): a trailing slash is another issuer.
    expect(store.client(`${AS1}/`)).toBeUndefined();
    expect(store.persistent).toBe(false);
  });

  it('keys tokens by (issuer, resource)', async () => {
    const store = await CredentialStore.open();
    await store.saveTokens(tokens(AS1));
    expect(store.tokens(AS1, MCP)?.accessToken).toBe('access-t0ken');
    expect(store.tokens(AS2, MCP)).toBeUndefined();
    expect(store.tokens(AS1, 'https://other.example/mcp')).toBeUndefined();
  });

  it("says when a resource's authorization server changed, so the client registers anew", async () => {
    const store = await CredentialStore.open();
    await store.saveClient(client(AS1));
    await store.saveTokens(tokens(AS1));
    expect(store.lookupClient(AS1, MCP)).toMatchObject({ kind: 'registered', client: { issuer: AS1 } });
    expect(store.lookupClient(AS2, MCP)).toEqual({ kind: 'issuer-changed', previousIssuer: AS1 });
    expect(store.lookupClient(AS2, 'https://fresh.example/mcp')).toEqual({ kind: 'unregistered' });
    // Once the new server has given tokens, the old server's tokens for that resource are gone.
    await store.saveClient(client(AS2));
    await store.saveTokens(tokens(AS2, { accessToken: 'from-two' }));
    expect(store.tokens(AS1, MCP)).toBeUndefined();
    expect(store.lookupClient(AS2, MCP)).toMatchObject({ kind: 'registered', client: { issuer: AS2 } });
    // The old server's registration itself stays bound to the old server.
    expect(store.client(AS1)?.clientId).toBe('client-of-auth.one.example');
  });

  it('refuses pre-registered credentials bound to another authorization server', async () => {
    const store = await CredentialStore.open();
    await store.saveClient(client(AS1, { source: 'pre-registered', clientId: 'given-id' }));
    expect(store.preRegisteredProblem(AS1, 'given-id')).toBeUndefined();
    expect(store.preRegisteredProblem(AS2, 'given-id')).toMatch(/pre-registered with https:\/\/auth\.one\.example.*names https:\/\/auth\.two\.example/);
    expect(store.preRegisteredProblem(AS2, 'another-id')).toBeUndefined();
  });

  it('forgets one issuer, one token set, or everything', async () => {
    const store = await CredentialStore.open();
    await store.saveClient(client(AS1));
    await store.saveTokens(tokens(AS1));
    await store.saveClient(client(AS2));
    await store.saveTokens(tokens(AS2, { resource: 'https://b.example/mcp' }));
    await store.forgetTokens(AS2, 'https://b.example/mcp');
    expect(store.tokens(AS2, 'https://b.example/mcp')).toBeUndefined();
    expect(store.client(AS2)).toBeDefined();
    expect(await store.forget(AS1)).toBe(true);
    expect(await store.forget(AS1)).toBe(false);
    expect(store.client(AS1)).toBeUndefined();
    expect(store.tokens(AS1, MCP)).toBeUndefined();
    await store.forgetAll();
    expect(store.summary()).toEqual([]);
  });

  it('summarises without a single secret', async () => {
    const store = await CredentialStore.open();
    await store.saveClient(client(AS1));
    await store.saveTokens(tokens(AS1));
    const summary = store.summary();
    expect(summary).toEqual([
      {
        issuer: AS1,
        clientId: 'client-of-auth.one.example',
        source: 'dynamic',
        resources: [{ resource: MCP, scope: 'mcp:read', expiresAt: 2_000_000, refreshable: true }],
      },
    ]);
    const text = JSON.stringify(summary);
    for (const secret of ['client-s3cret', 'access-t0ken', 'refresh-t0ken']) expect(text).not.toContain(secret);
  });
});

describe('CredentialStore persisted', () => {
  it('writes a 0600 file in a 0700 directory and reads it back', async () => {
    const store = await CredentialStore.open({ file });
    expect(store.problem).toBeUndefined();
    expect(store.persistent).toBe(true);
    await store.saveClient(client(AS1));
    await store.saveTokens(tokens(AS1));
    if (posix) {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'config', 'mcpscope'))).mode & 0o777).toBe(0o700);
    }
    const again = await CredentialStore.open({ file });
    expect(again.problem).toBeUndefined();
    expect(again.client(AS1)).toEqual(client(AS1));
    expect(again.tokens(AS1, MCP)).toEqual(tokens(AS1));
    // Keyed by issuer on disk too, and no temporary file left behind.
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as { issuers: Record<string, unknown> };
    expect(Object.keys(onDisk.issuers)).toEqual([AS1]);
    expect(await readdir(join(dir, 'config', 'mcpscope'))).toEqual(['credentials.json']);
  });

  it('forget and forgetAll reach the file', async () => {
    const store = await CredentialStore.open({ file });
    await store.saveClient(client(AS1));
    await store.saveClient(client(AS2));
    await store.forget(AS1);
    expect((await CredentialStore.open({ file })).summary().map((s) => s.issuer)).toEqual([AS2]);
    await store.forgetAll();
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps the order of concurrent changes', async () => {
    const store = await CredentialStore.open({ file });
    await Promise.all([store.saveClient(client(AS1)), store.saveTokens(tokens(AS1)), store.saveClient(client(AS2)), store.forget(AS2)]);
    const again = await CredentialStore.open({ file });
    expect(again.summary().map((s) => s.issuer)).toEqual([AS1]);
    expect(again.tokens(AS1, MCP)).toBeDefined();
  });

  it.runIf(posix)('refuses a file other users can read, says what to do, and never overwrites it', async () => {
    const first = await CredentialStore.open({ file });
    await first.saveClient(client(AS1));
    await chmod(file, 0o644);
    const store = await CredentialStore.open({ file });
    expect(store.problem).toMatch(/can be read by other users \(mode 644\).*chmod 600/);
    expect(store.persistent).toBe(false);
    expect(store.client(AS1)).toBeUndefined();
    await store.saveClient(client(AS2));
    expect(store.client(AS2)).toBeDefined();
    const onDisk = await readFile(file, 'utf8');
    expect(onDisk).toContain(AS1);
    expect(onDisk).not.toContain(AS2);
  });

  it('reports a corrupted file clearly, leaves it alone, and forgetAll clears it so saving resumes', async () => {
    await CredentialStore.open({ file }).then((s) => s.saveClient(client(AS1)));
    await writeFile(file, '{"version":1,"issuers":{', { mode: 0o600 });
    const store = await CredentialStore.open({ file });
    expect(store.problem).toMatch(/is not valid JSON.*left untouched.*forget all/);
    await store.saveClient(client(AS2));
    expect(await readFile(file, 'utf8')).toBe('{"version":1,"issuers":{');
    await store.forgetAll();
    expect(store.problem).toBeUndefined();
    await store.saveClient(client(AS2));
    expect((await CredentialStore.open({ file })).client(AS2)).toEqual(client(AS2));
  });

  // Only root can give a file away; elsewhere this case is covered by reading the code.
  it.runIf(process.getuid?.() === 0)('refuses a file that belongs to another user', async () => {
    await CredentialStore.open({ file }).then((s) => s.saveClient(client(AS1)));
    await chown(file, 4242, 4242);
    const store = await CredentialStore.open({ file });
    expect(store.problem).toMatch(/belongs to another user \(uid 4242\)/);
    expect(store.client(AS1)).toBeUndefined();
  });

  it('reports a directory where the file should be', async () => {
    await mkdir(file, { recursive: true });
    const store = await CredentialStore.open({ file });
    expect(store.problem).toMatch(/is not a regular file/);
    expect(store.persistent).toBe(false);
  });

  it.runIf(posix)('refuses a FIFO where the file should be, at once and with a sentence (opening one for reading would hang)', async () => {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await execFileAsync('mkfifo', ['-m', '600', file]);
    const opened = await Promise.race([CredentialStore.open({ file }), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 2000))]);
    expect(opened).not.toBe('hung');
    const store = opened as CredentialStore;
    expect(store.problem).toBe(
      `The credential file ${file} is not a regular file (it is a FIFO, a named pipe), so it was not used and tokens will not be saved this session. Remove it, then restart mcpscope.`,
    );
    expect(store.persistent).toBe(false);
  });

  it.runIf(posix)('refuses a symbolic link where the file should be (a FIFO behind it would hang too)', async () => {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await execFileAsync('mkfifo', ['-m', '600', join(dir, 'pipe')]);
    await symlink(join(dir, 'pipe'), file);
    const store = await CredentialStore.open({ file });
    expect(store.problem).toMatch(/is not a regular file \(it is a symbolic link\)/);
  });

  it('reports a file of the wrong shape, naming what is wrong', async () => {
    await CredentialStore.open({ file }).then((s) => s.saveClient(client(AS1)));
    const cases: [unknown, RegExp][] = [
      [[], /top level/],
      [{ version: 2, issuers: {} }, /version \(2; this mcpscope reads version 1\)/],
      [{ version: 1, issuers: { [AS1]: { tokens: {}, client: { ...client(AS1), clientId: 7 } } } }, /clientId/],
      // An entry whose record names another issuer than its key is refused, not lent across servers.
      [{ version: 1, issuers: { [AS1]: { tokens: {}, client: client(AS2) } } }, /names another authorization server/],
      [{ version: 1, issuers: { [AS1]: { tokens: { [MCP]: { ...tokens(AS1), resource: 'https://x.example' } } } } }, /names another resource/],
      [{ version: 1, issuers: { [AS1]: { tokens: { [MCP]: { ...tokens(AS1), expiresAt: 'soon' } } } } }, /expiresAt/],
    ];
    for (const [document, where] of cases) {
      await writeFile(file, JSON.stringify(document), { mode: 0o600 });
      const store = await CredentialStore.open({ file });
      expect(store.problem).toMatch(/not in mcpscope's format/);
      expect(store.problem).toMatch(where);
      expect(store.summary()).toEqual([]);
    }
  });

  it('keeps working in memory when the file cannot be written', async () => {
    const store = await CredentialStore.open({ file: join(dir, 'placeholder', 'credentials.json') });
    expect(store.problem).toBeUndefined();
    // Then a file appears where the directory should be: the write fails whoever runs the test (root included).
    await writeFile(join(dir, 'placeholder'), '');
    await store.saveClient(client(AS1));
    expect(store.client(AS1)).toBeDefined();
    expect(store.problem).toMatch(/could not be saved to .*kept in memory/);
  });
});

describe('defaultCredentialFile', () => {
  it('uses XDG_CONFIG_HOME when absolute, else ~/.config', () => {
    expect(defaultCredentialFile({ XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe(join('/xdg', 'mcpscope', 'credentials.json'));
    if (posix) {
      expect(defaultCredentialFile({}, '/home/u')).toBe('/home/u/.config/mcpscope/credentials.json');
      expect(defaultCredentialFile({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe('/home/u/.config/mcpscope/credentials.json');
    }
  });
});
