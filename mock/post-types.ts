// The post types (`GET /core/v2/types`, `/core/v2/types/{type}`) as the festival site lists them
// (D246): the entries of the spec's list example (the site's answer, measured on wp71) whose items'
// route the spec describes (`rest_namespace` and `rest_base` name a path with a GET, or its item route
// with one when the type has no collection route; a `rest_base`
// pattern `(?P<font_family_id>[\d]+)` matches any path parameter), unless that route is marked
// `x-since` a release later than the one the mock answers as (`--release`, `--wordpress`), each
// without the fields the `PostType` schema marks as later. A route added to the spec adds its post
// type by itself. The edit context (labels, capabilities, supports) is documented for `post` only:
// its requests are the examples' (Prism's), as are `--static` and `Prefer` requests.
import type { IncomingMessage } from 'node:http';
import { isObject, type JsonObject } from '../core/json.ts';
import { phpDecode } from '../core/php-query.ts';
import { deref, type OpenApiDoc, type OperationObject } from '../core/spec.ts';
import { CORS } from './cors.ts';
import { lastParam } from './globals.ts';
import { platformReply } from './reply.ts';
import { shape } from './shape.ts';
import { refusalOf } from './store-routes.ts';
import { addedLater, type Releases } from './store/host.ts';
import { isErrorBody, type Asked, type Front, type Reply, type ToForward } from './types.ts';

export const TYPES_ROUTE = '/core/v2/types';
export const TYPE_ROUTE = '/core/v2/types/{type}';

/** Is this the route of the post types or of one post type? */
export const isTypesRoute = (template: string): boolean => template === TYPES_ROUTE || template === TYPE_ROUTE;

/** A route with every path parameter alike: `{id}` and WordPress's `(?P<id>[\d]+)` are both `{}`. */
const normal = (route: string): string => route.replace(/\(\?P<[^>]+>[^)]*\)|\{[^}]+\}/g, '{}').toLowerCase();

/** The value of an operation's first documented example of a status. */
function exampleValue(doc: OpenApiDoc, op: OperationObject | undefined, status: string): unknown {
  const res = deref(op?.responses?.[status], doc);
  const first = Object.values(res?.content?.['application/json']?.examples ?? {})[0];
  return deref(first, doc)?.value;
}

const CACHE = new WeakMap<OpenApiDoc, Map<string, JsonObject>>();

/** The post types the site lists, in its order, keyed by slug, as the releases `releases` answer (view context). */
export function postTypes(doc: OpenApiDoc, releases: Releases): JsonObject {
  let byRelease = CACHE.get(doc);
  if (!byRelease) CACHE.set(doc, (byRelease = new Map()));
  const key = `${releases.release}|${releases.wordpress}`;
  const known = byRelease.get(key);
  if (known) return known;
  const gets = new Map<string, OperationObject>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const get = deref(item, doc)?.get;
    if (get) gets.set(normal(path), get);
  }
  const props = deref(doc.components?.schemas?.PostType, doc)?.properties ?? {};
  const later = Object.entries(props)
    .filter(([, p]) => addedLater(deref(p, doc), releases))
    .map(([name]) => name);
  const listed = exampleValue(doc, deref(doc.paths?.[TYPES_ROUTE], doc)?.get, '200');
  const out: JsonObject = {};
  for (const [slug, entry] of Object.entries(isObject(listed) ? listed : {})) {
    if (!isObject(entry)) continue;
    // A type without a collection route (global styles: `global-styles/{id}` only) is named by its item route.
    const base = normal(`/${String(entry.rest_namespace)}/${String(entry.rest_base)}`);
    const get = gets.get(base) ?? gets.get(`${base}/{}`);
    if (get === undefined || addedLater(get, releases)) continue;
    out[slug] = Object.fromEntries(Object.entries(entry).filter(([k]) => !later.includes(k)));
  }
  byRelease.set(key, out);
  return out;
}

/** The names the embed context keeps (`PostTypeEmbed`'s properties). */
function embedNames(doc: OpenApiDoc): Set<string> {
  return new Set([...Object.keys(deref(doc.components?.schemas?.PostTypeEmbed, doc)?.properties ?? {}), '_links']);
}

/**
 * A request for the post types, answered from `postTypes` (checked first as every store-backed
 * request: the platform's 400 and 401); null when the examples answer it (the edit context).
 */
export async function typesReply(front: Front, req: IncomingMessage, asked: Asked, prepared: ToForward): Promise<Reply | null> {
  const host = front.store;
  if (!host) return null;
  const context = lastParam(asked.pairs, 'context') ?? 'view';
  if (context === 'edit') return null;
  const refused = refusalOf(front, host, req, asked, prepared);
  if (refused) return platformReply(refused);
  const types = postTypes(front.doc, host);
  const keep = context === 'embed' ? embedNames(front.doc) : null;
  const project = (e: unknown): unknown => (keep && isObject(e) ? Object.fromEntries(Object.entries(e).filter(([k]) => keep.has(k))) : e);
  let json: unknown;
  if (asked.match.route.template === TYPES_ROUTE) json = Object.fromEntries(Object.entries(types).map(([k, v]) => [k, project(v)]));
  else {
    const slug = phpDecode(asked.match.values.type ?? '');
    if (!Object.hasOwn(types, slug)) {
      const documented = exampleValue(front.doc, asked.match.entry!.op, '404');
      return platformReply({
        status: 404,
        body: isErrorBody(documented) ? documented : { code: 'rest_type_invalid', message: 'Invalid post type.', data: { status: 404 } },
      });
    }
    json = project(types[slug]);
  }
  return shape(front, req, asked, { status: 200, headers: { ...CORS }, json }, { exampleKey: undefined, context: undefined }, {});
}
