// The JSON object body of an API request, read up to a size; a refusal has its HTTP status and one sentence.
import type { IncomingMessage } from 'node:http';
import { isRecord, parseJson } from '../src/protocol/wire.js';

export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; status: number; error: string };

/** `tooBigHint` says what to do when the body is over `maxBytes` ("send less at once"). */
export function readJsonBody(req: IncomingMessage, maxBytes: number, tooBigHint: string): Promise<JsonBody> {
  const tooBig = { ok: false as const, status: 413, error: `The request body is larger than ${maxBytes / 1024 / 1024} MiB: ${tooBigHint}.` };
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
    req.resume();
    return Promise.resolve(tooBig);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('error', () => resolve({ ok: false, status: 400, error: 'The request body could not be read: send it again.' }));
    req.on('end', () => {
      if (size > maxBytes) return resolve(tooBig);
      const parsed = parseJson(Buffer.concat(chunks).toString('utf8'));
      if (!parsed.ok)
        return resolve({ ok: false, status: 400, error: `The request body is not JSON (${parsed.error.replace(/\s+/g, ' ')}): send a JSON object.` });
      if (!isRecord(parsed.value)) return resolve({ ok: false, status: 400, error: 'The request body must be a JSON object.' });
      resolve({ ok: true, value: parsed.value });
    });
  });
}
