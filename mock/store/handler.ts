// The store-backed routes: a matched, valid request to one of them is answered from the store with
// the platform's semantics (create, read, update, trash or delete, lists with their filters);
// every other route stays Prism's. The front pages the list answers (paging.ts) and applies
// `_embed`, `_fields` and `_envelope` as on every route.
import { asArray, asObject, asString, at, member, type JsonObject } from '../../core/json.ts';
import { CALENDAR_NAMESPACE, CORE_NAMESPACE, LANGUAGE_PARAM } from '../../core/platform.js';
import { deref, type OpenApiDoc, type OperationObject, type Schema } from '../../core/spec.ts';
import { remember } from '../json-text.ts';
import { type Clock } from './clock.ts';
import { applyEventWrite, applyLinkedWrite, applyTermWrite, linkedIds, newEvent, newLinked, newTerm, type EventWriteCtx } from './cal-records.ts';
import { applyCoreWrite, newCoreRecord, newUser, revisionOf } from './core-records.ts';
import { classList, coreLinks, contextSchema, presentCal, project } from './present.ts';
import { filterCalOther, filterCore, filterEvents, listParam, param, sortRecs, type ListQuery } from './query.ts';
import type { Rec, Store } from './store.ts';
import { addedLater, CALENDAR_RELEASES, NEWEST_WORDPRESS, type CalendarRelease } from './host.ts';
import { RECORD_SCHEMA, type CollectionKey, type Lang } from './seed.ts';
import { isErrorBody, type Pairs, type Param, type PlatformAnswer } from '../types.ts';
import { REST, type WpRecord } from './record.ts';
import { requestedPage } from '../paging.ts';

type Role = 'collection' | 'item' | 'slug' | 'children' | 'child' | 'me';

const ROUTES = new Map<string, { key: CollectionKey; role: Role }>();
for (const c of ['posts', 'pages', 'media', 'menu-items']) {
  const key = `${CORE_NAMESPACE}/${c}` as CollectionKey;
  ROUTES.set(`/${key}`, { key, role: 'collection' });
  ROUTES.set(`/${key}/{id}`, { key, role: 'item' });
}
// Users (WP_REST_Users_Controller): `me` is the caller, the site's administrator (user 1; D212).
ROUTES.set(`/${CORE_NAMESPACE}/users`, { key: `${CORE_NAMESPACE}/users` as CollectionKey, role: 'collection' });
ROUTES.set(`/${CORE_NAMESPACE}/users/{id}`, { key: `${CORE_NAMESPACE}/users` as CollectionKey, role: 'item' });
ROUTES.set(`/${CORE_NAMESPACE}/users/me`, { key: `${CORE_NAMESPACE}/users` as CollectionKey, role: 'me' });
/** The user a caller with credentials is: the administrator (permissions are not emulated, D162). */
export const CALLER_ID = 1;
// Comments (WP_REST_Comments_Controller): their own table, listed per post; no revisions.
ROUTES.set(`/${CORE_NAMESPACE}/comments`, { key: `${CORE_NAMESPACE}/comments` as CollectionKey, role: 'collection' });
ROUTES.set(`/${CORE_NAMESPACE}/comments/{id}`, { key: `${CORE_NAMESPACE}/comments` as CollectionKey, role: 'item' });
for (const c of ['posts', 'pages']) {
  const base = `${CORE_NAMESPACE}/${c}`;
  ROUTES.set(`/${base}/{parent}/revisions`, { key: `${base}/revisions` as CollectionKey, role: 'children' });
  ROUTES.set(`/${base}/{parent}/revisions/{id}`, { key: `${base}/revisions` as CollectionKey, role: 'child' });
  ROUTES.set(`/${base}/{id}/autosaves`, { key: `${base}/autosaves` as CollectionKey, role: 'children' });
  ROUTES.set(`/${base}/{parent}/autosaves/{id}`, { key: `${base}/autosaves` as CollectionKey, role: 'child' });
}
for (const c of ['events', 'venues', 'organizers', 'categories', 'tags']) {
  const key = `${CALENDAR_NAMESPACE}/${c}` as CollectionKey;
  ROUTES.set(`/${key}`, { key, role: 'collection' });
  ROUTES.set(`/${key}/{id}`, { key, role: 'item' });
  if (c !== 'categories' && c !== 'tags') ROUTES.set(`/${key}/by-slug/{slug}`, { key, role: 'slug' });
}

/** The site search: its post results are the store's records (`type=term` and `post-format` stay Prism's examples). */
const SEARCH_ROUTE = `/${CORE_NAMESPACE}/search`;

/** Is this route template answered from the store? */
export const isStoreRoute = (template: string): boolean => ROUTES.has(template) || template === SEARCH_ROUTE;

/** The route templates answered from the store. */
export const storeRoutes = (): string[] => [...ROUTES.keys(), SEARCH_ROUTE];

/** A request to a store-backed route, read and valid. */
export interface StoreCall {
  doc: OpenApiDoc;
  store: Store;
  clock: Clock;
  template: string;
  op: OperationObject;
  /** The operation's parameters, merged with its path item's. */
  params: Param[];
  method: string;
  values: Record<string, string>;
  pairs: Pairs;
  /** The request's JSON or form body, as read (valid against the operation's schema). */
  body: unknown;
  authed: boolean;
  /** The calendar release answered as where releases differ (`--release`, D222); undefined: the newest. */
  release?: CalendarRelease;
  /** The WordPress release answered as (`--wordpress`, D247); undefined: the newest sandbox release. */
  wordpress?: string;
}

/**
 * Does this call get the answers of TEC before 6.17.2 (PR 5698)? Its event routes validated the id as
 * "an existing event": an unknown or non-event id was 400 `rest_invalid_param` on GET, POST and
 * DELETE, and a trashed event was read like any other (in full with credentials, 403
 * `event-not-accessible` without). Measured on wp68 (TEC 6.6.4.2).
 */
const olderEventIds = (c: StoreCall, key: CollectionKey): boolean => c.release === '6.6.4.2' && key === EVENTS;
const EVENTS: CollectionKey = `${CALENDAR_NAMESPACE}/events`;

/** The store's answer: JSON with its status and headers (lower-case), or the platform's error. */
export interface StoreAnswer {
  status: number;
  headers: Record<string, string>;
  json: unknown;
}

const isCal = (key: CollectionKey): boolean => key.startsWith(`${CALENDAR_NAMESPACE}/`);
const ITEM_ROUTE = (key: CollectionKey): string =>
  key.endsWith('/revisions') || key.endsWith('/autosaves') ? `/${key.replace(/\/(\w+)$/, '/{parent}/$1/{id}')}` : `/${key}/{id}`;

/** The documented error of an operation whose code matches, as an answer (`{id}` in its message replaced). */
function documented(c: StoreCall, status: number | null, code: RegExp, id?: string): PlatformAnswer | null {
  for (const [s, res] of Object.entries(c.op.responses ?? {})) {
    if (status !== null && Number(s) !== status) continue;
    for (const ex of Object.values(deref(res, c.doc)?.content?.['application/json']?.examples ?? {})) {
      const v = deref(ex, c.doc)?.value;
      if (isErrorBody(v) && code.test(v.code)) {
        const body = structuredClone(v);
        if (id !== undefined && typeof body.message === 'string') body.message = body.message.replace(/\b\d{2,}\b/, id);
        return { status: Number(s), body };
      }
    }
  }
  return null;
}

const fallback = (status: number, code: string, message: string): PlatformAnswer => ({ status, body: { code, message, data: { status } } });

/** The documented answer to an unknown id or slug (`x-unknown-id-status` first, as the newest release answers). */
function notFound(c: StoreCall, id: string): PlatformAnswer {
  const statuses = asArray(c.op['x-unknown-id-status'])?.filter((s): s is number => typeof s === 'number') ?? [404];
  for (const s of statuses) {
    const hit = documented(c, s, /invalid_id|not-found|not_found|invalid_param|term_invalid|invalid_parent/, id);
    if (hit) return hit;
  }
  return fallback(404, 'rest_post_invalid_id', 'Invalid post ID.');
}

const successStatus = (c: StoreCall): number => Number(Object.keys(c.op.responses ?? {}).find((s) => /^2\d\d$/.test(s)) ?? 200);

/** Is a schema marked `x-since` a release later than the one this call answers as (D222, D247)? */
const isLater = (c: StoreCall, schema: unknown): boolean =>
  addedLater(deref(schema, c.doc), { release: c.release ?? CALENDAR_RELEASES[0], wordpress: c.wordpress ?? NEWEST_WORDPRESS });

const LATER = new WeakMap<OpenApiDoc, Map<string, string[]>>();

/** The fields of a record's schema marked as added after the release answered as (`x-since`): the calendar's by `--release`, the core's by `--wordpress`. */
function laterFields(c: StoreCall, key: CollectionKey): string[] {
  let byKey = LATER.get(c.doc);
  if (!byKey) LATER.set(c.doc, (byKey = new Map()));
  const k = `${key}|${c.release ?? ''}|${c.wordpress ?? ''}`;
  let later = byKey.get(k);
  if (later === undefined) {
    const props = deref(c.doc.components?.schemas?.[RECORD_SCHEMA[key]], c.doc)?.properties ?? {};
    later = Object.entries(props)
      .filter(([, p]) => isLater(c, p))
      .map(([name]) => name);
    byKey.set(k, later);
  }
  return later;
}

/** A record without the fields its schema marks as added after the release answered as (D222, D247). */
function withoutLaterFields(c: StoreCall, key: CollectionKey, json: JsonObject): JsonObject {
  const later = laterFields(c, key);
  if (!later.some((k) => k in json)) return json;
  const out = { ...json };
  for (const k of later) delete out[k];
  return out;
}

const META = new WeakMap<OpenApiDoc, Map<string, JsonObject | null>>();

/** The empty value a registered meta key holds until it is set: its `default`, else its one type's empty value (none for a union). */
function emptyValue(schema: JsonObject): unknown {
  if ('default' in schema) return schema.default;
  return ({ string: '', boolean: false, array: [], number: 0, integer: 0 } as Record<string, unknown>)[String(schema.type)];
}

/**
 * The meta keys WordPress sends for a record of a post type (posts, pages, media, menu items, their
 * revisions and autosaves), each with its empty value, in registration order: the keys of the
 * record's `meta` schema (the calendar's `CalPostMeta`, then the core's own, `footnotes` on posts
 * and pages), as `register_meta` registers them with a type and a default (D249). A key of a union
 * type is one a record carries only in some cases (a reusable block's `wp_pattern_sync_status`):
 * not sent by default. Keys newer than the release answered as are left out. Null: the record has no
 * `meta` of registered keys (users and comments are left as they are stored).
 */
function registeredMeta(c: StoreCall, key: CollectionKey): JsonObject | null {
  if (key === 'core/v2/users' || key === 'core/v2/comments') return null;
  let byKey = META.get(c.doc);
  if (!byKey) META.set(c.doc, (byKey = new Map()));
  const k = `${key}|${c.release ?? ''}|${c.wordpress ?? ''}`;
  let meta = byKey.get(k);
  if (meta === undefined) {
    const metaSchema = deref(deref(c.doc.components?.schemas?.[RECORD_SCHEMA[key]], c.doc)?.properties?.meta, c.doc) as JsonObject | undefined;
    const branches = (asArray(metaSchema?.oneOf) ?? [metaSchema]).map((b) => deref(b, c.doc) as JsonObject | undefined);
    const object = branches.find((b) => b?.type === 'object');
    meta = null;
    if (object) {
      meta = {};
      const parts = [...(asArray(object.allOf) ?? []).map((b) => deref(b, c.doc) as JsonObject | undefined), object];
      for (const part of parts)
        for (const [name, ref] of Object.entries(asObject(part?.properties) ?? {})) {
          const prop = deref(ref, c.doc) as JsonObject | undefined;
          const value = prop ? emptyValue(prop) : undefined;
          if (prop && value !== undefined && !isLater(c, prop)) meta[name] = value;
        }
    }
    byKey.set(k, meta);
  }
  return meta;
}

/** A core record's `meta` with every key the site registers: the stored values over the keys' empty values. */
function withRegisteredMeta(c: StoreCall, key: CollectionKey, json: JsonObject): JsonObject {
  if (!('meta' in json)) return json;
  const registered = registeredMeta(c, key);
  if (!registered || !Object.keys(registered).length) return json;
  return { ...json, meta: { ...structuredClone(registered), ...(asObject(json.meta) ?? {}) } };
}

/** The record as the answer shows it, in `context`. */
function present(c: StoreCall, key: CollectionKey, rec: Rec, context = param(c.pairs, 'context') ?? 'view', single = false): JsonObject {
  // A record's answer depends on the store only (its own fields, its linked records, revision counts):
  // kept until the next write (store.version), so a read-heavy client costs what its serialising costs.
  // The answers are shared: nothing downstream changes them (paging, _fields and _embed make new objects).
  const memo = presented.get(c.store);
  const cache = memo?.version === c.store.version ? memo.answers : new Map<string, JsonObject>();
  if (cache !== memo?.answers) presented.set(c.store, { version: c.store.version, answers: cache });
  const locked = isLocked(c, rec.record, context);
  const k = `${key}|${rec.record.id}|${context}|${single ? 1 : 0}|${locked ? 1 : 0}`;
  let json = cache.get(k);
  if (json === undefined) {
    json = presentNow(c, key, rec, context, single);
    if (!isCal(key)) json = withRegisteredMeta(c, key, protect(json, rec.record, locked));
    json = withoutLaterFields(c, key, json);
    remember(json);
    cache.set(k, json);
  }
  return json;
}

/**
 * A password-protected record's content and excerpt are blank to a reader without its password, in
 * every context but `edit` (WordPress's `can_access_password_content`: signed in or not, the view
 * context needs the password; the edit context needs edit rights, which the mock's callers have).
 */
function isLocked(c: StoreCall, r: WpRecord, context: string): boolean {
  const password = asString(r.password) ?? '';
  return password !== '' && context !== 'edit' && param(c.pairs, 'password') !== password;
}

/** `protected` follows the record's password; a locked record's rendered content and excerpt are ''. */
function protect(json: JsonObject, r: WpRecord, locked: boolean): JsonObject {
  const isProtected = (asString(r.password) ?? '') !== '';
  const out = { ...json };
  for (const k of ['content', 'excerpt']) {
    const field = asObject(out[k]);
    if (!field || !('protected' in field)) continue;
    out[k] = { ...field, protected: isProtected, ...(locked ? { rendered: '' } : {}) };
  }
  return out;
}

const presented = new WeakMap<Store, { version: number; answers: Map<string, JsonObject> }>();
const SCHEMAS = new WeakMap<object, Map<string, Schema | undefined>>();

function presentNow(c: StoreCall, key: CollectionKey, rec: Rec, context: string, single: boolean): JsonObject {
  if (isCal(key)) return presentCal(key, rec, c.store, { single });
  let schemas = SCHEMAS.get(c.doc);
  if (!schemas) SCHEMAS.set(c.doc, (schemas = new Map()));
  let schema = schemas.get(`${key}|${context}`);
  if (schema === undefined) {
    schema = contextSchema(c.doc, deref(c.doc.paths?.[ITEM_ROUTE(key)], c.doc)?.get, context);
    schemas.set(`${key}|${context}`, schema);
  }
  const record: WpRecord =
    (key === 'core/v2/posts' || key === 'core/v2/pages' || key === 'core/v2/media') && !('class_list' in rec.record)
      ? { ...rec.record, class_list: classList(rec.record) }
      : rec.record;
  // A record is an object: its projection is one too (the record itself when no schema applies).
  const json = asObject(project(c.doc, record, schema)) ?? {};
  json._links = coreLinks(key, rec.record, c.store, context, c.wordpress ?? NEWEST_WORDPRESS);
  return json;
}

function templateOf(c: StoreCall, key: CollectionKey): JsonObject {
  const existing = c.store.all(key)[0]?.record;
  if (existing) return existing;
  const item = deref(c.doc.paths?.[ITEM_ROUTE(key)], c.doc)?.get;
  const ok = Object.entries(item?.responses ?? {}).find(([s]) => /^2\d\d$/.test(s));
  const examples = deref(ok?.[1], c.doc)?.content?.['application/json']?.examples ?? {};
  const ex = examples.edit_context ?? Object.values(examples)[0];
  return structuredClone(asObject(deref(ex, c.doc)?.value) ?? {});
}

const writeCtx = (c: StoreCall, key: CollectionKey): EventWriteCtx => ({
  store: c.store,
  key,
  template: templateOf(c, key),
  templateFor: (k) => templateOf(c, k),
  lang: (param(c.pairs, LANGUAGE_PARAM) ?? 'en') as Lang,
  now: c.clock.now(),
  clock: c.clock,
});

const ok = (status: number, json: unknown, headers: Record<string, string> = {}): StoreAnswer => ({ status, headers, json });

/** Answer a store-backed request; null when the route is not the store's. */
export function handleStore(c: StoreCall): StoreAnswer | PlatformAnswer | null {
  if (c.template === SEARCH_ROUTE) return search(c);
  const route = ROUTES.get(c.template);
  if (!route) return null;
  const { key, role } = route;
  const m = c.method === 'head' ? 'get' : c.method;
  if (role === 'collection') return m === 'get' ? list(c, key) : create(c, key);
  if (role === 'children') return children(c, key, m);
  if (role === 'me' && !c.authed) return documented(c, 401, /^rest_not_logged_in$/) ?? fallback(401, 'rest_not_logged_in', 'You are not currently logged in.');
  const rec = role === 'slug' ? c.store.bySlug(key, c.values.slug) : c.store.get(key, role === 'me' ? CALLER_ID : Number(c.values.id));
  const parentOk = role !== 'child' || (rec !== undefined && rec.record.parent === Number(c.values.parent));
  if (!rec || !parentOk) {
    if (role !== 'slug' && olderEventIds(c, key)) {
      const older = documented(c, 400, /^rest_invalid_param$/);
      if (older) return older;
    }
    return notFound(c, c.values.id ?? c.values.slug);
  }
  if (m === 'get') return read(c, key, rec);
  if (m === 'delete') return remove(c, key, rec);
  return update(c, key, rec);
}

function read(c: StoreCall, key: CollectionKey, rec: Rec): StoreAnswer | PlatformAnswer {
  const r = rec.record;
  // A password that is not the record's, an empty one on a record without any included (WordPress's
  // `hash_equals` in get_item_permissions_check), before the read permission.
  const given = param(c.pairs, 'password');
  if (!isCal(key) && given !== undefined && given !== '' && given !== (asString(r.password) ?? ''))
    return documented(c, 403, /^rest_post_incorrect_password$/) ?? fallback(403, 'rest_post_incorrect_password', 'Incorrect post password.');
  if (isCal(key) && r.status === 'trash' && olderEventIds(c, key) && !c.authed)
    return documented(c, 403, /^event-not-accessible$/) ?? fallback(403, 'event-not-accessible', 'The requested event is not accessible');
  if (isCal(key) && r.status === 'trash' && !olderEventIds(c, key))
    return documented(c, 403, /no-longer-available|not-accessible/) ?? ok(200, present(c, key, rec));
  if (!isCal(key) && key !== 'core/v2/users' && !c.authed && (r.status === undefined || !['publish', 'inherit'].includes(r.status)))
    return documented(c, 401, /^rest_forbidden$/) ?? notFound(c, String(r.id));
  const json = present(c, key, rec, undefined, true);
  // A viewable post type's record links its page (WP_REST_Posts_Controller::get_item; not menu items, revisions, autosaves).
  const page = (key === 'core/v2/posts' || key === 'core/v2/pages' || key === 'core/v2/media') && typeof r.link === 'string' ? r.link : undefined;
  return ok(200, json, page ? { link: `<${page}>; rel="alternate"; type=text/html` } : {});
}

function list(c: StoreCall, key: CollectionKey): StoreAnswer | PlatformAnswer {
  const defaults: Record<string, unknown> = {};
  for (const p of c.op.parameters ?? []) {
    const d = deref(p, c.doc);
    const def = deref(d?.schema, c.doc)?.default;
    if (d?.in === 'query' && def !== undefined) defaults[d.name] = def;
  }
  const q: ListQuery = { key, pairs: c.pairs, defaults, clock: c.clock, authed: c.authed };
  const all = c.store.all(key);
  if (key === 'cal/events/v1/events') {
    const events = filterEvents(all, q, c.store);
    if (!Array.isArray(events)) return events;
    return ok(200, envelope(c, key, events));
  }
  if (isCal(key)) return ok(200, envelope(c, key, filterCalOther(all, q)));
  const found = sortRecs(filterCore(all, q), q, 'date', 'desc');
  const offset = Number(param(c.pairs, 'offset') ?? 0);
  return ok(
    200,
    pageOnly(c, found.slice(Number.isInteger(offset) && offset > 0 ? offset : 0), (r) => present(c, key, r)),
  );
}

/** The subtypes a post search looks in (searchable post types shown in REST: posts, pages, the calendar's events) and their collections. */
const SEARCHED: Record<string, { key: CollectionKey; rest: string }> = {
  post: { key: 'core/v2/posts', rest: 'posts' },
  page: { key: 'core/v2/pages', rest: 'pages' },
  tribe_events: { key: 'cal/events/v1/events', rest: 'tribe_events' },
};

/**
 * `GET /search` with `type=post` (WP_REST_Post_Search_Handler): published records of the asked
 * subtypes (default `any`) in the request's language holding every word of `search` in their title,
 * excerpt or content, those with the whole phrase in their title first, then the newest (WP_Query's
 * relevance order); each as `{id, title, url, type, subtype}` with its links. Null for the other types.
 */
function search(c: StoreCall): StoreAnswer | null {
  if ((param(c.pairs, 'type') ?? 'post') !== 'post') return null;
  const asked = listParam(c.pairs, 'subtype') ?? ['any'];
  const subtypes = asked.includes('any') ? Object.keys(SEARCHED) : asked.filter((s) => s in SEARCHED);
  const lang = (param(c.pairs, LANGUAGE_PARAM) ?? 'en') as Lang;
  const phrase = (param(c.pairs, 'search') ?? '').toLowerCase().trim();
  const words = phrase.split(/\s+/).filter(Boolean);
  const include = listParam(c.pairs, 'include')?.map(Number);
  const exclude = listParam(c.pairs, 'exclude')?.map(Number) ?? [];
  const textOf = (v: unknown): string =>
    String(typeof v === 'object' && v !== null ? (member(v, 'rendered') ?? member(v, 'raw') ?? '') : (v ?? '')).toLowerCase();
  const found: { subtype: string; rec: Rec; inTitle: boolean }[] = [];
  for (const subtype of subtypes)
    for (const rec of c.store.all(SEARCHED[subtype].key)) {
      const r = rec.record;
      if (rec.lang !== lang || r.status !== 'publish' || (typeof r.password === 'string' && r.password !== '')) continue;
      if ((include && !include.includes(r.id)) || exclude.includes(r.id)) continue;
      const title = textOf(r.title);
      const all = `${title} ${textOf(r.excerpt)} ${textOf(r.content)} ${textOf(r.description)}`;
      if (!words.every((w) => all.includes(w))) continue;
      found.push({ subtype, rec, inTitle: phrase !== '' && title.includes(phrase) });
    }
  found.sort(
    (a, b) =>
      Number(b.inTitle) - Number(a.inTitle) ||
      String(b.rec.record.date ?? '').localeCompare(String(a.rec.record.date ?? '')) ||
      b.rec.record.id - a.rec.record.id,
  );
  const schema = contextSchema(c.doc, c.op, param(c.pairs, 'context') ?? 'view');
  const show = ({ subtype, rec }: (typeof found)[number]): JsonObject => {
    const r = rec.record;
    const result: JsonObject = {
      id: r.id,
      title: textOf(r.title) === '' ? '' : String(typeof r.title === 'object' ? (r.title.rendered ?? '') : r.title),
      url: String(r.link ?? r.url ?? ''),
      type: 'post',
      subtype,
      _links: {
        self: [{ embeddable: true, href: `${REST}/${CORE_NAMESPACE}/${SEARCHED[subtype].rest}/${r.id}` }],
        about: [{ href: `${REST}/${CORE_NAMESPACE}/types/${subtype}` }],
        collection: [{ href: `${REST}${SEARCH_ROUTE}` }],
      },
    };
    return asObject(project(c.doc, result, schema)) ?? result;
  };
  return ok(200, pageOnly(c, found, show));
}

/**
 * The list for the front's paging (paging.ts): as long as the whole result, but only the asked page
 * is presented (presenting every record of a long list for one page of it costs what the page does
 * not need). The other places stay empty and are never sent.
 */
function pageOnly<T>(c: StoreCall, recs: T[], show: (r: T) => JsonObject): JsonObject[] {
  const { page, perPage } = requestedPage(c.doc, { op: c.op, params: c.params }, c.pairs);
  const from = (page - 1) * perPage;
  const out: JsonObject[] = new Array(recs.length);
  for (let i = from; i < Math.min(recs.length, from + perPage); i++) out[i] = show(recs[i]);
  return out;
}

/** The calendar's list envelope, in the order of the documented example's members (the front pages it). */
function envelope(c: StoreCall, key: CollectionKey, recs: Rec[]): JsonObject {
  const name = key.split('/').pop() ?? '';
  const items = pageOnly(c, recs, (r) => present(c, key, r));
  const ok200 = deref(c.op.responses?.['200'], c.doc);
  const ex = Object.values(ok200?.content?.['application/json']?.examples ?? {})[0];
  const order = Object.keys(asObject(deref(ex, c.doc)?.value) ?? { [name]: 0, rest_url: 0, total: 0, total_pages: 0 });
  const out: JsonObject = {};
  // Events, venues and organizers link their collection with a trailing slash, terms without (paging.ts).
  const restUrl = `https://festival.example/wp-json/${key}${name === 'categories' || name === 'tags' ? '' : '/'}`;
  for (const k of order) if (k !== 'next_rest_url' && k !== 'previous_rest_url') out[k] = k === name ? items : k === 'rest_url' ? restUrl : 0;
  out[name] = items;
  return out;
}

const FORCE = (c: StoreCall): boolean => /^(1|true)$/i.test(String(param(c.pairs, 'force') ?? member(c.body, 'force') ?? ''));

function create(c: StoreCall, key: CollectionKey): StoreAnswer | PlatformAnswer {
  const ctx = writeCtx(c, key);
  const body = c.body ?? {};
  let rec: Rec | PlatformAnswer;
  if (key === 'cal/events/v1/events') rec = newEvent(ctx, body);
  else if (key === 'cal/events/v1/venues' || key === 'cal/events/v1/organizers') rec = newLinked(ctx, body);
  else if (isCal(key)) {
    const name = String(member(body, 'name') ?? '');
    if (c.store.all(key).some((t) => t.record.name === name && t.record.parent === (member(body, 'parent') ?? 0)))
      return documented(c, 400, /^term_exists$/) ?? fallback(400, 'term_exists', 'A term with the name provided already exists with this parent.');
    rec = newTerm(ctx, body);
  } else if (key === 'core/v2/users') {
    const taken = (field: string): boolean => c.store.all(key).some((u) => u.record[field] === member(body, field));
    if (taken('username')) return documented(c, 400, /^existing_user_login$/) ?? fallback(400, 'existing_user_login', 'Sorry, that username already exists!');
    if (taken('email')) return fallback(400, 'existing_user_email', 'Sorry, that email address is already used!');
    rec = newUser(ctx, body);
  } else if (key === 'core/v2/comments') {
    // A signed-in commenter's name, email and URL are the user's unless the body gives them (WP_REST_Comments_Controller::create_item).
    rec = newCoreRecord(ctx, body);
    const me = c.store.get('core/v2/users', CALLER_ID)?.record;
    for (const [field, from] of [
      ['author_name', 'name'],
      ['author_email', 'email'],
      ['author_url', 'url'],
    ] as const)
      if (me && member(body, field) === undefined) rec.record[field] = me[from] ?? '';
  } else rec = newCoreRecord(ctx, body);
  if ('body' in rec) return rec;
  const stored = rec;
  c.store.put(key, stored);
  if (key === 'cal/events/v1/events') recount(c.store, null, termState(stored.record));
  const json = present(c, key, stored, 'edit');
  // `Location` where the operation documents it (core creates, calendar terms; not TEC's events, venues, organizers).
  const status = successStatus(c);
  const documentedHeaders = Object.keys(deref(c.op.responses?.[String(status)], c.doc)?.headers ?? {}).map((h) => h.toLowerCase());
  const location = documentedHeaders.includes('location') ? asString(at(json, '_links', 'self', 0, 'href') ?? at(json, 'urls', 'self')) : undefined;
  return ok(status, json, location ? { location } : {});
}

function update(c: StoreCall, key: CollectionKey, rec: Rec): StoreAnswer | PlatformAnswer {
  const ctx = writeCtx(c, key);
  const body = c.body ?? {};
  if (isCal(key) && rec.record.status === 'trash') return documented(c, 410, /in-trash/) ?? notFound(c, String(rec.record.id));
  if (key === 'cal/events/v1/events') {
    const before = termState(rec.record);
    const refused = applyEventWrite(ctx, rec, body);
    if (refused) return refused;
    recount(c.store, before, termState(rec.record));
  } else if (key === 'cal/events/v1/venues' || key === 'cal/events/v1/organizers') applyLinkedWrite(ctx, rec, body);
  else if (isCal(key)) applyTermWrite(ctx, rec, body);
  else {
    const before = ['title', 'content', 'excerpt'].map((k) => JSON.stringify(rec.record[k]));
    applyCoreWrite(ctx, rec, body);
    const changed = ['title', 'content', 'excerpt'].some((k, i) => member(body, k) !== undefined && before[i] !== JSON.stringify(rec.record[k]));
    const revKey = `${key}/revisions` as CollectionKey;
    // wp_save_post_revision: a revision when the revisioned fields changed, or when the post has none yet
    // (a draft published unchanged gets its first; checked on WordPress 7.1.4).
    const revisioned = key === 'core/v2/posts' || key === 'core/v2/pages';
    if (revisioned && (changed || !c.store.all(revKey).some((x) => x.record.parent === rec.record.id))) {
      c.store.put(revKey, revisionOf({ ...ctx, key: revKey, template: templateOf(c, revKey) }, rec.record, 'revision'));
    }
  }
  c.store.put(key, rec);
  return ok(200, present(c, key, rec, isCal(key) ? 'view' : 'edit'));
}

function remove(c: StoreCall, key: CollectionKey, rec: Rec): StoreAnswer | PlatformAnswer {
  const r = rec.record;
  if (isCal(key) && (key.endsWith('categories') || key.endsWith('tags'))) {
    const json = present(c, key, rec);
    c.store.remove(key, r.id);
    return ok(200, json);
  }
  if (isCal(key)) {
    if (r.status === 'trash') return documented(c, 410, /in-trash/) ?? fallback(410, 'already-trashed', 'Already trashed.');
    const before = key === 'cal/events/v1/events' ? termState(r) : null;
    r.status = 'trash';
    if (before) recount(c.store, before, termState(r));
    c.store.put(key, rec);
    return ok(200, present(c, key, rec));
  }
  if (key === 'core/v2/users') return removeUser(c, rec);
  const trashable = key === 'core/v2/posts' || key === 'core/v2/pages' || key === 'core/v2/comments';
  if (!FORCE(c)) {
    if (!trashable) return documented(c, 501, /trash_not_supported/) ?? fallback(501, 'rest_trash_not_supported', 'Trash is not supported.');
    if (r.status === 'trash') return documented(c, 410, /already_trashed/) ?? fallback(410, 'rest_already_trashed', 'The post has already been deleted.');
    r.status = 'trash';
    if (r.slug) r.slug = `${r.slug}__trashed`;
    c.store.put(key, rec);
    return ok(200, present(c, key, rec, 'edit'));
  }
  // `previous` as the delete answer's schema has it (a menu item's is the view shape).
  const deleted = contextSchema(c.doc, c.op, 'edit');
  const shape = deref(deref(deleted, c.doc)?.properties?.previous, c.doc);
  const edit = present(c, key, rec, 'edit');
  // Without `_links`: WordPress answers the record's data (`$previous->get_data()`), its links are the response's own (checked on WordPress 7.1.4).
  const { _links: _dropped, ...data } = shape ? (asObject(project(c.doc, edit, shape)) ?? {}) : edit;
  const previous = data;
  c.store.remove(key, r.id);
  for (const child of ['revisions', 'autosaves'])
    for (const x of c.store.all(`${key}/${child}` as CollectionKey))
      if (x.record.parent === r.id) c.store.remove(`${key}/${child}` as CollectionKey, x.record.id);
  return ok(200, { deleted: true, previous });
}

/** The post types WordPress deletes with their author when nothing is reassigned (`delete_with_user`), and their children. */
const DELETED_WITH_USER: CollectionKey[] = [
  'core/v2/posts',
  'core/v2/pages',
  'core/v2/media',
  'core/v2/posts/revisions',
  'core/v2/pages/revisions',
  'core/v2/posts/autosaves',
  'core/v2/pages/autosaves',
];

/**
 * A user deleted (WP_REST_Users_Controller::delete_item): only with `force` (501 otherwise), the
 * user's records given to `reassign` (an existing other user, else 400 `rest_user_invalid_reassign`)
 * or, with `reassign=false`, deleted with the user (wp_delete_user).
 */
function removeUser(c: StoreCall, rec: Rec): StoreAnswer | PlatformAnswer {
  const id = rec.record.id;
  if (!FORCE(c))
    return (
      documented(c, 501, /trash_not_supported/) ?? fallback(501, 'rest_trash_not_supported', "Users do not support trashing. Set 'force' to true to delete.")
    );
  const given = String(param(c.pairs, 'reassign') ?? member(c.body, 'reassign') ?? '');
  const reassign = /^(false|)$/i.test(given) ? null : Number(given);
  if (reassign !== null && (reassign === id || !c.store.get('core/v2/users', reassign)))
    return documented(c, 400, /^rest_user_invalid_reassign$/) ?? fallback(400, 'rest_user_invalid_reassign', 'Invalid user ID for reassignment.');
  const previous = present(c, 'core/v2/users', rec, 'edit');
  const { _links: _dropped, ...data } = previous;
  for (const key of DELETED_WITH_USER)
    for (const x of c.store.all(key))
      if (Number(x.record.author) !== id) continue;
      else if (reassign === null) c.store.remove(key, x.record.id);
      else c.store.put(key, { ...x, record: { ...x.record, author: reassign } });
  c.store.remove('core/v2/users', id);
  return ok(200, { deleted: true, previous: data });
}

/** Revisions and autosaves of a post or page: list, or (autosaves) save one. */
function children(c: StoreCall, key: CollectionKey, m: string): StoreAnswer | PlatformAnswer {
  const parentKey = key.replace(/\/(revisions|autosaves)$/, '') as CollectionKey;
  const parentId = Number(c.values.parent ?? c.values.id);
  const parent = c.store.get(parentKey, parentId);
  if (!parent) return documented(c, 404, /invalid_parent|invalid_id/, String(parentId)) ?? fallback(404, 'rest_post_invalid_parent', 'Invalid post parent ID.');
  if (m === 'get') {
    const q: ListQuery = { key, pairs: c.pairs, defaults: {}, clock: c.clock, authed: c.authed };
    const mine = c.store.all(key).filter((x) => x.record.parent === parentId);
    return ok(
      200,
      sortRecs(mine, q, 'date', 'desc').map((x) => present(c, key, x)),
    );
  }
  const ctx = writeCtx(c, key);
  for (const old of c.store.all(key)) if (old.record.parent === parentId) c.store.remove(key, old.record.id);
  const saved = revisionOf(ctx, parent.record, 'autosave', c.body ?? {});
  c.store.put(key, saved);
  return ok(successStatus(c), present(c, key, saved, 'edit'));
}

/** What of an event counts for its terms: published or not, and its categories and tags. */
interface TermState {
  published: boolean;
  categories: number[];
  tags: number[];
}

const termState = (r: WpRecord): TermState => ({ published: r.status === 'publish', categories: linkedIds(r, 'categories'), tags: linkedIds(r, 'tags') });

/** Keep the `count` of the terms an event gained or lost (WordPress counts published posts only). */
function recount(store: Store, before: TermState | null, after: TermState): void {
  for (const [field, key] of [
    ['categories', 'cal/events/v1/categories'],
    ['tags', 'cal/events/v1/tags'],
  ] as const) {
    const was = new Set(before?.published ? before[field] : []);
    const is = new Set(after.published ? after[field] : []);
    for (const id of new Set([...was, ...is])) {
      const t = store.get(key, id);
      const delta = (is.has(id) ? 1 : 0) - (was.has(id) ? 1 : 0);
      if (t && delta) t.record.count = Math.max(0, Number(t.record.count ?? 0) + delta);
    }
  }
}
