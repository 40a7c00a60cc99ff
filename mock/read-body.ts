// A request's body bytes, read with bounds: at most MAX_BODY bytes, within the body timeout; and the
// platform's answer when a body could not be read.
import type { IncomingMessage } from 'node:http';
import { mockError } from './errors.ts';
import type { PlatformAnswer } from './types.ts';

/** An error of reading a request body. */
export type BodyError = Error & { timeout?: boolean; tooLarge?: boolean };

/** The largest request body the mock reads (8 MiB); a larger one answers 413. */
export const MAX_BODY = 8 * 1024 * 1024;

/**
 * Read a request body: at most MAX_BODY bytes, within `timeoutMs` (an incomplete chunked body or a
 * short Content-Length would otherwise hold the request until the socket dies).
 */
export function readBody(req: IncomingMessage, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      reject(Object.assign(new Error('body timeout'), { timeout: true }));
      req.pause();
    }, timeoutMs);
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        clearTimeout(timer);
        reject(Object.assign(new Error('body too large'), { tooLarge: true }));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (e: Error) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/** The platform's answer to a body that could not be read (too large, too slow, broken). */
export function unreadBody(e: BodyError): PlatformAnswer {
  if (e.tooLarge) return mockError(413, 'rest_request_too_large', 'The request body is too large.');
  if (e.timeout) return mockError(408, 'rest_request_timeout', 'The request body did not arrive in time.');
  return mockError(400, 'rest_invalid_request', 'The request could not be read.');
}
