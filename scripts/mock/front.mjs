// The mock's front: a loopback HTTP server in front of Prism that answers as the platform does where
// Prism answers otherwise. It answers itself: unknown route, wrong method, a path parameter that
// does not match its pattern (404 rest_no_route), a JSON body that does not parse (400
// rest_invalid_json). It forwards everything else to Prism and rewrites only Prism's own answers:
// 404/405 problems (-> rest_no_route) and request-validation failures (the 400 example Prism picks,
// a 422 problem, or a 401 that hides a bad parameter -> 400 rest_missing_callback_param /
// rest_invalid_param naming the parameters). Other answers pass through untouched.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { fromViolations, invalidJson, mockError, noRoute, withInvalid } from './errors.mjs';
import { checkUnionLists } from './lists.mjs';
import { matchRoute, routeTable } from './routes.mjs';

const MAX_BODY = 8 * 1024 * 1024;
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** The front's own answer {status, body} as a reply {status, headers, body: Buffer}. */
function platformReply({ status, body }, headers = {}) {
  const text = Buffer.from(JSON.stringify(body));
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(text.length),
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-expose-headers': '*',
      ...headers,
    },
    body: text,
  };
}

function write(res, reply, head = false) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(reply.status, reply.headers);
  res.end(head ? undefined : reply.body);
}

const send = (res, answer, headers = {}) => write(res, platformReply(answer, headers));

/**
 * A bounded memo of the answers given for Prism's requests. Prism serves static examples and keeps
 * no state, so its answer is a function of the request (method, URL, headers, body); the only
 * exception, `Prefer: dynamic=true` (generated data), is never memoised. Least recently used
 * entries go first beyond `maxEntries` or `maxBytes` of bodies.
 */
export class AnswerMemo {
  constructor({ maxEntries = 5000, maxBytes = 64 * 1024 * 1024, maxBody = 1024 * 1024 } = {}) {
    Object.assign(this, { maxEntries, maxBytes, maxBody, bytes: 0, map: new Map(), hits: 0, misses: 0 });
  }

  /** The memo key of a request, or null when its answer must not be memoised. */
  key(req, body) {
    if (body.length > this.maxBody || /dynamic\s*=\s*true/i.test(String(req.headers.prefer ?? ''))) return null;
    const headers = Object.keys(req.headers).filter((k) => !HOP.has(k)).sort().map((k) => `${k}:${JSON.stringify(req.headers[k])}`).join('\n');
    const hash = body.length ? createHash('sha1').update(body).digest('base64') : '';
    return `${req.method} ${req.url}\n${headers}\n${hash}`;
  }

  get(key) {
    const hit = key === null ? undefined : this.map.get(key);
    if (hit === undefined) { this.misses++; return undefined; }
    this.hits++;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit;
  }

  set(key, reply) {
    if (key === null || reply.body.length > this.maxBody || this.map.has(key)) return;
    this.map.set(key, reply);
    this.bytes += reply.body.length;
    for (const [k, v] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.body.length;
    }
  }
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) { reject(Object.assign(new Error('body too large'), { tooLarge: true })); req.resume(); return; }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const isJsonType = (ct) => /^application\/([\w.+-]*\+)?json\b/i.test(String(ct ?? '').trim());

function parseViolations(header) {
  if (!header) return [];
  try { const v = JSON.parse(header); return Array.isArray(v) ? v : []; } catch { return []; }
}

/**
 * Forward one request to Prism and buffer its answer. A kept-alive socket that Prism closed at the
 * moment it was reused fails with ECONNRESET: that request is sent once more on a new socket.
 */
function forward(upstream, req, path, body, retry = true) {
  return new Promise((resolve, reject) => {
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k)) headers[k] = v;
    if (body.length) headers['content-length'] = String(body.length);
    const up = http.request({ host: upstream.host, port: upstream.port, method: req.method, path, headers, agent: upstream.agent }, (r) => {
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => resolve({ status: r.statusCode ?? 502, headers: r.headers, body: Buffer.concat(chunks) }));
      r.on('error', reject);
    });
    up.on('error', (e) => {
      if (retry && up.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) forward(upstream, req, path, body, false).then(resolve, reject);
      else reject(e);
    });
    up.end(body.length ? body : undefined);
  });
}

/** Decide what the platform would answer instead of Prism's answer; null keeps Prism's. */
export function rewrite(doc, entry, answer) {
  const ct = String(answer.headers['content-type'] ?? '');
  const problem = /problem\+json/i.test(ct);
  let parsed;
  try { parsed = JSON.parse(answer.body.toString('utf8')); } catch { parsed = undefined; }
  if (problem && (answer.status === 404 || answer.status === 405)) return noRoute();
  const violations = parseViolations(answer.headers['sl-violations']);
  if (problem && Array.isArray(parsed?.validation)) violations.push(...parsed.validation.map((v) => ({ ...v, location: v.location?.[0] === 'request' ? v.location : ['request', ...(v.location ?? [])] })));
  if (answer.status === 400 && parsed?.error?.code === 'invalid_json') return invalidJson();
  if ([400, 401, 415, 422].includes(answer.status) && violations.length) {
    const platform = fromViolations(violations, doc, entry);
    if (platform) return platform;
  }
  if (problem && (answer.status === 422 || answer.status === 400)) return mockError(400, 'rest_invalid_param', 'Invalid parameter(s).');
  return null;
}

/**
 * Create the front server (not yet listening).
 * @param {{doc: object, upstream: {host: string, port: number} | ((template: string | undefined) => {host: string, port: number})}} options
 *   doc: the bundle (JSON); upstream: the Prism to ask, or a function of the matched route's path
 *   template (undefined when no route matches) that answers the Prism serving that route;
 *   memo: an AnswerMemo to replay the answers to requests already forwarded (none by default).
 */
export function createFront({ doc, upstream, memo = null }) {
  const table = routeTable(doc);
  const targets = new Map(); // "host:port" -> {host, port, agent}: one kept-alive agent per Prism
  const targetFor = (template) => {
    const u = typeof upstream === 'function' ? upstream(template) : upstream;
    const key = `${u.host}:${u.port}`;
    if (!targets.has(key)) targets.set(key, { host: u.host, port: u.port, agent: new http.Agent({ keepAlive: true, maxSockets: 64 }) });
    return targets.get(key);
  };

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    const method = String(req.method ?? 'GET').toLowerCase();
    let body;
    try { body = await readBody(req); } catch (e) {
      send(res, e.tooLarge ? mockError(413, 'rest_request_too_large', 'The request body is too large for the mock.') : mockError(400, 'rest_invalid_request', 'The request could not be read.'), { connection: 'close' });
      return;
    }
    const key = memo ? memo.key(req, body) : null;
    const known = memo?.get(key);
    if (known) { write(res, known, method === 'head'); return; }
    // CORS preflights and HEAD go to Prism as they are (the platform serves them on every route).
    const passThrough = method === 'options' || method === 'head';
    const match = matchRoute(doc, table, method, url.pathname);
    if (!passThrough && (!match || !match.ok)) { send(res, noRoute()); return; }
    if (!passThrough && body.length && isJsonType(req.headers['content-type']) && body.toString('utf8').trim() !== '') {
      try { JSON.parse(body.toString('utf8')); } catch { send(res, invalidJson()); return; }
    }
    // Comma lists of union-with-array query parameters: checked here, not forwarded (see lists.mjs).
    const lists = !passThrough && match?.ok ? checkUnionLists(doc, match.entry, url.searchParams) : null;
    const search = lists && lists.search !== url.searchParams ? (lists.search.size ? `?${lists.search}` : '') : url.search;
    const path = `${match ? match.canonical : url.pathname}${search}`;
    let answer;
    try { answer = await forward(targetFor(match?.route.template), req, path, body); } catch (e) {
      send(res, mockError(502, 'mock_upstream_error', `Prism did not answer: ${e.message}`));
      return;
    }
    const platform = withInvalid(rewrite(doc, match?.entry, answer), lists?.invalid);
    let reply;
    if (platform) {
      reply = platformReply(platform, answer.headers['sl-violations'] ? { 'sl-violations': answer.headers['sl-violations'] } : {});
    } else {
      // Prism's `date` is dropped: this server sends its own (a memoised answer must not replay it).
      const headers = {};
      for (const [k, v] of Object.entries(answer.headers)) if (!HOP.has(k) && k !== 'date') headers[k] = v;
      headers['content-length'] = String(answer.body.length);
      reply = { status: answer.status, headers, body: answer.body };
    }
    memo?.set(key, reply);
    write(res, reply, method === 'head');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => send(res, mockError(500, 'mock_internal_error', String(e?.message ?? e))));
  });
  // Malformed HTTP never reaches the handler: answer it and keep serving.
  server.on('clientError', (err, socket) => {
    if (!socket.writable) { socket.destroy(); return; }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const text = JSON.stringify({ code: 'rest_invalid_request', message: 'Malformed HTTP request.', data: { status } });
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  server.on('close', () => { for (const t of targets.values()) t.agent.destroy(); });
  return server;
}
