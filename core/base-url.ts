// The REST root a client talks to, in the two forms real sites use:
// - pretty permalinks: `https://site/wp-json` (any path prefix, trailing slash or not): a route is
//   appended to the path (`https://site/wp-json/core/v2/posts?per_page=5`);
// - plain permalinks: `https://site/?rest_route=` (or `https://site/blog/index.php?rest_route=`): the
//   route is the `rest_route` value and the query follows with `&`
//   (`https://site/?rest_route=/core/v2/posts&per_page=5`).
// A base URL with a fragment, credentials, another query or a scheme other than http(s) is refused.
// No Node API here: the published client (src/) runs in browsers too.
import { queryPairs, type QueryPair } from './php-query.js';

/** A parsed base URL. */
export interface BaseUrl {
  /** What openapi-fetch prefixes to each route: `https://site/wp-json` or `https://site/?rest_route=`. */
  prefix: string;
  /** The base URL's origin. */
  origin: string;
  /** Its path without trailing slash (pretty form); its path as given (rest_route form). */
  path: string;
  /** True for the `?rest_route=` form. */
  restRoute: boolean;
}

const REST_ROUTE = 'rest_route';

/** Why a text is not a base URL. */
export type BaseUrlProblem =
  | { kind: 'empty' }
  | { kind: 'port'; port: string }
  | { kind: 'not-url' }
  | { kind: 'scheme'; protocol: string }
  | { kind: 'fragment' }
  | { kind: 'credentials' }
  | { kind: 'query'; query: string };

/**
 * The rules of a base URL, once, for every product (each words the problems its own way): an
 * absolute http(s) URL without credentials or fragment, either without a query (pretty permalinks)
 * or with exactly `?rest_route=` (or `=/`, `=%2F`).
 */
export function checkBaseUrl(raw: string): { base: BaseUrl } | { problem: BaseUrlProblem } {
  if (typeof raw !== 'string' || !raw.trim()) return { problem: { kind: 'empty' } };
  const text = raw.trim();
  const port = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:(\d+)(?:[/?#]|$)/i.exec(text);
  if (port && (Number(port[1]) < 1 || Number(port[1]) > 65535)) return { problem: { kind: 'port', port: port[1] } };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { problem: { kind: 'not-url' } };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { problem: { kind: 'scheme', protocol: u.protocol } };
  if (text.includes('#')) return { problem: { kind: 'fragment' } };
  if (u.username || u.password) return { problem: { kind: 'credentials' } };
  const query = u.search.slice(1);
  if (!query && !text.includes('?')) {
    const path = u.pathname.replace(/\/+$/, '');
    return { base: { prefix: `${u.origin}${path}`, origin: u.origin, path, restRoute: false } };
  }
  if (query === `${REST_ROUTE}=` || query === `${REST_ROUTE}=/` || query === `${REST_ROUTE}=%2F` || query === REST_ROUTE) {
    return { base: { prefix: `${u.origin}${u.pathname}?${REST_ROUTE}=`, origin: u.origin, path: u.pathname, restRoute: true } };
  }
  return { problem: { kind: 'query', query: text.slice(text.indexOf('?')) } };
}

/** Parse and check a base URL (the client's): throws a TypeError naming the problem. */
export function parseBaseUrl(raw: string): BaseUrl {
  const r = checkBaseUrl(raw);
  if ('base' in r) return r.base;
  const p = r.problem;
  switch (p.kind) {
    case 'empty':
      throw new TypeError('createClient: baseUrl is required');
    case 'port':
    case 'not-url':
      throw new TypeError(`createClient: baseUrl is not an absolute URL: ${JSON.stringify(raw)}`);
    case 'scheme':
      throw new TypeError(`createClient: baseUrl must be http or https, not ${p.protocol}`);
    case 'fragment':
      throw new TypeError('createClient: baseUrl must not have a fragment (#…)');
    case 'credentials':
      throw new TypeError('createClient: baseUrl must not hold credentials; use the `auth` option');
    default:
      throw new TypeError(
        `createClient: baseUrl has an unexpected query (${p.query}); give the REST root, e.g. https://site/wp-json, or https://site/?rest_route= for a site without pretty permalinks`,
      );
  }
}

/**
 * The route under the base URL of an absolute URL, as `/path?query` with the query and path encoding
 * kept as they are; undefined for a URL outside the base URL.
 */
export function routeOfUrl(base: BaseUrl, url: string | URL): string | undefined {
  let u: URL;
  try {
    u = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return undefined;
  }
  if (u.origin !== base.origin) return undefined;
  if (!base.restRoute) {
    if (u.pathname !== base.path && !u.pathname.startsWith(`${base.path}/`)) return undefined;
    return (u.pathname.slice(base.path.length) || '/') + u.search;
  }
  if (u.pathname !== base.path) return undefined;
  let route: string | undefined;
  const rest: string[] = [];
  for (const part of u.search.slice(1).split('&')) {
    if (!part) continue;
    if (route === undefined && (part === REST_ROUTE || part.startsWith(`${REST_ROUTE}=`))) {
      // openapi-fetch appends the query with `?` after the route: it belongs to the query.
      const value = part.slice(REST_ROUTE.length + 1);
      const q = value.indexOf('?');
      route = (q < 0 ? value : value.slice(0, q)).replace(/%2F/gi, '/');
      if (q >= 0 && value.length > q + 1) rest.push(value.slice(q + 1));
    } else rest.push(part);
  }
  if (route === undefined) return undefined;
  if (!route.startsWith('/')) route = `/${route}`;
  return rest.length ? `${route}?${rest.join('&')}` : route;
}

/** The absolute URL of a route (`/path?query`, encoded) under the base URL. */
export function urlOfRoute(base: BaseUrl, route: string): string {
  if (!base.restRoute) return `${base.origin}${base.path}${route}`;
  const q = route.indexOf('?');
  const path = q < 0 ? route : route.slice(0, q);
  const query = q < 0 ? '' : route.slice(q + 1);
  return `${base.prefix}${path}${query ? `&${query}` : ''}`;
}

/** Where a recorded URL's REST route is: the route, the REST root it hangs under, the form, the query pairs. */
export interface RestRoute {
  /** The route (`/core/v2/posts/5`), as written in the URL (percent-encoded) unless `decoded`. */
  route: string;
  /** The REST root: `https://site/wp-json` or `https://site/index.php` (rest_route form). */
  restRoot: string;
  form: 'path' | 'rest_route';
  query: QueryPair[];
  /** True when the route came from a `rest_route` value (already decoded). */
  decoded: boolean;
}

/** The longest URL the tools read (64 KiB). */
export const MAX_URL = 64 * 1024;

/**
 * The REST route of an absolute URL: from `?rest_route=<route>` (the platform reads it first), else
 * from the path under one of `restPrefixes` (`/wp-json` by default; `/` for a site whose REST root is
 * its origin). Answers `{ outOfScope: why }` for a URL that is not a REST URL.
 */
export function restRouteOf(url: string, restPrefixes: readonly string[] = ['/wp-json']): RestRoute | { outOfScope: string } {
  if (url.length > MAX_URL) return { outOfScope: 'a URL longer than 64 KiB' };
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { outOfScope: 'not an absolute URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { outOfScope: `not an HTTP URL (${u.protocol.slice(0, 20)})` };
  const query = queryPairs(u.search.slice(1));
  const rr = query.find((p) => p.key === REST_ROUTE);
  if (rr) return { route: rr.value, restRoot: `${u.origin}${u.pathname}`, form: 'rest_route', query, decoded: true };
  const p = u.pathname;
  for (const prefix of restPrefixes) {
    if (prefix === '/') return { route: p, restRoot: u.origin, form: 'path', query, decoded: false };
    const at = p.endsWith(prefix) ? p.length - prefix.length : p.indexOf(`${prefix}/`);
    if (at < 0) continue;
    return { route: p.slice(at + prefix.length) || '/', restRoot: `${u.origin}${p.slice(0, at + prefix.length)}`, form: 'path', query, decoded: false };
  }
  return { outOfScope: 'not a REST URL (no /wp-json/ path, no ?rest_route=)' };
}

/**
 * A path value that a URL resolves away: `.` or `..`, also percent-encoded once or more (`%2e`, `%2E`,
 * `.%2e`, `%252e` …). `/posts/5/revisions/..` is `/posts/5/`, so such a value sends a request to
 * another route (issue 31, D183): the client and the CLI refuse it before sending.
 */
export function isDotSegment(value: string): boolean {
  const decoded = value.replace(/%(?:25)*2e/gi, '.');
  return decoded === '.' || decoded === '..';
}
