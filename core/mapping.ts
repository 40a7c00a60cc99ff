// The one name mapping between the spec's neutral names and a live site's real ones, used by the
// typed client, the contract CLI, validate-har, the mock and the docs' samples. Namespaces map by
// whole path segments (longest first); within a namespace, single route segments a product names
// otherwise (`font-library` = `google-fonts` under `builder/v1`); the parameters by name. URLs the
// site returns are mapped back to the spec's names. Every table is one-to-one, so mapping back is
// exact. The names themselves are the platform's, in core/platform.js.
import { CORE_NAMESPACE, SITE_NAMES } from './platform.js';

export interface NameMapping {
  /** Spec namespace -> site namespace, e.g. `core/v2` -> `wp/v2`. */
  namespaces: Record<string, string>;
  /** Spec parameter name -> site parameter name, e.g. `i18n_language` -> `wpml_language`. */
  params: Record<string, string>;
  /**
   * Per spec namespace, spec route segment -> site route segment: whole segments of a route below
   * that namespace, e.g. `builder/v1`: `font-library` -> `google-fonts`, `ml/tm/v1`: `{mlJobId}` ->
   * `{wpmlJobId}` (a path template's parameter). Absent: no route of any namespace is renamed.
   */
  segments?: Record<string, Record<string, string>>;
}

/** The identity mapping: the site uses the spec's names (the mock). */
export const IDENTITY: NameMapping = Object.freeze<NameMapping>({ namespaces: {}, params: {} });

/** A stock WordPress without plugins: only the core namespace is renamed. */
export const WORDPRESS: NameMapping = Object.freeze<NameMapping>({ namespaces: { [CORE_NAMESPACE]: SITE_NAMES.namespaces[CORE_NAMESPACE] }, params: {} });

const copySegments = (s: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined): Record<string, Record<string, string>> =>
  Object.fromEntries(Object.entries(s ?? {}).map(([ns, t]) => [ns, { ...t }]));

/**
 * The festival's platform: WordPress, The Events Calendar, WPML and the add-ons, every namespace of
 * the spec with its real name (`batch/v1` and `oembed/1.0` keep theirs), every route segment and
 * parameter a product names otherwise. A site without one of the products simply has no such
 * namespace: the contract run and validate-har report it "not on this site".
 */
export const FESTIVAL_PLATFORM: NameMapping = Object.freeze<NameMapping>({
  namespaces: { ...SITE_NAMES.namespaces },
  params: { ...SITE_NAMES.params },
  segments: copySegments(SITE_NAMES.segments),
});

const NAME = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;
const SEGMENT = /^(?:[A-Za-z0-9_.-]+|\{[A-Za-z0-9_]+\})$/;
const strip = (n: string) => n.replace(/^\/+|\/+$/g, '');
const has = (t: Record<string, string>, k: string) => Object.prototype.hasOwnProperty.call(t, k);

/**
 * Set `from` -> `to` in a one-to-one table: refuses a second target for `from` (unless `base` had
 * the first one: a pair may override a default) and a second spec name for `to` (mapping back
 * would not be exact).
 */
function setPair(table: Record<string, string>, base: Record<string, string>, from: string, to: string, raw: string): void {
  const previous = has(table, from) ? table[from] : undefined;
  if (previous !== undefined && previous !== to && !(has(base, from) && base[from] === previous))
    throw new Error(`mapping "${raw}": ${from} is already mapped to ${previous}`);
  const other = Object.entries(table).find(([k, v]) => v === to && k !== from);
  if (other) {
    // An overridden default gives its site name up; two explicit names for one site name cannot both map back.
    if (has(base, other[0]) && base[other[0]] === other[1]) delete table[other[0]];
    else throw new Error(`mapping "${raw}": ${to} is already the site's name of ${other[0]} (mapping back must be exact)`);
  }
  table[from] = to;
}

/**
 * Parse `from=to` pairs (flags or config lines), e.g. `core/v2=wp/v2`, `i18n_language=wpml_language`,
 * and route segments within a namespace as `namespace:segment=segment`, e.g.
 * `builder/v1:font-library=google-fonts`. A pair maps a namespace when a name contains `/` or is a
 * namespace of the platform (`slider=sliderrevolution`), otherwise a parameter. Blank lines and `#`
 * lines are skipped. Throws on a malformed pair, on two different targets for one name, and on two
 * names for one target.
 */
export function parseMapping(pairs: Iterable<string>, base: NameMapping = IDENTITY): NameMapping {
  const out: NameMapping = { namespaces: { ...base.namespaces }, params: { ...base.params }, segments: copySegments(base.segments) };
  const segments = out.segments as Record<string, Record<string, string>>;
  for (const raw of pairs) {
    const pair = raw.trim();
    if (!pair || pair.startsWith('#')) continue;
    const r = /^([^=\s:]+):([^=\s]+)\s*=\s*([^=\s]+)$/.exec(pair);
    if (r) {
      const [ns, from, to] = [strip(r[1]), r[2], r[3]];
      if (!NAME.test(ns) || !SEGMENT.test(from) || !SEGMENT.test(to) || from.startsWith('{') !== to.startsWith('{'))
        throw new Error(
          `mapping "${raw}": expected namespace:segment=segment, e.g. builder/v1:font-library=google-fonts (one route segment each, or {name}={name})`,
        );
      setPair((segments[ns] ??= {}), base.segments?.[ns] ?? {}, from, to, raw);
      continue;
    }
    const m = /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(pair);
    if (!m) throw new Error(`mapping "${raw}": expected spec-name=site-name, e.g. core/v2=wp/v2 (or builder/v1:font-library=google-fonts for a route segment)`);
    const [from, to] = [strip(m[1]), strip(m[2])];
    if (!NAME.test(from) || !NAME.test(to)) throw new Error(`mapping "${raw}": names may hold letters, digits, _ . - and /`);
    const isNs = from.includes('/') || to.includes('/') || has(SITE_NAMES.namespaces, from);
    if (isNs) setPair(out.namespaces, base.namespaces, from, to, raw);
    else setPair(out.params, base.params, from, to, raw);
  }
  if (!Object.keys(segments).length) delete out.segments;
  return out;
}

/** The `from=to` lines of a mapping, as parseMapping reads them: namespaces, route segments, parameters. */
export function mappingLines(mapping: NameMapping): string[] {
  return [
    ...Object.entries(mapping.namespaces).map(([a, b]) => `${a}=${b}`),
    ...Object.entries(mapping.segments ?? {}).flatMap(([ns, t]) => Object.entries(t).map(([a, b]) => `${ns}:${a}=${b}`)),
    ...Object.entries(mapping.params).map(([a, b]) => `${a}=${b}`),
  ];
}

/** `toSite`: spec names to the site's; `toSpec`: back. */
export type Direction = 'toSite' | 'toSpec';

function pairs(table: Record<string, string>, dir: Direction): [string, string][] {
  const list = Object.entries(table).map(([spec, site]) => (dir === 'toSite' ? [spec, site] : [site, spec]) as [string, string]);
  return list.sort((a, b) => b[0].length - a[0].length);
}

/** The namespaces of a mapping as [spec, site] pairs, those with renamed segments only included (as themselves). */
function namespacePairs(mapping: NameMapping): [string, string][] {
  const out = Object.entries(mapping.namespaces);
  for (const ns of Object.keys(mapping.segments ?? {})) if (!has(mapping.namespaces, ns) && !out.some(([, site]) => site === ns)) out.push([ns, ns]);
  return out;
}

/** Map the segments of a route's rest below a namespace (`/font-library/refresh`). */
function mapSegments(rest: string, table: Record<string, string> | undefined, dir: Direction): string {
  if (!table || !rest) return rest;
  const lookup = new Map(pairs(table, dir));
  if (!lookup.size) return rest;
  return rest
    .split('/')
    .map((s) => lookup.get(s) ?? s)
    .join('/');
}

/**
 * Map a route path (`/core/v2/posts/5`) between spec and site names: its namespace by whole leading
 * segments (the longest that matches: `ml/st/v1` before `ml/v1`), then the renamed route segments of
 * that namespace. A path in no namespace of the mapping is returned as it is.
 */
export function mapPath(path: string, mapping: NameMapping, dir: Direction = 'toSite'): string {
  const list = namespacePairs(mapping)
    .map(([spec, site]) => ({ from: dir === 'toSite' ? spec : site, to: dir === 'toSite' ? site : spec, spec }))
    .sort((a, b) => b.from.length - a.from.length);
  for (const { from, to, spec } of list) {
    const prefix = `/${from}`;
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) {
      const rest = path.slice(prefix.length);
      const q = rest.indexOf('?');
      const [route, query] = q < 0 ? [rest, ''] : [rest.slice(0, q), rest.slice(q)];
      return `/${to}${mapSegments(route, mapping.segments?.[spec], dir)}${query}`;
    }
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

/**
 * A request body's top-level field names mapped (a JSON object's keys; a parameter the platform reads
 * from the query and the body alike, e.g. `ml_job_id` = `wpml_job_id`); anything else as it is.
 */
export function mapFields<T>(body: T, mapping: NameMapping, dir: Direction = 'toSite'): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [mapParam(k, mapping, dir), v])) as T;
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
  const same = (t: Record<string, string>) => Object.entries(t).every(([a, b]) => a === b);
  return same(mapping.namespaces) && same(mapping.params) && Object.values(mapping.segments ?? {}).every(same);
}
