// The REST root a client talks to, in the two forms real sites use:
// - pretty permalinks: `https://site/wp-json` (any path prefix, trailing slash or not): a route is
//   appended to the path (`https://site/wp-json/core/v2/posts?per_page=5`);
// - plain permalinks: `https://site/?rest_route=` (or `https://site/blog/index.php?rest_route=`): the
//   route is the `rest_route` value and the query follows with `&`
//   (`https://site/?rest_route=/core/v2/posts&per_page=5`).
// A base URL with a fragment, credentials, another query or a scheme other than http(s) is refused.

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

/** Parse and check a base URL; throws a TypeError naming the problem. */
export function parseBaseUrl(raw: string): BaseUrl {
  if (typeof raw !== 'string' || !raw.trim()) throw new TypeError('createClient: baseUrl is required');
  let u: URL;
  try { u = new URL(raw.trim()); } catch { throw new TypeError(`createClient: baseUrl is not an absolute URL: ${JSON.stringify(raw)}`); }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TypeError(`createClient: baseUrl must be http or https, not ${u.protocol}`);
  if (raw.includes('#')) throw new TypeError('createClient: baseUrl must not have a fragment (#…)');
  if (u.username || u.password) throw new TypeError('createClient: baseUrl must not hold credentials; use the `auth` option');
  const query = u.search.slice(1);
  if (!query && !raw.includes('?')) {
    const path = u.pathname.replace(/\/+$/, '');
    return { prefix: `${u.origin}${path}`, origin: u.origin, path, restRoute: false };
  }
  if (query === `${REST_ROUTE}=` || query === `${REST_ROUTE}=/` || query === `${REST_ROUTE}=%2F` || query === REST_ROUTE) {
    return { prefix: `${u.origin}${u.pathname}?${REST_ROUTE}=`, origin: u.origin, path: u.pathname, restRoute: true };
  }
  throw new TypeError(`createClient: baseUrl has an unexpected query (${raw.slice(raw.indexOf('?'))}); give the REST root, e.g. https://site/wp-json, or https://site/?rest_route= for a site without pretty permalinks`);
}

/**
 * The route under the base URL of an absolute URL, as `/path?query` with the query and path encoding
 * kept as they are; undefined for a URL outside the base URL.
 */
export function routeOfUrl(base: BaseUrl, url: string | URL): string | undefined {
  let u: URL;
  try { u = typeof url === 'string' ? new URL(url) : url; } catch { return undefined; }
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
