import type { Readable } from 'node:stream';
import { AppError } from '../../infra/errors.ts';

/**
 * Reads a request body into one ArrayBuffer of its own, chunk by chunk as it arrives (no
 * concatenation at the end, no second copy), so that it can be moved to a worker thread without
 * copying: the API thread does only a memcpy per network chunk.
 * @param payload the raw request stream
 * @param declaredLength the Content-Length header (NaN when chunked)
 * @param limit the largest body in bytes
 * @returns the body's bytes (a view of a buffer no one else holds)
 * @throws AppError PAYLOAD_TOO_LARGE (413) over `limit`, VALIDATION (400) when the body is shorter or
 *   longer than its Content-Length or the stream fails
 */
export function readOwnedBody(payload: Readable, declaredLength: number, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (declaredLength > limit) return reject(new AppError('PAYLOAD_TOO_LARGE'));
    const known = Number.isSafeInteger(declaredLength) && declaredLength >= 0;
    let buf = new Uint8Array(known ? declaredLength : 64 * 1024);
    let size = 0;
    const stop = (err: Error) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', stop);
      reject(err instanceof AppError ? err : new AppError('VALIDATION', 'body', 'Invalid request body'));
    };
    const onData = (chunk: Buffer | string) => {
      const c = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (size + c.length > limit) return stop(new AppError('PAYLOAD_TOO_LARGE'));
      if (size + c.length > buf.length) {
        if (known) return stop(new AppError('VALIDATION', 'body', 'Invalid request body'));
        const grown = new Uint8Array(Math.min(limit, Math.max(buf.length * 2, size + c.length)));
        grown.set(buf.subarray(0, size));
        buf = grown;
      }
      buf.set(c, size);
      size += c.length;
    };
    const onEnd = () => {
      payload.removeListener('data', onData);
      payload.removeListener('error', stop);
      if (known && size !== declaredLength) return reject(new AppError('VALIDATION', 'body', 'Invalid request body'));
      resolve(buf.subarray(0, size));
    };
    payload.on('data', onData);
    payload.once('end', onEnd);
    payload.once('error', stop);
    payload.resume();
  });
}
