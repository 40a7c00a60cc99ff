// The mock's front: a loopback HTTP server in front of Prism that answers as the platform does where
// Prism answers otherwise. It reads every request as the platform does (input.ts: PHP's lenient
// percent-decoding, content types and charsets, trailing slashes) and forwards to Prism only what
// it has re-encoded itself, so that no request can make Prism fail. It answers itself: unknown
// route, wrong method, a path parameter that does not match its pattern (404 rest_no_route), a JSON
// body that does not parse (400 rest_invalid_json), CONNECT, a body that does not arrive in time.
// It rewrites Prism's own answers: 404/405 problems (-> rest_no_route), request-validation failures
// (-> 400 rest_missing_callback_param / rest_invalid_param naming the parameters), the anonymous
// 401 the operation states, anything else not in the platform's shape (-> 500 internal_server_error).
// And it applies what the platform applies on every route (paging.ts: pagination; globals.ts:
// context, _fields, _embed, _envelope).
import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asArray, asString, at, isObject, member, objects, type JsonObject } from '../core/json.ts';
import { deref, specNamespaces, type OpenApiDoc } from '../core/spec.ts';
import { fromViolations, invalidJson, jsonErrorCode, mockError, noRoute, withInvalid, type Violation } from './errors.ts';
import { addEmbedded, applyFields, contextExample, contextProperties, embedRels, envelopeHeaders, lastParam, projectContext } from './globals.ts';
import { encodePairs, phpDecode, phpPairs, queryPairs } from '../core/php-query.ts';
import { bodyToForward } from './input.ts';
import { checkBracketScalars, checkUnionLists } from './lists.ts';
import { listKind, pageAnswer, type Shaped } from './paging.ts';
import { matchRoute, routeTable, trimRoute, type Route, type RouteMatch } from '../core/match.ts';
import { isErrorBody, type Detail, type Entry, type Headers, type Pairs, type PlatformAnswer, type Upload } from './types.ts';
import { readNaming, rewriteUrls, type Naming } from './naming.ts';
import { runBatch } from './batch.ts';
import { jsonText, type Naming as TextNaming } from './json-text.ts';
import { handleStore, isStoreRoute } from './store/handler.ts';
import { stateOf, type StoreHost } from './store/host.ts';
import { storeViolations } from './store/validate.ts';

export type { PlatformAnswer } from './types.ts';

/** A reply ready to write: status, headers and the body's bytes. */
export interface Reply {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The body's URLs are already on the mock's origin in the request's naming (only the headers are left). */
  named?: boolean;
}

/** The Prism to ask: `ready` is pending while that Prism restarts. */
export interface Upstream {
  host: string;
  port: number;
  ready?: Promise<void> | null;
}

interface Target {
  host: string;
  port: number;
  agent?: http.Agent;
}

/** A request as the front forwards it. */
interface Forwarded {
  method: string;
  path: string;
  headers: Headers;
  body: Buffer;
}

/** An error of reading a request body. */
type BodyError = Error & { timeout?: boolean; tooLarge?: boolean };

const MAX_BODY = 8 * 1024 * 1024;
const UPSTREAM_TIMEOUT = 30_000;
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade', 'proxy-connection', 'te', 'trailer', 'expect']);
// CORS as WordPress sends it: serve_request always sends the allowed and the exposed headers (as
// lists: a `*` means nothing to a browser once credentials are involved), and rest_send_cors_headers
// echoes the request's Origin with credentials allowed (so `fetch(..., { credentials: 'include' })`
// from a browser app works). `Prefer` is the mock's own addition: it picks an example (README).
const CORS = {
  'access-control-allow-headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, Prefer',
  'access-control-expose-headers': 'X-WP-Total, X-WP-TotalPages, Link',
};

/**
 * The CORS headers for a request's `Origin` header (hostile input): echoed when it is an origin
 * (`scheme://host[:port]`, at most 2048 characters) or `null` (file: and data: pages), as WordPress
 * does; anything else gets no Allow-Origin, so a browser refuses the answer.
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  const value = typeof origin === 'string' ? origin : undefined;
  if (value === undefined || value === '') return { ...CORS };
  const ok = value === 'null' || (value.length <= 2048 && /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9._~%!$&'()*+,;=:[\]-]+$/i.test(value));
  if (!ok) return { ...CORS, vary: 'Origin' };
  return {
    ...CORS,
    'access-control-allow-origin': value,
    'access-control-allow-methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
}

/** The operation's documented error example with this code, as {status, body}, or null. */
function documentedError(doc: OpenApiDoc, entry: Entry, code: string): PlatformAnswer | null {
  for (const [status, resRef] of Object.entries(entry?.op?.responses ?? {})) {
    for (const ex of Object.values(deref(resRef, doc)?.content?.['application/json']?.examples ?? {})) {
      const value = deref(ex, doc)?.value;
      if (isErrorBody(value) && value.code === code) return { status: Number(status), body: value };
    }
  }
  return null;
}

/** The front's own answer {status, body} as a reply {status, headers, body: Buffer}. */
function platformReply({ status, body }: PlatformAnswer, headers: Headers = {}): Reply {
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

function write(res: ServerResponse, reply: Reply, head = false): void {
  if (res.headersSent || res.destroyed) return;
  // CORS per request (its Origin), added here so that a memoised answer carries the asker's own.
  const cors = corsHeaders(res.req?.headers?.origin);
  const headers = { ...reply.headers };
  for (const k of Object.keys(headers)) if (k.startsWith('access-control-')) delete headers[k];
  if (headers.vary) cors.vary = cors.vary && !/(^|,)\s*origin\s*(,|$)/i.test(String(headers.vary)) ? `${String(headers.vary)}, Origin` : String(headers.vary);
  res.writeHead(reply.status, { ...headers, ...cors });
  res.end(head ? undefined : reply.body);
}

const send = (res: ServerResponse, answer: PlatformAnswer, headers: Headers = {}): void => write(res, platformReply(answer, headers));

/**
 * A bounded memo of the answers given for Prism's requests. Prism serves static examples and keeps
 * no state, so its answer is a function of the request (method, URL, headers, body); the only
 * exception, `Prefer: dynamic=true` (generated data), is never memoised. Least recently used
 * entries go first beyond `maxEntries` or `maxBytes` of bodies.
 */
export class AnswerMemo {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly maxBody: number;
  bytes = 0;
  hits = 0;
  misses = 0;
  private readonly map = new Map<string, Reply>();

  constructor({ maxEntries = 2000, maxBytes = 8 * 1024 * 1024, maxBody = 1024 * 1024 }: { maxEntries?: number; maxBytes?: number; maxBody?: number } = {}) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.maxBody = maxBody;
  }

  /** The memo key of a request, or null when its answer must not be memoised. */
  key(req: IncomingMessage, body: Buffer): string | null {
    if (body.length > this.maxBody || /dynamic\s*=\s*true/i.test(String(req.headers.prefer ?? ''))) return null;
    const headers = Object.keys(req.headers)
      .filter((k) => !HOP.has(k))
      .sort()
      .map((k) => `${k}:${JSON.stringify(req.headers[k])}`)
      .join('\n');
    const hash = body.length ? createHash('sha1').update(body).digest('base64') : '';
    return `${req.method} ${req.url}\nhost:${String(req.headers.host ?? '')}\n${headers}\n${hash}`;
  }

  get(key: string | null): Reply | undefined {
    const hit = key === null ? undefined : this.map.get(key);
    if (hit === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.map.delete(key!);
    this.map.set(key!, hit);
    return hit;
  }

  set(key: string | null, reply: Reply): void {
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

/**
 * Read a request body: at most MAX_BODY bytes, within `timeoutMs` (an incomplete chunked body or a
 * short Content-Length would otherwise hold the request until the socket dies).
 */
function readBody(req: IncomingMessage, timeoutMs: number): Promise<Buffer> {
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

function parseViolations(header: string | string[] | undefined): Violation[] {
  if (!header) return [];
  try {
    const v: unknown = JSON.parse(String(header));
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/**
 * Forward one request to Prism and buffer its answer. A kept-alive socket that Prism closed at the
 * moment it was reused fails with ECONNRESET: that request is sent once more on a new socket.
 * `fwd` = {method, path, headers, body}.
 */
function forward(upstream: Target, fwd: Forwarded, retry = true): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const up = http.request(
      { host: upstream.host, port: upstream.port, method: fwd.method, path: fwd.path, headers: fwd.headers, agent: upstream.agent, timeout: UPSTREAM_TIMEOUT },
      (r) => {
        const chunks: Buffer[] = [];
        let size = 0;
        r.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_BODY * 4) chunks.push(c);
        });
        r.on('end', () => resolve({ status: r.statusCode ?? 502, headers: r.headers, body: Buffer.concat(chunks) }));
        r.on('error', reject);
      },
    );
    up.on('timeout', () => up.destroy(new Error('Prism did not answer in time')));
    up.on('error', (e: NodeJS.ErrnoException) => {
      if (retry && up.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) forward(upstream, fwd, false).then(resolve, reject);
      else reject(e);
    });
    up.end(fwd.body.length ? fwd.body : undefined);
  });
}

/** Decide what the platform would answer instead of Prism's answer; null keeps Prism's. */
export function rewrite(doc: OpenApiDoc, entry: Entry | undefined, answer: Reply, _template = ''): PlatformAnswer | null {
  const ct = String(answer.headers['content-type'] ?? '');
  const problem = /problem\+json/i.test(ct);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (problem && (answer.status === 404 || answer.status === 405)) return noRoute();
  const violations = parseViolations(answer.headers['sl-violations']);
  const validation = asArray(member(parsed, 'validation'));
  if (problem && validation) violations.push(...problemViolations(validation));
  if (answer.status === 400 && at(parsed, 'error', 'code') === 'invalid_json') return invalidJson();
  if ([400, 401, 415, 422].includes(answer.status) && violations.length) {
    const platform = fromViolations(violations, doc, entry);
    if (platform) return platform;
  }
  if (problem && (answer.status === 422 || answer.status === 400)) return mockError(400, 'rest_invalid_param', 'Invalid parameter(s).');
  // Missing credentials: Prism answers the operation's documented 401 (its first example), which
  // states the route's own code (`rest_cannot_create` on a create); it passes through as it is.
  // Anything else Prism answers on its own (its 406, 415, 500 problems) is not the platform's shape.
  if (problem || (answer.status >= 400 && at(parsed, 'error', 'code'))) return criticalError();
  return null;
}

/** A problem's `validation` entries (Prism's 422) as violations, located in the request. */
function problemViolations(list: unknown[]): Violation[] {
  return objects(list).map((v) => {
    const location = asArray(v.location)?.map(String);
    const code = typeof v.code === 'string' || typeof v.code === 'number' ? v.code : undefined;
    return { ...v, location: location?.[0] === 'request' ? location : ['request', ...(location ?? [])], code, message: asString(v.message) };
  });
}

/** WordPress's answer to a fatal error (what a Prism that failed or died amounts to). */
export const criticalError = (): PlatformAnswer => mockError(500, 'internal_server_error', 'There has been a critical error on this website.');

const jsonReply = (status: number, headers: Headers, json: unknown, naming?: TextNaming): Reply => {
  const out = jsonText(json, naming);
  const text = Buffer.from(out.text);
  return {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=UTF-8', 'content-length': String(text.length) },
    body: text,
    named: out.named,
  };
};

/** The text naming of a request: its origin and naming, and the rewriting of a JSON text into them. */
function textNaming(front: Front, origin: string, naming: Naming): TextNaming {
  return { key: `${origin} ${naming.form} ${naming.entry}`, rewrite: (t) => rewriteUrls(t, origin, naming, front.namespaces) };
}

const tryJson = (buf: Buffer): unknown => {
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    return undefined;
  }
};

/** What the front's request handling needs: the bundle and its routes, the Prisms, itself. */
interface Front {
  doc: OpenApiDoc;
  table: Route[];
  memo: AnswerMemo | null;
  verbose: boolean;
  bodyTimeoutMs: number;
  /** The store answering the store-backed routes, or null (`--static`: every answer from Prism). */
  store: StoreHost | null;
  /** The bundle's namespaces (the REST URLs of an answer). */
  namespaces: string[];
  /** The Prism serving a route template (waits while it restarts). */
  targetFor(template: string | undefined): Promise<Target>;
  /** The embed-context answer of one of the mock's own paths (for `_embed`), or null. */
  fetchEmbed(path: string, auth: string | undefined): Promise<unknown>;
  /** The front's own port. */
  port(): number | undefined;
}

/** A matched request, read. */
interface Asked {
  match: RouteMatch;
  method: string;
  pairs: Pairs;
  body: Buffer;
  origin: string;
  /** The naming the request came in (naming.ts). */
  naming: Naming;
}

/** The front's own answer before asking Prism, or the request to forward and what was found invalid. */
type Prepared = { reply: Reply } | { fwd: Forwarded; invalid: Map<string, Detail>; exampleKey: string | undefined; context: string | undefined };

/** Read a matched request as the platform does and decide what to forward to Prism. */
function prepare(front: Front, req: IncomingMessage, { match, method, pairs, body }: Asked): Prepared {
  const { doc } = front;
  const entry = match.entry!;
  const context = lastParam(pairs, 'context');
  // context=edit needs a user who may edit: anonymous is the documented 401 rest_forbidden_context.
  if (context === 'edit' && req.headers.authorization === undefined) {
    const forbidden = documentedError(doc, entry, 'rest_forbidden_context');
    if (forbidden) return { reply: platformReply(forbidden) };
  }
  const documented = Object.keys(deref(entry.op.requestBody, doc)?.content ?? {});
  const fwdBody = method === 'get' || method === 'head' ? { type: null, body: Buffer.alloc(0) } : bodyToForward(req.headers, body, documented);
  if (fwdBody.type === 'application/json' && fwdBody.body.toString('utf8').trim() !== '') {
    const error = jsonErrorCode(fwdBody.body);
    if (error !== null) return { reply: platformReply(invalidJson(error)) };
  }
  // Comma lists of union-with-array query parameters: checked here, not forwarded (see lists.ts).
  // Bracketed keys of scalar parameters (`per_page[]=abc`): an array where the platform wants a scalar.
  const brackets = checkBracketScalars(doc, entry, pairs);
  const lists = checkUnionLists(doc, entry, new URLSearchParams(brackets.pairs));
  for (const [k, v] of brackets.invalid) if (!lists.invalid.has(k)) lists.invalid.set(k, v);
  // The same in a form body (`status[]=draft`): PHP reads an array, the platform wants a string.
  if (fwdBody.type === 'application/x-www-form-urlencoded') {
    const media = deref(entry.op.requestBody, doc)?.content?.['application/x-www-form-urlencoded'];
    if (media?.schema)
      for (const [k, v] of checkBracketScalars(doc, entry, phpPairs(fwdBody.body.toString('utf8')), { bodySchema: media.schema }).invalid)
        if (!lists.invalid.has(k)) lists.invalid.set(k, v);
  }
  const query = encodePairs([...lists.search]);
  const headers: Headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && k !== 'accept' && k !== 'content-type' && k !== '__proto__') headers[k] = v;
  if (fwdBody.type) {
    headers['content-type'] = fwdBody.type;
    headers['content-length'] = String(fwdBody.body.length);
  }
  const exampleKey = contextExample(doc, entry, context);
  if (exampleKey && !/\b(example|code)\s*=/.test(String(headers.prefer ?? '')))
    headers.prefer = [headers.prefer, `example=${exampleKey}`].filter(Boolean).join(', ');
  const fwd: Forwarded = {
    method: method === 'head' ? 'GET' : method.toUpperCase(),
    path: `${match.canonical}${query ? `?${query}` : ''}`,
    headers,
    body: fwdBody.body,
  };
  return { fwd, invalid: lists.invalid, exampleKey, context };
}

/** Prism's successful JSON answer shaped as the platform's: paging, context, `_embed`, `_fields`. */
async function shape(
  front: Front,
  req: IncomingMessage,
  asked: Asked,
  shaped: Shaped,
  { exampleKey, context }: { exampleKey: string | undefined; context: string | undefined },
  violations: Headers,
): Promise<Reply> {
  const { doc } = front;
  const { match, method, pairs, origin } = asked;
  const entry = match.entry!;
  const kind = method === 'get' || method === 'head' ? listKind(doc, entry) : null;
  const paged = kind ? pageAnswer(shaped, { doc, entry, kind, pairs, origin, path: match.canonical }) : shaped;
  if (paged.error && isErrorBody(paged.json)) return platformReply({ status: paged.status, body: paged.json }, violations);
  let json = paged.json;
  if (!exampleKey && (context === 'embed' || context === 'edit')) {
    const names = contextProperties(doc, entry, context);
    if (names) json = projectContext(json, names);
  }
  const rels = embedRels(lastParam(pairs, '_embed'));
  if (rels !== undefined) json = await addEmbedded(json, rels, origin, (p) => front.fetchEmbed(p, req.headers.authorization));
  const fields = lastParam(pairs, '_fields');
  if (fields !== undefined) json = applyFields(json, fields);
  return jsonReply(paged.status, paged.headers, json, textNaming(front, origin, asked.naming));
}

/** A request body as the store reads it: JSON, a form (PHP's nesting: `a[]`, `a[b]`), a raw upload, a multipart form. */
function storeBody(fwd: Forwarded, req: IncomingMessage): unknown {
  const type = String(fwd.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!fwd.body.length || !type) return {};
  const text = fwd.body.toString('utf8');
  if (type === 'application/json') return JSON.parse(text);
  if (type === 'application/x-www-form-urlencoded') return formObject(phpPairs(text));
  if (type === 'multipart/form-data') return multipartObject(fwd.body, String(fwd.headers['content-type']));
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(String(req.headers['content-disposition'] ?? ''))?.[1];
  return { __upload: { filename: filename ? decodeURIComponent(filename) : 'upload', type, size: fwd.body.length } };
}

/** Form pairs as PHP's `$_POST`: `a[]=1&a[]=2` a list, `a[b]=1` an object (one level), otherwise the last value. */
function formObject(pairs: Pairs): JsonObject {
  const out: JsonObject = Object.create(null);
  for (const [k, v] of pairs) {
    const m = /^([^[]+)\[([^\]]*)\]$/.exec(k);
    if (!m) {
      out[k] = v;
      continue;
    }
    const prev = out[m[1]];
    if (m[2] === '') {
      const list: unknown[] = Array.isArray(prev) ? prev : [];
      out[m[1]] = list;
      list.push(v);
    } else {
      const members: JsonObject = isObject(prev) ? prev : Object.create(null);
      out[m[1]] = members;
      members[m[2]] = v;
    }
  }
  return { ...out };
}

/** A multipart form's fields and its first file (name, type, size). */
function multipartObject(body: Buffer, contentType: string): JsonObject {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
  if (!boundary) return {};
  const pairs: Pairs = [];
  let upload: Upload | undefined;
  for (const part of body.toString('latin1').split(`--${boundary}`).slice(1, 200)) {
    const end = part.indexOf('\r\n\r\n');
    if (end < 0) continue;
    const head = part.slice(0, end);
    const value = part.slice(end + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const file = /filename="([^"]*)"/i.exec(head)?.[1];
    if (file !== undefined && !upload)
      upload = {
        filename: file || 'upload',
        type: /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'application/octet-stream',
        size: value.length,
      };
    else if (name) pairs.push([name, Buffer.from(value, 'latin1').toString('utf8')]);
  }
  return { ...formObject(pairs), ...(upload ? { __upload: upload } : {}) };
}

/** The operation's documented 401 for a caller without credentials, when the operation requires them. */
function anonymous401(doc: OpenApiDoc, entry: Entry, req: IncomingMessage): PlatformAnswer | null {
  const security = entry.op.security ?? doc.security;
  if (req.headers.authorization !== undefined || !Array.isArray(security) || security.some((s) => Object.keys(s ?? {}).length === 0)) return null;
  const res = deref(entry.op.responses?.['401'], doc);
  for (const ex of Object.values(res?.content?.['application/json']?.examples ?? {})) {
    const value = deref(ex, doc)?.value;
    if (isErrorBody(value) && value.code && value.code !== 'incorrect_password') return { status: 401, body: value };
  }
  return mockError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
}

/** Does the request pick a documented answer (`Prefer: code=404`, `Prefer: example=edit_context`)? */
const prefersExample = (req: IncomingMessage): boolean => /\b(code|example)\s*=/i.test(String(req.headers.prefer ?? ''));

/** A secret of this process: an inner batch request carrying it in `x-mock-validate-only` is checked, not run. */
const VALIDATE_ONLY = createHash('sha1').update(`${process.pid}:${Date.now()}:${Math.random()}`).digest('hex');

/** The platform's refusal of a store-backed request (invalid, or anonymous where credentials are required), or null. */
function refusalOf(front: Front, host: StoreHost, req: IncomingMessage, asked: Asked, prepared: Exclude<Prepared, { reply: Reply }>): PlatformAnswer | null {
  const { doc } = front;
  const entry = asked.match.entry!;
  const q = prepared.fwd.path.indexOf('?');
  const type = String(prepared.fwd.headers['content-type'] ?? '');
  const text = prepared.fwd.body.length ? prepared.fwd.body.toString('utf8') : undefined;
  const values = Object.fromEntries(Object.entries(asked.match.values).map(([k, v]) => [k, phpDecode(v)]));
  const form = /x-www-form-urlencoded/i.test(type) ? phpPairs(text ?? '').map(([name, value]) => ({ name, value })) : undefined;
  const body = type ? { type, text: form ? undefined : text, params: form } : undefined;
  const violations = storeViolations(host.judge, entry.operation, { pathValues: values, query: queryPairs(q < 0 ? '' : prepared.fwd.path.slice(q + 1)), body });
  return withInvalid(fromViolations(violations, doc, entry), prepared.invalid) ?? anonymous401(doc, entry, req);
}

/** A store-backed request: checked by the mock itself (as strictly as Prism), then answered from the store. */
async function storeReply(front: Front, host: StoreHost, req: IncomingMessage, asked: Asked, prepared: Exclude<Prepared, { reply: Reply }>): Promise<Reply> {
  const refused = refusalOf(front, host, req, asked, prepared);
  if (refused) return platformReply(refused);
  if (req.headers['x-mock-validate-only'] === VALIDATE_ONLY) return jsonReply(200, CORS, null);
  const entry = asked.match.entry!;
  const answer = handleStore({
    doc: front.doc,
    store: host.store,
    clock: host.clock,
    template: asked.match.route.template,
    op: entry.op,
    params: entry.params,
    method: asked.method,
    values: Object.fromEntries(Object.entries(asked.match.values).map(([k, v]) => [k, phpDecode(v)])),
    pairs: asked.pairs,
    body: storeBody(prepared.fwd, req),
    authed: req.headers.authorization !== undefined,
  });
  if (!answer) return platformReply(criticalError());
  if ('body' in answer) return platformReply(answer);
  const shaped: Shaped = { status: answer.status, headers: { ...answer.headers, ...CORS }, json: answer.json };
  return shape(front, req, asked, shaped, { exampleKey: undefined, context: undefined }, {});
}

/** `POST /batch/v1` with a store: checked like any request, then each inner request run through this front (batch.ts). */
async function batchReply(front: Front, req: IncomingMessage, asked: Asked, naming: Naming): Promise<Reply> {
  const prepared = prepare(front, req, asked);
  if ('reply' in prepared) return prepared.reply;
  const refused = refusalOf(front, front.store!, req, asked, prepared);
  if (refused) return platformReply(refused);
  const self: Target = { host: '127.0.0.1', port: front.port()! };
  const json = await runBatch(front.doc, front.table, storeBody(prepared.fwd, req), naming, (method, url, body, headers, validateOnly) => {
    const text = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
    const h: Headers = { ...headers, host: req.headers.host };
    if (req.headers.authorization !== undefined && h.authorization === undefined) h.authorization = req.headers.authorization;
    if (text.length) h['content-type'] = 'application/json';
    if (validateOnly) h['x-mock-validate-only'] = VALIDATE_ONLY;
    return forward(self, { method, path: url, headers: h, body: text });
  });
  return jsonReply(207, CORS, json);
}

/** Prism's answer to a matched request, rewritten and shaped as the platform's: a reply. */
async function answerOf(front: Front, req: IncomingMessage, asked: Asked): Promise<Reply> {
  const prepared = prepare(front, req, asked);
  if ('reply' in prepared) return prepared.reply;
  const template = asked.match.route.template;
  // `Prefer: code=...` / `example=...` asks for a documented example: the example engine (Prism) answers it, on store-backed routes too.
  if (front.store && isStoreRoute(template) && !prefersExample(req)) return storeReply(front, front.store, req, asked, prepared);
  let answer: Reply;
  try {
    answer = await forward(await front.targetFor(template), prepared.fwd);
  } catch {
    return platformReply(criticalError());
  }
  const platform = withInvalid(rewrite(front.doc, asked.match.entry, answer, template), prepared.invalid);

  const violations: Headers = front.verbose && answer.headers['sl-violations'] ? { 'sl-violations': answer.headers['sl-violations'] } : {};
  if (platform) return platformReply(platform, violations);
  // Prism's `date` is dropped: this server sends its own (a memoised answer must not replay it).
  const out: Headers = {};
  for (const [k, v] of Object.entries(answer.headers)) if (!HOP.has(k) && k !== 'date' && k !== 'sl-violations' && k !== '__proto__') out[k] = v;
  Object.assign(out, violations, CORS);
  const json = answer.status < 300 && /json/i.test(String(answer.headers['content-type'] ?? '')) ? tryJson(answer.body) : undefined;
  if (json === undefined) return { status: answer.status, headers: { ...out, 'content-length': String(answer.body.length) }, body: answer.body };
  return shape(front, req, asked, { status: answer.status, headers: out, json }, prepared, violations);
}

/** The platform's answer to a body that could not be read (too large, too slow, broken). */
function unreadBody(e: BodyError): PlatformAnswer {
  if (e.tooLarge) return mockError(413, 'rest_request_too_large', 'The request body is too large.');
  if (e.timeout) return mockError(408, 'rest_request_timeout', 'The request body did not arrive in time.');
  return mockError(400, 'rest_invalid_request', 'The request could not be read.');
}

/** Answer one request: read it as the platform does, replay a memoised answer, or ask Prism. */
async function handle(front: Front, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
  } catch (err) {
    const e = err as BodyError;
    write(res, platformReply(unreadBody(e), { connection: 'close' }));
    if (e.timeout) req.socket.destroySoon?.();
    return;
  }
  const control = front.store && named.naming.form === 'plain' ? controlReply(front.store, method, rawPath) : null;
  if (control) {
    write(res, control);
    return;
  }
  // HEAD is answered as GET without a body (as the platform does).
  const match = method === 'options' ? null : matchRoute(doc, table, method === 'head' ? 'get' : method, trimRoute(rawPath));
  // The store's answers change with every write: they are never replayed from the memo.
  const stateful =
    front.store !== null && !prefersExample(req) && (match?.ok === true ? isStoreRoute(match.route.template) || match.route.template === '/batch/v1' : false);
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
  else if (stateful && match.route.template === '/batch/v1')
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

/** A reply with its URLs on the mock's origin in the request's naming (body, `Link`, `Location`). */
function inNaming(reply: Reply, origin: string, naming: Naming, namespaces: readonly string[]): Reply {
  const headers = { ...reply.headers };
  for (const h of ['link', 'location']) if (typeof headers[h] === 'string') headers[h] = rewriteUrls(headers[h] as string, origin, naming, namespaces);
  if (reply.named || !/json/i.test(String(headers['content-type'] ?? '')) || !reply.body.length) return { ...reply, headers };
  const text = reply.body.toString('utf8');
  if (!text.includes('festival.example') && (naming.form === 'plain' || !text.includes(origin))) return { ...reply, headers };
  const out = Buffer.from(rewriteUrls(text, origin, naming, namespaces));
  return { status: reply.status, headers: { ...headers, 'content-length': String(out.length) }, body: out };
}

/** The control routes outside the REST prefix: `POST /__mock/reset` (back to the seed) and `GET /__mock/state`; null for any other path. */
function controlReply(host: StoreHost, method: string, path: string): Reply | null {
  const p = trimRoute(path);
  if (p !== '/__mock/reset' && p !== '/__mock/state') return null;
  if (p === '/__mock/reset' && method === 'post') {
    host.store.reset();
    return jsonReply(200, CORS, { reset: true, ...stateOf(host) });
  }
  if (p === '/__mock/state' && (method === 'get' || method === 'head')) return jsonReply(200, CORS, stateOf(host));
  return platformReply(mockError(405, 'mock_method_not_allowed', `${p} takes ${p === '/__mock/reset' ? 'POST' : 'GET'}.`));
}

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
 *   answers to requests already forwarded (none by default); verbose: keep Prism's `sl-violations`
 *   header; bodyTimeoutMs: how long a request body may take to arrive.
 */
export function createFront({
  doc,
  upstream,
  memo = null,
  verbose = false,
  bodyTimeoutMs = 10_000,
  store = null,
}: {
  doc: OpenApiDoc;
  upstream: Upstream | ((template: string | undefined) => Upstream);
  memo?: AnswerMemo | null;
  verbose?: boolean;
  bodyTimeoutMs?: number;
  store?: StoreHost | null;
}): http.Server {
  const targets = new Map<string, Target>(); // "host:port" -> {host, port, agent}: one kept-alive agent per Prism
  const front: Front = {
    doc,
    table: routeTable(doc),
    memo,
    verbose,
    bodyTimeoutMs,
    store,
    namespaces: specNamespaces(doc),
    async targetFor(template) {
      const u = typeof upstream === 'function' ? upstream(template) : upstream;
      if (u.ready) await Promise.race([u.ready, new Promise((_, reject) => setTimeout(() => reject(new Error('Prism is restarting')), UPSTREAM_TIMEOUT))]);
      const key = `${u.host}:${u.port}`;
      if (!targets.has(key)) targets.set(key, { host: u.host, port: u.port, agent: new http.Agent({ keepAlive: true, maxSockets: 64 }) });
      return targets.get(key)!;
    },
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
  const server = http.createServer((req, res) => {
    handle(front, req, res).catch(() => send(res, criticalError()));
  });
  server.requestTimeout = bodyTimeoutMs + UPSTREAM_TIMEOUT;
  server.headersTimeout = Math.min(bodyTimeoutMs, 60_000);
  // CONNECT is a proxy's method: the platform has no such route.
  server.on('connect', (_req, socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(rawAnswer(404, noRoute().body));
  });
  // Malformed HTTP never reaches the handler: answer it and keep serving.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    socket.end(rawAnswer(status, { code: 'rest_invalid_request', message: 'Malformed HTTP request.', data: { status } }));
  });
  server.on('close', () => {
    for (const t of targets.values()) t.agent?.destroy();
  });
  return server;
}
