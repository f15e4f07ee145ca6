// Failure sentences: DNS and refused connections (mapped from the errors fetch
// throws), real TLS failures against a loopback HTTPS server, timeouts, statuses.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, httpHarness } from '../../../test/fixtures/http-harness.js';
import { selfSignedCert } from '../../../test/fixtures/self-signed.js';
import { errorCode, networkFailure, statusFailure, timeoutFailure } from './errors.js';

const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
const sysError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('networkFailure', () => {
  it('says a host name could not be resolved', () => {
    const f = networkFailure(fetchFailed(sysError('ENOTFOUND', 'getaddrinfo ENOTFOUND mcp.nowhere.invalid')), 'https://mcp.nowhere.invalid/mcp');
    expect(f).toEqual({
      problem: 'dns',
      message: 'The host name "mcp.nowhere.invalid" could not be resolved (DNS ENOTFOUND). Check the URL for a typo, or your network.',
    });
    expect(networkFailure(fetchFailed(sysError('EAI_AGAIN', 'getaddrinfo EAI_AGAIN x')), 'http://x/').problem).toBe('dns');
  });

  it('finds the code inside an AggregateError (every address of localhost refused)', () => {
    const cause = new AggregateError([sysError('ECONNREFUSED', 'connect ECONNREFUSED ::1:9'), sysError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')]);
    expect(errorCode(fetchFailed(cause))).toBe('ECONNREFUSED');
    expect(networkFailure(fetchFailed(cause), 'http://localhost:9/mcp').message).toMatch(/^Connection refused by localhost:9/);
  });

  it('explains ports that fetch refuses', () => {
    expect(networkFailure(fetchFailed(new Error('bad port')), 'http://127.0.0.1:6000/mcp').message).toMatch(
      /^Port 6000 is on the list of ports web clients refuse/,
    );
  });

  it('names the code of anything else', () => {
    expect(networkFailure(fetchFailed(sysError('EHOSTUNREACH', 'no route')), 'http://10.0.0.9/').message).toBe(
      'The request to 10.0.0.9 failed: no route (EHOSTUNREACH).',
    );
  });
});

describe('timeoutFailure', () => {
  it('says which phase timed out', () => {
    expect(timeoutFailure('http://10.1.2.3:8080/mcp', 10_000, 'connect').message).toBe(
      "Could not connect to 10.1.2.3:8080 within 10 s. Check the URL's host and port, and any firewall in between.",
    );
    expect(timeoutFailure('http://h/sse', 1500, 'endpoint').message).toMatch(/after 1\.5 s talking to h: no endpoint event arrived/);
  });
});

describe('statusFailure', () => {
  const base = { statusText: '', url: 'http://127.0.0.1:1/mcp', method: 'POST', body: '', hadSession: false };
  it('403 shows WWW-Authenticate, 405 shows Allow', () => {
    expect(statusFailure({ ...base, status: 403, statusText: 'Forbidden', wwwAuthenticate: 'Bearer scope="tools"' })).toMatchObject({
      problem: 'forbidden',
      message: expect.stringContaining('WWW-Authenticate: Bearer scope="tools"'),
    });
    expect(statusFailure({ ...base, status: 405, allow: 'GET' }).message).toContain('Allow: GET');
  });
});

describe('against real sockets', () => {
  let dir: string | undefined;
  let https: Server | undefined;
  let silent: Server | undefined;
  let httpsPort = 0;
  let plainPort = 0;
  let silentPort = 0;

  beforeAll(async () => {
    silent = createHttpServer(() => {}); // accepts, never answers
    await new Promise<void>((r) => silent!.listen(0, '127.0.0.1', r));
    silentPort = (silent.address() as AddressInfo).port;
    plainPort = silentPort; // an HTTP port, for the https:// mistake
    try {
      dir = mkdtempSync(join(tmpdir(), 'mcpscope-tls-'));
      const { key, cert } = selfSignedCert(dir);
      https = createHttpsServer({ key, cert }, (_req, res) => res.end('{}'));
      await new Promise<void>((r) => https!.listen(0, '127.0.0.1', r));
      httpsPort = (https.address() as AddressInfo).port;
    } catch {
      https = undefined; // no openssl here: the TLS case is skipped below
    }
  });
  afterAll(async () => {
    for (const s of [https, silent]) {
      s?.closeAllConnections();
      await new Promise<void>((r) => (s ? s.close(() => r()) : r()));
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a TLS error names the certificate problem', async (ctx) => {
    if (!https) ctx.skip();
    const h = httpHarness(http(`https://127.0.0.1:${httpsPort}/mcp`));
    const init = await h.session.initialize();
    expect(init.ok).toBe(false);
    const failed = await h.next('request-failed');
    expect(failed.problem).toBe('tls');
    expect(failed.message).toMatch(/^TLS error talking to 127\.0\.0\.1:\d+: .*(self[- ]signed|certificate)/i);
  });

  it('https:// to a plain HTTP server says to try http://', async () => {
    const h = httpHarness(http(`https://127.0.0.1:${plainPort}/mcp`));
    await h.session.initialize();
    const failed = await h.next('request-failed');
    expect(failed.problem).toBe('tls');
    expect(failed.message).toMatch(/try http:\/\/ instead of https:\/\//);
  });

  it('a server that never answers times out with a sentence, not a hang', async () => {
    const h = httpHarness(http(`http://127.0.0.1:${silentPort}/mcp`), { headersTimeoutMs: 300 });
    const init = await h.session.initialize();
    expect(init.ok).toBe(false);
    if (!init.ok) expect(init.message).toBe(`Timed out after 0.3 s talking to 127.0.0.1:${silentPort}: no response. Is the server busy or stuck?`);
  });
});
