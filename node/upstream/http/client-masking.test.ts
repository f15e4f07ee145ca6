// Credentials set by mcpscope itself (the OAuth flow's Authorization header), not only
// those the person typed, are masked in the recorded exchange.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { headerValue, type HttpExchange } from '../../../src/protocol/wire.js';
import { HttpClient } from './client.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
});

it('masks an Authorization header the flow adds, and a Set-Cookie answer', async () => {
  server = createServer((req, res) => {
    res.setHeader('Set-Cookie', 'sid=cookie-v4lue');
    res.end(req.headers.authorization === 'Bearer flow-t0ken' ? 'ok' : 'no');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const shown: HttpExchange[] = [];
  const client = new HttpClient({
    connectTimeoutMs: 2000,
    headersTimeoutMs: 2000,
    bodyTimeoutMs: 2000,
    maxBodyBytes: 1 << 20,
    userHeaders: {},
    emit: (x) => shown.push(structuredClone(x)),
    nextExchangeId: () => 1,
  });
  const start = await client.exchange({
    purpose: 'message',
    method: 'GET',
    url: `http://127.0.0.1:${port}/mcp`,
    headers: { authorization: 'Bearer flow-t0ken' },
  });
  expect(start.ok).toBe(true);
  if (start.ok) start.response.cancel();
  const record = start.run.record;
  expect(headerValue(record.requestHeaders, 'authorization')).toBe('Bearer •••• (10 characters hidden)');
  expect(headerValue(record.responseHeaders ?? [], 'set-cookie')).toBe('•••• (16 characters hidden)');
  expect(JSON.stringify([record, shown])).not.toMatch(/flow-t0ken|cookie-v4lue/);
});
