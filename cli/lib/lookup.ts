// Real values for requests, taken from the site itself: ids from its own lists, required query
// values from the spec, and what the site's index says about a route (its arguments, its methods).
import { fill, quietly } from './exercise.js';
import { endpointFor, routeKey } from './routes.js';
import { deref, schemaBounds, schemaEnum } from '../../core/spec.js';
import type { Json } from '../../core/spec.js';

const MAX_PARENT_PROBES = 25;

/** The records of a list answer: the array itself, or the first array of records in an envelope. */
export function itemsOf(json: Json) {
  if (Array.isArray(json)) return json.filter((x) => x && typeof x === 'object');
  if (json && typeof json === 'object')
    for (const v of Object.values(json)) if (Array.isArray(v) && v.length && v[0] && typeof v[0] === 'object' && 'id' in v[0]) return v;
  return [];
}

/** The site's route entry for a spec path (`/core/v2/posts/{id}`), or undefined. */
export function siteRoute(ctx: Json, specPath: Json) {
  return ctx.siteRoutes.get(routeKey(specPath));
}

/** Does the site's index have `method` on the spec path's route? */
export function siteHas(ctx: Json, method: Json, specPath: Json) {
  const r = siteRoute(ctx, specPath);
  return Boolean(r && endpointFor(r.entry, method.toUpperCase()));
}

/** The site's declared arguments of an operation (undefined when the site lacks the route or method). */
export function siteArgs(ctx: Json, x: Json) {
  const r = siteRoute(ctx, x.path);
  const ep = r && endpointFor(r.entry, x.method.toUpperCase());
  if (!ep) return undefined;
  return ep.args && typeof ep.args === 'object' && !Array.isArray(ep.args) ? ep.args : {};
}

/** A list GET of the site (cached per run): its records, or [] when it fails. */
export async function list(ctx: Json, specPath: Json, query = {}) {
  const k = `${specPath}?${JSON.stringify(query)}`;
  if (!ctx.listCache.has(k)) {
    const r = await quietly(ctx, 'GET', specPath, { query });
    ctx.listCache.set(k, r?.status === 200 ? itemsOf(r.json) : []);
  }
  return ctx.listCache.get(k);
}

export const hasGet = (ctx: Json, path: Json) => ctx.getByRoute.has(routeKey(path));

/** A list query asking for as many records as the spec allows (at most 100). */
export function listQuery(ctx: Json, path: Json, extra = {}) {
  const x = ctx.getByRoute.get(routeKey(path));
  const q: Record<string, Json> = { ...extra };
  const per = x?.params.find((p: Json) => p.name === 'per_page');
  if (per) q.per_page = Math.min(100, schemaBounds(per.schema, ctx.doc).maximum ?? 100);
  return q;
}

/** The `status` value that lists records of every status (`any`, or the enum), when credentials allow it. */
export function anyStatus(ctx: Json, path: Json) {
  const x = ctx.getByRoute.get(routeKey(path));
  const st = x?.params.find((p: Json) => p.name === 'status' && p.in === 'query');
  if (!st || !ctx.http.hasCredentials) return undefined;
  const e = schemaEnum(st.schema, ctx.doc) ?? [];
  return e.includes('any') ? 'any' : e.length ? e : undefined;
}

async function listBoth(ctx: Json, collection: Json, template: Json) {
  const st = anyStatus(ctx, template);
  const items = await list(ctx, collection, listQuery(ctx, template));
  if (!st) return items;
  return [...items, ...(await list(ctx, collection, listQuery(ctx, template, { status: st })))];
}

/** The collection path template a parameter at segment `i` is taken from, or undefined. */
function collectionFor(ctx: Json, segs: Json, i: Json) {
  let j = i;
  let template = segs.slice(0, j).join('/');
  while (!hasGet(ctx, template) && j > 1 && !/^\{/.test(segs[j - 1])) {
    j--;
    template = segs.slice(0, j).join('/');
  }
  return hasGet(ctx, template) ? template : undefined;
}

/** Resolve a path template's parameters to real values from the site's lists, or explain why not. */
export async function resolvePath(ctx: Json, template: Json) {
  const segs = template.split('/');
  const values: Record<string, Json> = {};
  for (let i = 0; i < segs.length; i++) {
    const m = /^\{(.+)\}$/.exec(segs[i]);
    if (!m) continue;
    const name = m[1];
    const collectionTemplate = collectionFor(ctx, segs, i);
    if (!collectionTemplate) return { why: `no list to take a ${name} from` };
    const collection = fill(collectionTemplate, values);
    const field = name === 'slug' ? 'slug' : 'id';
    if (i === segs.length - 1) {
      let items = await list(ctx, collection, listQuery(ctx, collectionTemplate));
      if (!items.length && anyStatus(ctx, collectionTemplate))
        items = await list(ctx, collection, listQuery(ctx, collectionTemplate, { status: anyStatus(ctx, collectionTemplate) }));
      const item = items.find((it: Json) => it && it[field] !== undefined && it[field] !== '');
      if (!item) return { why: `the site's list ${collection} is empty` };
      values[name] = item[field];
      continue;
    }
    // A parent: the first record whose child list (up to the next parameter) is not empty.
    const child = segs.slice(i + 1).findIndex((s: Json) => /^\{/.test(s));
    const childTemplate = segs.slice(0, child < 0 ? segs.length : i + 1 + child).join('/');
    const candidates = [
      ...new Map(
        (await listBoth(ctx, collection, collectionTemplate)).filter((it: Json) => it && it[field] !== undefined).map((it: Json) => [it[field], it]),
      ).values(),
    ].slice(0, MAX_PARENT_PROBES);
    let found: Json;
    for (const c of candidates as Json[]) {
      if ((await list(ctx, fill(childTemplate, { ...values, [name]: c[field] }), {})).length) {
        found = c;
        break;
      }
    }
    if (!found) return { why: `no record of ${collection} has ${childTemplate.split('/').pop()} (checked ${candidates.length})` };
    values[name] = found[field];
  }
  return { values };
}

/** A URL of the site for parameters that take one (oEmbed): a post's link, else the home page. */
export async function sample(ctx: Json) {
  if (ctx.sampleUrl !== undefined) return ctx.sampleUrl;
  ctx.sampleUrl = ctx.siteIndex.url ?? ctx.siteIndex.home ?? '';
  const postsList = ctx.allOps.find((x: Json) => x.method === 'get' && /\/posts$/.test(x.path) && !x.path.includes('{') && !ctx.absentNs.has(x.namespace));
  if (postsList) {
    const items = await list(ctx, postsList.path, {});
    if (typeof items[0]?.link === 'string') ctx.sampleUrl = items[0].link;
  }
  return ctx.sampleUrl;
}

async function valueFor(ctx: Json, p: Json) {
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
export async function requiredQuery(ctx: Json, x: Json, without?: Json) {
  const q: Record<string, Json> = {};
  for (const p of x.params) {
    if (p.in !== 'query' || !p.required || p.name === without) continue;
    q[p.name] = await valueFor(ctx, p);
  }
  return q;
}
