// A response body as a web stream that counts bytes as they arrive and stops
// past a cap (or a time limit): a server that answers a gigabyte costs the
// proxy the cap, not the gigabyte. The error names the cap in the words the
// flow's step shows.

import type { IncomingMessage } from 'node:http';

/** "1 MiB", "64 KiB", "1000 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

export class AnswerTooLarge extends Error {
  override readonly name = 'AnswerTooLarge';
  constructor(readonly limit: number) {
    super(`the answer was larger than ${sizeText(limit)}; mcpscope stopped reading it`);
  }
}

/** `body` read on demand, at most `limit` bytes and `timeoutMs` in all; past either the connection is dropped and the stream errors. */
export function boundedBody(body: IncomingMessage, limit: number, timeoutMs: number): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let received = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    body.destroy();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        controller.error(new Error(`the answer did not end within ${timeoutMs} ms`));
        body.destroy();
      }, timeoutMs);
      timer.unref();
    },
    async pull(controller) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (error) {
        stop();
        controller.error(error);
        return;
      }
      if (next.done) {
        clearTimeout(timer);
        controller.close();
        return;
      }
      received += next.value.byteLength;
      if (received > limit) {
        stop();
        controller.error(new AnswerTooLarge(limit));
        return;
      }
      controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    },
    cancel() {
      stop();
    },
  });
}
