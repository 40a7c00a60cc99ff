// The mock's front: a loopback HTTP server in front of Prism that answers as the platform does where
// Prism answers otherwise. This file is the server itself: its timeouts, the sockets it answers
// without the handler (CONNECT, malformed HTTP), and the context its requests are answered in; each
// request goes to the dispatcher (dispatch.ts). The parts, each with one job, are listed in
// mock/README.md.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { routeTable } from '../core/match.ts';
import { specNamespaces, type OpenApiDoc } from '../core/spec.ts';
import { collectAfterLarge } from './collect.ts';
import { dispatch } from './dispatch.ts';
import { criticalError, noRoute } from './errors.ts';
import { AnswerMemo } from './memo.ts';
import { forward, prismTargets, UPSTREAM_TIMEOUT, type Upstream } from './proxy.ts';
import { answerAndClose, send, tryJson } from './reply.ts';
import type { StoreHost } from './store/host.ts';
import type { Front } from './types.ts';

/** A raw HTTP/1.1 answer with a JSON body, for a socket the server does not hand to the handler. */
const rawAnswer = (status: number, json: unknown): string => {
  const text = JSON.stringify(json);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json; charset=UTF-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`;
};

/**
 * Create the front server (not yet listening).
 *   doc: the bundle (JSON); upstream: the Prism to ask, or a function of the matched route's path
 *   template (undefined when no route matches) that answers the Prism serving that route
 *   ({host, port, ready?: Promise} — `ready` while it restarts); memo: an AnswerMemo to replay the
 *   answers to requests already forwarded (none by default), and with it an example memo of
 *   Prism's answer per operation for the valid requests of it (example-memo.ts); verbose: keep
 *   Prism's `sl-violations` header; bodyTimeoutMs: how long a request body may take to arrive.
 */
export function createFront({
  doc,
  upstream,
  memo = null,
  verbose = false,
  bodyTimeoutMs = 10_000,
  store = null,
  allowOrigins = [],
}: {
  doc: OpenApiDoc;
  upstream: Upstream | ((template: string | undefined) => Upstream);
  memo?: AnswerMemo | null;
  verbose?: boolean;
  bodyTimeoutMs?: number;
  store?: StoreHost | null;
  /** Browser origins trusted like loopback ones (`--allow-origin`). */
  allowOrigins?: string[];
}): http.Server {
  const prisms = prismTargets(upstream);
  const front: Front = {
    doc,
    table: routeTable(doc),
    memo,
    // One answer per operation and variant: a few hundred entries at most on this spec.
    examples: memo ? new AnswerMemo({ maxEntries: 1000, maxBytes: 8 * 1024 * 1024 }) : null,
    verbose,
    bodyTimeoutMs,
    store,
    namespaces: specNamespaces(doc),
    allowOrigins,
    targetFor: prisms.targetFor,
    async fetchEmbed(path, auth) {
      const url = `${path}${path.includes('?') ? '&' : '?'}context=embed`;
      const r = await forward(
        { host: '127.0.0.1', port: front.port()! },
        { method: 'GET', path: url, headers: auth ? { authorization: auth } : {}, body: Buffer.alloc(0) },
      ).catch(() => null);
      return r ? (tryJson(r.body) ?? null) : null;
    },
    port: () => (server.address() as AddressInfo | null)?.port,
  };
  // Node checks the header and request timeouts of open connections every
  // `connectionsCheckingInterval` (30 s by default): a slow client gets its 408 within a second of
  // its timeout instead.
  const server = http.createServer({ connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(bodyTimeoutMs / 4))) }, (req, res) => {
    collectAfterLarge(req, res);
    dispatch(front, req, res).catch(() => send(res, criticalError()));
  });
  server.requestTimeout = bodyTimeoutMs + UPSTREAM_TIMEOUT;
  server.headersTimeout = Math.min(bodyTimeoutMs, 60_000);
  // CONNECT is a proxy's method: the platform has no such route.
  server.on('connect', (_req, socket) => answerAndClose(socket, rawAnswer(404, noRoute().body)));
  // Malformed HTTP never reaches the handler: answer it and keep serving.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    answerAndClose(socket, rawAnswer(status, { code: 'rest_invalid_request', message: 'Malformed HTTP request.', data: { status } }));
  });
  server.on('close', () => prisms.close());
  return server;
}
