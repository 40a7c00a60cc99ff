// The site index (`GET /wp-json/`, `?rest_route=/`, and `GET /` under the spec's names) as WordPress
// builds it (WP_REST_Server::get_index, get_data_for_routes): the site's description, its namespaces
// and every route with its namespace, methods and endpoints, each endpoint with its methods, the batch
// flag and its arguments; `_links.self` on the routes without a path parameter. It is generated from
// the spec's paths through the name mapping (naming.ts), so a route or a mapped namespace added to
// the spec or to the mapping is listed by itself; the site's description (name, tagline, time zone,
// front page, authentication) is the documented example's, on the mock's origin.
import { FESTIVAL_PLATFORM, mapParam, mapPath } from '../core/mapping.ts';
import { BATCH_ROUTE, CORE_NAMESPACE } from '../core/platform.js';
import { bodySchema, deref, operations, specNamespaces, type OpenApiDoc, type Parameter, type Schema } from '../core/spec.ts';
import { isObject, type JsonObject } from '../core/json.ts';
import type { IncomingMessage } from 'node:http';
import { CORS } from './cors.ts';
import { remember } from './json-text.ts';
import type { Naming } from './naming.ts';
import { shape } from './shape.ts';
import type { Asked, Front, Reply } from './types.ts';

/** The route of the index itself (the spec's `/`). */
export const INDEX_ROUTE = '/';

/** The relation of WordPress's discovery link (`Link: <…/wp-json/>; rel="https://api.w.org/"`). */
export const API_REL = 'https://api.w.org/';

/** The discovery header a WordPress front page and REST index send: the REST root on the mock's origin. */
export const discoveryLink = (origin: string): string => `<${origin}/wp-json/>; rel="${API_REL}"`;

/** Schema keys an index argument carries (WordPress's `args` keep the registered schema's keywords). */
const ARG_KEYS = [
  'type',
  'format',
  'enum',
  'default',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
] as const;

/** One argument as the index lists it: the schema's keywords (items and properties one level in), whether it is required. */
function argOf(schemaRef: unknown, doc: OpenApiDoc, required: boolean, description: string | undefined): JsonObject {
  const schema = (deref(schemaRef, doc) ?? {}) as Schema & JsonObject;
  const out: JsonObject = {};
  if (description) out.description = description.split('\n')[0];
  for (const k of ARG_KEYS) if (schema[k] !== undefined) out[k] = schema[k];
  const items = deref(schema.items, doc) as (Schema & JsonObject) | undefined;
  if (isObject(items)) {
    const it: JsonObject = {};
    for (const k of ARG_KEYS) if (items[k] !== undefined) it[k] = items[k];
    out.items = it;
  }
  out.required = required;
  return out;
}

/**
 * A path template's route key as WordPress registers it: each `{name}` a named group, digits for an
 * integer (`[\d]` in the core's namespace, `\d+` in the calendar's, as each registers them), the
 * parameter's own pattern without anchors when it is one character class or `\w`, else `[^/]+` (the
 * calendar's by-slug routes).
 */
function routeKey(path: string, params: Parameter[], doc: OpenApiDoc): string {
  const core = path === `/${CORE_NAMESPACE}` || path.startsWith(`/${CORE_NAMESPACE}/`);
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const schema = deref(params.find((p) => p.in === 'path' && p.name === name)?.schema, doc) as Schema | undefined;
    const types = schema?.type;
    if (types === 'integer' || (Array.isArray(types) && types.includes('integer'))) return `(?P<${name}>${core ? '[\\d]+' : '\\d+'})`;
    const single = typeof schema?.pattern === 'string' ? /^\^((?:\[[^\]]+\]|\\w)\+)\$$/.exec(schema.pattern) : null;
    return `(?P<${name}>${single ? single[1] : '[^/]+'})`;
  });
}

/** One endpoint of a route: the methods it serves together, its arguments (spec names), the batch flag. */
interface Endpoint {
  methods: string[];
  args: JsonObject;
  allowBatch?: unknown;
}

/** One route in the spec's names: its key (a pattern), namespace, endpoints; whether it has a path parameter. */
interface RouteEntry {
  key: string;
  namespace: string;
  endpoints: Endpoint[];
  path: string;
  parametric: boolean;
}

/** Query parameters every route takes that WordPress does not list per route (`_fields`, `_embed`, ...). */
const isGlobal = (name: string): boolean => name.startsWith('_');

/** Every route of the spec, in the bundle's order; the methods of a path that take the same arguments are one endpoint (POST, PUT, PATCH). */
function specRoutes(doc: OpenApiDoc): RouteEntry[] {
  const namespaces = specNamespaces(doc);
  const byPath = new Map<string, RouteEntry>();
  for (const o of operations(doc)) {
    if (o.method === 'head' || o.method === 'options' || o.method === 'trace') continue;
    let route = byPath.get(o.path);
    if (!route) {
      // The batch route is registered outside any namespace, as the index itself.
      const ns =
        o.path === BATCH_ROUTE
          ? ''
          : (namespaces.filter((n) => o.path === `/${n}` || o.path.startsWith(`/${n}/`)).sort((a, b) => b.length - a.length)[0] ?? '');
      route = { key: routeKey(o.path, o.params, doc), namespace: ns, endpoints: [], path: o.path, parametric: o.path.includes('{') };
      byPath.set(o.path, route);
    }
    const args: JsonObject = {};
    for (const p of o.params)
      if ((p.in === 'query' || p.in === 'path') && !isGlobal(p.name))
        args[p.name] = argOf(p.schema, doc, p.in === 'path' || p.required === true, p.description);
    const body = bodySchema(o, doc) ?? bodySchema(o, doc, 'application/x-www-form-urlencoded') ?? bodySchema(o, doc, 'multipart/form-data');
    if (isObject(body?.properties)) {
      const req = new Set(Array.isArray(body.required) ? body.required : []);
      for (const [name, s] of Object.entries(body.properties)) {
        if (args[name] === undefined) args[name] = argOf(s, doc, req.has(name), (deref(s, doc) as Schema | undefined)?.description);
      }
    }
    const method = o.method.toUpperCase();
    const batch = (o.op as JsonObject)['x-allow-batch'];
    const text = JSON.stringify(args);
    const same = route.endpoints.find((e) => JSON.stringify(e.args) === text && JSON.stringify(e.allowBatch) === JSON.stringify(batch));
    if (same) same.methods.push(method);
    else route.endpoints.push({ methods: [method], args, ...(batch !== undefined ? { allowBatch: batch } : {}) });
  }
  // WordPress lists a route's methods and endpoints in the order they were registered: reads first, then writes (POST, PUT, PATCH), then DELETE.
  const rank = (m: string): number => METHOD_ORDER.indexOf(m);
  const out = [...byPath.values()];
  for (const r of out) {
    for (const e of r.endpoints) e.methods.sort((a, b) => rank(a) - rank(b));
    r.endpoints.sort((a, b) => rank(a.methods[0]) - rank(b.methods[0]));
  }
  return out;
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** An argument map in the request's naming (`i18n_language` -> `wpml_language`). */
function namedArgs(args: JsonObject, site: boolean): JsonObject {
  if (!site) return args;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(args)) out[mapParam(k, FESTIVAL_PLATFORM, 'toSite')] = v;
  return out;
}

const cache = new WeakMap<OpenApiDoc, RouteEntry[]>();

/** The core route of the themes, whose example names the active theme. */
const THEMES_ROUTE = `/${CORE_NAMESPACE}/themes`;

/** The compact URI prefix WordPress sends beside a `wp:` relation (WP_REST_Server::get_compact_response_links). */
const WP_CURIE: JsonObject = { name: 'wp', href: `${API_REL}{rel}`, templated: true };

/**
 * The active theme's stylesheet: the theme whose `status` is `active` in the documented examples of
 * the themes list (the spec's example of the site's themes), or undefined when the spec has none.
 */
function activeTheme(doc: OpenApiDoc): string | undefined {
  const op = operations(doc).find((o) => o.method === 'get' && o.path === THEMES_ROUTE);
  const ok = deref(op?.op.responses?.['200'], doc);
  for (const e of Object.values(ok?.content?.['application/json']?.examples ?? {})) {
    const value: unknown = deref(e, doc)?.value;
    const active = Array.isArray(value) ? value.find((t) => isObject(t) && t.status === 'active') : undefined;
    if (isObject(active) && typeof active.stylesheet === 'string') return active.stylesheet;
  }
  return undefined;
}

/**
 * The index's `_links` for this caller: the example's, and, as WordPress adds them in
 * `add_active_theme_link_to_index`, the active theme (`wp:active-theme`) for a caller who may switch
 * themes or edit posts (on the mock: any caller with credentials, user 1), then the `curies` that
 * expand its `wp:` prefix, last.
 */
function indexLinks(links: unknown, doc: OpenApiDoc, authed: boolean, themeUrl: (stylesheet: string) => string): unknown {
  const theme = authed ? activeTheme(doc) : undefined;
  if (theme === undefined || !isObject(links)) return links;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(links)) if (k !== 'curies') out[k] = v;
  out['wp:active-theme'] = [{ href: themeUrl(theme) }];
  out.curies = [WP_CURIE];
  return out;
}

/**
 * The index's JSON in the request's naming, on `origin`: `description` is the documented example's
 * value (the site's own members); routes, namespaces and links are generated. Its URLs are written
 * on the origin in the spec's names at the root and in the site's under `/wp-json` (the front's
 * naming step leaves them as they are).
 */
export function siteIndex(doc: OpenApiDoc, example: unknown, origin: string, naming: Naming, authed = false): JsonObject {
  let routes = cache.get(doc);
  if (!routes) {
    routes = specRoutes(doc);
    cache.set(doc, routes);
  }
  const site = naming.form !== 'plain';
  const name = (path: string): string => (site ? mapPath(path, FESTIVAL_PLATFORM, 'toSite') : path);
  const restUrl = (path: string): string =>
    !site ? `${origin}${path}` : naming.form === 'path' ? `${origin}/wp-json${path === '/' ? '/' : path}` : `${origin}${naming.entry}?rest_route=${path}`;
  const out: JsonObject = {};
  const base = isObject(example) ? example : {};
  // The namespaces that serve routes, in the order of their first route (WordPress's registration order).
  const namespaces = [...new Set(routes.map((r) => r.namespace).filter(Boolean))].map((n) => name(`/${n}`).slice(1));
  const table: JsonObject = {};
  for (const r of routes) {
    const entry: JsonObject = {
      namespace: r.namespace ? name(`/${r.namespace}`).slice(1) : '',
      methods: r.endpoints.flatMap((e) => e.methods),
      endpoints: r.endpoints.map((e) => ({
        methods: e.methods,
        ...(e.allowBatch !== undefined ? { allow_batch: e.allowBatch } : {}),
        args: namedArgs(e.args, site),
      })),
    };
    if (!r.parametric) entry._links = { self: [{ href: restUrl(name(r.path)) }] };
    // The key's named groups in the site's names too (`(?P<mlJobId>` -> `(?P<wpmlJobId>`).
    table[site ? name(r.key).replace(/\(\?P<([^>]+)>/g, (_m, n: string) => `(?P<${mapParam(n, FESTIVAL_PLATFORM, 'toSite')}>`) : r.key] = entry;
  }
  for (const [k, v] of Object.entries(base)) {
    if (k === 'routes') out.routes = table;
    else if (k === 'namespaces') out.namespaces = namespaces;
    else if (k === 'url' || k === 'home') out[k] = origin;
    else if (k === '_links') out[k] = indexLinks(v, doc, authed, (stylesheet) => restUrl(name(`${THEMES_ROUTE}/${stylesheet}`)));
    else out[k] = v;
  }
  if (out.routes === undefined) out.routes = table;
  if (out.namespaces === undefined) out.namespaces = namespaces;
  return out;
}

/** The last indexes generated (per document, origin, naming and caller; a few: the origin is the request's `Host`). */
const KEPT = new WeakMap<OpenApiDoc, Map<string, JsonObject>>();
const MAX_KEPT = 8;

/**
 * The index as `siteIndex` generates it, kept for its document, origin, naming and caller (with or
 * without credentials: the active theme's link) with its JSON bytes
 * (json-text.ts; nothing changes an answer's value in place): the index of every route is the
 * front's largest answer (~350 KB), and generating and serialising it again took more of the
 * front's time under the bench's distinct requests than every other answer together (D244).
 */
function keptIndex(doc: OpenApiDoc, example: unknown, origin: string, naming: Naming, authed: boolean): JsonObject {
  let kept = KEPT.get(doc);
  if (!kept) KEPT.set(doc, (kept = new Map()));
  const key = `${origin} ${naming.form} ${naming.entry} ${authed ? 'authed' : 'anonymous'}`;
  let json = kept.get(key);
  if (json) {
    kept.delete(key);
  } else {
    json = siteIndex(doc, example, origin, naming, authed);
    remember(json);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, json);
  return json;
}

/** The index's answer to a matched `GET /` (any naming): generated, shaped as every answer (`_fields`, `_envelope`), with the discovery link. */
export async function indexReply(front: Front, req: IncomingMessage, asked: Asked): Promise<Reply> {
  const ok = deref(asked.match.entry!.op.responses?.['200'], front.doc);
  const example = deref(Object.values(ok?.content?.['application/json']?.examples ?? {})[0], front.doc)?.value;
  const json = keptIndex(front.doc, example, asked.origin, asked.naming, req.headers.authorization !== undefined);
  const headers = { ...CORS, link: discoveryLink(asked.origin) };
  return shape(front, req, asked, { status: 200, headers, json }, { exampleKey: undefined, context: undefined }, {});
}
