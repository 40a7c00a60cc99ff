// The dispatcher: each request read once (its naming, method, body) and sent to what answers it: a
// control route (control.ts), the answer memo (memo.ts), a CORS preflight, no route, a batch or a
// store-backed route (store-routes.ts), or Prism (prism-routes.ts); `_envelope` and the request's
// naming applied to whatever answered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchRoute, trimRoute } from '../core/match.ts';
import { BATCH_ROUTE } from '../core/platform.js';
import { phpPairs } from '../core/php-query.ts';
import { controlReply } from './control.ts';
import { CORS, isForeignOrigin } from './cors.ts';
import { noRoute } from './errors.ts';
import { envelopeHeaders, lastParam } from './globals.ts';
import { bodyInSpecNames, readNaming } from './naming.ts';
import { prepare, prefersExample } from './prepare.ts';
import { isTypesRoute, typesReply } from './post-types.ts';
import { prismReply } from './prism-routes.ts';
import { readBody, unreadBody, type BodyError } from './read-body.ts';
import { answerAndClose, jsonReply, platformReply, tryJson, write } from './reply.ts';
import { inNaming } from './shape.ts';
import { withSiteHeaders } from './site-headers.ts';
import { indexReply, INDEX_ROUTE } from './site-index.ts';
import { isStoreRoute } from './store/handler.ts';
import { batchReply, storeReply } from './store-routes.ts';
import type { Asked, Front, Pairs, Reply } from './types.ts';

/** A matched request's answer: the front's own refusal, the store's (store-backed routes) or Prism's. */
async function answerOf(front: Front, req: IncomingMessage, asked: Asked): Promise<Reply> {
  const prepared = prepare(front, req, asked);
  if ('reply' in prepared) return prepared.reply;
  // The site index is generated from the spec through the mapping (site-index.ts), unless an example is asked for.
  // (`--static`, no store: the example, as every answer.)
  if (front.store && asked.match.route.template === INDEX_ROUTE && (asked.method === 'get' || asked.method === 'head') && !prefersExample(req))
    return indexReply(front, req, asked);
  // The post types are the site's list, as far as the spec describes their routes (post-types.ts, D246).
  if (front.store && isTypesRoute(asked.match.route.template) && (asked.method === 'get' || asked.method === 'head') && !prefersExample(req)) {
    const types = await typesReply(front, req, asked, prepared);
    if (types) return types;
  }
  // `Prefer: code=...` / `example=...` asks for a documented example: the example engine (Prism) answers it, on store-backed routes too.
  if (front.store && isStoreRoute(asked.match.route.template) && !prefersExample(req)) {
    const stored = await storeReply(front, front.store, req, asked, prepared);
    if (stored) return stored;
  }
  return prismReply(front, req, asked, prepared);
}

/** Answer one request: read it as the platform does, replay a memoised answer, or ask Prism. */
export async function dispatch(front: Front, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { doc, table, memo } = front;
  const sent = String(req.method ?? 'GET').toLowerCase();
  let rawUrl = req.url ?? '/';
  if (/^https?:\/\//i.test(rawUrl)) rawUrl = rawUrl.replace(/^https?:\/\/[^/?#]*/i, '') || '/'; // absolute-form
  const q = rawUrl.indexOf('?');
  // The real site's names (`/wp-json/wp/v2/...`, `?rest_route=`, `wpml_language`) are read as the spec's (naming.ts).
  const named = readNaming((q < 0 ? rawUrl : rawUrl.slice(0, q)).split('#', 1)[0], q < 0 ? '' : rawUrl.slice(q + 1).split('#', 1)[0]);
  const rawPath = named.path;
  const pairs = phpPairs(named.query);
  const envelope = lastParam(pairs, '_envelope') !== undefined;
  const method = methodOf(sent, pairs, req.headers['x-http-method-override']);
  const origin = `http://${/^[\w.:[\]-]{1,255}$/.test(String(req.headers.host ?? '')) ? req.headers.host : `127.0.0.1:${front.port()}`}`;
  let body: Buffer;
  try {
    body = await readBody(req, front.bodyTimeoutMs);
    if (named.naming.form !== 'plain') body = bodyInSpecNames(body, req.headers['content-type']);
  } catch (err) {
    const e = err as BodyError;
    write(res, platformReply(unreadBody(e), { connection: 'close' }));
    if (e.timeout) answerAndClose(req.socket);
    return;
  }
  // A foreign browser page (cors.ts) may read answers (CORS mirrors WordPress's), but its
  // credentials do not pass: the mock cannot check a password, and "any credentials pass" would let
  // any page the developer visits write the store. Its request is served as anonymous.
  const foreign = isForeignOrigin(req.headers.origin, front.allowOrigins);
  if (foreign) delete req.headers.authorization;
  const control = front.store && named.naming.form === 'plain' ? controlReply(front.store, sent, rawPath, foreign) : null;
  if (control) {
    write(res, control);
    return;
  }
  // HEAD is answered as GET without a body (as the platform does).
  const match = method === 'options' ? null : matchRoute(doc, table, method === 'head' ? 'get' : method, trimRoute(rawPath));
  // The store's answers change with every write: they are never replayed from the memo.
  const stateful =
    front.store !== null && !prefersExample(req) && (match?.ok === true ? isStoreRoute(match.route.template) || match.route.template === BATCH_ROUTE : false);
  const key = memo && !stateful ? memo.key(req, body) : null;
  const known = memo?.get(key);
  if (known) {
    write(res, known, sent === 'head');
    return;
  }
  let reply: Reply;
  if (method === 'options') {
    // CORS preflight: the platform answers every route (and Prism's answer is not needed).
    reply = {
      status: 200,
      headers: { ...CORS, 'access-control-allow-methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE', 'content-length': '0' },
      body: Buffer.alloc(0),
    };
  } else if (!match || !match.ok) reply = platformReply(noRoute());
  else if (stateful && match.route.template === BATCH_ROUTE)
    reply = await batchReply(front, req, { match, method, pairs, body, origin, naming: named.naming }, named.naming);
  else reply = await answerOf(front, req, { match, method, pairs, body, origin, naming: named.naming });
  if (envelope) {
    const json = tryJson(reply.body);
    reply = jsonReply(200, CORS, {
      body: json === undefined ? reply.body.toString('utf8') : json,
      status: reply.status,
      headers: envelopeHeaders(reply.headers, doc, matchRoute(doc, table, 'get', trimRoute(rawPath))?.entry),
    });
  }
  if (method !== 'options') reply = withSiteHeaders(doc, reply, origin, match, method, req);
  reply = inNaming(reply, origin, named.naming, front.namespaces);
  if (key !== null) memo?.set(key, reply);
  write(res, reply, sent === 'head');
}

/**
 * The method the platform serves (WP_REST_Server::serve_request): `_method` in the query, else the
 * `X-HTTP-Method-Override` header, else the request's own; for clients that cannot send PUT, PATCH
 * or DELETE. (A preflight stays a preflight: OPTIONS is the browser's, not the client's.)
 */
function methodOf(sent: string, pairs: Pairs, header: string | string[] | undefined): string {
  if (sent === 'options') return sent;
  const given = lastParam(pairs, '_method') ?? (Array.isArray(header) ? header[header.length - 1] : header);
  return given === undefined ? sent : given.trim().toLowerCase().slice(0, 20);
}
