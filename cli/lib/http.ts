// The CLI's only way to the network. Requests are built from spec names and mapped to the site's
// names; credentials (from the environment) go only to the base URL's origin; without
// `allowWrites` any method other than GET and HEAD is refused here, before anything is sent. Every
// answer is hostile input: each request has a timeout covering headers and body, a body larger than
// the limit is cut off (the request fails, memory stays bounded), and the run's signal (deadline,
// SIGINT) stops whatever is in flight. A base URL `https://site/?rest_route=` (a site without pretty
// permalinks) puts every route into the `rest_route` parameter.
import { isDotSegment, parseBaseUrl } from '../../core/base-url.js';
import { MAX_PARSED_VALUES, scanJson } from '../../core/json-text.js';
import { MAX_BODY_DEPTH } from '../../core/judge.js';
import * as map from '../../core/mapping.js';
import { phpQuerySerializer } from '../../core/php-query.js';
import type { NameMapping } from '../../core/mapping.js';
import { errorPart, type Exchange, type Http, type HttpResult, type MapModule, type RawBody, type RequestOptions } from './types.js';

export class WriteRefused extends Error {}
/** The run was stopped (deadline or SIGINT) while a request was in flight or about to be sent. */
export class RunStopped extends Error {}

export const DEFAULTS = { timeoutMs: 20_000, maxBodyBytes: 64 * 1024 * 1024 };

/** A base URL's parts: see parseBase. */
interface Base {
  origin: string;
  rootText: string;
  restRoute: boolean;
  prefix: string;
}

/**
 * A base URL's REST root (core/base-url.ts, the client's parsing): `rootText` is what a route is
 * appended to (`https://site/wp-json`, `https://site/?rest_route=`), `prefix` the URL without the query.
 */
export function parseBase(baseUrl: string): Base {
  const b = parseBaseUrl(baseUrl);
  return { origin: b.origin, rootText: b.prefix, restRoute: b.restRoute, prefix: b.restRoute ? `${b.origin}${b.path}` : b.prefix };
}

/** A one-line reason for a failed fetch that says what to do. */
export function networkReason(e: unknown, target: URL, timeoutMs: number): string {
  const cause = errorPart(e, 'cause') ?? {};
  const code = errorPart(cause, 'code') ?? errorPart(e, 'code') ?? '';
  const msg = String(errorPart(cause, 'message') ?? errorPart(e, 'message') ?? e);
  const host = `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`;
  if (errorPart(e, 'name') === 'TimeoutError')
    return `no answer within ${timeoutMs / 1000} s: the site is too slow or hangs (raise --timeout if it is only slow)`;
  if (/bad port/i.test(msg))
    return `port ${target.port} is one that fetch refuses to use ("bad port" of the Fetch standard, e.g. 1, 9, 6000): serve the site on another port (e.g. 8080) or put a proxy in front of it`;
  if (code === 'ECONNREFUSED') return `connection refused by ${host}: nothing listens there; is the site running, and is --base-url right?`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host name ${target.hostname} does not resolve: check --base-url`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(String(code)))
    return `the TLS certificate of ${host} is not trusted (${code}): fix the certificate, or trust its CA with NODE_EXTRA_CA_CERTS=ca.pem`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `${host} closed the connection before answering (${code})`;
  return `${code ? `${code}: ` : ''}${msg}`;
}

/** The items of a list answer too long to parse whole that a run keeps (for its lookups: ids, links): a page has at most 100. */
export const KEPT_ITEMS = 100;

/**
 * A JSON body of more than 1 MB without parsing it whole when it holds more than MAX_PARSED_VALUES
 * values (D181): a list gives its first KEPT_ITEMS items (`partial`: the judge reads the text, item
 * by item); anything else gives nothing. `whole`: parse it whatever its size (the site index).
 */
function parseBounded(text: string, whole: boolean): { value: unknown; partial?: true } {
  const scan = whole || text.length <= 1_000_000 ? undefined : scanJson(text, { keep: KEPT_ITEMS, maxDepth: MAX_BODY_DEPTH });
  if (!scan || scan.tooDeep || scan.values <= MAX_PARSED_VALUES) return { value: JSON.parse(text) };
  const items: unknown[] = [];
  for (const { from, to, values } of scan.list?.items ?? []) {
    try {
      if (values <= MAX_PARSED_VALUES) items.push(JSON.parse(text.slice(from, to)));
    } catch {
      /* not JSON: the judge says so */
    }
  }
  return { value: scan.list ? items : undefined, partial: true };
}

/**
 * An answer's headers and body with the spec's names: `link` and `location` mapped, a JSON body
 * parsed and mapped (a body over 1 MB, a huge site index, is kept with the site's names: mapping
 * copies it whole; a list too long to parse whole is `partial`, its first items only: parseBounded).
 * What `contract` judges (and the one-judge test feeds it from recorded exchanges).
 */
export function answerWithSpecNames(
  headers: Headers,
  text: string,
  rootText: string,
  mapping: NameMapping,
  { whole = false }: { whole?: boolean } = {},
): { headers: Record<string, string>; type: string; json: unknown; partial?: true } {
  const type = headers.get('content-type') ?? '';
  let json: unknown;
  let partial: true | undefined;
  if (/json/i.test(type) && text) {
    try {
      const parsed = parseBounded(text, whole);
      partial = parsed.partial;
      json = map.isIdentity(mapping) || text.length > 1_000_000 ? parsed.value : map.mapBody(parsed.value, rootText, mapping, 'toSpec');
    } catch {
      json = undefined;
    }
  }
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    const key = k.toLowerCase();
    out[key] = key === 'link' ? map.mapLinkHeader(v, rootText, mapping, 'toSpec') : key === 'location' ? map.mapUrl(v, rootText, mapping, 'toSpec') : v;
  });
  return { headers: out, type, json, ...(partial ? { partial } : {}) };
}

/** Build the site URL of a spec path with a spec-named query (values: string | number | boolean | array). */
function siteUrl(base: Base, map: MapModule, mapping: NameMapping, specPath: string, query: Record<string, unknown> = {}): URL {
  const sitePath = map.mapPath(specPath, mapping, 'toSite');
  // The platform's query form (core/php-query.ts): comma lists, PHP brackets, never a repeated key.
  const siteNamed = Object.fromEntries(Object.entries(query).map(([k, v]) => [map.mapParam(k, mapping, 'toSite'), v]));
  const qs = phpQuerySerializer(siteNamed);
  const parts = qs ? [qs] : [];
  if (base.restRoute) {
    // The path is already percent-encoded where a value needed it (fill: `core%2Farchives`, a block
    // name, a plugin `forminator%2Fforminator`): keep those escapes as they are, as the pretty-permalink form sends them, so PHP decodes
    // the parameter once to the route the site matches (D234).
    const route = encodeURIComponent(sitePath)
      .replace(/%2F/gi, '/')
      .replace(/%25([0-9A-F]{2})/gi, '%$1');
    return new URL(`${base.prefix}?rest_route=${route}${parts.length ? `&${parts.join('&')}` : ''}`);
  }
  const u = new URL(base.rootText + sitePath);
  u.search = parts.length ? `?${parts.join('&')}` : '';
  return u;
}

/** Read a response's body, at most `maxBodyBytes` (more is an error marked tooLarge). */
async function readBody(res: Response, m: string, maxBodyBytes: number): Promise<{ buf: Buffer }> {
  if (m === 'HEAD' || !res.body) return { buf: Buffer.alloc(0) };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  // A declared length within the limit: one buffer filled as the body comes (no second copy to join, D181).
  const declared = Number(res.headers.get('content-length') ?? NaN);
  const whole = Number.isSafeInteger(declared) && declared > 0 && declared <= maxBodyBytes ? Buffer.allocUnsafe(declared) : undefined;
  let size = 0;
  let filled = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBodyBytes) {
      await reader.cancel().catch(() => {});
      const err: Error & { tooLarge?: boolean } = new Error(`the body is larger than ${formatBytes(maxBodyBytes)} (--max-body): cut off`);
      err.tooLarge = true;
      throw err;
    }
    if (whole && !chunks.length && filled + value.byteLength <= whole.length) {
      whole.set(value, filled);
      filled += value.byteLength;
    } else chunks.push(value);
    size += value.byteLength;
  }
  if (whole && !chunks.length) return { buf: whole.subarray(0, filled) };
  const head = whole ? [whole.subarray(0, filled)] : [];
  return { buf: Buffer.concat([...head, ...chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))]) };
}

/** The payload of a request (`raw`: {data, type, headers} for uploads; `body`: a JSON value), its headers set on `headers`. */
function requestPayload(raw: RawBody | undefined, body: unknown, headers: Record<string, string>): string | Buffer<ArrayBuffer> | undefined {
  let payload;
  if (raw) {
    payload = raw.data;
    headers['Content-Type'] = raw.type;
    Object.assign(headers, raw.headers ?? {});
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  return payload;
}

/** The site's query of a request's URL (rest_route left out), PHP brackets and commas kept readable. */
function siteQueryOf(target: URL) {
  return [...target.searchParams]
    .filter(([k]) => k !== 'rest_route')
    .map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/gi, '[').replace(/%5D/gi, ']')}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`)
    .join('&');
}

/** What a failed request throws (WriteRefused and RunStopped apart): `reason` says why in one line. */
export interface RequestError extends Error {
  network?: boolean;
  timeout?: boolean;
  reason?: string;
}

/** The message of a stop signal's reason, as `String(signal.reason?.message ?? 'stopped')`. */
const stopMessage = (signal: AbortSignal): string => String(errorPart(signal.reason, 'message') ?? 'stopped');

/** The state of one request when it failed. */
interface Failure {
  exchange: Exchange;
  res: Response | undefined;
  started: number;
  state: State;
  timeout: AbortSignal;
  target: URL;
  timeoutMs: number;
  restRoute: boolean;
  m: string;
  onExchange: ((x: Exchange) => void) | undefined;
}

/** What the requests of one `createHttp` share. */
interface State {
  count: number;
  consecutiveTimeouts: number;
  signal: AbortSignal | undefined;
}

/** The spec-named path and query of a request: the site's query (rest_route left out) mapped to the spec's names. */
function specUrlOf(specPath: string, target: URL, map: MapModule, mapping: NameMapping): string {
  const siteQuery = siteQueryOf(target);
  return specPath + (siteQuery ? `?${map.mapQueryString(siteQuery, mapping, 'toSpec')}` : '');
}

/** A request that failed (network, timeout, body too large, the run stopped): its exchange recorded, the error to throw. */
function failedRequest(e: unknown, { exchange, res, started, state, timeout, target, timeoutMs, restRoute, m, onExchange }: Failure): RequestError {
  exchange.ms = performance.now() - started;
  if (res) Object.assign(exchange, responsePart(res, Buffer.alloc(0)));
  if (state.signal?.aborted && !timeout.aborted) {
    exchange.error = 'stopped';
    onExchange?.(exchange);
    return new RunStopped(stopMessage(state.signal));
  }
  const isTimeout = timeout.aborted || errorPart(e, 'name') === 'TimeoutError';
  state.consecutiveTimeouts = isTimeout ? state.consecutiveTimeouts + 1 : 0;
  const reason = errorPart(e, 'tooLarge')
    ? String(errorPart(e, 'message'))
    : networkReason(isTimeout ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : e, target, timeoutMs);
  exchange.error = reason;
  onExchange?.(exchange);
  const err: RequestError = new Error(
    `${m} ${target.origin}${target.pathname}${restRoute ? `?rest_route=${target.searchParams.get('rest_route')}` : ''}: ${reason}`,
  );
  err.network = true;
  err.timeout = isTimeout;
  err.reason = reason;
  return err;
}

/** The user and the application password a run sends (from the environment). */
export interface Credentials {
  user: string;
  password: string;
}

/** What `createHttp` needs. */
export interface HttpOptions {
  /** REST root, e.g. http://127.0.0.1:8881/wp-json or http://site/?rest_route= */
  baseUrl: string;
  mapping: NameMapping;
  /** The mapping module. */
  map: MapModule;
  credentials: Credentials | undefined;
  allowWrites: boolean;
  fetch?: typeof fetch;
  /** Per request, headers and body. */
  timeoutMs?: number;
  /** Largest body read. */
  maxBodyBytes?: number;
  /** The run's stop signal. */
  signal?: AbortSignal;
  /** Every exchange, for the HAR recording. */
  onExchange?: (exchange: Exchange) => void;
  onRequest?: (method: string, specPath: string) => void;
}

export function createHttp(o: HttpOptions): Http {
  const { mapping, map, credentials, allowWrites, fetch: fetchImpl = globalThis.fetch, onRequest, onExchange } = o;
  const timeoutMs = o.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBodyBytes = o.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const base = parseBase(o.baseUrl);
  const authHeader = credentials ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}` : undefined;
  const state: State = { count: 0, consecutiveTimeouts: 0, signal: o.signal };
  const url = (specPath: string, query: Record<string, unknown> = {}) => siteUrl(base, map, mapping, specPath, query);

  /**
   * Send a request. `auth`: send credentials (only when the URL is on the base origin).
   * `body`: JSON value; `raw`: {data, type, headers} for uploads.
   * Returns `{ method, url, specPath, specUrl, status, statusText, headers, type, text, json, ms }`.
   */
  async function request(method: string, specPath: string, opts: RequestOptions = {}): Promise<HttpResult> {
    const { query, body, raw, auth = true, headers: extra = {}, comment } = opts;
    const m = method.toUpperCase();
    if (!allowWrites && m !== 'GET' && m !== 'HEAD') throw new WriteRefused(`${m} ${specPath} refused: read-only run (add --allow-writes)`);
    if (state.signal?.aborted) throw new RunStopped(stopMessage(state.signal));
    // A value from the site that is a dot segment would resolve to another route: never sent (D183).
    if (specPath.split('/').some(isDotSegment)) throw new Error(`${m} ${specPath.slice(0, 200)} not sent: a path segment is a dot segment (. or ..)`);
    const target = url(specPath, query);
    const headers: Record<string, string> = { Accept: 'application/json, */*;q=0.1', ...extra };
    if (auth && authHeader && target.origin === base.origin) headers.Authorization = authHeader;
    // A JSON body's top-level fields in the site's names, as the query's (`ml_job_id` -> `wpml_job_id`).
    const payload = requestPayload(raw, map.mapFields(body, mapping, 'toSite'), headers);
    state.count++;
    onRequest?.(m, specPath);
    const startedAt = new Date();
    const started = performance.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = state.signal ? AbortSignal.any([timeout, state.signal]) : timeout;
    const exchange: Exchange = {
      startedAt,
      method: m,
      url: target.toString(),
      requestHeaders: headers,
      requestBody: payload,
      comment: comment ?? `credentials: ${headers.Authorization ? credentials?.user : 'anonymous'}`,
    };
    let res: Response | undefined;
    let buf: Buffer;
    try {
      res = await fetchImpl(target, { method: m, headers, body: payload, redirect: 'manual', signal });
      ({ buf } = await readBody(res, m, maxBodyBytes));
    } catch (e) {
      throw failedRequest(e, { exchange, res, started, state, timeout, target, timeoutMs, restRoute: base.restRoute, m, onExchange });
    }
    state.consecutiveTimeouts = 0;
    const text = buf.toString('utf8');
    Object.assign(exchange, { ms: performance.now() - started }, responsePart(res, buf));
    onExchange?.(exchange);
    const { headers: hdrs, type, json, partial } = answerWithSpecNames(res.headers, text, base.rootText, mapping, { whole: opts.wholeBody });
    return {
      method: m,
      url: target.toString(),
      specPath,
      specUrl: specUrlOf(specPath, target, map, mapping),
      status: res.status,
      statusText: res.statusText,
      headers: hdrs,
      type,
      text,
      json,
      ...(partial ? { partial } : {}),
      ms: Math.round(performance.now() - started),
    };
  }

  return {
    request,
    url,
    rootText: base.rootText,
    restRoute: base.restRoute,
    origin: base.origin,
    timeoutMs,
    maxBodyBytes,
    get count() {
      return state.count;
    },
    get consecutiveTimeouts() {
      return state.consecutiveTimeouts;
    },
    /** Replace the stop signal (cleanup after a stop runs on its own signal). */
    setSignal(signal: AbortSignal) {
      state.signal = signal;
    },
    hasCredentials: Boolean(authHeader),
  };
}

function responsePart(res: Response, buf: Buffer): { status: number; statusText: string; responseHeaders: [string, string][]; responseBody: Buffer } {
  const headers: [string, string][] = [];
  res.headers.forEach((v, k) => headers.push([k, v]));
  return { status: res.status, statusText: res.statusText, responseHeaders: headers, responseBody: buf };
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${n} bytes`;
}
