// A reply: the status, headers and body bytes of an answer, built from the platform's error body or
// from JSON, and written to the client with that client's CORS headers; a connection's last answer
// and the socket freed after it.
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CORS, withCors } from './cors.ts';
import { jsonBytes, type Naming as TextNaming } from './json-text.ts';
import type { Headers, PlatformAnswer, Reply } from './types.ts';

/** The front's own answer {status, body} as a reply {status, headers, body: Buffer}. */
export function platformReply({ status, body }: PlatformAnswer, headers: Headers = {}): Reply {
  const text = Buffer.from(JSON.stringify(body));
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(text.length),
      ...CORS,
      ...headers,
    },
    body: text,
  };
}

/** Write a reply (without its body for HEAD); CORS per request (its Origin), so that a memoised answer carries the asker's own. */
export function write(res: ServerResponse, reply: Reply, head = false): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(reply.status, withCors(reply.headers, res.req?.headers?.origin));
  res.end(head ? undefined : reply.body);
}

export const send = (res: ServerResponse, answer: PlatformAnswer, headers: Headers = {}): void => write(res, platformReply(answer, headers));

/** A JSON reply; with a text naming, its URLs are written in the request's naming (json-text.ts). */
export const jsonReply = (status: number, headers: Headers, json: unknown, naming?: TextNaming): Reply => {
  const out = jsonBytes(json, naming);
  const text = out.bytes;
  return {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=UTF-8', 'content-length': String(text.length) },
    body: text,
    named: out.named,
  };
};

/** A body's JSON value, or undefined when it does not parse. */
export const tryJson = (buf: Buffer): unknown => {
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    return undefined;
  }
};

/** How long a closed connection's last answer may take to leave before its socket is destroyed anyway (a client that reads nothing). */
const CLOSE_GRACE_MS = 2000;

/**
 * Send a last answer on a socket and free it: destroyed once the answer is written, or after
 * CLOSE_GRACE_MS. (`end` alone only half-closes: the HTTP server allows half-open sockets, so a
 * client that never closes its side would hold the descriptor for good.)
 */
export function answerAndClose(socket: Duplex, text?: string): void {
  const timer = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
  timer.unref();
  socket.on('error', () => socket.destroy());
  socket.end(text, () => {
    clearTimeout(timer);
    socket.destroy();
  });
}
