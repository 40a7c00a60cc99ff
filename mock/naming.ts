// The names a request used, and the answer in the same names. The mock serves the spec's names at
// its root (`/core/v2/posts`, `i18n_language`) and the real site's under `/wp-json`
// (`/wp-json/wp/v2/posts`, `/wp-json/tribe/events/v1/events`, `wpml_language`) or as
// `?rest_route=/wp/v2/posts`, through the core's name mapping (the same as the client's and the
// CLI's). Every URL of an answer (body, `Link`, `Location`) points at the mock's own origin, in the
// naming of the request: the examples' `https://festival.example` is the mock's origin.
import { FESTIVAL_PLATFORM, mapBody, mapParam, mapPath, mapQueryString } from '../core/mapping.ts';
import { phpPairs } from '../core/php-query.ts';
import { HOST as EXAMPLE_SITE } from './store/record.ts';

/** Which form a request's route came in. */
export interface Naming {
  form: 'plain' | 'path' | 'rest_route';
  /** The path the `?rest_route=` form was sent to (`/`, `/index.php`). */
  entry: string;
}

export const PLAIN: Naming = { form: 'plain', entry: '/' };

/** The request's route and query in the spec's names, and the naming it came in. */
export function readNaming(rawPath: string, rawQuery: string): { naming: Naming; path: string; query: string } {
  const rr = rawQuery ? phpPairs(rawQuery).find(([k]) => k === 'rest_route') : undefined;
  if (rr && (rawPath === '/' || rawPath === '' || rawPath.toLowerCase() === '/index.php')) {
    const rest = rawQuery
      .split('&')
      .filter((p) => !/^rest_route(=|$)/.test(p))
      .join('&');
    return {
      naming: { form: 'rest_route', entry: rawPath || '/' },
      path: mapPath(rr[1] || '/', FESTIVAL_PLATFORM, 'toSpec'),
      query: mapQueryString(rest, FESTIVAL_PLATFORM, 'toSpec'),
    };
  }
  if (rawPath === '/wp-json' || rawPath.startsWith('/wp-json/')) {
    const route = rawPath.slice('/wp-json'.length) || '/';
    return {
      naming: { form: 'path', entry: '/' },
      path: mapPath(route, FESTIVAL_PLATFORM, 'toSpec'),
      query: mapQueryString(rawQuery, FESTIVAL_PLATFORM, 'toSpec'),
    };
  }
  return { naming: PLAIN, path: rawPath, query: rawQuery };
}

/**
 * A request body's top-level field names in the spec's names, as the query's are: a form's keys and
 * a JSON object's members (`wpml_job_id` -> `ml_job_id`; the platform reads such a parameter from the
 * query and the body alike). A body with nothing to rename passes on byte for byte.
 */
export function bodyInSpecNames(body: Buffer, contentType: string | string[] | undefined): Buffer {
  if (!body.length) return body;
  const type = String(contentType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    const text = body.toString('latin1'); // keys are percent-encoded ASCII: every other byte stays as it is
    const mapped = mapQueryString(text, FESTIVAL_PLATFORM, 'toSpec');
    return mapped === text ? body : Buffer.from(mapped, 'latin1');
  }
  if (!/json/.test(type) && type !== '') return body;
  const text = body.toString('utf8');
  const site = Object.values(FESTIVAL_PLATFORM.params);
  if (!site.some((name) => text.includes(`"${name}"`))) return body;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return body; // the platform's own answer to invalid JSON follows
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return body;
  if (!Object.keys(value).some((k) => mapParam(k, FESTIVAL_PLATFORM, 'toSpec') !== k)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== '__proto__') out[mapParam(k, FESTIVAL_PLATFORM, 'toSpec')] = v;
  return Buffer.from(JSON.stringify(out), 'utf8');
}

const EXAMPLE_URLS = new RegExp(`${EXAMPLE_SITE.replace(/[.]/g, '\\.')}(?:\\/wp-json(?=[/?"<>\\s]|$))?`, 'g');

/** A spec-named REST URL on `origin` in the request's naming. */
function restUrl(origin: string, route: string, naming: Naming): string {
  if (naming.form === 'plain') return `${origin}${route}`;
  const q = route.indexOf('?');
  const path = mapPath(q < 0 ? route : route.slice(0, q), FESTIVAL_PLATFORM, 'toSite');
  const query = q < 0 ? '' : mapQueryString(route.slice(q + 1), FESTIVAL_PLATFORM, 'toSite');
  if (naming.form === 'path') return `${origin}/wp-json${path}${query ? `?${query}` : ''}`;
  return `${origin}${naming.entry}?rest_route=${encodeURIComponent(path).replace(/%2F/g, '/')}${query ? `&${query}` : ''}`;
}

/**
 * Rewrite the URLs of an answer's text (JSON or a header value): the examples' site and REST root
 * become the mock's origin, and REST URLs (`namespaces` prefixes) follow the request's naming.
 */
export function rewriteUrls(text: string, origin: string, naming: Naming, namespaces: readonly string[]): string {
  let out = text.includes(EXAMPLE_SITE) ? text.replace(EXAMPLE_URLS, origin) : text;
  if (naming.form === 'plain') return out;
  const esc = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const ns = namespaces.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const re = new RegExp(`${esc}(/(?:${ns})(?:[/?][^"\\s<>]*)?)(?=["\\s>]|$)`, 'g');
  out = out.replace(re, (_m, route: string) => restUrl(origin, route, naming));
  return out;
}

/** The spec's parameter names that the site names otherwise, each with a whole-name pattern. */
const RENAMED = Object.entries(FESTIVAL_PLATFORM.params).map(([spec, site]) => ({ re: new RegExp(`(?<![\\w-])${spec}(?![\\w-])`, 'g'), spec, site }));

/**
 * An answer's text (JSON) with the spec's parameter names in the request's naming: a real-names
 * request reads `wpml_language` in an error's message, in `data.params` and `data.details` keys and
 * in the details' messages (`Invalid parameter(s): wpml_language`), and in an index's `args`.
 */
export function renameParams(text: string, naming: Naming): string {
  if (naming.form === 'plain') return text;
  let out = text;
  for (const r of RENAMED) if (out.includes(r.spec)) out = out.replace(r.re, r.site);
  return out;
}

/** `"rest_namespace":"<spec namespace>"` (a post type's or a taxonomy's), for every namespace the platform renames. */
const REST_NAMESPACE = new RegExp(
  `("rest_namespace"\\s*:\\s*")(${Object.keys(FESTIVAL_PLATFORM.namespaces)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(")`,
  'g',
);

/**
 * A record's text (JSON) with its `rest_namespace` in the request's naming: a post type or a taxonomy
 * read by the real names names `wp/v2`, as the site's does, so that a client building the route from
 * `rest_namespace` and `rest_base` (the block editor's data layer does) calls the site's route.
 */
export function restNamespaceInNaming(text: string, naming: Naming): string {
  if (naming.form === 'plain' || !text.includes('"rest_namespace"')) return text;
  return text.replace(REST_NAMESPACE, (_m, open: string, ns: string, close: string) => `${open}${FESTIVAL_PLATFORM.namespaces[ns] ?? ns}${close}`);
}

/**
 * An index's text (the site index `/` or a namespace root: a JSON object with `namespaces`, `routes`
 * or `namespace`) with the site's names in a real-names request: its namespaces, its route keys (a
 * renamed route segment included) and its endpoints' argument names, as the real site lists them.
 * Its URLs are rewritten by rewriteUrls; any other text is returned as it is.
 */
export function indexInNaming(text: string, naming: Naming): string {
  if (naming.form === 'plain' || !/^\s*\{/.test(text) || !/"(?:namespaces|routes|namespace)"\s*:/.test(text)) return text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return text;
  const top = json as Record<string, unknown>;
  if (!Array.isArray(top.namespaces) && (typeof top.routes !== 'object' || top.routes === null) && typeof top.namespace !== 'string') return text;
  // The URLs are left to rewriteUrls: no URL is under this root.
  return JSON.stringify(mapBody(json, 'about:invalid', FESTIVAL_PLATFORM, 'toSite'));
}
