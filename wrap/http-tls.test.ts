// `wrap --to https://…`: a loopback https server with a self-signed certificate
// this test makes (openssl). Untrusted, the host gets a 502 naming the reason
// and NODE_EXTRA_CA_CERTS, said once on stderr; trusted through
// NODE_EXTRA_CA_CERTS (as Node reads it), the exchange goes through and is
// recorded. A plain-HTTP port behind https:// is said as such.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { requireBuilt, waitFor } from '../test/fixtures/proxy-helpers.js';
import { selfSignedCert } from '../test/fixtures/self-signed.js';
import { bin, builtWrap, scratch } from '../test/fixtures/wrap-helpers.js';
import { startHttpWrap, type HttpTap } from './http-proxy.js';
import { unreachableSentence } from './http-problems.js';

const quiet: HttpTap = { body: () => {}, exchange: () => {}, system: () => {} };
const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const PONG = '{"jsonrpc":"2.0","id":1,"result":{}}';

let dir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  requireBuilt(builtWrap);
  dir = scratch();
  const { key, cert } = selfSignedCert(dir);
  server = createServer({ key, cert }, (req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(PONG));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

describe('mcpscope wrap --to https://…', () => {
  it('answers 502 naming an untrusted certificate and NODE_EXTRA_CA_CERTS, said once on stderr', async () => {
    const said: string[] = [];
    const started = await startHttpWrap({ host: '127.0.0.1', port: 0, to: new URL(`${origin}/mcp`), tap: quiet, say: (l) => said.push(l) });
    if (!started.ok) throw new Error(started.error);
    try {
      const sentence =
        `could not reach ${origin}: its TLS certificate is not signed by a certificate authority this machine trusts ` +
        '(self-signed certificate, DEPTH_ZERO_SELF_SIGNED_CERT). If you trust it, start mcpscope wrap with NODE_EXTRA_CA_CERTS ' +
        'set to a PEM file of the CA that signed it (for a self-signed certificate, the certificate itself).';
      for (let i = 0; i < 2; i++) {
        const res = await fetch(started.value.url, { method: 'POST', body: PING });
        expect(res.status).toBe(502);
        expect(await res.text()).toBe(`mcpscope wrap ${sentence}\n`);
      }
      expect(said).toEqual([sentence]);
    } finally {
      await started.value.close();
    }
  });

  it('goes through when NODE_EXTRA_CA_CERTS names the certificate, recorded in the capture', async () => {
    const capture = join(dir, 'tls.jsonl');
    const child = spawn(process.execPath, [bin, 'wrap', '--to', `${origin}/mcp`, '--capture', capture], {
      env: { ...process.env, XDG_CONFIG_HOME: dir, NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') },
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += String(c)));
    const exited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    await waitFor(() => stderr.includes('point the host at'), 20_000, 'the ready line');
    const url = /point the host at (\S+) /.exec(stderr)![1]!;
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: PING });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(PONG);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr.split('\n').filter(Boolean)).toHaveLength(1);
    const opened = await readLogFile(new File([readFileSync(capture)], 'tls.jsonl'));
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.log.entries.filter((e) => e.kind !== 'system').map((e) => [e.kind, e.method ?? e.raw.replace(/ · [\d.]+ ms$/, '')])).toEqual([
      ['request', 'ping'],
      ['response', 'ping'],
      ['http', 'POST /mcp → 200 application/json · 36 B'],
    ]);
  }, 40_000);

  it('says so when the port behind https:// speaks plain HTTP', async () => {
    const plain = createHttpServer((_req, res) => res.end());
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const to = `https://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    const started = await startHttpWrap({ host: '127.0.0.1', port: 0, to: new URL(to), tap: quiet, say: () => {} });
    if (!started.ok) throw new Error(started.error);
    try {
      const res = await fetch(started.value.url, { method: 'POST', body: PING });
      expect(res.status).toBe(502);
      expect(await res.text()).toMatch(
        new RegExp(
          `^mcpscope wrap could not reach ${to}: it does not speak TLS on that port \\(\\w+\\)\\. If the server speaks plain HTTP, give --to an http:// URL\\.\\n$`,
        ),
      );
    } finally {
      await started.value.close();
      plain.closeAllConnections();
      plain.close();
    }
  });

  it('names a certificate for another host name, and one out of date', () => {
    const to = new URL('https://mcp.example.com/mcp');
    const err = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(unreachableSentence(err('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"), to)).toBe(
      "could not reach https://mcp.example.com: its TLS certificate is not valid for the name mcp.example.com (Hostname/IP does not match certificate's altnames, ERR_TLS_CERT_ALTNAME_INVALID). Give --to a host name the certificate is for.",
    );
    expect(unreachableSentence(err('CERT_HAS_EXPIRED', 'certificate has expired'), to)).toBe(
      "could not reach https://mcp.example.com: its TLS certificate is out of date (certificate has expired, CERT_HAS_EXPIRED). The server's certificate must be renewed, or this machine's clock set right.",
    );
  });
});
