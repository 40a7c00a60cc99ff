// Calendar records (events, venues, organizers, categories, tags) as The Events Calendar writes
// them: dates in `Y-m-d H:i:s` with their `*_details` and UTC twins, the author as a numeric
// string, linked venues and organizers by id, terms by id, slug or name (a new name creates the
// term), a cost with its parsed `cost_details`. An event embeds its venue, organizers and terms:
// they are read from the store when the event is answered, so an update of a venue shows there.
import { formatDate, parseLocal, siteOffset, SITE_TZ, strtotime, type Clock } from './clock.ts';
import { type WriteCtx } from './core-records.ts';
import { renderBlock, renderTitle, sanitizeTitle, uniqueSlug } from './text.ts';
import type { Rec } from './store.ts';
import type { CollectionKey } from './seed.ts';
import { HOST, REST as REST_ROOT, type WpRecord } from './record.ts';
import type { PlatformAnswer } from '../types.ts';
import { asObject, entriesOf, member, type JsonObject } from '../../core/json.ts';
import { CALENDAR_NAMESPACE, CORE_NAMESPACE } from '../../core/platform.js';

const REST = `${REST_ROOT}/${CALENDAR_NAMESPACE}`;
const PATHS: Partial<Record<CollectionKey, string>> = {
  'cal/events/v1/events': 'event',
  'cal/events/v1/venues': 'venue',
  'cal/events/v1/organizers': 'organizer',
};

const details = (text: string): JsonObject => {
  const [d, t] = text.split(' ');
  const [year, month, day] = d.split('-');
  const [hour, minutes, seconds] = t.split(':');
  return { year, month, day, hour, minutes, seconds };
};

const abbr = (ms: number): string => (siteOffset(ms) === 7_200_000 ? 'CEST' : siteOffset(ms) === 3_600_000 ? 'CET' : 'UTC');

/** Set an event's start or end from a date the platform reads with strtotime; false when unreadable. */
function setEventDate(r: WpRecord, which: 'start' | 'end', value: string, clock: Clock): boolean {
  let ms = strtotime(value, clock);
  if (Number.isNaN(ms)) return false;
  if (r.all_day) ms = parseLocal(`${formatDate(ms).slice(0, 10)} ${which === 'start' ? '00:00:00' : '23:59:59'}`);
  const local = formatDate(ms, { sep: ' ' });
  const utc = formatDate(ms, { utc: true, sep: ' ' });
  r[`${which}_date`] = local;
  r[`${which}_date_details`] = details(local);
  r[`utc_${which}_date`] = utc;
  r[`utc_${which}_date_details`] = details(utc);
  if (which === 'start') r.timezone_abbr = abbr(ms);
  return true;
}

/** `cost_details` of a cost as typed: its numbers, or the slug of a cost in words (`free`). */
function costDetails(cost: string, template: unknown): JsonObject {
  const numbers = cost.match(/\d+(?:[.,]\d+)?/g)?.map((n) => n.replace(',', '.')) ?? [];
  const values = numbers.length ? numbers : cost.trim() ? [sanitizeTitle(cost)] : [];
  const symbol = /[€$£]/.exec(cost)?.[0] ?? '';
  return { ...asObject(template), currency_symbol: symbol, currency_code: symbol === '$' ? 'USD' : symbol === '£' ? 'GBP' : symbol ? 'EUR' : '', values };
}

const error = (status: number, code: string, message: string): PlatformAnswer => ({ status, body: { code, message, data: { status } } });

/** A fresh post-type calendar record (event, venue, organizer) from its template. */
function freshCal(ctx: WriteCtx): WpRecord {
  const template: JsonObject = structuredClone(ctx.template);
  delete template._links;
  const r: WpRecord = { ...template, id: ctx.store.newId(ctx.key) };
  r.author = '1';
  r.status = 'publish';
  for (const [local, utc] of [
    ['date', 'date_utc'],
    ['modified', 'modified_utc'],
  ]) {
    r[local] = formatDate(ctx.now, { sep: ' ' });
    r[utc] = formatDate(ctx.now, { utc: true, sep: ' ' });
  }
  if ('global_id' in r) {
    r.global_id = `festival.example?id=${r.id}`;
    r.global_id_lineage = [r.global_id];
  }
  for (const k of ['description', 'excerpt', 'website', 'phone', 'email', 'address', 'city', 'country', 'province', 'state', 'zip', 'stateprovince'])
    if (k in r && typeof r[k] === 'string') r[k] = '';
  if ('image' in r) r.image = false;
  if ('json_ld' in r) r.json_ld = {};
  return r;
}

/** Link venues or organizers by id; an id that is not one is the platform's 400. */
function linked(ctx: WriteCtx, key: CollectionKey, value: unknown): number[] | PlatformAnswer {
  const ids = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '');
  const out: number[] = [];
  for (const id of ids) {
    const rec = ctx.store.get(key, Number(id));
    if (!rec || rec.record.status === 'trash') return error(400, 'invalid-linked-post-id', `${String(id)} is not a valid ${PATHS[key]} id.`);
    out.push(rec.record.id);
  }
  return out;
}

/** The context of an event write: the clock, and the template of a venue or organizer created inline. */
export type EventWriteCtx = WriteCtx & { clock: Clock; templateFor?: (key: CollectionKey) => JsonObject };

const isData = (v: unknown): v is JsonObject => asObject(v) !== undefined && !Array.isArray(v);
const hasId = (v: JsonObject): boolean => v.id !== undefined && v.id !== null && v.id !== '' && v.id !== 0;

/** A venue or organizer created from the data an event write carries, stored at once (the calendar
 *  inserts it before the event, so it stays when the event is refused afterwards). */
function insertLinked(ctx: EventWriteCtx, key: CollectionKey, data: JsonObject): number {
  const lctx: WriteCtx = { ...ctx, key, template: ctx.templateFor?.(key) ?? {} };
  const rec = newLinked(lctx, data);
  ctx.store.put(key, rec);
  return rec.record.id;
}

/**
 * Venues or organizers as TEC's `Linked_Post_Base::insert` reads them ("ids or data"): an id, or an
 * object with an `id`, links that post; other objects are a new post's data. The venue route reads
 * one venue: a non-empty list (of ids or data) is `could-not-create-venue`. The organizer
 * route reads a list: one organizer's data not in a list is `could-not-create-organizer` (it reads
 * each field as an entry). Both checked on TEC 6.17.2 (see CalEventVenueInput, CalEventOrganizerInput).
 */
function linkedOrData(ctx: EventWriteCtx, key: CollectionKey, value: unknown): number[] | PlatformAnswer {
  const venue = key === 'cal/events/v1/venues';
  const cannot = (): PlatformAnswer =>
    venue
      ? error(400, 'could-not-create-venue', 'The venue could not be created from the provided data')
      : error(400, 'could-not-create-organizer', 'The organizer could not be created from the provided data');
  if (isData(value)) {
    if (hasId(value)) return linked(ctx, key, value.id);
    return venue ? [insertLinked(ctx, key, value)] : cannot();
  }
  if (venue && Array.isArray(value) && value.length) return cannot();
  const out: number[] = [];
  for (const entry of Array.isArray(value) ? value : [value]) {
    if (!isData(entry)) {
      const ids = linked(ctx, key, entry);
      if (!Array.isArray(ids)) return ids;
      out.push(...ids);
    } else if (hasId(entry)) {
      const ids = linked(ctx, key, entry.id);
      if (!Array.isArray(ids)) return ids;
      out.push(...ids);
    } else out.push(insertLinked(ctx, key, entry));
  }
  return out;
}

/** Terms by id, slug or name; an unknown name creates the term, an unknown id is 400. */
function terms(ctx: WriteCtx, key: CollectionKey, value: unknown): number[] | PlatformAnswer {
  const out: number[] = [];
  const list: unknown[] = Array.isArray(value) ? value : String(value ?? '').split(',');
  for (const v of list) {
    if (v === '' || v === null) continue;
    const found = /^\d+$/.test(String(v)) ? ctx.store.get(key, Number(v)) : ctx.store.all(key).find((t) => t.record.slug === v || t.record.name === v);
    if (found) out.push(found.record.id);
    else if (/^\d+$/.test(String(v))) return error(400, 'rest_invalid_param', `Invalid term id ${String(v)}.`);
    else out.push(newTerm({ ...ctx, key, template: ctx.store.all(key)[0]?.record ?? ctx.template }, { name: String(v) }).record.id);
  }
  return out;
}

const SCALARS = ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'timezone', 'status', 'website'];

/** Set an event write's fields (create or update); an answer when the platform refuses it. */
export function applyEventWrite(ctx: EventWriteCtx, rec: Rec, input: unknown): PlatformAnswer | null {
  const r = rec.record;
  const body = asObject(input) ?? {};
  for (const k of SCALARS) if (body[k] !== undefined && body[k] !== null) r[k] = body[k];
  if (typeof body.title === 'string') r.title = renderTitle(body.title);
  if (typeof body.description === 'string') r.description = renderBlock(body.description);
  if (typeof body.excerpt === 'string') r.excerpt = renderBlock(body.excerpt);
  if (body.start_date !== undefined && !setEventDate(r, 'start', String(body.start_date), ctx.clock))
    return error(400, 'rest_invalid_param', 'Invalid parameter(s): start_date');
  if (body.end_date !== undefined && !setEventDate(r, 'end', String(body.end_date), ctx.clock))
    return error(400, 'rest_invalid_param', 'Invalid parameter(s): end_date');
  if (body.cost !== undefined) {
    const cost = String(body.cost ?? '');
    r.cost = cost;
    r.cost_details = costDetails(cost, r.cost_details ?? {});
  }
  // Venues and organizers by id or data (created first, in this order); categories and tags by id, slug or name.
  for (const [field, key, read] of [
    ['venue', 'cal/events/v1/venues', linkedOrData],
    ['organizer', 'cal/events/v1/organizers', linkedOrData],
    ['categories', 'cal/events/v1/categories', terms],
    ['tags', 'cal/events/v1/tags', terms],
  ] as const) {
    if (body[field] === undefined || body[field] === null) continue;
    const ids = read(ctx, key, body[field]);
    if (!Array.isArray(ids)) return ids;
    r[`__${field}_ids`] = ids;
  }
  if (typeof body.slug === 'string') r.slug = sanitizeTitle(body.slug);
  r.url = `${HOST}/event/${r.slug}/`;
  r.rest_url = `${REST}/events/${r.id}`;
  return null;
}

/** A new event, or the platform's refusal. */
export function newEvent(ctx: EventWriteCtx, input: unknown): Rec | PlatformAnswer {
  const body = asObject(input) ?? {};
  const r = freshCal(ctx);
  Object.assign(r, { all_day: false, featured: false, sticky: false, hide_from_listings: false, cost: '', categories: [], tags: [], venue: [], organizer: [] });
  r.timezone = SITE_TZ;
  r.cost_details = costDetails('', ctx.template.cost_details ?? {});
  r.__venue_ids = [];
  r.__organizer_ids = [];
  r.__categories_ids = [];
  r.__tags_ids = [];
  r.slug = uniqueSlug(sanitizeTitle(String(body.title ?? '')) || String(r.id), (s) => ctx.store.slugTaken(ctx.key, s));
  const rec: Rec = { lang: ctx.lang, record: r };
  const refused = applyEventWrite(ctx, rec, { ...body, all_day: body.all_day ?? false });
  return refused ?? rec;
}

/** Set a venue's or organizer's write (create or update). */
export function applyLinkedWrite(ctx: WriteCtx, rec: Rec, body: unknown): void {
  const r = rec.record;
  const nameField = ctx.key === 'cal/events/v1/venues' ? 'venue' : 'organizer';
  for (const [k, v] of entriesOf(body)) {
    if (k === 'id' || k === '__proto__' || !(k in r) || v === null) continue;
    if (k === 'description' || k === 'excerpt') r[k] = renderBlock(String(v));
    else if (k === 'show_map' || k === 'show_map_link') r[k] = /^(1|true|yes|on)$/i.test(String(v));
    else if (k === nameField) r[k] = renderTitle(String(v));
    else if (k !== 'image' && k !== 'date' && k !== 'date_utc') r[k] = v;
  }
  r.url = `${HOST}/${PATHS[ctx.key]}/${r.slug}/`;
}

/** A new venue or organizer. */
export function newLinked(ctx: WriteCtx, body: unknown): Rec {
  const r = freshCal(ctx);
  const nameField = ctx.key === 'cal/events/v1/venues' ? 'venue' : 'organizer';
  r.slug = uniqueSlug(sanitizeTitle(String(member(body, nameField) ?? '')) || String(r.id), (s) => ctx.store.slugTaken(ctx.key, s));
  if ('geo_lat' in r) delete r.geo_lat;
  if ('geo_lng' in r) delete r.geo_lng;
  const rec: Rec = { lang: ctx.lang, record: r };
  applyLinkedWrite(ctx, rec, body);
  return rec;
}

/** A new category or tag. */
export function newTerm(ctx: WriteCtx, input: unknown): Rec {
  const body = asObject(input) ?? {};
  const r: WpRecord = { ...structuredClone(ctx.template), id: ctx.store.newId(ctx.key) };
  r.count = 0;
  r.description = '';
  r.parent = 0;
  r.meta = [];
  const rec: Rec = { lang: ctx.lang, record: r };
  r.slug = uniqueSlug(sanitizeTitle(String(body.slug ?? body.name ?? '')) || String(r.id), (s) => ctx.store.slugTaken(ctx.key, s));
  applyTermWrite(ctx, rec, body);
  ctx.store.put(ctx.key, rec);
  return rec;
}

/** Set a term's write; its URLs and links follow its id, slug and parent. */
export function applyTermWrite(ctx: WriteCtx, rec: Rec, input: unknown): void {
  const r = rec.record;
  const body = asObject(input) ?? {};
  if (typeof body.name === 'string') r.name = renderTitle(body.name);
  if (typeof body.description === 'string') r.description = body.description;
  if (typeof body.slug === 'string' && body.slug !== '') r.slug = sanitizeTitle(body.slug);
  if (typeof body.parent === 'number' && Number.isInteger(body.parent)) r.parent = body.parent;
  const tax = String(r.taxonomy);
  const col = ctx.key.endsWith('categories') ? 'categories' : 'tags';
  r.url = `${HOST}/events/${col === 'categories' ? 'category' : 'tag'}/${r.slug}/`;
  r.urls = { self: `${REST}/${col}/${r.id}`, collection: `${REST}/${col}`, ...(r.parent ? { up: `${REST}/${col}/${r.parent}` } : {}) };
  const core = `${REST_ROOT}/${CORE_NAMESPACE}`;
  r._links = {
    self: [{ href: `${core}/${tax}/${r.id}` }],
    collection: [{ href: `${core}/${tax}` }],
    about: [{ href: `${core}/taxonomies/${tax}` }],
    ...(r.parent ? { up: [{ embeddable: true, href: `${core}/${tax}/${r.parent}` }] } : {}),
    'wp:post_type': [{ href: `${core}/cal_events?${tax}=${r.id}` }],
    curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
  };
}

/** Ids of an event's venues, organizers, categories or tags (as written, or as the seed embeds them). */
export function linkedIds(r: WpRecord, field: 'venue' | 'organizer' | 'categories' | 'tags'): number[] {
  const written = r[`__${field}_ids`];
  // The store's own field: the ids `applyEventWrite` wrote (numbers only).
  if (Array.isArray(written)) return written.filter((id): id is number => typeof id === 'number');
  const v = r[field];
  if (Array.isArray(v)) return v.map((x: unknown) => Number(member(x, 'id'))).filter(Number.isInteger);
  const id = member(v, 'id');
  return typeof id === 'number' && Number.isInteger(id) ? [id] : [];
}
