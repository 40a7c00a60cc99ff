// A full garbage collection after a request that moved a large body (D260). A 7 MB post leaves
// ~30-90 MB of garbage in the front (its bytes, their text, the parsed value, the judge's reading,
// the record's JSON for the store's size, the answer's text and bytes), most of it large strings
// and buffers that V8 frees only at its next full collection, which its heap-growth heuristics
// put off: under the bench's filling store the front's peak varied from run to run by ~100 MB
// with when that collection came. The front runs with `--expose-gc` (FRONT_NODE_FLAGS); without it
// (`node dist/mock/main.js` run by hand) nothing here runs and V8 collects when it decides.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request whose body, or whose answer, is at least this many bytes is followed by a collection. */
export const LARGE_BYTES = 1024 * 1024;

/** V8's collector when the process runs with `--expose-gc`, else null. */
const collector = (): (() => void) | null => {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as () => void) : null;
};

let scheduled = false;

/** One full collection once the current I/O is handled (requests finishing together share it). */
export function collectSoon(): void {
  if (scheduled || !collector()) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    collector()?.();
  });
}

/**
 * Watch one request: when its answer is finished (or its socket closed), a collection follows if the
 * request's or the answer's bytes were large. The bytes are the socket's counters' growth over the
 * request (a kept-alive socket carries one request at a time), so a body the front refused unread
 * counts too.
 */
export function collectAfterLarge(req: IncomingMessage, res: ServerResponse): void {
  if (!collector()) return;
  const socket = req.socket;
  const read0 = socket.bytesRead;
  const written0 = socket.bytesWritten;
  res.once('close', () => {
    if (socket.bytesRead - read0 >= LARGE_BYTES || socket.bytesWritten - written0 >= LARGE_BYTES) collectSoon();
  });
}
