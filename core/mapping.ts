// The one name mapping between the spec's neutral names and a live site's real ones, used by the
// typed client and the contract CLI. Namespaces map by whole path segments (longest first), the
// language parameter by name; URLs the site returns are mapped back to the spec's names. The names
// themselves are the platform's, in core/platform.js.
import { CORE_NAMESPACE, SITE_NAMES } from './platform.js';

export interface NameMapping {
  /** Spec namespace -> site namespace, e.g. `core/v2` -> `wp/v2`. */
  namespaces: Record<string, string>;
  /** Spec parameter name -> site parameter name, e.g. `i18n_language` -> `wpml_language`. */
  params: Record<string, string>;
}

/** The identity mapping: the site uses the spec's names (the mock). */
export const IDENTITY: NameMapping = Object.freeze<NameMapping>({ namespaces: {}, params: {} });

/** A stock WordPress without plugins: only the core namespace is renamed. */
export const WORDPRESS: NameMapping = Object.freeze<NameMapping>({ namespaces: { [CORE_NAMESPACE]: SITE_NAMES.namespaces[CORE_NAMESPACE] }, params: {} });

/** The festival's platform: WordPress, The Events Calendar and WPML. Add-on namespaces are site-specific: add them with `parseMapping`. */
export const FESTIVAL_PLATFORM: NameMapping = Object.freeze<NameMapping>({
  namespaces: { ...SITE_NAMES.namespaces },
  params: { ...SITE_NAMES.params },
});

const NAME = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/**
 * Parse `from=to` pairs (flags or config lines), e.g. `core/v2=wp/v2`, `i18n_language=wpml_language`.
 * A pair whose names contain `/` maps a namespace, otherwise a parameter. Throws on a malformed pair
 * or on two different targets for one name.
 */
export function parseMapping(pairs: Iterable<string>, base: NameMapping = IDENTITY): NameMapping {
  const out: NameMapping = { namespaces: { ...base.namespaces }, params: { ...base.params } };
  for (const raw of pairs) {
    const pair = raw.trim();
    if (!pair || pair.startsWith('#')) continue;
    const m = /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(pair);
    if (!m) throw new Error(`mapping "${raw}": expected spec-name=site-name, e.g. core/v2=wp/v2`);
    const [from, to] = [m[1].replace(/^\/+|\/+$/g, ''), m[2].replace(/^\/+|\/+$/g, '')];
    if (!NAME.test(from) || !NAME.test(to)) throw new Error(`mapping "${raw}": names may hold letters, digits, _ . - and /`);
    const isNs = from.includes('/') || to.includes('/') || from === 'slider';
    const table = isNs ? out.namespaces : out.params;
    const previous = Object.prototype.hasOwnProperty.call(table, from) ? table[from] : undefined;
    if (previous !== undefined && previous !== to && !(from in (isNs ? base.namespaces : base.params))) {
      throw new Error(`mapping "${raw}": ${from} is already mapped to ${previous}`);
    }
    table[from] = to;
  }
  return out;
}

/** `toSite`: spec names to the site's; `toSpec`: back. */
export type Direction = 'toSite' | 'toSpec';

function pairs(table: Record<string, string>, dir: Direction): [string, string][] {
  const list = Object.entries(table).map(([spec, site]) => (dir === 'toSite' ? [spec, site] : [site, spec]) as [string, string]);
  return list.sort((a, b) => b[0].length - a[0].length);
}

/** Map a route path (`/core/v2/posts/5`) between spec and site names, by whole leading segments. */
export function mapPath(path: string, mapping: NameMapping, dir: Direction = 'toSite'): string {
  for (const [from, to] of pairs(mapping.namespaces, dir)) {
    const prefix = `/${from}`;
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) return `/${to}${path.slice(prefix.length)}`;
  }
  return path;
}

/** Map a parameter name between spec and site names. */
export function mapParam(name: string, mapping: NameMapping, dir: Direction = 'toSite'): string {
  for (const [from, to] of pairs(mapping.params, dir)) if (name === from) return to;
  // PHP bracket forms keep their brackets: `i18n_language[]`.
  const b = /^([^[]+)(\[.*)$/.exec(name);
  if (b) return mapParam(b[1], mapping, dir) + b[2];
  return name;
}

/** Map the names of a URLSearchParams in place-free fashion (returns a new object). */
export function mapSearchParams(params: URLSearchParams, mapping: NameMapping, dir: Direction = 'toSite'): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of params) {
    if (k === 'rest_route') out.append(k, mapPath(v, mapping, dir));
    else out.append(mapParam(k, mapping, dir), v);
  }
  return out;
}

/**
 * Map an absolute URL under the REST root `restRoot` (e.g. `https://site/wp-json`), or a
 * `?rest_route=` URL of the same site: its route path and its query parameter names. Other URLs are
 * returned unchanged.
 */
export function mapUrl(url: string, restRoot: string, mapping: NameMapping, dir: Direction = 'toSite'): string {
  let u: URL;
  let root: URL;
  try {
    u = new URL(url);
    root = new URL(restRoot);
  } catch {
    return url;
  }
  if (u.origin !== root.origin) return url;
  const rootPath = root.pathname.replace(/\/+$/, '');
  if (u.searchParams.has('rest_route') || u.pathname === rootPath || u.pathname.startsWith(`${rootPath}/`)) {
    if (!u.searchParams.has('rest_route')) u.pathname = rootPath + mapPath(u.pathname.slice(rootPath.length) || '/', mapping, dir);
    const q = mapQueryString(u.search.slice(1), mapping, dir);
    u.search = q ? `?${q}` : '';
    return u.toString();
  }
  return url;
}

/** Map a `Link` header's URLs. */
export function mapLinkHeader(value: string, restRoot: string, mapping: NameMapping, dir: Direction = 'toSite'): string {
  return value.replace(/<([^>]*)>/g, (_m, url: string) => `<${mapUrl(url, restRoot, mapping, dir)}>`);
}

/**
 * Deeply map the URLs a site returns in a JSON body (`_links[*][*].href`, `rest_url`,
 * `next_rest_url`, `previous_rest_url`, route keys of an index) back to spec names. Returns a copy.
 */
export function mapBody<T>(body: T, restRoot: string, mapping: NameMapping, dir: Direction = 'toSpec'): T {
  const visit = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string')
      return /^https?:\/\//.test(v) ? mapUrl(v, restRoot, mapping, dir) : key === 'namespace' || key === '__ns' ? mapNamespace(v, mapping, dir) : v;
    if (Array.isArray(v)) return v.map((x) => visit(x, key === 'namespaces' ? '__ns' : undefined));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const mappedKey = key === 'routes' && k.startsWith('/') ? mapPath(k, mapping, dir) : key === 'args' ? mapParam(k, mapping, dir) : k;
        out[mappedKey] = visit(x, k);
      }
      return out;
    }
    return v;
  };
  return visit(body) as T;
}

/** Map a bare namespace name (`wp/v2` <-> `core/v2`). */
export function mapNamespace(ns: string, mapping: NameMapping, dir: Direction = 'toSite'): string {
  for (const [from, to] of pairs(mapping.namespaces, dir)) if (ns === from) return to;
  return ns;
}

/**
 * Map the parameter names of a raw query string (without `?`), keeping every value's encoding as it
 * is (comma lists, PHP brackets). `rest_route` values are mapped as paths.
 */
export function mapQueryString(query: string, mapping: NameMapping, dir: Direction = 'toSite'): string {
  if (!query) return query;
  return query
    .split('&')
    .map((part) => {
      if (!part) return part;
      const eq = part.indexOf('=');
      const rawKey = eq < 0 ? part : part.slice(0, eq);
      const rest = eq < 0 ? '' : part.slice(eq);
      let key: string;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        return part;
      }
      if (key === 'rest_route' && rest) {
        let value: string;
        try {
          value = decodeURIComponent(rest.slice(1).replace(/\+/g, ' '));
        } catch {
          return part;
        }
        return `${rawKey}=${encodeURIComponent(mapPath(value, mapping, dir)).replace(/%2F/g, '/')}`;
      }
      const mapped = mapParam(key, mapping, dir);
      if (mapped === key) return part;
      return encodeKey(mapped) + rest;
    })
    .join('&');
}

/** Percent-encode a parameter name, keeping PHP brackets readable. */
function encodeKey(name: string): string {
  return encodeURIComponent(name).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/**
 * Map a route reference relative to the REST root, with an optional query string
 * (`/core/v2/posts/5?i18n_language=de`), as used in a batch request's `requests[].path`.
 */
export function mapRoutePath(pathWithQuery: string, mapping: NameMapping, dir: Direction = 'toSite'): string {
  const q = pathWithQuery.indexOf('?');
  if (q < 0) return mapPath(pathWithQuery, mapping, dir);
  return `${mapPath(pathWithQuery.slice(0, q), mapping, dir)}?${mapQueryString(pathWithQuery.slice(q + 1), mapping, dir)}`;
}

/** True when the mapping renames nothing. */
export function isIdentity(mapping: NameMapping): boolean {
  return Object.keys(mapping.namespaces).length === 0 && Object.keys(mapping.params).length === 0;
}
