// The typed client: openapi-fetch typed by the generated route tables, plus middleware for the platform's
// conventions (default language, name mapping, application-password auth) and PHP-safe serialisers.
import createOpenApiClient, { type HeadersOptions, type Middleware, type MiddlewareCallbackParams } from 'openapi-fetch';
import type { DeleteCalls, GetCalls, HeadCalls, OptionsCalls, PatchCalls, PostCalls, PutCalls, RequestCalls, TraceCalls } from '../generated/routes.js';
import type { components } from '../generated/components.js';
import { BATCH_ROUTE, isCalendarRoute, LANGUAGE_PARAM, takesLanguage } from '../core/platform.js';
import { IDENTITY, isIdentity, mapBody, mapFields, mapLinkHeader, mapPath, mapQueryString, mapRoutePath, mapUrl, type NameMapping } from './mapping.js';
import { isDotSegment, parseBaseUrl, routeOfUrl, urlOfRoute, type BaseUrl } from './base-url.js';
import { FORM_CONTENT_TYPE, phpFormSerializer, phpQuerySerializer } from './serialize.js';

/** A language code the site accepts in `i18n_language`. */
export type Language = components['parameters']['I18nLanguage'];

/**
 * The client: openapi-fetch's client object, typed by the generated route tables (generated/routes.ts):
 * one call signature per route, so a call type-checks at the cost of that route alone, and every wrong
 * body, parameter type or unknown parameter is a compile error. `use` and `eject` are openapi-fetch's.
 * For openapi-fetch's own `Client<paths>` type (openapi-react-query and similar), see `asOpenApiClient`
 * (the `./openapi-fetch` entry, openapi-fetch.ts: the root entry never loads `paths`, D258).
 */
export interface FestivalClient {
  /** `request(method, path, init)`: the same operations, method first (lower case). */
  request: RequestCalls;
  /** Call a GET endpoint. */
  GET: GetCalls;
  /** Call a PUT endpoint. */
  PUT: PutCalls;
  /** Call a POST endpoint. */
  POST: PostCalls;
  /** Call a DELETE endpoint. */
  DELETE: DeleteCalls;
  /** Call an OPTIONS endpoint (the spec has none). */
  OPTIONS: OptionsCalls;
  /** Call a HEAD endpoint (the spec has none). */
  HEAD: HeadCalls;
  /** Call a PATCH endpoint. */
  PATCH: PatchCalls;
  /** Call a TRACE endpoint (the spec has none). */
  TRACE: TraceCalls;
  /** Register middleware. */
  use(...middleware: Middleware[]): void;
  /** Unregister middleware. */
  eject(...middleware: Middleware[]): void;
}

export interface ClientOptions {
  /**
   * The REST root of the site (the site index is served at `${baseUrl}/`), e.g.
   * `https://festival.example/wp-json` (a path prefix and a trailing slash are fine), or
   * `https://festival.example/?rest_route=` for a site without pretty permalinks. A fragment, credentials
   * or any other query is an error here, not a wrong request later.
   */
  baseUrl: string;
  /**
   * Application-password credentials, sent as HTTP Basic ONLY to the base URL's origin. They are kept
   * in a closure: never logged, never an enumerable property of the client or of an error.
   */
  auth?: { user: string; password: string };
  /**
   * Default `i18n_language` for every request whose route takes it (all but the site index, `/batch/v1`
   * and `/cal/events/v1/doc`; the calendar's routes included, D186). A call's own
   * `i18n_language` wins; `params: { query: { i18n_language: undefined } }` sends none for that call.
   */
  language?: Language;
  /** Names of the live site (default: the spec's names, as the mock uses). */
  mapping?: NameMapping;
  /** A fetch implementation (default `globalThis.fetch`), e.g. for tests or proxies. */
  fetch?: (input: Request) => Promise<Response>;
  /** Headers sent with every request (an `Authorization` header here also goes to the base origin only). */
  headers?: HeadersOptions;
  /** Replace the query serialiser (default: comma lists and PHP brackets, see `phpQuerySerializer`). */
  querySerializer?: (query: Record<string, unknown>) => string;
  /** Extra openapi-fetch middleware. On requests it sees site URLs and no credentials; on responses, spec names. */
  middleware?: Middleware[];
}

/** What the helpers (`paginate`, `batch`) need to know about a client; never holds credentials. */
export interface ClientInternals {
  /** What openapi-fetch prefixes to routes (`https://site/wp-json`, `https://site/?rest_route=`). */
  baseUrl: string;
  /** The parsed base URL (pretty or `rest_route` form). */
  base: BaseUrl;
  mapping: NameMapping;
  language?: string;
}

const INTERNALS = new WeakMap<object, ClientInternals>();

/** @internal */
export function internalsOf(client: object): ClientInternals {
  const i = INTERNALS.get(client);
  if (!i) throw new TypeError('expected a client made by createClient()');
  return i;
}

export { isCalendarRoute };

function queryHasParam(query: string, name: string): boolean {
  for (const part of query.split('&')) {
    if (!part) continue;
    const raw = part.split('=')[0];
    let key: string;
    try {
      key = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      key = raw;
    }
    if (key === name || key.startsWith(`${name}[`)) return true;
  }
  return false;
}

/**
 * Add `i18n_language` to a relative route (`/core/v2/posts?x=1`) unless present or a route the
 * translation plugin gives no language parameter (the site index, `/batch/v1`, the calendar's own
 * document: `takesLanguage`); the calendar's other routes take it (D186).
 */
export function withLanguage(route: string, language: string | undefined): string {
  if (!language || !takesLanguage(route)) return route;
  const q = route.indexOf('?');
  const query = q < 0 ? '' : route.slice(q + 1);
  if (queryHasParam(query, LANGUAGE_PARAM)) return route;
  const add = `${LANGUAGE_PARAM}=${encodeURIComponent(language)}`;
  return q < 0 ? `${route}?${add}` : `${route}${query ? '&' : ''}${add}`;
}

/**
 * The first path parameter whose value is a dot segment (`.` or `..`, also percent-encoded: `%2e`,
 * `%2E`, `.%2e`, `%252e` …), as `[name, value]`; undefined when there is none. A URL resolves a dot
 * segment away: `/core/v2/posts/5/revisions/..` is `/core/v2/posts/5/` and `/by-slug/..` the
 * collection, so such a value would send the request, with the credentials, to another route.
 */
export function dotSegmentParam(values: Record<string, unknown> | undefined): [string, string] | undefined {
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value !== undefined && value !== null && isDotSegment(String(value))) return [name, String(value)];
  }
  return undefined;
}

/** The error for a dot-segment path value (`dotSegmentParam`), thrown before anything is sent. */
export function dotSegmentError(where: string, [name, value]: [string, string]): TypeError {
  return new TypeError(
    `${where}: path parameter "${name}" is ${JSON.stringify(value)}, a dot segment: the URL would resolve it to another route (refused, nothing was sent)`,
  );
}

function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

/**
 * Rebuild a request with a new URL and/or body (the original's body stream can be read once). The
 * body is a Blob, not an ArrayBuffer: fetch detaches an ArrayBuffer body once it is sent, and a 307 or
 * 308 redirect sends the body again (issue 31, point 9); a Blob can be read any number of times.
 */
async function rebuild(request: Request, url: string, body?: string): Promise<Request> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const payload = body !== undefined ? body : hasBody && request.body ? await request.clone().blob() : undefined;
  const headers = new Headers(request.headers);
  if (body !== undefined) headers.delete('content-length');
  return new Request(url, { method: request.method, headers, body: payload, redirect: request.redirect, signal: request.signal });
}

function defaultBodySerializer(body: unknown, headers?: Headers | Record<string, string>): unknown {
  if (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof URLSearchParams ||
    body instanceof ReadableStream
  )
    return body;
  let ct: string | null | undefined;
  if (headers instanceof Headers) ct = headers.get('content-type');
  else if (headers) for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-type') ct = headers[k];
  if (ct && ct.toLowerCase().startsWith(FORM_CONTENT_TYPE)) return phpFormSerializer(body);
  if (typeof body === 'string' && ct && !/json/i.test(ct)) return body;
  return JSON.stringify(body);
}

/**
 * A JSON or form body's top-level field names in the site's names (`ml_job_id` -> `wpml_job_id`: the
 * platform reads a parameter from the query and the body alike); undefined when the mapping renames
 * none of them. A batch body is batchBody's.
 */
async function fieldsBody(request: Request, route: string, mapping: NameMapping | undefined): Promise<string | undefined> {
  const renamed = Object.keys(mapping?.params ?? {});
  if (!mapping || !renamed.length || request.method === 'GET' || request.method === 'HEAD' || !request.body) return undefined;
  if (route.split('?')[0] === BATCH_ROUTE) return undefined;
  const ct = (request.headers.get('content-type') ?? '').toLowerCase();
  const json = /json/.test(ct);
  if (!json && !ct.startsWith(FORM_CONTENT_TYPE)) return undefined;
  const text = await request.clone().text();
  if (!renamed.some((n) => text.includes(n))) return undefined;
  if (!json) {
    const out = mapQueryString(text, mapping, 'toSite');
    return out === text ? undefined : out;
  }
  try {
    const out = JSON.stringify(mapFields(JSON.parse(text) as unknown, mapping, 'toSite'));
    return out === text ? undefined : out;
  } catch {
    return undefined; // not JSON: sent as it is
  }
}

/**
 * The body of a JSON batch request (POST /batch/v1) with the default language and the site's names on
 * every item's path; undefined when it is not one, is not JSON, or needs no change. `mapping` is
 * undefined for the identity mapping.
 */
async function batchBody(request: Request, route: string, language: string | undefined, mapping: NameMapping | undefined): Promise<string | undefined> {
  const path = route.split('?')[0];
  if (request.method !== 'POST' || path !== BATCH_ROUTE || !/json/i.test(request.headers.get('content-type') ?? '')) return undefined;
  const text = await request.clone().text();
  try {
    const json = JSON.parse(text) as { requests?: { path?: unknown }[] };
    if (json && Array.isArray(json.requests)) {
      for (const item of json.requests) {
        if (item && typeof item.path === 'string') {
          let p = withLanguage(item.path, language);
          if (mapping) p = mapRoutePath(p, mapping, 'toSite');
          item.path = p;
        }
      }
      const out = JSON.stringify(json);
      if (out !== text) return out;
    }
  } catch {
    /* not JSON: send as is */
  }
  return undefined;
}

/**
 * Create the typed client.
 *
 * ```ts
 * const client = createClient({ baseUrl: 'https://festival.example/wp-json', language: 'de', mapping: FESTIVAL_PLATFORM });
 * const { data, error } = await client.GET('/core/v2/posts', { params: { query: { per_page: 5 } } });
 * ```
 */
export function createClient(options: ClientOptions): FestivalClient {
  if (!options || typeof options.baseUrl !== 'string') throw new TypeError('createClient: baseUrl is required');
  const base = parseBaseUrl(options.baseUrl);
  const baseUrl = base.prefix;
  const mapping = options.mapping ?? IDENTITY;
  const identity = isIdentity(mapping);
  const language = options.language as string | undefined;
  // The only copy of the credentials: a closure variable, not a property of anything returned.
  const authorization = options.auth ? basicAuth(options.auth.user, options.auth.password) : undefined;

  // Untyped on purpose: FestivalClient (generated) types it; instantiating Client<paths> here would cost every consumer of the source.
  const client = createOpenApiClient({
    baseUrl,
    fetch: options.fetch,
    headers: options.headers,
    querySerializer: (options.querySerializer ?? phpQuerySerializer) as (q: unknown) => string,
    bodySerializer: defaultBodySerializer as (body: unknown) => string,
  });

  /** The route (spec names) of a URL under the base URL, with its raw query; undefined elsewhere. */
  const routeOf = (url: URL): string | undefined => routeOfUrl(base, url);

  /** Default language and site names on requests to the base URL, including batch items. */
  const prepare: Middleware = {
    async onRequest({ request, params, schemaPath }: MiddlewareCallbackParams): Promise<Request | undefined> {
      const dot = dotSegmentParam(params?.path);
      if (dot) throw dotSegmentError(`${request.method} ${schemaPath}`, dot);
      const url = new URL(request.url);
      const route = routeOf(url);
      if (route === undefined) return undefined;
      const explicit = !!params?.query && Object.prototype.hasOwnProperty.call(params.query, LANGUAGE_PARAM);
      let next = explicit ? route : withLanguage(route, language);
      if (!identity) next = mapRoutePath(next, mapping, 'toSite');
      const body =
        (await batchBody(request, route, language, identity ? undefined : mapping)) ?? (await fieldsBody(request, route, identity ? undefined : mapping));
      const target = urlOfRoute(base, next);
      if (target === request.url && body === undefined) return undefined;
      return rebuild(request, target, body);
    },
  };

  /** Credentials only for the base URL's origin; any Authorization header is dropped elsewhere. */
  const auth: Middleware = {
    onRequest({ request }: MiddlewareCallbackParams): Request {
      const sameOrigin = new URL(request.url).origin === base.origin;
      if (sameOrigin && authorization) request.headers.set('Authorization', authorization);
      else if (!sameOrigin && request.headers.has('Authorization')) request.headers.delete('Authorization');
      return request;
    },
  };

  /** Map URLs the site returns (Link, Location, bodies' `_links`, `next_rest_url`…) back to spec names. */
  const mapResponse: Middleware = {
    async onResponse({ request, response }: MiddlewareCallbackParams & { response: Response }): Promise<Response | undefined> {
      if (identity || routeOf(new URL(request.url)) === undefined) return undefined;
      const headers = new Headers(response.headers);
      for (const h of ['link', 'location']) {
        const v = headers.get(h);
        if (v) headers.set(h, h === 'link' ? mapLinkHeader(v, baseUrl, mapping, 'toSpec') : mapUrl(v, baseUrl, mapping, 'toSpec'));
      }
      let body: BodyInit | null = response.body;
      if (/json/i.test(headers.get('content-type') ?? '') && response.status !== 204 && request.method !== 'HEAD') {
        const text = await response.text();
        body = text;
        try {
          body = JSON.stringify(mapBody(JSON.parse(text), baseUrl, mapping, 'toSpec'));
          headers.delete('content-length');
        } catch {
          /* not JSON after all */
        }
      }
      const mapped = new Response(response.status === 204 || response.status === 304 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
      // A constructed Response has url '' and redirected false: keep fetch's own (the URL requested,
      // in the site's names, after any redirect), so a mapped response reads like an unmapped one.
      Object.defineProperties(mapped, {
        url: { value: response.url || request.url, enumerable: true },
        redirected: { value: response.redirected, enumerable: true },
      });
      return mapped;
    },
  };

  // Requests: names and language, then the caller's middleware, then credentials (so no middleware
  // sees them). Responses run in reverse: mapped back to spec names before the caller's middleware.
  client.use(prepare, ...(options.middleware ?? []), auth, mapResponse);
  INTERNALS.set(client, { baseUrl, base, mapping, language });
  return client as unknown as FestivalClient;
}

/** Map a route of the spec (e.g. `/core/v2/posts`) to the site's names with a client's mapping. */
export function siteRoute(client: FestivalClient, route: string): string {
  const { mapping } = internalsOf(client);
  return mapRoutePath(route, mapping, 'toSite');
}

export { mapPath, mapQueryString };
