// The OAuth fetch policy against loopback servers: what a server on the
// internet may not make the proxy reach (judged on the resolved address, and
// connected to that address), plain http, redirects and bounded bodies.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthFetch, type Resolve } from './fetch-policy.js';

interface Seen {
  method: string;
  url: string;
  body: string;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];
/** Bytes the /zeros route wrote before the client went away. */
let zerosWritten = 0;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (req.url === '/doc') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } else if (req.url === '/same') {
        res.writeHead(302, { location: '/doc' }).end();
      } else if (req.url === '/away') {
        res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end();
      } else if (req.url === '/zeros') {
        // 64 MiB of zeros, written as fast as the client reads.
        const chunk = Buffer.alloc(64 * 1024);
        zerosWritten = 0;
        res.writeHead(200, { 'content-type': 'application/json' });
        const write = (): void => {
          while (zerosWritten < 64 * 1024 * 1024) {
            zerosWritten += chunk.byteLength;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        res.on('close', () => undefined);
        write();
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A server that says it is on the internet, whose OAuth names point at this machine. */
const onTheInternet = { serverUrl: 'https://mcp.example.com/mcp', locateServer: async () => ['203.0.113.7'] };
const resolving =
  (table: Record<string, string[]>): Resolve =>
  async (name) => {
    const addresses = table[name];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${name}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('what a server on the internet may not make the proxy reach', () => {
  it('a loopback URL is refused before any connection, naming the address', async () => {
    const before = seen.length;
    const policyFetch = createOAuthFetch(onTheInternet);
    await expect(policyFetch(`${origin}/doc`)).rejects.toThrow(/Not fetched: http:\/\/127\.0\.0\.1:\d+ is 127\.0\.0\.1, a loopback address/);
    expect(seen.length).toBe(before);
  });

  it('localhost is judged by what it resolves to', async () => {
    const policyFetch = createOAuthFetch(onTheInternet);
    await expect(policyFetch(`http://localhost:${new URL(origin).port}/doc`)).rejects.toThrow(/a loopback address/);
  });

  it.each([
    ['[::1]', 'a loopback address'],
    ['[::ffff:127.0.0.1]', 'a loopback address'],
    ['0.0.0.0', 'a loopback address'],
    ['169.254.169.254', 'a cloud metadata service address'],
    ['169.254.1.1', 'a link-local address'],
    ['10.0.0.1', 'a private-network address'],
    ['172.16.5.4', 'a private-network address'],
    ['192.168.0.1', 'a private-network address'],
    ['100.64.0.1', 'a private-network address'],
    ['[fd00:ec2::254]', 'a cloud metadata service address'],
    ['[::7f00:1]', 'a loopback address'],
    ['[fec0::1]', 'a reserved address'],
  ])('the address %s is refused (%s)', async (host, kind) => {
    const policyFetch = createOAuthFetch(onTheInternet);
    await expect(policyFetch(`https://${host}/latest/meta-data/`)).rejects.toThrow(kind);
  });

  it.each([
    ['169.254.169.254', 'a cloud metadata service address'],
    ['fd00::1', 'a private-network address'],
    ['::ffff:10.1.1.1', 'a private-network address'],
  ])('a name resolving to %s is refused (%s)', async (address, kind) => {
    const policyFetch = createOAuthFetch({ ...onTheInternet, resolve: resolving({ 'as.attacker.example': [address] }) });
    await expect(policyFetch('https://as.attacker.example/token', { method: 'POST', body: 'code=x' })).rejects.toThrow(kind);
  });

  it('every address of a name is judged: one inward address among public ones is refused', async () => {
    const policyFetch = createOAuthFetch({ ...onTheInternet, resolve: resolving({ 'as.attacker.example': ['8.8.8.8', '127.0.0.1'] }) });
    await expect(policyFetch('https://as.attacker.example/')).rejects.toThrow(/127\.0\.0\.1, a loopback address/);
  });

  it("the MCP server's own origin stays reachable (the person chose it)", async () => {
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp`, locateServer: async () => ['203.0.113.7'] });
    expect((await policyFetch(`${origin}/doc`)).status).toBe(200);
  });

  it('not even a server on loopback may name a cloud metadata address', async () => {
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp`, resolve: resolving({ 'metadata.google.internal': ['169.254.169.254'] }) });
    await expect(policyFetch('http://metadata.google.internal/computeMetadata/v1/')).rejects.toThrow(
      /169\.254\.169\.254, a cloud metadata service address.*no MCP server may make mcpscope reach/,
    );
    await expect(policyFetch('http://100.100.100.200/latest/meta-data/')).rejects.toThrow(/a cloud metadata service address/);
  });

  it('a server on a private network may name its neighbours, not this machine', async () => {
    const policyFetch = createOAuthFetch({
      serverUrl: 'https://mcp.corp.example/mcp',
      locateServer: async () => ['10.0.0.5'],
      resolve: resolving({ localhost: ['127.0.0.1', '::1'], 'metadata.corp.example': ['169.254.169.254'] }),
    });
    await expect(policyFetch('https://metadata.corp.example/')).rejects.toThrow(/cloud metadata/);
    await expect(policyFetch('https://localhost/')).rejects.toThrow(/loopback/);
  });
});

describe('where the MCP server is, when it is named by DNS', () => {
  it('a name that rebinds to loopback after the transport connected does not make the server count as loopback', async () => {
    const before = seen.length;
    // evil.example answers its public address to the transport's lookup, then 127.0.0.1 (TTL 0).
    let asked = 0;
    const rebinding: Resolve = async (name) => {
      if (name !== 'evil.example') throw new Error(`getaddrinfo ENOTFOUND ${name}`);
      return [{ address: asked++ === 0 ? '203.0.113.7' : '127.0.0.1', family: 4 }];
    };
    await rebinding('evil.example'); // the transport's lookup, which got the 401
    const policyFetch = createOAuthFetch({ serverUrl: 'https://evil.example/mcp', resolve: rebinding });
    await expect(policyFetch(`${origin}/doc`)).rejects.toThrow(
      /127\.0\.0\.1, a loopback address.*named by DNS counts as on the internet: connect to it by its IP address/,
    );
    await expect(policyFetch(`${origin}/doc`, { method: 'POST', body: 'client_name=x' })).rejects.toThrow(/a loopback address/);
    expect(seen.length).toBe(before);
  });

  it('localhost and IP literals are judged as what they are', async () => {
    for (const serverUrl of ['http://localhost:1/mcp', 'http://[::1]:1/mcp']) {
      expect((await createOAuthFetch({ serverUrl })(`${origin}/doc`)).status).toBe(200);
    }
    const fromPrivate = createOAuthFetch({ serverUrl: 'https://10.0.0.5/mcp' });
    await expect(fromPrivate(`${origin}/doc`)).rejects.toThrow(/a loopback address/);
  });
});

describe('the connection goes to the judged address', () => {
  it('a name is resolved once and connected to as resolved (DNS is not asked again)', async () => {
    const asked: string[] = [];
    const table = resolving({ 'rebinding.test': ['127.0.0.1'] });
    const resolve: Resolve = async (name) => {
      asked.push(name);
      return table(name);
    };
    // A loopback server (the demo) may name anything: rebinding.test exists only in this resolver.
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp`, resolve });
    const response = await policyFetch(`http://rebinding.test:${new URL(origin).port}/doc`);
    expect(await response.json()).toEqual({ ok: true });
    expect(asked).toEqual(['rebinding.test']);
  });
});

describe('plain http', () => {
  it('an authorization server on plain http that is not on loopback is refused', async () => {
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp`, resolve: resolving({ 'as.example.com': ['93.184.216.34'] }) });
    await expect(policyFetch('http://as.example.com/.well-known/oauth-authorization-server')).rejects.toThrow(
      /plain http and not on loopback; an authorization server must use https/,
    );
  });

  it('is fine on loopback', async () => {
    const policyFetch = createOAuthFetch({ serverUrl: 'http://127.0.0.1:1/mcp' });
    expect((await policyFetch(`${origin}/doc`)).status).toBe(200);
  });
});

describe('redirects', () => {
  it('are not followed, even on the same origin', async () => {
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp` });
    await expect(policyFetch(`${origin}/same`)).rejects.toThrow(/redirected \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+\/doc; mcpscope follows no redirect/);
  });

  it('to another origin: both origins are named', async () => {
    const before = seen.length;
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp` });
    await expect(policyFetch(`${origin}/away`)).rejects.toThrow(`to another origin, http://127.0.0.1:9 (from ${origin})`);
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/away']);
  });

  it("redirect: 'manual' hands the 3xx back (the CLI's look at the authorization URL)", async () => {
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp` });
    const response = await policyFetch(`${origin}/away`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1:9/elsewhere');
  });
});

describe('bodies', () => {
  it('are read up to the cap, then the connection is dropped', async () => {
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp` });
    const response = await policyFetch(`${origin}/zeros`);
    await expect(response.text()).rejects.toThrow('the answer was larger than 1 MiB; mcpscope stopped reading it');
    await new Promise((r) => setTimeout(r, 50));
    expect(zerosWritten).toBeLessThan(16 * 1024 * 1024);
  });

  it('the cap can be set, and the sentence names it', async () => {
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp`, maxBodyBytes: 64 * 1024 });
    await expect((await policyFetch(`${origin}/zeros`)).text()).rejects.toThrow('the answer was larger than 64 KiB');
  });

  it('a form body and its headers are sent as given', async () => {
    const policyFetch = createOAuthFetch({ serverUrl: `${origin}/mcp` });
    await policyFetch(`${origin}/doc`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code' }) });
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/doc', body: 'grant_type=authorization_code' });
  });
});
