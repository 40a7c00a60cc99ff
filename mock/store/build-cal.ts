// The builders of calendar records as their single GET answers (CalEvent, CalVenue, CalOrganizer,
// CalTerm), the terms and images an event embeds, and the schema.org JSON-LD the calendar prints:
// the generated festival (festival.ts) and the seed (seed.ts) are made with them, each shape once.
import { CALENDAR_NAMESPACE } from '../../core/platform.js';
import { asArray, asObject, entriesOf, isObject, member, type JsonObject } from '../../core/json.ts';
import { localOffsetHours, localToUtcText, SITE_TZ } from './clock.ts';
import { HOST, REST, type Lang, type WpRecord } from './record.ts';
import { ldText, texturize, untexturize } from './text.ts';

/** A JSON object the builders make (a record's nested value, a JSON-LD node). */
type Rec = JsonObject;

const CAL = `${REST}/${CALENDAR_NAMESPACE}`;

/** A calendar date's parts, as zero-padded strings. */
export function dateDetails(s: string): Rec {
  return { year: s.slice(0, 4), month: s.slice(5, 7), day: s.slice(8, 10), hour: s.slice(11, 13), minutes: s.slice(14, 16), seconds: s.slice(17, 19) };
}

/** The calendar's `image` of a media record: its metadata with the `full` size left out (TEC's `get_image`). */
export function calImage(m: WpRecord): Rec {
  const d = asObject(m.media_details) ?? {};
  const sizes: Record<string, Rec> = {};
  for (const [name, size] of entriesOf(d.sizes)) {
    if (name === 'full') continue;
    const s = asObject(size) ?? {};
    sizes[name] = { width: s.width, height: s.height, 'mime-type': s.mime_type, ...(s.filesize ? { filesize: s.filesize } : {}), url: s.source_url };
  }
  const ext = String(m.source_url).split('.').pop();
  return { url: m.source_url, id: m.id, extension: ext, width: d.width, height: d.height, ...(d.filesize ? { filesize: d.filesize } : {}), sizes };
}

const AUTHOR: Record<Lang, string> = { en: '3', nl: '4', de: '5' };
const globalId = (id: number): Rec => ({ global_id: `festival.example?id=${id}`, global_id_lineage: [`festival.example?id=${id}`] });
const published = (local: string): Rec => ({ date: local, date_utc: localToUtcText(local, ' ') });
const modifiedAt = (local: string): Rec => ({ modified: local, modified_utc: localToUtcText(local, ' ') });

export interface PlaceInput {
  id: number;
  lang: Lang;
  name: string;
  description: string;
  excerpt: string;
  slug: string;
  date: string;
  address?: string;
  city?: string;
  country?: string;
  zip?: string;
  phone?: string;
  website?: string;
  email?: string;
  stateprovince?: string;
  geo?: [number, number];
  image?: Rec;
  showMapLink?: boolean;
}

/** A venue as its single GET answers (`CalVenueSingleExample`; empty values left out, as the platform does). */
export function venue(v: PlaceInput): WpRecord {
  const rec: WpRecord = { id: v.id, author: AUTHOR[v.lang], status: 'publish', ...published(v.date), ...modifiedAt(v.date), url: `${HOST}/venue/${v.slug}/` };
  Object.assign(rec, { venue: v.name, description: `<p>${texturize(v.description)}</p>\n`, excerpt: `<p>${texturize(v.excerpt)}</p>\n`, slug: v.slug });
  if (v.image) rec.image = v.image;
  Object.assign(rec, { address: v.address, city: v.city, country: v.country, zip: v.zip });
  if (v.phone) rec.phone = v.phone;
  if (v.website) rec.website = v.website;
  if (v.stateprovince) rec.stateprovince = v.stateprovince;
  if (v.geo) Object.assign(rec, { geo_lat: v.geo[0], geo_lng: v.geo[1] });
  return Object.assign(rec, { show_map: true, show_map_link: v.showMapLink ?? true, ...globalId(v.id) });
}

/** An organizer as its single GET answers (`CalOrganizerSingleExample`). */
export function organizer(o: PlaceInput): WpRecord {
  const rec: WpRecord = {
    id: o.id,
    author: AUTHOR[o.lang],
    status: 'publish',
    ...published(o.date),
    ...modifiedAt(o.date),
    url: `${HOST}/organizer/${o.slug}/`,
  };
  Object.assign(rec, { organizer: o.name, description: `<p>${texturize(o.description)}</p>\n`, excerpt: `<p>${texturize(o.excerpt)}</p>\n`, slug: o.slug });
  if (o.phone) rec.phone = o.phone;
  if (o.website) rec.website = o.website;
  if (o.email) rec.email = o.email;
  return Object.assign(rec, globalId(o.id));
}

export interface TermInput {
  id: number;
  taxonomy: 'cal_events_cat' | 'post_tag';
  name: string;
  slug: string;
  description: string;
  parent?: number;
  /** A category's archive path (`music/jazz`). */
  path?: string;
}

/** A category or tag as the term routes answer (`CalCategoryExample`, `CalTagExample` without `_links`); `count` is set later. */
export function term(t: TermInput): WpRecord {
  const category = t.taxonomy === 'cal_events_cat';
  const route = `${CAL}/${category ? 'categories' : 'tags'}`;
  const rec: WpRecord = { id: t.id, count: 0, description: t.description };
  rec.url = category ? `${HOST}/events/category/${t.path ?? t.slug}/` : `${HOST}/tag/${t.slug}/`;
  Object.assign(rec, { name: t.name, slug: t.slug, taxonomy: t.taxonomy });
  if (category) rec.parent = t.parent ?? 0;
  rec.meta = [];
  rec.urls = { self: `${route}/${t.id}`, collection: route, ...(t.parent ? { up: `${route}/${t.parent}` } : {}) };
  return rec;
}

/** A term as an event embeds it (`CalEmbeddedTerm`): the term record's values in the platform's term-object shape. */
export function embeddedTerm(t: JsonObject): Rec {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    term_group: 0,
    term_taxonomy_id: t.id,
    taxonomy: t.taxonomy,
    description: t.description,
    parent: t.parent ?? 0,
    count: t.count,
    filter: 'raw',
    urls: t.urls,
  };
}

export interface Cost {
  cost: string;
  values: string[];
}
const EURO = { currency_symbol: '€', currency_code: 'EUR', currency_position: 'prefix' };
const costDetails = (c: Cost): Rec => (c.cost ? { ...EURO, values: c.values } : { currency_symbol: '', currency_code: '', currency_position: '', values: [] });

export interface EventInput {
  id: number;
  lang: Lang;
  title: string;
  slug: string;
  description: string;
  excerpt: string;
  status: 'publish' | 'draft';
  /** Publication, local time (`YYYY-MM-DD HH:MM:SS`). */
  date: string;
  /** Start and end, local time. */
  start: string;
  end: string;
  allDay: boolean;
  cost: Cost;
  flags: { featured: boolean; sticky: boolean; hide: boolean };
  /** References the seed resolves to records: media, venue, organizers, categories, tags. */
  image?: number;
  venue?: number;
  organizers: number[];
  categories: number[];
  tags: number[];
  customFields?: Rec;
}

/**
 * An event as its single GET answers (`CalEventSingleExample`), with its image, venue, organizers and
 * terms as `{id}` references that `seed.ts` replaces by the records they name (so the copies are
 * always the records), and without `json_ld`, which is made from the linked record.
 */
export function event(e: EventInput): WpRecord {
  const url = `${HOST}/event/${e.slug}/`;
  const times = (local: string, prefix: string): Rec => ({ [`${prefix}date`]: local, [`${prefix}date_details`]: dateDetails(local) });
  const utc = (local: string): string => localToUtcText(local, ' ');
  const rec: WpRecord = { id: e.id, ...globalId(e.id), author: AUTHOR[e.lang], status: e.status, ...published(e.date), ...modifiedAt(e.date) };
  Object.assign(rec, { url, rest_url: `${CAL}/events/${e.id}`, title: texturize(e.title) });
  Object.assign(rec, { description: `<p>${texturize(e.description)}</p>\n`, excerpt: `<p>${texturize(e.excerpt)}</p>\n`, slug: e.slug });
  rec.image = e.image === undefined ? false : { id: e.image };
  rec.all_day = e.allDay;
  Object.assign(rec, times(e.start, 'start_'), times(e.end, 'end_'), times(utc(e.start), 'utc_start_'), times(utc(e.end), 'utc_end_'));
  Object.assign(rec, { timezone: SITE_TZ, timezone_abbr: localOffsetHours(e.start) === 2 ? 'CEST' : 'CET' });
  Object.assign(rec, { cost: e.cost.cost, cost_details: costDetails(e.cost), website: url, show_map: true, show_map_link: true });
  Object.assign(rec, { hide_from_listings: e.flags.hide, sticky: e.flags.sticky, featured: e.flags.featured });
  Object.assign(rec, { categories: e.categories.map((id) => ({ id })), tags: e.tags.map((id) => ({ id })) });
  rec.venue = e.venue === undefined ? [] : { id: e.venue };
  rec.organizer = e.organizers.map((id) => ({ id }));
  rec.custom_fields = e.customFields ?? [];
  return rec;
}

const address = (v: JsonObject): Rec => ({
  '@type': 'PostalAddress',
  streetAddress: v.address,
  addressLocality: v.city,
  ...(v.stateprovince ? { addressRegion: v.stateprovince } : {}),
  postalCode: v.zip,
  addressCountry: v.country,
});

/** The schema.org Place of a venue, as the calendar prints it (`CalVenueSingleExample.json_ld`). */
export function venueJsonLd(v: JsonObject): Rec {
  const ld: Rec = { '@context': 'http://schema.org', '@type': 'Place', name: v.venue ?? '' };
  if (v.excerpt) ld.description = ldText(String(v.excerpt));
  if (v.image) ld.image = member(v.image, 'url');
  Object.assign(ld, { url: v.url, address: address(v) });
  if (v.geo_lat !== undefined) ld.geo = { '@type': 'GeoCoordinates', latitude: v.geo_lat, longitude: v.geo_lng };
  if (v.phone) ld.telephone = v.phone;
  if (v.website) ld.sameAs = v.website;
  return ld;
}

/** The schema.org Person of an organizer (`CalOrganizerSingleExample.json_ld`). */
export function organizerJsonLd(o: JsonObject): Rec {
  const ld: Rec = { '@context': 'http://schema.org', '@type': 'Person', name: o.organizer ?? '' };
  if (o.excerpt) ld.description = ldText(String(o.excerpt));
  ld.url = o.website ?? o.url;
  if (o.phone) ld.telephone = o.phone;
  if (o.email) ld.email = o.email;
  if (o.website) ld.sameAs = o.website;
  return ld;
}

/** The schema.org Event of a linked event (`CalEventSingleExample.json_ld`). */
export function eventJsonLd(e: WpRecord): Rec {
  const iso = (local: string): string => {
    const h = localOffsetHours(local);
    return `${local.replace(' ', 'T')}+0${h}:00`;
  };
  const ld: Rec = { '@context': 'http://schema.org', '@type': 'Event', name: ldText(untexturize(String(e.title))), description: ldText(String(e.excerpt)) };
  if (e.image) ld.image = member(e.image, 'url');
  Object.assign(ld, { url: e.url, eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode', eventStatus: 'https://schema.org/EventScheduled' });
  Object.assign(ld, { startDate: iso(String(e.start_date)), endDate: iso(String(e.end_date)) });
  const v = asObject(Array.isArray(e.venue) ? e.venue[0] : e.venue);
  if (v) {
    const { '@context': _c, ...place } = venueJsonLd(v);
    ld.location = place;
  }
  const firstOrganizer = Array.isArray(e.organizer) ? e.organizer[0] : undefined;
  if (isObject(firstOrganizer)) {
    const { '@context': _c, ...person } = organizerJsonLd(firstOrganizer);
    ld.organizer = person;
  }
  const price = asArray(member(e.cost_details, 'values'))?.[0];
  if (price) Object.assign(ld, { offers: { '@type': 'Offer', price: price === 'free' ? '0' : price, priceCurrency: 'EUR', url: e.url, category: 'primary' } });
  return ld;
}
