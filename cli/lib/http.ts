// The CLI's only way to the network. Requests are built from spec names and mapped to the site's
// names; credentials (from the environment) go only to the base URL's origin; without
// `allowWrites` any method other than GET and HEAD is refused here, before anything is sent. Every
// answer is hostile input: each request has a timeout covering headers and body, a body larger than
// the limit is cut off (the request fails, memory stays bounded), and the run's signal (deadline,
// SIGINT) stops whatever is in flight. A base URL `https://site/?rest_route=` (a site without pretty
// permalinks) puts every route into the `rest_route` parameter.
import { parseBaseUrl } from '../../core/base-url.js';
import * as map from '../../core/mapping.js';
import { phpQuerySerializer } from '../../core/php-query.js';
import type { NameMapping } from '../../core/mapping.js';
import type { Json } from '../../core/spec.js';

export class WriteRefused extends Error {}
/** The run was stopped (deadline or SIGINT) while a request was in flight or about to be sent. */
export class RunStopped extends Error {}

export const DEFAULTS = { timeoutMs: 20_000, maxBodyBytes: 64 * 1024 * 1024 };

/**
 * A base URL's REST root (core/base-url.ts, the client's parsing): `rootText` is what a route is
 * appended to (`https://site/wp-json`, `https://site/?rest_route=`), `prefix` the URL without the query.
 */
export function parseBase(baseUrl: string): { origin: string; rootText: string; restRoute: boolean; prefix: string } {
  const b = parseBaseUrl(baseUrl);
  return { origin: b.origin, rootText: b.prefix, restRoute: b.restRoute, prefix: b.restRoute ? `${b.origin}${b.path}` : b.prefix };
}

/** A one-line reason for a failed fetch that says what to do. */
export function networkReason(e: Json, target: Json, timeoutMs: Json) {
  const cause = e?.cause ?? {};
  const code = cause.code ?? e?.code ?? '';
  const msg = String(cause.message ?? e?.message ?? e);
  const host = `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`;
  if (e?.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s: the site is too slow or hangs (raise --timeout if it is only slow)`;
  if (/bad port/i.test(msg))
    return `port ${target.port} is one that fetch refuses to use ("bad port" of the Fetch standard, e.g. 1, 9, 6000): serve the site on another port (e.g. 8080) or put a proxy in front of it`;
  if (code === 'ECONNREFUSED') return `connection refused by ${host}: nothing listens there; is the site running, and is --base-url right?`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host name ${target.hostname} does not resolve: check --base-url`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code))
    return `the TLS certificate of ${host} is not trusted (${code}): fix the certificate, or trust its CA with NODE_EXTRA_CA_CERTS=ca.pem`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `${host} closed the connection before answering (${code})`;
  return `${code ? `${code}: ` : ''}${msg}`;
}

/**
 * An answer's headers and body with the spec's names: `link` and `location` mapped, a JSON body
 * parsed and mapped (a body over 1 MB, a huge site index, is kept with the site's names: mapping
 * copies it whole). What `contract` judges (and the one-judge test feeds it from recorded exchanges).
 */
export function answerWithSpecNames(
  headers: Headers,
  text: string,
  rootText: string,
  mapping: NameMapping,
): { headers: Record<string, string>; type: string; json: Json } {
  const type = headers.get('content-type') ?? '';
  let json: Json;
  if (/json/i.test(type) && text) {
    try {
      const parsed = JSON.parse(text);
      json = map.isIdentity(mapping) || text.length > 1_000_000 ? parsed : map.mapBody(parsed, rootText, mapping, 'toSpec');
    } catch {
      json = undefined;
    }
  }
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    const key = k.toLowerCase();
    out[key] = key === 'link' ? map.mapLinkHeader(v, rootText, mapping, 'toSpec') : key === 'location' ? map.mapUrl(v, rootText, mapping, 'toSpec') : v;
  });
  return { headers: out, type, json };
}

/** Build the site URL of a spec path with a spec-named query (values: string | number | boolean | array). */
function siteUrl(base: Json, map: Json, mapping: Json, specPath: Json, query = {}) {
  const sitePath = map.mapPath(specPath, mapping, 'toSite');
  // The platform's query form (core/php-query.ts): comma lists, PHP brackets, never a repeated key.
  const siteNamed = Object.fromEntries(Object.entries(query as Record<string, unknown>).map(([k, v]) => [map.mapParam(k, mapping, 'toSite'), v]));
  const qs = phpQuerySerializer(siteNamed);
  const parts = qs ? [qs] : [];
  if (base.restRoute) {
    const route = encodeURIComponent(sitePath).replace(/%2F/gi, '/');
    return new URL(`${base.prefix}?rest_route=${route}${parts.length ? `&${parts.join('&')}` : ''}`);
  }
  const u = new URL(base.rootText + sitePath);
  u.search = parts.length ? `?${parts.join('&')}` : '';
  return u;
}

/** Read a response's body, at most `maxBodyBytes` (more is an error marked tooLarge). */
async function readBody(res: Json, m: Json, maxBodyBytes: number) {
  if (m === 'HEAD' || !res.body) return { buf: Buffer.alloc(0) };
  const reader = res.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => {});
      const err: Error & { tooLarge?: boolean } = new Error(`the body is larger than ${formatBytes(maxBodyBytes)} (--max-body): cut off`);
      err.tooLarge = true;
      throw err;
    }
    chunks.push(value);
  }
  return { buf: Buffer.concat(chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))) };
}

/** The payload of a request (`raw`: {data, type, headers} for uploads; `body`: a JSON value), its headers set on `headers`. */
function requestPayload(raw: Json, body: Json, headers: Record<string, Json>) {
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

/** A request that failed (network, timeout, body too large, the run stopped): its exchange recorded, the error to throw. */
function failedRequest(e: Json, { exchange, res, started, state, timeout, target, timeoutMs, restRoute, m, onExchange }: Json): Error {
  exchange.ms = performance.now() - started;
  if (res) Object.assign(exchange, responsePart(res, Buffer.alloc(0)));
  if (state.signal?.aborted && !timeout.aborted) {
    exchange.error = 'stopped';
    onExchange?.(exchange);
    return new RunStopped(String(state.signal.reason?.message ?? 'stopped'));
  }
  const isTimeout = timeout.aborted || e?.name === 'TimeoutError';
  state.consecutiveTimeouts = isTimeout ? state.consecutiveTimeouts + 1 : 0;
  const reason = e?.tooLarge ? e.message : networkReason(isTimeout ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : e, target, timeoutMs);
  exchange.error = reason;
  onExchange?.(exchange);
  const err: Error & { network?: boolean; timeout?: boolean; reason?: string } = new Error(
    `${m} ${target.origin}${target.pathname}${restRoute ? `?rest_route=${target.searchParams.get('rest_route')}` : ''}: ${reason}`,
  );
  err.network = true;
  err.timeout = isTimeout;
  err.reason = reason;
  return err;
}

/**
 * @param {object} o
 * @param {string} o.baseUrl REST root, e.g. http://127.0.0.1:8881/wp-json or http://site/?rest_route=
 * @param {object} o.mapping a NameMapping
 * @param {object} o.map the mapping module
 * @param {{user: string, password: string} | undefined} o.credentials
 * @param {boolean} o.allowWrites
 * @param {typeof fetch} [o.fetch]
 * @param {number} [o.timeoutMs] per request, headers and body
 * @param {number} [o.maxBodyBytes] largest body read
 * @param {AbortSignal} [o.signal] the run's stop signal
 * @param {(exchange: object) => void} [o.onExchange] every exchange, for the HAR recording
 * @param {(method: string, specPath: string) => void} [o.onRequest]
 */
export function createHttp(o: Json) {
  const { mapping, map, credentials, allowWrites, fetch: fetchImpl = globalThis.fetch, onRequest, onExchange } = o;
  const timeoutMs = o.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBodyBytes = o.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const base = parseBase(o.baseUrl);
  const authHeader = credentials ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}` : undefined;
  const state = { count: 0, consecutiveTimeouts: 0, signal: o.signal };
  const url = (specPath: Json, query = {}) => siteUrl(base, map, mapping, specPath, query);

  /**
   * Send a request. `auth`: send credentials (only when the URL is on the base origin).
   * `body`: JSON value; `raw`: {data, type, headers} for uploads.
   * Returns `{ method, url, specPath, specUrl, status, statusText, headers, type, text, json, ms }`.
   */
  async function request(method: Json, specPath: Json, { query, body, raw, auth = true, headers: extra = {}, comment }: Json = {}) {
    const m = method.toUpperCase();
    if (!allowWrites && m !== 'GET' && m !== 'HEAD') throw new WriteRefused(`${m} ${specPath} refused: read-only run (add --allow-writes)`);
    if (state.signal?.aborted) throw new RunStopped(String(state.signal.reason?.message ?? 'stopped'));
    const target = url(specPath, query);
    const headers: Record<string, Json> = { Accept: 'application/json, */*;q=0.1', ...extra };
    if (auth && authHeader && target.origin === base.origin) headers.Authorization = authHeader;
    const payload = requestPayload(raw, body, headers);
    state.count++;
    onRequest?.(m, specPath);
    const startedAt = new Date();
    const started = performance.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = state.signal ? AbortSignal.any([timeout, state.signal]) : timeout;
    const exchange: Record<string, Json> = {
      startedAt,
      method: m,
      url: target.toString(),
      requestHeaders: headers,
      requestBody: payload,
      comment: comment ?? `credentials: ${headers.Authorization ? credentials.user : 'anonymous'}`,
    };
    let res;
    let buf;
    try {
      res = await fetchImpl(target, { method: m, headers, body: payload, redirect: 'manual', signal });
      ({ buf } = await readBody(res, m, maxBodyBytes));
    } catch (e: Json) {
      throw failedRequest(e, { exchange, res, started, state, timeout, target, timeoutMs, restRoute: base.restRoute, m, onExchange });
    }
    state.consecutiveTimeouts = 0;
    const text = buf.toString('utf8');
    Object.assign(exchange, { ms: performance.now() - started }, responsePart(res, buf));
    onExchange?.(exchange);
    const { headers: hdrs, type, json } = answerWithSpecNames(res.headers, text, base.rootText, mapping);
    const siteQuery = siteQueryOf(target);
    const specUrl = specPath + (siteQuery ? `?${map.mapQueryString(siteQuery, mapping, 'toSpec')}` : '');
    return {
      method: m,
      url: target.toString(),
      specPath,
      specUrl,
      status: res.status,
      statusText: res.statusText,
      headers: hdrs,
      type,
      text,
      json,
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
    setSignal(signal: Json) {
      state.signal = signal;
    },
    hasCredentials: Boolean(authHeader),
  };
}

function responsePart(res: Json, buf: Json) {
  const headers: Json[] = [];
  res.headers.forEach((v: Json, k: Json) => headers.push([k, v]));
  return { status: res.status, statusText: res.statusText, responseHeaders: headers, responseBody: buf };
}

export function formatBytes(n: Json) {
  if (n >= 1024 * 1024) return `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${n} bytes`;
}
