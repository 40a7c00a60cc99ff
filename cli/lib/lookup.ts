// Real values for requests, taken from the site itself: ids from its own lists, required query
// values from the spec, and what the site's index says about a route (its arguments, its methods).
import { fill, quietly } from './exercise.js';
import { KEPT_ITEMS } from './http.js';
import { endpointFor, routeKey } from './routes.js';
import { asArray, asObject, member, type JsonObject } from '../../core/json.js';
import { deref, schemaBounds, schemaEnum } from '../../core/spec.js';
import type { Operation, Parameter } from '../../core/spec.js';
import type { SiteRoute } from './routes.js';
import type { RunContext } from './types.js';
import { CORE_NAMESPACE } from '../../core/platform.js';

const MAX_PARENT_PROBES = 25;

/** The records of a list answer: the array itself, or the first array of records in an envelope. */
export function itemsOf(json: unknown): unknown[] {
  if (Array.isArray(json)) return json.filter((x: unknown) => x && typeof x === 'object');
  if (json && typeof json === 'object')
    for (const v of Object.values(json)) {
      const list = asArray(v);
      const first = list?.[0];
      if (list?.length && first && typeof first === 'object' && 'id' in first) return list;
    }
  return [];
}

/** The value of a path: the path template's parameters by name (the site's own values). */
export type PathValues = Record<string, unknown>;

/** The site's route entry for a spec path (`/core/v2/posts/{id}`), or undefined. */
export function siteRoute(ctx: Pick<RunContext, 'siteRoutes'>, specPath: string): SiteRoute | undefined {
  return ctx.siteRoutes.get(routeKey(specPath));
}

/** Does the site's index have `method` on the spec path's route? */
export function siteHas(ctx: Pick<RunContext, 'siteRoutes'>, method: string, specPath: string): boolean {
  const r = siteRoute(ctx, specPath);
  return Boolean(r && endpointFor(r.entry, method.toUpperCase()));
}

/** The site's declared arguments of an operation (undefined when the site lacks the route or method). */
export function siteArgs(ctx: Pick<RunContext, 'siteRoutes'>, x: Operation): JsonObject | undefined {
  const r = siteRoute(ctx, x.path);
  const ep = r && endpointFor(r.entry, x.method.toUpperCase());
  if (!ep) return undefined;
  return asObject(ep.args) ?? {};
}

/** A list GET of the site (cached per run): its records, or [] when it fails. */
export async function list(ctx: RunContext, specPath: string, query: Record<string, unknown> = {}): Promise<unknown[]> {
  const k = `${specPath}?${JSON.stringify(query)}`;
  let items = ctx.listCache.get(k);
  if (!items) {
    const r = await quietly(ctx, 'GET', specPath, { query });
    // A page has at most 100 records: more are a hostile answer, and a run keeps no more of them (D181).
    items = r?.status === 200 ? itemsOf(r.json).slice(0, KEPT_ITEMS) : [];
    ctx.listCache.set(k, items);
  }
  return items;
}

export const hasGet = (ctx: Pick<RunContext, 'getByRoute'>, path: string): boolean => ctx.getByRoute.has(routeKey(path));

/** A list query asking for as many records as the spec allows (at most 100). */
export function listQuery(ctx: Pick<RunContext, 'getByRoute' | 'doc'>, path: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const x = ctx.getByRoute.get(routeKey(path));
  const q: Record<string, unknown> = { ...extra };
  const per = x?.params.find((p) => p.name === 'per_page');
  if (per) q.per_page = Math.min(100, schemaBounds(per.schema, ctx.doc).maximum ?? 100);
  return q;
}

/** The `status` value that lists records of every status (`any`, or the enum), when credentials allow it. */
export function anyStatus(ctx: Pick<RunContext, 'getByRoute' | 'doc' | 'http'>, path: string): string | unknown[] | undefined {
  const x = ctx.getByRoute.get(routeKey(path));
  const st = x?.params.find((p) => p.name === 'status' && p.in === 'query');
  if (!st || !ctx.http.hasCredentials) return undefined;
  const e = schemaEnum(st.schema, ctx.doc) ?? [];
  return e.includes('any') ? 'any' : e.length ? e : undefined;
}

async function listBoth(ctx: RunContext, collection: string, template: string): Promise<unknown[]> {
  const st = anyStatus(ctx, template);
  const items = await list(ctx, collection, listQuery(ctx, template));
  if (!st) return items;
  return [...items, ...(await list(ctx, collection, listQuery(ctx, template, { status: st })))];
}

/** The collection path template a parameter at segment `i` is taken from, or undefined. */
function collectionFor(ctx: Pick<RunContext, 'getByRoute'>, segs: string[], i: number): string | undefined {
  let j = i;
  let template = segs.slice(0, j).join('/');
  while (!hasGet(ctx, template) && j > 1 && !/^\{/.test(segs[j - 1])) {
    j--;
    template = segs.slice(0, j).join('/');
  }
  return hasGet(ctx, template) ? template : undefined;
}

/**
 * A path value the site links rather than lists (DECISIONS D228): the `{stylesheet}` under
 * `global-styles/themes` is the active theme's (the only one served), and a global styles record's id (`global-styles/{id}`,
 * `global-styles/{parent}/…`) from the active theme's `wp:user-global-styles` link, since WordPress
 * lists no global styles. undefined: not such a parameter; null: the site gave none.
 */
async function linkedValue(ctx: RunContext, segs: string[], i: number): Promise<string | number | null | undefined> {
  const core = `/${CORE_NAMESPACE}`;
  if (`/${segs.slice(1, 3).join('/')}` !== core || segs[3] !== 'global-styles') return undefined;
  const themes = `${core}/themes`;
  if (!ctx.getByRoute.has(themes)) return undefined;
  const active = async () => (await list(ctx, themes, { status: 'active' }))[0];
  if (i === 5 && segs[4] === 'themes' && segs[i] === '{stylesheet}') {
    // Only the active theme's styles are served (any other stylesheet: 404 rest_theme_not_found).
    const stylesheet = member(await active(), 'stylesheet');
    return typeof stylesheet === 'string' && stylesheet !== '' ? stylesheet : null;
  }
  if (i !== 4 || !['{id}', '{parent}'].includes(segs[i])) return undefined;
  const href = member(asArray(member(asObject(member(await active(), '_links')), 'wp:user-global-styles'))?.[0], 'href');
  const id = typeof href === 'string' ? /\/(\d{1,12})\/?$/.exec(href)?.[1] : undefined;
  return id === undefined ? null : Number(id);
}

/**
 * The names a keyed list answers (`/core/v2/types` answers `{post: {...}, page: {...}}`): its keys, when
 * the answer is an object whose members are objects; [] otherwise (an error, a list, `[]`).
 */
export async function listKeys(ctx: RunContext, specPath: string): Promise<string[]> {
  const k = `keys:${specPath}`;
  let keys = ctx.listCache.get(k) as string[] | undefined;
  if (!keys) {
    const r = await quietly(ctx, 'GET', specPath);
    const json = r?.status === 200 ? r.json : undefined;
    keys =
      json && typeof json === 'object' && !Array.isArray(json)
        ? Object.entries(json)
            .filter(([name, v]) => v && typeof v === 'object' && /^[\w-]{1,100}$/.test(name))
            .map(([name]) => name)
            .slice(0, KEPT_ITEMS)
        : [];
    ctx.listCache.set(k, keys);
  }
  return keys;
}

/** A block name as the block editor writes it, `<namespace>/<name>` (`core/archives`). */
const QUALIFIED_NAME = /^([a-z0-9-]{1,100})\/([a-z0-9-]{1,100})$/;

/** The block types' list beside a route of the same namespace (`/core/v2/block-renderer/{name}` -> `/core/v2/block-types`). */
const BLOCK_TYPES = 'block-types';

/**
 * Routes named by a block name, which no list of their own gives (DECISIONS D234): the block types
 * (`block-types/{namespace}[/{name}]`, whose list's records carry `name: "core/archives"` and no
 * id), and the block renderer (`block-renderer/{name}`, which renders only a dynamic block type:
 * the first one of the site's block types' list with `is_dynamic: true`). Undefined for any other route.
 */
async function blockNameValues(ctx: RunContext, template: string): Promise<{ values: PathValues } | { why: string } | undefined> {
  const m = /^(.*\/)(block-types\/\{namespace\}(?:\/\{name\})?|block-renderer\/\{name\})$/.exec(template);
  if (!m) return undefined;
  const typesPath = `${m[1]}${BLOCK_TYPES}`;
  if (!hasGet(ctx, typesPath)) return { why: `no list ${typesPath} to take a block name from` };
  const renderer = m[2].startsWith('block-renderer');
  const names = (await list(ctx, typesPath, {}))
    .filter((it) => !renderer || member(it, 'is_dynamic') === true)
    .map((it) => member(it, 'name'))
    .filter((n): n is string => typeof n === 'string' && QUALIFIED_NAME.test(n));
  if (!names.length) return { why: `the site's list ${typesPath} has no ${renderer ? 'dynamic ' : ''}block type` };
  const [whole, namespace, name] = QUALIFIED_NAME.exec(names[0]) ?? [];
  if (renderer) return { values: { name: whole } };
  return { values: m[2].endsWith('{name}') ? { namespace, name } : { namespace } };
}

/** The value `me` (the signed-in user) where the spec's path parameter offers it, for a run with credentials. */
function currentUserValue(ctx: RunContext, template: string, name: string): string | undefined {
  if (!ctx.http.hasCredentials) return undefined;
  const p = ctx.allOps.find((o) => o.path === template)?.params.find((q) => q.in === 'path' && q.name === name);
  return p && (schemaEnum(p.schema, ctx.doc) ?? []).includes('me') ? 'me' : undefined;
}

/** Resolve a path template's parameters to real values from the site's lists, or explain why not. */
export async function resolvePath(ctx: RunContext, template: string): Promise<{ values: PathValues; why?: undefined } | { why: string; values?: undefined }> {
  const named = await blockNameValues(ctx, template);
  if (named) return named;
  const segs = template.split('/');
  const values: PathValues = {};
  for (let i = 0; i < segs.length; i++) {
    const m = /^\{(.+)\}$/.exec(segs[i]);
    if (!m) continue;
    const name = m[1];
    // The configured user's own records (`users/me/application-passwords`): never another user's.
    const me = currentUserValue(ctx, template, name);
    if (me !== undefined) {
      values[name] = me;
      continue;
    }
    const linked = await linkedValue(ctx, segs, i);
    if (linked === null) return { why: `the site links no ${name} for ${segs.slice(0, i).join('/')}` };
    if (linked !== undefined) {
      values[name] = linked;
      continue;
    }
    const collectionTemplate = collectionFor(ctx, segs, i);
    if (!collectionTemplate) return { why: `no list to take a ${name} from` };
    const collection = fill(collectionTemplate, values);
    const field = name === 'slug' ? 'slug' : 'id';
    if (i === segs.length - 1) {
      let items = await list(ctx, collection, listQuery(ctx, collectionTemplate));
      if (!items.length && anyStatus(ctx, collectionTemplate))
        items = await list(ctx, collection, listQuery(ctx, collectionTemplate, { status: anyStatus(ctx, collectionTemplate) }));
      const named = (it: unknown, f: string) => it && member(it, f) !== undefined && member(it, f) !== '';
      // A record without an id named by a member of the parameter's name (`themes/{stylesheet}`).
      const key = !items.some((it) => named(it, field)) && items.some((it) => named(it, name)) ? name : field;
      const item = items.find((it) => named(it, key));
      if (!item && !items.length && !['id', 'slug'].includes(name)) {
        // A record named by its key in a keyed list (`types/{type}`, `menu-locations/{location}`).
        const keys = await listKeys(ctx, collection);
        if (!keys.length) return { why: `the site's list ${collection} is empty` };
        values[name] = keys[0];
        continue;
      }
      if (!item) return { why: `the site's list ${collection} is empty` };
      values[name] = member(item, key);
      continue;
    }
    // A parent: the first record whose child list (up to the next parameter) is not empty.
    const child = segs.slice(i + 1).findIndex((s) => /^\{/.test(s));
    const childTemplate = segs.slice(0, child < 0 ? segs.length : i + 1 + child).join('/');
    const candidates = [
      ...new Map(
        (await listBoth(ctx, collection, collectionTemplate)).filter((it) => it && member(it, field) !== undefined).map((it) => [member(it, field), it]),
      ).values(),
    ].slice(0, MAX_PARENT_PROBES);
    let found: unknown;
    for (const c of candidates) {
      if ((await list(ctx, fill(childTemplate, { ...values, [name]: member(c, field) }), {})).length) {
        found = c;
        break;
      }
    }
    if (!found) return { why: `no record of ${collection} has ${childTemplate.split('/').pop()} (checked ${candidates.length})` };
    values[name] = member(found, field);
  }
  return { values };
}

/** A URL of the site for parameters that take one (oEmbed): a post's link, else the home page. */
export async function sample(ctx: RunContext): Promise<unknown> {
  if (ctx.sampleUrl !== undefined) return ctx.sampleUrl;
  ctx.sampleUrl = ctx.siteIndex.url ?? ctx.siteIndex.home ?? '';
  const postsList = ctx.allOps.find((x) => x.method === 'get' && /\/posts$/.test(x.path) && !x.path.includes('{') && !ctx.absentNs.has(x.namespace));
  if (postsList) {
    const items = await list(ctx, postsList.path, {});
    const link = member(items[0], 'link');
    if (typeof link === 'string') ctx.sampleUrl = link;
  }
  return ctx.sampleUrl;
}

async function valueFor(ctx: RunContext, p: Parameter): Promise<unknown> {
  const s = deref(p.schema, ctx.doc) ?? {};
  if (s.format === 'uri' || p.name === 'url') return sample(ctx);
  if (p.example !== undefined) return p.example;
  if (s.default !== undefined) return s.default;
  const e = schemaEnum(s, ctx.doc);
  if (e?.length) return e[0];
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.type === 'boolean') return true;
  return 'contract';
}

/** Values for the required query parameters of an operation (spec names), without `without`. */
export async function requiredQuery(ctx: RunContext, x: Operation, without?: string): Promise<Record<string, unknown>> {
  const q: Record<string, unknown> = {};
  for (const p of x.params) {
    if (p.in !== 'query' || !p.required || p.name === without) continue;
    q[p.name] = await valueFor(ctx, p);
  }
  return q;
}
