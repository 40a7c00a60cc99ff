// The mock store's generated festival (issue 25, DECISIONS.md D155): the records a festival site holds
// besides the spec's examples, so that lists, paging and filters mean something. Deterministic: a
// small seeded PRNG (no Math.random, no clock), the festival's days read from the examples. This
// module also holds the record builders that `seed.ts` uses for the records the examples imply
// (a post a revision belongs to, the media of an event's image) and for lifting view examples to
// the edit context: the text rules (WordPress's `sanitize_title`, `wptexturize`'s entities), the
// site's dates (Europe/Amsterdam) and each record shape, written once.
import { asArray, asNumber, asObject, entriesOf, isObject, member, type JsonObject } from '../../core/json.ts';
import { prng, type Prng } from '../../core/prng.ts';
import type { RawRendered, WpRecord } from './record.ts';
import { sanitizeTitle, texturize, uniqueSlug as freeSlug } from './text.ts';

export { sanitizeTitle, texturize };

export type Lang = 'nl' | 'en' | 'de';
export const LANGS: readonly Lang[] = ['en', 'nl', 'de'];
/** A JSON object the builders make (a record's nested value, a JSON-LD node). */
export type Rec = JsonObject;
/** A stored record and its language. */
export interface Entry {
  lang: Lang;
  record: WpRecord;
}
/** The examples' site: the lead rewrites this host to the mock's origin at answer time. */
export const HOST = 'https://festival.example';
export const REST = `${HOST}/wp-json`;
const CAL = `${REST}/cal/events/v1`;

// ---------------------------------------------------------------------------------------------
// Text rules (mock/store/text.ts) and the PRNG (core/prng.ts)

/** A free slug of a seed collection (`used`), taken. */
function takeSlug(used: Set<string>, base: string, suffix?: string): string {
  const slug = freeSlug(base, (s) => used.has(s), suffix);
  used.add(slug);
  return slug;
}

const ENTITIES: Record<string, string> = {
  '&#038;': '&',
  '&amp;': '&',
  '&#8217;': "'",
  '&#8216;': "'",
  '&#8220;': '"',
  '&#8221;': '"',
  '&#8211;': '–',
  '&#8212;': '—',
  '&#8230;': '…',
  '&hellip;': '…',
  '&nbsp;': '\u00a0',
};
/** The stored text of a rendered one (the entities `texturize` and WordPress's filters write). */
export const untexturize = (s: string): string => s.replace(/&#?[a-z0-9]+;/gi, (e) => ENTITIES[e.toLowerCase()] ?? e);

/** esc_html, as the calendar writes its JSON-LD text (new lines as the two characters `\n`). */
const ldText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;').replace(/\n/g, '\\n');

/** One paragraph block: [raw (block markup), rendered]. */
export function paragraph(text: string): [string, string] {
  return [`<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`, `\n<p>${texturize(text)}</p>\n`];
}

// ---------------------------------------------------------------------------------------------
// Dates: the site's time zone is Europe/Amsterdam (the examples' `timezone`, their `*_gmt` fields).

const pad = (n: number): string => String(n).padStart(2, '0');
/** Local wall time as milliseconds of a UTC clock (`YYYY-MM-DD HH:MM:SS` or with `T`). */
export const wall = (s: string): number => Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10), +s.slice(11, 13), +s.slice(14, 16), +s.slice(17, 19));
/** `YYYY-MM-DD HH:MM:SS` (the calendar's form). */
export function calTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
/** `YYYY-MM-DDTHH:MM:SS` (the core's form). */
export const coreTime = (ms: number): string => calTime(ms).replace(' ', 'T');

function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}
/** Europe/Amsterdam's offset in hours at a local time: 2 from the last Sunday of March 02:00 to the last Sunday of October 03:00. */
export function amsterdamOffset(localMs: number): number {
  const d = new Date(localMs);
  const y = d.getUTCFullYear();
  const start = Date.UTC(y, 2, lastSunday(y, 2), 2);
  const end = Date.UTC(y, 9, lastSunday(y, 9), 3);
  return localMs >= start && localMs < end ? 2 : 1;
}
export const toUtc = (localMs: number): number => localMs - amsterdamOffset(localMs) * 3_600_000;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** The `raw` of a core record's `{raw, rendered}` field (undefined for a calendar record's plain text). */
const rawOf = (f: RawRendered | string | undefined): string | undefined => (typeof f === 'object' ? f.raw : undefined);

/** A calendar date's parts, as zero-padded strings. */
export function dateDetails(s: string): Rec {
  return { year: s.slice(0, 4), month: s.slice(5, 7), day: s.slice(8, 10), hour: s.slice(11, 13), minutes: s.slice(14, 16), seconds: s.slice(17, 19) };
}

// ---------------------------------------------------------------------------------------------
// Core records (the edit context: PostEdit, PageEdit, AttachmentEdit, MenuItemEdit, RevisionEdit, AutosaveEdit)

export interface CorePostInput {
  id: number;
  type: 'post' | 'page';
  title: string;
  text: string;
  /** Local time, `YYYY-MM-DDTHH:MM:SS`. */
  date: string;
  modified?: string;
  slug: string;
  status: 'publish' | 'draft';
  /** The public path below the host, without slashes at its ends (`festival/tickets`). */
  path: string;
  author?: number;
  featured_media?: number;
  excerpt?: string;
  sticky?: boolean;
  categories?: number[];
  tags?: number[];
  parent?: number;
  menu_order?: number;
}

/** A post or a page in the edit context, shaped as the examples (`PostEditExample`, `PageEditExample`). */
export function corePost(p: CorePostInput): WpRecord {
  const [raw, rendered] = paragraph(p.text);
  const modified = p.modified ?? p.date;
  const guid = p.type === 'post' ? `${HOST}/?p=${p.id}` : `${HOST}/?page_id=${p.id}`;
  const dir = p.path.includes('/') ? `${p.path.slice(0, p.path.lastIndexOf('/') + 1)}` : '';
  const placeholder = p.type === 'post' ? '%postname%' : '%pagename%';
  const rec: WpRecord = {
    id: p.id,
    date: p.date,
    date_gmt: coreTime(toUtc(wall(p.date))),
    guid: { rendered: guid, raw: guid },
    modified,
    modified_gmt: coreTime(toUtc(wall(modified))),
    password: '',
    slug: p.slug,
    status: p.status,
    type: p.type,
    link: p.status === 'publish' ? `${HOST}/${p.path}/` : guid,
    title: { raw: p.title, rendered: texturize(p.title) },
    content: { raw, rendered, protected: false, block_version: 1 },
    excerpt: { raw: p.excerpt ?? '', rendered: `<p>${texturize(p.excerpt ?? p.text)}</p>\n`, protected: false },
    author: p.author ?? 1,
    featured_media: p.featured_media ?? 0,
  };
  if (p.type === 'page') Object.assign(rec, { parent: p.parent ?? 0, menu_order: p.menu_order ?? 0, comment_status: 'closed', ping_status: 'closed' });
  else Object.assign(rec, { comment_status: 'open', ping_status: 'closed', sticky: p.sticky ?? false });
  rec.template = '';
  if (p.type === 'post') rec.format = 'standard';
  rec.meta = [];
  if (p.type === 'post') Object.assign(rec, { categories: p.categories ?? [], tags: p.tags ?? [] });
  return Object.assign(rec, { permalink_template: `${HOST}/${dir}${placeholder}/`, generated_slug: sanitizeTitle(p.title) });
}

export interface RevisionInput {
  id: number;
  parent: WpRecord;
  kind: 'revision' | 'autosave';
  date: string;
  title?: string;
  text?: string;
  nonce?: string;
}

/** A revision (or an autosave) of a post or page in the edit context: its title and content, or the parent's. */
export function revision(r: RevisionInput): WpRecord {
  const title = r.title ?? rawOf(r.parent.title);
  const [raw, rendered] = r.text === undefined ? [r.parent.content?.raw, r.parent.content?.rendered] : paragraph(r.text);
  const excerpt = rawOf(r.parent.excerpt);
  const rec: WpRecord = {
    author: r.parent.author,
    date: r.date,
    date_gmt: coreTime(toUtc(wall(r.date))),
    id: r.id,
    modified: r.date,
    modified_gmt: coreTime(toUtc(wall(r.date))),
    parent: r.parent.id,
    slug: `${r.parent.id}-${r.kind}-v1`,
    guid: { rendered: `${HOST}/?p=${r.id}`, raw: `${HOST}/?p=${r.id}` },
    title: { raw: title, rendered: texturize(String(title)) },
    content: { raw, rendered },
    excerpt: { raw: excerpt, rendered: excerpt ? `<p>${texturize(excerpt)}</p>\n` : '' },
  };
  if (r.kind === 'autosave') rec.preview_link = `${String(r.parent.link)}?preview_id=${r.parent.id}&preview_nonce=${r.nonce ?? '0'}&preview=true`;
  return rec;
}

export interface MediaInput {
  id: number;
  /** The file's name without extension (`festival-crowd`) and its extension. */
  base: string;
  /** `jpg`, `png` or `pdf` (the calendar's images may name another: no MIME type then). */
  ext: string;
  title: string;
  /** Local time, `YYYY-MM-DDTHH:MM:SS`; the upload folder is its year and month. */
  date: string;
  alt?: string;
  caption?: string;
  width?: number;
  height?: number;
  filesize?: number;
  /** The post the file was uploaded to, and that post's public URL (`.../`). */
  post?: { id: number; url: string } | null;
  /** The generated sizes as the calendar's image lists them (the examples' `image.sizes`), if known. */
  sizes?: Record<string, unknown>;
}

const MIME: Partial<Record<string, string>> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };
const imageMeta = (): Rec => ({
  aperture: '0',
  credit: '',
  camera: '',
  caption: '',
  created_timestamp: '0',
  copyright: '',
  focal_length: '0',
  iso: '0',
  shutter_speed: '0',
  title: '',
  orientation: '0',
  keywords: [],
});

/** WordPress's default sizes of an image: [name, width, height, crop]. */
const SIZES: [string, number, number, boolean][] = [
  ['thumbnail', 150, 150, true],
  ['medium', 300, 300, false],
  ['medium_large', 768, 0, false],
  ['large', 1024, 1024, false],
];
function fit(w: number, h: number, maxW: number, maxH: number): [number, number] {
  const r = Math.min(maxW / w, maxH ? maxH / h : Infinity);
  return [Math.round(w * r), Math.round(h * r)];
}

/** The media_details of a file: an image's sizes (WordPress's defaults, or those the calendar showed). */
function mediaDetails(m: MediaInput, folder: string, url: (f: string) => string): Rec {
  if (m.ext === 'pdf') return { filesize: m.filesize ?? 0 };
  const w = m.width ?? 0;
  const h = m.height ?? 0;
  const mime = MIME[m.ext];
  const sizes: Record<string, Rec> = {};
  const size = (name: string, sw: unknown, sh: unknown, filesize?: unknown): void => {
    const file = `${m.base}-${sw}x${sh}.${m.ext}`;
    sizes[name] = { file, width: sw, height: sh, ...(filesize ? { filesize } : {}), mime_type: mime, source_url: url(file) };
  };
  if (m.sizes) for (const [name, s] of Object.entries(m.sizes)) size(name, member(s, 'width'), member(s, 'height'), member(s, 'filesize'));
  else
    for (const [name, mw, mh, crop] of SIZES) {
      if (w <= mw && (!mh || h <= mh)) continue;
      const [sw, sh] = crop ? [mw, mh] : fit(w, h, mw, mh);
      size(name, sw, sh, Math.round(sw * sh * 0.12));
    }
  sizes.full = { file: `${m.base}.${m.ext}`, width: w, height: h, mime_type: mime, source_url: url(`${m.base}.${m.ext}`) };
  return { width: w, height: h, file: `${folder}/${m.base}.${m.ext}`, filesize: m.filesize ?? Math.round(w * h * 0.2), sizes, image_meta: imageMeta() };
}

/** A media attachment in the edit context, shaped as `AttachmentEditExample`. */
export function media(m: MediaInput): WpRecord {
  const folder = m.date.slice(0, 7).replace('-', '/');
  const url = (f: string): string => `${HOST}/wp-content/uploads/${folder}/${f}`;
  const source = url(`${m.base}.${m.ext}`);
  const slug = sanitizeTitle(m.base);
  const parentUrl = m.post ? m.post.url : `${HOST}/`;
  const details = mediaDetails(m, folder, url);
  const medium = asObject(member(details.sizes, 'medium'));
  const picture = medium
    ? `<a href='${source}'><img width="${medium.width}" height="${medium.height}" src="${medium.source_url}" class="attachment-medium size-medium" alt="${m.alt ?? ''}" decoding="async" loading="lazy" /></a>`
    : `<a href='${source}'>${texturize(m.title)}</a>`;
  return {
    id: m.id,
    date: m.date,
    date_gmt: coreTime(toUtc(wall(m.date))),
    guid: { rendered: source, raw: source },
    modified: m.date,
    modified_gmt: coreTime(toUtc(wall(m.date))),
    slug,
    status: 'inherit',
    type: 'attachment',
    link: `${parentUrl}${slug}/`,
    title: { raw: m.title, rendered: texturize(m.title) },
    author: 1,
    comment_status: 'open',
    ping_status: 'closed',
    template: '',
    meta: [],
    permalink_template: `${parentUrl}%postname%/`,
    generated_slug: slug,
    description: { raw: '', rendered: `<p class="attachment">${picture}</p>\n` },
    caption: { raw: m.caption ?? '', rendered: m.caption ? `<p>${texturize(m.caption)}</p>\n` : '' },
    alt_text: m.alt ?? '',
    media_type: m.ext === 'pdf' ? 'file' : 'image',
    mime_type: MIME[m.ext],
    media_details: details,
    post: m.post ? m.post.id : null,
    missing_image_sizes: [],
    source_url: source,
  };
}

/** The media record behind a calendar image the examples show (`image.id` with no media example). */
export function mediaFromImage(image: JsonObject, date: string, post: { id: number; url: string }): WpRecord {
  const file = String(image.url).split('/').pop() ?? 'image.jpg';
  const base = file.replace(/\.[^.]+$/, '');
  const ext = String(image.extension ?? file.split('.').pop());
  return media({
    id: Number(image.id),
    base,
    ext,
    title: base,
    date,
    width: asNumber(image.width),
    height: asNumber(image.height),
    filesize: asNumber(image.filesize),
    post,
    sizes: asObject(image.sizes) ?? {},
  });
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

export interface MenuItemInput {
  id: number;
  title: string;
  url: string;
  menus: number;
  menu_order: number;
  parent?: number;
  /** The linked page or post (type `post_type`), or none (a custom link). */
  object?: { id: number; type: 'page' | 'post' };
}

/** A menu item in the edit context (`MenuItemListEditExample`): a linked item's raw title is empty. */
export function menuItem(m: MenuItemInput): WpRecord {
  const linked = m.object !== undefined;
  return {
    id: m.id,
    title: { raw: linked ? '' : m.title, rendered: texturize(m.title) },
    status: 'publish',
    url: m.url,
    attr_title: '',
    description: '',
    type: linked ? 'post_type' : 'custom',
    type_label: linked ? (m.object?.type === 'page' ? 'Page' : 'Post') : 'Custom Link',
    object: linked ? m.object?.type : 'custom',
    object_id: m.object?.id ?? m.id,
    parent: m.parent ?? 0,
    menu_order: m.menu_order,
    target: '',
    classes: [''],
    xfn: [''],
    invalid: false,
    meta: [],
    menus: m.menus,
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar records (CalEvent, CalVenue, CalOrganizer, CalTerm)

const AUTHOR: Record<Lang, string> = { en: '3', nl: '4', de: '5' };
const globalId = (id: number): Rec => ({ global_id: `festival.example?id=${id}`, global_id_lineage: [`festival.example?id=${id}`] });
const published = (local: string): Rec => ({ date: local, date_utc: calTime(toUtc(wall(local))) });
const modifiedAt = (local: string): Rec => ({ modified: local, modified_utc: calTime(toUtc(wall(local))) });

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
  const utc = (local: string): string => calTime(toUtc(wall(local)));
  const rec: WpRecord = { id: e.id, ...globalId(e.id), author: AUTHOR[e.lang], status: e.status, ...published(e.date), ...modifiedAt(e.date) };
  Object.assign(rec, { url, rest_url: `${CAL}/events/${e.id}`, title: texturize(e.title) });
  Object.assign(rec, { description: `<p>${texturize(e.description)}</p>\n`, excerpt: `<p>${texturize(e.excerpt)}</p>\n`, slug: e.slug });
  rec.image = e.image === undefined ? false : { id: e.image };
  rec.all_day = e.allDay;
  Object.assign(rec, times(e.start, 'start_'), times(e.end, 'end_'), times(utc(e.start), 'utc_start_'), times(utc(e.end), 'utc_end_'));
  Object.assign(rec, { timezone: 'Europe/Amsterdam', timezone_abbr: amsterdamOffset(wall(e.start)) === 2 ? 'CEST' : 'CET' });
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
    const h = amsterdamOffset(wall(local));
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

// ---------------------------------------------------------------------------------------------
// The festival: data

/** Id ranges of the generated records, apart from the examples' ids (all below 2000). */
export const IDS = {
  posts: 2001,
  pages: 2101,
  media: 2201,
  menuItems: 2301,
  revisions: 2401,
  autosaves: 2451,
  venues: 2501,
  organizers: 2551,
  events: 3001,
  categories: 2001,
  tags: 2101,
} as const;

type CatKey = 'music' | 'jazz' | 'classical' | 'chamber' | 'theatre' | 'family' | 'film' | 'silent' | 'dance' | 'workshops';
type TagKey = 'outdoor' | 'family' | 'premiere' | 'late' | 'free' | 'accessible';
type Words = Record<Lang, string>;

/** The category tree in three languages ([name, description]); `slug` names the examples' term of that key. */
const CATEGORIES: { key: CatKey; parent?: CatKey; slug?: Partial<Words>; name: Words; description: Words }[] = [
  {
    key: 'music',
    slug: { en: 'music' },
    name: { en: 'Music', nl: 'Muziek', de: 'Musik' },
    description: dsc('Concerts on every stage.', 'Concerten op alle podia.', 'Konzerte auf allen Bühnen.'),
  },
  {
    key: 'jazz',
    parent: 'music',
    slug: { en: 'jazz' },
    name: { en: 'Jazz', nl: 'Jazz', de: 'Jazz' },
    description: dsc('Jazz, from swing to free.', 'Jazz, van swing tot free.', 'Jazz, von Swing bis Free.'),
  },
  {
    key: 'classical',
    parent: 'music',
    name: { en: 'Classical', nl: 'Klassiek', de: 'Klassik' },
    description: dsc('Orchestras and soloists.', 'Orkesten en solisten.', 'Orchester und Solisten.'),
  },
  {
    key: 'chamber',
    parent: 'classical',
    name: { en: 'Chamber music', nl: 'Kamermuziek', de: 'Kammermusik' },
    description: dsc('Small ensembles.', 'Kleine ensembles.', 'Kleine Ensembles.'),
  },
  {
    key: 'theatre',
    slug: { en: 'theater' },
    name: { en: 'Theater', nl: 'Toneel', de: 'Theater' },
    description: dsc('Plays and performances.', 'Toneel en voorstellingen.', 'Schauspiel und Aufführungen.'),
  },
  {
    key: 'family',
    parent: 'theatre',
    name: { en: 'Family', nl: 'Familie', de: 'Familie' },
    description: dsc('For children and parents.', 'Voor kinderen en ouders.', 'Für Kinder und Eltern.'),
  },
  { key: 'film', name: { en: 'Film', nl: 'Film', de: 'Film' }, description: dsc('Screenings.', 'Filmvoorstellingen.', 'Filmvorführungen.') },
  {
    key: 'silent',
    parent: 'film',
    name: { en: 'Silent film', nl: 'Stomme film', de: 'Stummfilm' },
    description: dsc('Silent films with live music.', 'Stomme films met livemuziek.', 'Stummfilme mit Livemusik.'),
  },
  { key: 'dance', name: { en: 'Dance', nl: 'Dans', de: 'Tanz' }, description: dsc('Contemporary dance.', 'Hedendaagse dans.', 'Zeitgenössischer Tanz.') },
  {
    key: 'workshops',
    name: { en: 'Workshops', nl: 'Workshops', de: 'Workshops' },
    description: dsc('Take part yourself.', 'Doe zelf mee.', 'Selbst mitmachen.'),
  },
];
function dsc(en: string, nl: string, de: string): Words {
  return { en, nl, de };
}

const TAGS: { key: TagKey; slug?: Partial<Words>; name: Words; description: Words }[] = [
  {
    key: 'outdoor',
    slug: { en: 'open-air' },
    name: { en: 'open-air', nl: 'openlucht', de: 'open air' },
    description: dsc('Events outdoors.', 'Buiten.', 'Unter freiem Himmel.'),
  },
  {
    key: 'family',
    slug: { nl: 'familievoorstelling' },
    name: { en: 'family-friendly', nl: 'familievoorstelling', de: 'familienprogramm' },
    description: dsc('For the whole family.', 'Voor het hele gezin.', 'Für die ganze Familie.'),
  },
  { key: 'premiere', name: { en: 'premiere', nl: 'première', de: 'premiere' }, description: dsc('First performances.', 'Premières.', 'Uraufführungen.') },
  { key: 'late', name: { en: 'late night', nl: 'laat', de: 'spätprogramm' }, description: dsc('After 22:00.', 'Na 22:00.', 'Nach 22 Uhr.') },
  {
    key: 'free',
    name: { en: 'free entry', nl: 'gratis', de: 'eintritt frei' },
    description: dsc('No ticket needed.', 'Geen kaartje nodig.', 'Ohne Eintrittskarte.'),
  },
  {
    key: 'accessible',
    name: { en: 'wheelchair accessible', nl: 'rolstoeltoegankelijk', de: 'barrierefrei' },
    description: dsc('Step-free access.', 'Drempelvrij.', 'Stufenloser Zugang.'),
  },
];

/** Performers per language, each with the category its events go in. */
const PERFORMERS: Record<Lang, [string, CatKey][]> = {
  en: [
    ['The River Brass Band', 'music'],
    ['Harbour Jazz Trio', 'jazz'],
    ['Northern Lights Quartet', 'chamber'],
    ['Pianist Anna Visser', 'classical'],
    ['The Lantern Players', 'theatre'],
    ['Puppet Theatre Pip', 'family'],
    ['Open Screen Collective', 'film'],
    ['Nosferatu & the Night Orchestra', 'silent'],
    ['Studio Move', 'dance'],
    ['Songwriting Lab', 'workshops'],
    ['City Youth Choir', 'music'],
    ['Blue Hour Big Band', 'jazz'],
  ],
  nl: [
    ['Fanfare De Eendracht', 'music'],
    ['Jazzcollectief Amstel', 'jazz'],
    ['Kwartet Noorderlicht', 'chamber'],
    ['Pianiste Eva de Wit', 'classical'],
    ['Toneelgroep Zomer', 'theatre'],
    ['Poppentheater Kiekeboe', 'family'],
    ['Filmhuis aan de Gracht', 'film'],
    ['Organist Pieter Bos', 'silent'],
    ['Dansgezelschap Golf', 'dance'],
    ['Schilderatelier Klodder', 'workshops'],
    ['Koor Stemmen van de Stad', 'music'],
    ['Big Band Zuid', 'jazz'],
  ],
  de: [
    ['Blaskapelle Sonnenschein', 'music'],
    ['Jazztrio Hafenblick', 'jazz'],
    ['Streichquartett Nordlicht', 'chamber'],
    ['Lena Roth am Flügel', 'classical'],
    ['Theater im Koffer', 'theatre'],
    ['Puppenbühne Kasper', 'family'],
    ['Filmclub Nord', 'film'],
    ['Stummfilmensemble Tonlos', 'silent'],
    ['Tanzkompanie Elbe', 'dance'],
    ['Trommelwerkstatt für alle', 'workshops'],
    ['Kammerchor Köln', 'music'],
    ['Swing-Orchester Süd', 'jazz'],
  ],
};

/** What each category's events are, per language (`{p}`: the performer). */
const ABOUT: Record<CatKey, Words> = {
  music: dsc(
    '{p} plays a programme of festival favourites.',
    '{p} speelt een programma vol festivalfavorieten.',
    '{p} spielt ein Programm voller Festivallieblinge.',
  ),
  jazz: dsc(
    '{p} brings standards and new work to the stage.',
    '{p} brengt standards en nieuw werk naar het podium.',
    '{p} bringt Standards und neue Stücke auf die Bühne.',
  ),
  classical: dsc('{p} plays Bach, Schubert and Debussy.', '{p} speelt Bach, Schubert en Debussy.', '{p} spielt Bach, Schubert und Debussy.'),
  chamber: dsc(
    '{p} plays string quartets by Haydn and Ravel.',
    '{p} speelt strijkkwartetten van Haydn en Ravel.',
    '{p} spielt Streichquartette von Haydn und Ravel.',
  ),
  theatre: dsc('{p} stage a classic in a new light.', '{p} speelt een klassieker in een nieuw jasje.', '{p} zeigt einen Klassiker in neuem Licht.'),
  family: dsc(
    '{p} tells a story for children from four years.',
    '{p} vertelt een verhaal voor kinderen vanaf vier jaar.',
    '{p} erzählt eine Geschichte für Kinder ab vier Jahren.',
  ),
  film: dsc('{p} shows festival films from across Europe.', '{p} vertoont festivalfilms uit heel Europa.', '{p} zeigt Festivalfilme aus ganz Europa.'),
  silent: dsc('{p} accompanies a silent classic live.', '{p} begeleidt een stille klassieker live.', '{p} begleitet einen Stummfilmklassiker live.'),
  dance: dsc('{p} dances a new piece for six dancers.', '{p} danst een nieuw stuk voor zes dansers.', '{p} tanzt ein neues Stück für sechs Tänzer.'),
  workshops: dsc('Join {p} and make something yourself.', 'Doe mee met {p} en maak zelf iets.', 'Macht mit bei {p} und gestaltet selbst etwas.'),
};

/** The moments of a performer's day: title, tag, first and last start hour, length in minutes, a sentence. */
const MOMENTS: { name: Words; tag?: TagKey; hours: [number, number]; minutes: number; sentence: Words }[] = [
  {
    name: dsc('Matinee', 'Matinee', 'Matinee'),
    tag: 'family',
    hours: [11, 15],
    minutes: 90,
    sentence: dsc('An afternoon show for all ages.', 'Een middagvoorstelling voor jong en oud.', 'Eine Nachmittagsvorstellung für alle.'),
  },
  {
    name: dsc('Evening performance', 'Avondvoorstelling', 'Abendvorstellung'),
    hours: [19, 21],
    minutes: 120,
    sentence: dsc('The full evening programme.', 'Het volledige avondprogramma.', 'Das ganze Abendprogramm.'),
  },
  {
    name: dsc('Late-night edition', 'Nachteditie', 'Spätausgabe'),
    tag: 'late',
    hours: [22, 23],
    minutes: 105,
    sentence: dsc('Until the small hours.', 'Tot diep in de nacht.', 'Bis tief in die Nacht.'),
  },
  {
    name: dsc('Premiere', 'Première', 'Premiere'),
    tag: 'premiere',
    hours: [20, 20],
    minutes: 100,
    sentence: dsc('A first performance.', 'Een wereldpremière.', 'Eine Uraufführung.'),
  },
  {
    name: dsc('Open rehearsal', 'Open repetitie', 'Offene Probe'),
    hours: [10, 12],
    minutes: 60,
    sentence: dsc('Watch the work in progress.', 'Kijk mee tijdens de repetitie.', 'Schaut bei der Probe zu.'),
  },
  {
    name: dsc('Festival special', 'Festivalspecial', 'Festival-Spezial'),
    hours: [16, 18],
    minutes: 75,
    sentence: dsc('Made for this festival.', 'Speciaal voor het festival.', 'Eigens für das Festival.'),
  },
];

/** Generated venues ([outdoor, step-free] flags decide the tags of the events there). */
const VENUES: (Omit<PlaceInput, 'id' | 'slug' | 'date' | 'image'> & { image?: string; outdoor?: boolean; accessible?: boolean })[] = [
  {
    lang: 'en',
    name: 'Harbour Hall',
    description: 'A former shipping warehouse on the IJ, with 600 seats.',
    excerpt: 'A former shipping warehouse on the IJ.',
    address: 'Veemkade 500',
    city: 'Amsterdam',
    country: 'Netherlands',
    zip: '1019 HE',
    stateprovince: 'Noord-Holland',
    phone: '+31 20 555 0110',
    website: 'https://harbourhall.example',
    geo: [52.3773, 4.9206],
    image: 'harbour-stage',
    accessible: true,
  },
  {
    lang: 'nl',
    name: 'De Kleine Zaal',
    description: 'Een intieme zaal voor honderd bezoekers, midden in de Jordaan.',
    excerpt: 'Een intieme zaal in de Jordaan.',
    address: 'Westerstraat 35',
    city: 'Amsterdam',
    country: 'Nederland',
    zip: '1015 LV',
    phone: '+31 20 555 0120',
    showMapLink: false,
  },
  {
    lang: 'de',
    name: 'Filmhaus am Kanal',
    description: 'Das Programmkino des Festivals, direkt an der Gracht.',
    excerpt: 'Das Programmkino des Festivals.',
    address: 'Prinsengracht 90',
    city: 'Amsterdam',
    country: 'Niederlande',
    zip: '1015 DZ',
    website: 'https://filmhaus.example',
    accessible: true,
  },
  {
    lang: 'nl',
    name: 'Parkpodium Oost',
    description: 'Openluchtpodium in het Oosterpark met plaats voor 1.500 mensen.',
    excerpt: 'Openluchtpodium in het Oosterpark.',
    address: 'Oosterpark 1',
    city: 'Amsterdam',
    country: 'Nederland',
    zip: '1092 AE',
    stateprovince: 'Noord-Holland',
    geo: [52.3597, 4.9198],
    outdoor: true,
    accessible: true,
  },
  {
    lang: 'en',
    name: 'The Warehouse Studio',
    description: 'A black-box studio for dance and workshops.',
    excerpt: 'A black-box studio.',
    address: 'Houthavenkade 8',
    city: 'Amsterdam',
    country: 'Netherlands',
    zip: '1013 AZ',
    image: 'dance-company',
  },
];
/** The examples' venues, by slug: outdoors, step-free (their descriptions say so). */
const EXAMPLE_VENUE_FLAGS: Record<string, { outdoor?: boolean; accessible?: boolean }> = {
  'open-air-stage-vondelpark': { outdoor: true },
  stadsschouwburg: { accessible: true },
};

const ORGANIZERS: Omit<PlaceInput, 'id' | 'slug' | 'date'>[] = [
  {
    lang: 'en',
    name: 'Harbour Jazz Society',
    description: 'Volunteers who have programmed jazz on the waterfront since 1998.',
    excerpt: 'Jazz on the waterfront since 1998.',
    email: 'hello@harbourjazz.example',
    website: 'https://harbourjazz.example',
  },
  {
    lang: 'nl',
    name: 'Stichting Zomeravond',
    description: 'Stichting die gratis concerten in de parken organiseert.',
    excerpt: 'Gratis concerten in de parken.',
    phone: '+31 20 555 0177',
  },
  {
    lang: 'de',
    name: 'Tanzkompanie Elbe',
    description: 'Eine freie Tanzkompanie aus Hamburg.',
    excerpt: 'Freie Tanzkompanie aus Hamburg.',
    website: 'https://tanzkompanie-elbe.example',
    email: 'kontakt@tanzkompanie-elbe.example',
  },
  {
    lang: 'en',
    name: 'Youth Culture Lab',
    description: 'Workshops for young people in music, film and dance.',
    excerpt: 'Workshops for young people.',
    email: 'lab@youthculture.example',
    phone: '+31 20 555 0155',
  },
];

/** Generated media: [file, title, alt, width, height] (0 x 0: a PDF). */
const MEDIA: [string, string, string, number, number][] = [
  ['brass-band', 'Brass band on the open-air stage', 'A brass band playing in the park', 1920, 1280],
  ['string-quartet', 'String quartet', 'Four musicians with their instruments', 1600, 1067],
  ['jazz-trio', 'Jazz trio', 'A jazz trio on a dark stage', 1600, 900],
  ['theatre-rehearsal', 'Theatre rehearsal', 'Actors rehearsing on stage', 2048, 1365],
  ['puppet-show', 'Puppet show', 'Children watching a puppet show', 1200, 800],
  ['silent-film-night', 'Silent film night', 'A cinema screen and an organ', 1920, 1080],
  ['dance-company', 'Dance company', 'Six dancers in motion', 1800, 1200],
  ['harbour-stage', 'Harbour stage', 'A stage on the waterfront at dusk', 2400, 1350],
  ['festival-crowd', 'Festival crowd', 'A crowd in front of the main stage', 1920, 1080],
  ['workshop-kids', 'Painting workshop', 'Children painting at long tables', 1280, 853],
  ['festival-map', 'Festival map', '', 0, 0],
  ['press-kit-2025', 'Press kit 2025', '', 0, 0],
];

/** News posts per language ([title, text]). */
const POSTS: Record<Lang, [string, string][]> = {
  en: [
    ['Festival programme announced', 'More than sixty events in three days, on seven stages.'],
    ['Volunteers wanted for the summer', 'Help us at the gates, the bars and the information stand.'],
    ['Five things to see on opening night', 'Our editors picked their favourites for the first evening.'],
    ['New stage on the harbour', 'Harbour Hall joins the festival with 600 seats.'],
    ['Family day: what to expect', 'Puppets, painting and a children’s choir on Sunday afternoon.'],
    ['Late-night programme revealed', 'Jazz and silent films until the small hours.'],
    ['Meet the artists in residence', 'Three companies make new work at the festival.'],
    ['Accessibility at the festival', 'Most venues have step-free access and reserved seats.'],
    ['Weather update: bring a raincoat', 'Showers are expected on Saturday afternoon.'],
    ['Festival 2025 in numbers', 'Forty thousand visitors, seventy-two events, one river.'],
    ['Thank you for coming!', 'See you next summer.'],
  ],
  nl: [
    ['Programma bekend', 'Meer dan zestig voorstellingen in drie dagen, op zeven podia.'],
    ['Vrijwilligers gezocht', 'Help ons bij de ingang, de bar en de informatiebalie.'],
    ['Vijf tips voor de openingsavond', 'Onze redactie koos haar favorieten voor de eerste avond.'],
    ['Nieuw podium aan de haven', 'Harbour Hall doet mee met 600 stoelen.'],
    ['Familiedag: dit kun je verwachten', 'Poppen, schilderen en een kinderkoor op zondagmiddag.'],
    ['Nachtprogramma onthuld', 'Jazz en stomme films tot diep in de nacht.'],
    ['Maak kennis met de artiesten', 'Drie gezelschappen maken nieuw werk op het festival.'],
    ['Toegankelijkheid op het festival', 'De meeste zalen zijn drempelvrij.'],
    ['Weerbericht: neem een regenjas mee', 'Zaterdagmiddag worden buien verwacht.'],
    ['Het festival in cijfers', 'Veertigduizend bezoekers en tweeënzeventig voorstellingen.'],
    ['Bedankt voor jullie komst!', 'Tot volgende zomer.'],
  ],
  de: [
    ['Programm veröffentlicht', 'Mehr als sechzig Veranstaltungen an drei Tagen auf sieben Bühnen.'],
    ['Freiwillige gesucht', 'Helft uns am Einlass, an der Bar und am Infostand.'],
    ['Fünf Tipps für den Eröffnungsabend', 'Unsere Redaktion hat ihre Favoriten ausgewählt.'],
    ['Neue Bühne am Hafen', 'Die Harbour Hall ist mit 600 Plätzen dabei.'],
    ['Familientag: Was euch erwartet', 'Puppen, Malen und ein Kinderchor am Sonntagnachmittag.'],
    ['Nachtprogramm enthüllt', 'Jazz und Stummfilme bis tief in die Nacht.'],
    ['Die Künstlerinnen und Künstler', 'Drei Ensembles erarbeiten neue Stücke beim Festival.'],
    ['Barrierefreiheit auf dem Festival', 'Die meisten Spielorte sind stufenlos erreichbar.'],
    ['Wetter: Regenjacke nicht vergessen', 'Am Samstagnachmittag wird Regen erwartet.'],
    ['Das Festival in Zahlen', 'Vierzigtausend Gäste und zweiundsiebzig Veranstaltungen.'],
    ['Danke für euren Besuch!', 'Bis zum nächsten Sommer.'],
  ],
};

/** Pages: [lang, title, text, parent (an id, or the index of an earlier entry as `@n`), menu order]. */
const PAGES: [Lang, string, string, number | `@${number}`, number][] = [
  ['en', 'Programme', 'Every event of the festival, day by day.', 19, 1],
  ['en', 'Venues', 'Seven stages across the city.', 19, 3],
  ['en', 'Getting there', 'By tram, by bike and by boat.', '@1', 1],
  ['en', 'Accessibility', 'Step-free access, reserved seats and assistance dogs.', 19, 4],
  ['en', 'About us', 'The festival is run by a foundation and three hundred volunteers.', 0, 5],
  ['en', 'Contact', 'Write to info@festival.example.', 0, 6],
  ['en', 'Press', 'Accreditation and the press kit.', 0, 7],
  ['en', 'Volunteers', 'Join the crew.', 0, 8],
  ['nl', 'Festival', 'Drie dagen muziek, theater, film en dans.', 0, 1],
  ['nl', 'Kaarten', 'Passe-partouts, dagkaarten en gezinskaarten.', '@8', 2],
  ['nl', 'Over ons', 'Het festival wordt georganiseerd door een stichting.', 0, 5],
  ['nl', 'Contact', 'Schrijf naar info@festival.example.', 0, 6],
  ['de', 'Festival', 'Drei Tage Musik, Theater, Film und Tanz.', 0, 1],
  ['de', 'Über uns', 'Das Festival wird von einer Stiftung veranstaltet.', 0, 5],
  ['de', 'Anfahrt', 'Mit der Straßenbahn, dem Rad oder dem Boot.', '@12', 3],
];

/** What the festival is generated from: the records the examples hold (and imply). */
export interface FestivalBase {
  /** The festival's days (`YYYY-MM-DD`), read from the example events. */
  days: string[];
  /** Records so far (examples and implied ones), with their languages. */
  posts: Entry[];
  pages: Entry[];
  media: Entry[];
  venues: Entry[];
  organizers: Entry[];
  categories: Entry[];
  tags: Entry[];
  /** Slugs taken per collection key. */
  slugs: (key: string) => Set<string>;
}

export interface Festival {
  posts: Entry[];
  pages: Entry[];
  media: Entry[];
  menuItems: Entry[];
  postRevisions: Entry[];
  pageRevisions: Entry[];
  postAutosaves: Entry[];
  events: Entry[];
  venues: Entry[];
  organizers: Entry[];
  categories: Entry[];
  tags: Entry[];
}

// ---------------------------------------------------------------------------------------------
// The festival: generators

function genMedia(base: FestivalBase): Entry[] {
  return MEDIA.map(([file, title, alt, width, height], i) => {
    const date = coreTime(Date.UTC(2025, 2 + (i % 3), 3 + i * 2, 9 + (i % 5), 15));
    const record = width
      ? media({ id: IDS.media + i, base: file, ext: 'jpg', title, alt, caption: i % 3 === 0 ? title : undefined, width, height, date, post: null })
      : media({ id: IDS.media + i, base: file, ext: 'pdf', title, date, filesize: 180_000 + i * 20_011, post: null });
    base.slugs('core/v2/media').add(String(record.slug));
    return { lang: 'en' as Lang, record };
  });
}

function genPlaces(base: FestivalBase, images: Map<string, Entry>): { venues: Entry[]; organizers: Entry[] } {
  const venues = VENUES.map((v, i): Entry => {
    const slug = takeSlug(base.slugs('cal/events/v1/venues'), sanitizeTitle(v.name));
    const img = v.image ? images.get(v.image) : undefined;
    const date = `2025-03-${pad(4 + i)} 10:${pad(10 * i)}:00`;
    return { lang: v.lang, record: venue({ ...v, id: IDS.venues + i, slug, date, image: img ? calImage(img.record) : undefined }) };
  });
  const organizers = ORGANIZERS.map((o, i): Entry => {
    const slug = takeSlug(base.slugs('cal/events/v1/organizers'), sanitizeTitle(o.name));
    return { lang: o.lang, record: organizer({ ...o, id: IDS.organizers + i, slug, date: `2025-03-${pad(12 + i)} 14:00:00` }) };
  });
  return { venues, organizers };
}

/** The terms of one taxonomy in three languages: the examples' (matched by slug) and new ones; `ids` maps `lang:key` to a term id. */
function genTerms(base: FestivalBase, kind: 'categories' | 'tags', ids: Map<string, number>): Entry[] {
  const key = `cal/events/v1/${kind}`;
  const taxonomy = kind === 'categories' ? 'cal_events_cat' : 'post_tag';
  const examples = kind === 'categories' ? base.categories : base.tags;
  const rows: { key: string; parent?: string; slug?: Partial<Words>; name: Words; description: Words }[] = kind === 'categories' ? CATEGORIES : TAGS;
  const paths = new Map<number, string>();
  const out: Entry[] = [];
  let next: number = kind === 'categories' ? IDS.categories : IDS.tags;
  for (const lang of LANGS)
    for (const row of rows) {
      const known = row.slug?.[lang] && examples.find((e) => e.record.slug === row.slug?.[lang]);
      if (known) {
        ids.set(`${lang}:${row.key}`, known.record.id as number);
        paths.set(known.record.id as number, String(known.record.url).replace(/^.*\/category\/|\/$/g, ''));
        continue;
      }
      const slug = takeSlug(base.slugs(key), sanitizeTitle(row.name[lang]), lang);
      const parent = row.parent ? ids.get(`${lang}:${row.parent}`) : undefined;
      const path = parent ? `${paths.get(parent)}/${slug}` : slug;
      const id = next++;
      ids.set(`${lang}:${row.key}`, id);
      paths.set(id, path);
      out.push({ lang, record: term({ id, taxonomy, name: row.name[lang], slug, description: row.description[lang], parent, path }) });
    }
  return out;
}

interface Cast {
  venues: { id: number; outdoor: boolean; accessible: boolean }[];
  organizers: number[];
  images: number[];
  terms: Map<string, number>;
}

/** The event's day: the festival's days, and for the last six a few weeks before and after them. */
function eventDay(days: string[], i: number, festival: number): string {
  if (i < festival) return days[i % days.length];
  const offsets = [-21, -14, -7, 6, 13, 20];
  const anchor = offsets[(i - festival) % offsets.length] < 0 ? days[0] : days[days.length - 1];
  return calTime(wall(`${anchor} 00:00:00`) + offsets[(i - festival) % offsets.length] * DAY).slice(0, 10);
}

const COSTS: Cost[] = [
  { cost: '€25', values: ['25'] },
  { cost: 'Free', values: ['free'] },
  { cost: '€10 – €15', values: ['10', '15'] },
  { cost: '€12.50', values: ['12.50'] },
  { cost: '', values: [] },
  { cost: '€18', values: ['18'] },
  { cost: '€5 – €20', values: ['5', '20'] },
];

/** One generated event: its i-th slot, a performer and moment of its language, the cast drawn by the PRNG. */
function genEvent(base: FestivalBase, cast: Cast, r: Prng, i: number, combo: [string, CatKey, number], festival: number): Entry {
  const lang = LANGS[i % 3];
  const [performer, cat, m] = combo;
  const moment = MOMENTS[m];
  const title = `${performer}: ${moment.name[lang]}`;
  const day = eventDay(base.days, i, festival);
  const allDay = i % 13 === 6;
  const hour = moment.hours[0] + r.int(moment.hours[1] - moment.hours[0] + 1);
  const start = allDay ? `${day} 00:00:00` : `${day} ${pad(hour)}:${r.pick(['00', '15', '30'])}:00`;
  const end = allDay ? `${day} 23:59:59` : calTime(wall(start) + (moment.minutes + 15 * r.int(3)) * MINUTE);
  const v = r.int(20) === 0 ? undefined : r.pick(cast.venues);
  const orgCount = r.pick([0, 1, 1, 1, 1, 2]);
  const organizers = [...new Set(Array.from({ length: orgCount }, () => r.pick(cast.organizers)))];
  const cost = COSTS[r.int(COSTS.length)];
  const tagKeys = new Set<TagKey>();
  if (moment.tag) tagKeys.add(moment.tag);
  if (cat === 'family') tagKeys.add('family');
  if (cost.cost === 'Free') tagKeys.add('free');
  if (v?.outdoor) tagKeys.add('outdoor');
  if (v?.accessible) tagKeys.add('accessible');
  const tagIds = [...tagKeys].map((k) => cast.terms.get(`tags:${lang}:${k}`)).filter((id): id is number => id !== undefined);
  const catId = cast.terms.get(`categories:${lang}:${cat}`);
  const about = ABOUT[cat][lang].replace('{p}', performer);
  const pubDate = calTime(Date.UTC(2025, 3, 1, 9) + r.int(55) * DAY + r.int(8) * 3_600_000);
  const record = event({
    id: IDS.events + i,
    lang,
    title,
    slug: takeSlug(base.slugs('cal/events/v1/events'), sanitizeTitle(title)),
    description: `${about} ${moment.sentence[lang]}`,
    excerpt: about,
    status: i % 17 === 16 ? 'draft' : 'publish',
    date: pubDate,
    start,
    end,
    allDay,
    cost,
    flags: { featured: i % 7 === 3, sticky: i % 11 === 5, hide: i % 23 === 11 },
    image: r.int(10) < 7 ? r.pick(cast.images) : undefined,
    venue: v?.id,
    organizers,
    categories: catId === undefined ? [] : [catId],
    tags: tagIds,
    customFields: i % 9 === 4 ? { _ecp_custom_2: { label: 'Age restriction', value: r.pick(['All ages', '12+', '16+']) } } : undefined,
  });
  return { lang, record };
}

/** 66 events over the festival's days and 6 before and after them, a third in each language. */
function genEvents(base: FestivalBase, cast: Cast, r: Prng): Entry[] {
  const festival = 66;
  const combos = new Map<Lang, [string, CatKey, number][]>();
  for (const lang of LANGS) {
    const all = PERFORMERS[lang].flatMap(([p, c]) => MOMENTS.map((_, m): [string, CatKey, number] => [p, c, m]));
    for (let k = all.length - 1; k > 0; k--) {
      const j = r.int(k + 1);
      [all[k], all[j]] = [all[j], all[k]];
    }
    combos.set(lang, all);
  }
  const out: Entry[] = [];
  for (let i = 0; i < festival + 6; i++)
    out.push(genEvent(base, cast, r, i, combos.get(LANGS[i % 3])?.[Math.floor(i / 3)] as [string, CatKey, number], festival));
  return out;
}

function genPosts(base: FestivalBase, images: number[], r: Prng): Entry[] {
  const categories = [...new Set(base.posts.flatMap((e) => (e.record.categories as number[] | undefined) ?? []))].sort((a, b) => a - b);
  const tags = [...new Set(base.posts.flatMap((e) => (e.record.tags as number[] | undefined) ?? []))].sort((a, b) => a - b);
  const out: Entry[] = [];
  let i = 0;
  for (const lang of LANGS)
    POSTS[lang].forEach(([title, text], n) => {
      const id = IDS.posts + i;
      const date = coreTime(Date.UTC(2025, 0, 15, 9) + n * 16 * DAY + r.int(10) * 3_600_000 + LANGS.indexOf(lang) * 1_800_000);
      const slug = takeSlug(base.slugs('core/v2/posts'), sanitizeTitle(title), lang);
      const status = i % 12 === 7 ? 'draft' : 'publish';
      const tagCount = r.int(3);
      const postTags = [...new Set(Array.from({ length: tagCount }, () => r.pick(tags)))];
      const featured = r.int(10) < 6 ? r.pick(images) : 0;
      const record = corePost({
        id,
        type: 'post',
        title,
        text,
        date,
        slug,
        status,
        path: slug,
        sticky: i % 10 === 2,
        categories: [r.pick(categories)],
        tags: postTags,
        featured_media: featured,
      });
      out.push({ lang, record });
      i++;
    });
  return out;
}

function genPages(base: FestivalBase): Entry[] {
  const all = [...base.pages];
  const out: Entry[] = [];
  PAGES.forEach(([lang, title, text, parentRef, order], i) => {
    const parent = typeof parentRef === 'number' ? parentRef : (out[Number(parentRef.slice(1))].record.id as number);
    const parentLink = all.find((e) => e.record.id === parent)?.record.link;
    const slug = takeSlug(base.slugs('core/v2/pages'), sanitizeTitle(title), lang);
    const path = parent && typeof parentLink === 'string' ? `${parentLink.slice(HOST.length + 1)}${slug}` : slug;
    const date = coreTime(Date.UTC(2025, 0, 6 + i, 10));
    const entry: Entry = {
      lang,
      record: corePost({ id: IDS.pages + i, type: 'page', title, text, date, slug, status: 'publish', path, parent, menu_order: order }),
    };
    out.push(entry);
    all.push(entry);
  });
  return out;
}

/** Menus 12 (the examples' main menu, English), 13 (Dutch) and 14 (German). */
function genMenuItems(pages: Entry[]): Entry[] {
  const page = (lang: Lang, title: string): WpRecord | undefined => pages.find((e) => e.lang === lang && rawOf(e.record.title) === title)?.record;
  const items: [Lang, string, number, string | WpRecord | undefined][] = [
    ['en', 'Programme', 12, page('en', 'Programme')],
    ['en', 'News', 12, `${HOST}/news/`],
    ['en', 'Contact', 12, page('en', 'Contact')],
    ['nl', 'Home', 13, `${HOST}/nl/`],
    ['nl', 'Festival', 13, page('nl', 'Festival')],
    ['nl', 'Kaarten', 13, page('nl', 'Kaarten')],
    ['de', 'Startseite', 14, `${HOST}/de/`],
    ['de', 'Eintrittskarten', 14, page('de', 'Eintrittskarten')],
    ['de', 'Über uns', 14, page('de', 'Über uns')],
  ];
  const order = new Map<number, number>([[12, 4]]);
  return items.flatMap(([lang, title, menus, target], i): Entry[] => {
    if (target === undefined) return [];
    const menu_order = (order.get(menus) ?? 0) + 1;
    order.set(menus, menu_order);
    const linked = typeof target === 'object';
    const record = menuItem({
      id: IDS.menuItems + i,
      title,
      url: linked ? String(target.link) : target,
      menus,
      menu_order,
      object: linked ? { id: target.id, type: 'page' } : undefined,
    });
    return [{ lang, record }];
  });
}

/** A first revision of a few posts and pages, and an autosave of one post. */
function genRevisions(posts: Entry[], pages: Entry[]): Pick<Festival, 'postRevisions' | 'pageRevisions' | 'postAutosaves'> {
  const live = posts.filter((e) => e.record.status === 'publish');
  const picks = [live[0], live[4], live[12]];
  const postRevisions = picks.map((e, i): Entry => ({
    lang: e.lang,
    record: revision({ id: IDS.revisions + i, parent: e.record, kind: 'revision', date: String(e.record.date) }),
  }));
  const page = pages[0];
  const pageRevisions: Entry[] = [
    { lang: page.lang, record: revision({ id: IDS.revisions + 10, parent: page.record, kind: 'revision', date: String(page.record.date) }) },
  ];
  const edited = live[1];
  const title = `${rawOf(edited.record.title)} (update)`;
  const later = coreTime(wall(String(edited.record.date)) + 2 * DAY);
  const autosave = revision({
    id: IDS.autosaves,
    parent: edited.record,
    kind: 'autosave',
    date: later,
    title,
    text: 'Updated: the first shifts are full, later ones still have room.',
    nonce: '5a1e2c3d4f',
  });
  return { postRevisions, pageRevisions, postAutosaves: [{ lang: edited.lang, record: autosave }] };
}

/** The generated festival: what a festival site holds besides the examples (DECISIONS.md D155). */
export function generateFestival(base: FestivalBase): Festival {
  const r = prng(25);
  const mediaEntries = genMedia(base);
  const byFile = new Map(mediaEntries.map((e) => [String(e.record.slug), e]));
  const { venues, organizers } = genPlaces(base, byFile);
  const ids = { categories: new Map<string, number>(), tags: new Map<string, number>() };
  const categories = genTerms(base, 'categories', ids.categories);
  const tags = genTerms(base, 'tags', ids.tags);
  const terms = new Map<string, number>();
  for (const [k, id] of ids.categories) terms.set(`categories:${k}`, id);
  for (const [k, id] of ids.tags) terms.set(`tags:${k}`, id);
  const places = [...base.venues, ...venues].map((e) => {
    const flags = EXAMPLE_VENUE_FLAGS[String(e.record.slug)] ?? VENUES.find((v) => v.name === e.record.venue) ?? {};
    return { id: e.record.id as number, outdoor: flags.outdoor === true, accessible: flags.accessible === true };
  });
  const images = [...base.media, ...mediaEntries].filter((e) => e.record.media_type === 'image').map((e) => e.record.id as number);
  const cast: Cast = { venues: places, organizers: [...base.organizers, ...organizers].map((e) => e.record.id as number), images, terms };
  const events = genEvents(base, cast, r);
  const posts = genPosts(base, images, r);
  const pages = genPages(base);
  return {
    posts,
    pages,
    media: mediaEntries,
    menuItems: genMenuItems([...base.pages, ...pages]),
    ...genRevisions(posts, pages),
    events,
    venues,
    organizers,
    categories,
    tags,
  };
}
