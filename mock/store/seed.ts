// The mock store's seed (issue 25, DECISIONS.md D155 and D156): the records its collections start
// with. The built-in seed is every record of the spec's examples (the item GET and list examples of
// each collection, one record per id, lifted to the edit context), the records those examples imply
// (the post a revision belongs to, the media behind an event's image), and a generated festival
// (`festival.ts`). Calendar events embed copies of their venue, organizers, terms and image made
// from the records themselves, and a term's `count` is the number of published events using it.
// `--seed <file>` reads a user's own records instead (`readSeedFile`), each checked against its
// schema with the project's strict validator.
// (Not the spec's seed, `test/fixtures/seed/`: that one is the platform's source the spec is
// checked against.)
import { readFileSync, statSync } from 'node:fs';
import { asArray, asNumber, isObject, member, objects, type JsonObject } from '../../core/json.ts';
import { CALENDAR_NAMESPACE, CORE_NAMESPACE } from '../../core/platform.js';
import { deref, escapePointer, type OpenApiDoc } from '../../core/spec.ts';
import { createValidator, type Validator } from '../../core/validate.ts';
import { calImage, embeddedTerm, eventJsonLd, organizerJsonLd, venueJsonLd } from './build-cal.ts';
import { corePost, mediaFromImage, type CorePostInput } from './build-core.ts';
import { generateFestival } from './festival.ts';
import { isWpRecord, LANGS, type Entry, type Lang, type WpRecord } from './record.ts';
import { sanitizeTitle, untexturize } from './text.ts';

export type { Lang };
/** Collection keys = the spec's collection route path without leading slash. */
// The namespaces are the platform's (core/platform.js); every other spelling of a key in the store is
// typed `CollectionKey`, so TypeScript holds it to this list.
export const COLLECTIONS = [
  `${CORE_NAMESPACE}/posts`,
  `${CORE_NAMESPACE}/pages`,
  `${CORE_NAMESPACE}/media`,
  `${CORE_NAMESPACE}/menu-items`,
  `${CORE_NAMESPACE}/posts/revisions`,
  `${CORE_NAMESPACE}/pages/revisions`,
  `${CORE_NAMESPACE}/posts/autosaves`,
  `${CORE_NAMESPACE}/pages/autosaves`,
  `${CORE_NAMESPACE}/comments`,
  `${CORE_NAMESPACE}/users`,
  `${CALENDAR_NAMESPACE}/events`,
  `${CALENDAR_NAMESPACE}/venues`,
  `${CALENDAR_NAMESPACE}/organizers`,
  `${CALENDAR_NAMESPACE}/categories`,
  `${CALENDAR_NAMESPACE}/tags`,
] as const;
export type CollectionKey = (typeof COLLECTIONS)[number];
export interface SeedEntry {
  lang: Lang;
  record: WpRecord;
}
export type Seed = Record<CollectionKey, SeedEntry[]>;

/** The schema name each collection's records conform to (the richest context: `edit` for the core, the single GET for the calendar). */
export const RECORD_SCHEMA: Record<CollectionKey, string> = {
  'core/v2/posts': 'PostEdit',
  'core/v2/pages': 'PageEdit',
  'core/v2/media': 'AttachmentEdit',
  'core/v2/menu-items': 'MenuItemEdit',
  'core/v2/posts/revisions': 'RevisionEdit',
  'core/v2/pages/revisions': 'RevisionEdit',
  'core/v2/posts/autosaves': 'AutosaveEdit',
  'core/v2/pages/autosaves': 'AutosaveEdit',
  'core/v2/comments': 'CommentEdit',
  'core/v2/users': 'UserEdit',
  'cal/events/v1/events': 'CalEvent',
  'cal/events/v1/venues': 'CalVenue',
  'cal/events/v1/organizers': 'CalOrganizer',
  'cal/events/v1/categories': 'CalTerm',
  'cal/events/v1/tags': 'CalTerm',
};

/** The largest seed file `readSeedFile` reads. */
export const MAX_SEED_BYTES = 64 * 1024 * 1024;

export const isCollection = (key: string): key is CollectionKey => (COLLECTIONS as readonly string[]).includes(key);
/** A seed without records; `as Seed`: the object has a (empty) list under every collection key, made from COLLECTIONS. */
export const emptySeed = (): Seed => Object.fromEntries(COLLECTIONS.map((k): [string, SeedEntry[]] => [k, []])) as Seed;
const isLang = (v: unknown): v is Lang => LANGS.some((l) => l === v);

// ---------------------------------------------------------------------------------------------
// The examples' records

/**
 * Example records whose text is Dutch or German although their example's name does not say so (the
 * calendar's list examples mix languages). Other examples: `...NlExample` is Dutch, `...DeExample`
 * German, the rest English; revisions and autosaves take their parent's language.
 */
const EXAMPLE_LANGS: Record<string, Lang> = {
  'cal/events/v1/events#1002': 'nl', // "De Storm – familievoorstelling"
  'cal/events/v1/events#1003': 'de', // "Stummfilmnacht – Metropolis mit Live-Orchester"
  'cal/events/v1/venues#210': 'nl', // Stadsschouwburg: "Het grootste theater van de stad"
  'cal/events/v1/organizers#311': 'nl', // Toneelgroep Zomer
  'cal/events/v1/organizers#312': 'de', // Filmclub Nord e.V.
  'cal/events/v1/tags#32': 'nl', // familievoorstelling
};

interface Candidate {
  source: string;
  lang: Lang;
  record: WpRecord;
}

const langOfExample = (name: string): Lang => (/Nl(Request)?Example$/.test(name) ? 'nl' : /DeExample$/.test(name) ? 'de' : 'en');

/** The examples of a collection's GET routes (list and item: `/core/v2/posts/{parent}/revisions/{id}` is `core/v2/posts/revisions`). */
function exampleValues(doc: OpenApiDoc, key: CollectionKey): { source: string; value: unknown }[] {
  const out: { source: string; value: unknown }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (path.replace(/\/\{[^}]+\}/g, '') !== `/${key}`) continue;
    const ok = deref(item, doc)?.get?.responses?.['200'];
    const examples = ok ? (deref(ok, doc)?.content?.['application/json']?.examples ?? {}) : {};
    for (const [name, ex] of Object.entries(examples)) {
      const source = typeof ex.$ref === 'string' ? (ex.$ref.split('/').pop() ?? '') : `${path} ${name}`;
      if (!out.some((o) => o.source === source)) out.push({ source, value: deref(ex, doc)?.value });
    }
  }
  return out;
}

/** The records in an example's value: a list, the calendar's envelope (`{events: [...]}`), or one record. */
function recordsIn(key: CollectionKey, value: unknown): WpRecord[] {
  const list = key.split('/').pop() ?? '';
  const items = Array.isArray(value) ? value : key.startsWith(`${CALENDAR_NAMESPACE}/`) ? (asArray(member(value, list)) ?? [value]) : [value];
  return items.filter(isWpRecord);
}

/** Every example record of every collection, as candidates per collection (events' venues and organizers included). */
function candidates(doc: OpenApiDoc): Map<CollectionKey, Candidate[]> {
  const out = new Map<CollectionKey, Candidate[]>(COLLECTIONS.map((k) => [k, []]));
  const add = (key: CollectionKey, source: string, r: WpRecord): void => {
    const { _links: _l, _embedded: _e, ...record } = structuredClone(r);
    out.get(key)?.push({ source, lang: EXAMPLE_LANGS[`${key}#${record.id}`] ?? langOfExample(source), record });
  };
  for (const key of COLLECTIONS)
    for (const { source, value } of exampleValues(doc, key))
      for (const r of recordsIn(key, value)) {
        add(key, source, r);
        if (key !== 'cal/events/v1/events') continue;
        if (isWpRecord(r.venue)) add('cal/events/v1/venues', `${source} (venue of ${r.id})`, r.venue);
        for (const o of (asArray(r.organizer) ?? []).filter(isWpRecord)) add('cal/events/v1/organizers', `${source} (organizer of ${r.id})`, o);
      }
  return out;
}

const leaves = (v: unknown): number => (v && typeof v === 'object' ? Object.values(v).reduce((n: number, x: unknown) => n + leaves(x), 0) : 1);

/** Fill `target` with what `other` adds; a value both hold differently stays `target`'s (a conflict). */
function unite(target: JsonObject, other: JsonObject, at: string, conflicts: string[]): void {
  for (const [k, v] of Object.entries(other)) {
    const here = `${at}/${escapePointer(k)}`;
    const mine = target[k];
    if (!(k in target)) target[k] = structuredClone(v);
    else if (isObject(mine) && isObject(v)) unite(mine, v, here, conflicts);
    // PHP's empty array is `[]` in JSON whatever it holds when filled: no conflict with an object (a user's `meta` in the view and edit contexts).
    else if (isObject(mine) && Array.isArray(v) && v.length === 0) continue;
    else if (Array.isArray(mine) && mine.length === 0 && isObject(v)) target[k] = structuredClone(v);
    else if (JSON.stringify(mine) !== JSON.stringify(v))
      conflicts.push(`${here}: ${JSON.stringify(v).slice(0, 80)} dropped, ${JSON.stringify(mine).slice(0, 80)} kept`);
  }
}

/**
 * One record per id: the richest candidate (the edit context's, or the single GET's with `json_ld`),
 * completed by what the others add; a value they state differently is dropped and listed. The same
 * id in examples of different languages keeps the English one (the others are listed as dropped).
 */
function mergeById(key: CollectionKey, list: Candidate[], conflicts: string[]): Entry[] {
  const groups = new Map<number, Candidate[]>();
  for (const c of list) groups.set(c.record.id, [...(groups.get(c.record.id) ?? []), c]);
  return [...groups.entries()].map(([id, group]) => {
    const langs = new Set(group.map((c) => c.lang));
    let pool = group;
    if (langs.size > 1) {
      pool = group.filter((c) => c.lang === (langs.has('en') ? 'en' : group[0].lang));
      for (const c of group) if (!pool.includes(c)) conflicts.push(`/${key}#${id}: ${c.source} (${c.lang}) describes the same id in another language: dropped`);
    }
    const richest = pool.reduce((a, b) => (leaves(b.record) > leaves(a.record) ? b : a));
    const record = structuredClone(richest.record);
    for (const c of pool) if (c !== richest) unite(record, c.record, `/${key}#${id} (${c.source})`, conflicts);
    return { lang: richest.lang, record };
  });
}

const stripTags = (html: string): string => untexturize(html.replace(/<[^>]*>/g, '')).trim();
/** Rendered paragraphs back to paragraph blocks (what the examples' raw content is). */
function blocks(rendered: string): string {
  const paras = rendered
    .trim()
    .split(/\n{2,}/)
    .filter(Boolean);
  return paras.map((p) => (p.startsWith('<p') ? `<!-- wp:paragraph -->\n${untexturize(p)}\n<!-- /wp:paragraph -->` : untexturize(p))).join('\n\n');
}

/** Add `raw` to a `{rendered}` field that lacks it. */
function withRaw(r: WpRecord, field: string, raw: (rendered: string) => string): void {
  const f = r[field];
  if (isObject(f) && typeof f.rendered === 'string' && f.raw === undefined) r[field] = { raw: raw(f.rendered), ...f };
}

/**
 * A core record of a view example in the edit context: the raw values WordPress stores (the title
 * without its entities, the content as paragraph blocks, an excerpt left to be generated), the fields
 * only editors see (`password`, `permalink_template`, `generated_slug`). Records of edit examples
 * already have them and are left as they are.
 */
function liftToEdit(key: CollectionKey, r: WpRecord): void {
  // A comment's raw content is its text as stored (WP_REST_Comments_Controller: `comment_content`).
  if (key === 'core/v2/comments') return withRaw(r, 'content', stripTags);
  // A user has no post fields (no raw text, password, permalink).
  if (key === 'core/v2/users') return;
  if (key === 'core/v2/menu-items') return withRaw(r, 'title', (t) => (r.type === 'custom' ? untexturize(t) : ''));
  const revision = key.endsWith('/revisions') || key.endsWith('/autosaves');
  withRaw(r, 'guid', (g) => g);
  withRaw(r, 'title', untexturize);
  withRaw(r, 'content', blocks);
  withRaw(r, 'excerpt', revision ? stripTags : () => '');
  withRaw(r, 'description', stripTags);
  withRaw(r, 'caption', stripTags);
  if (revision) return;
  if (isObject(r.content) && r.content.block_version === undefined) r.content.block_version = String(r.content.raw).includes('<!-- wp:') ? 1 : 0;
  if (key !== 'core/v2/media') r.password ??= '';
  const placeholder = key === 'core/v2/pages' ? '%pagename%' : '%postname%';
  if (typeof r.link === 'string' && r.slug) r.permalink_template ??= r.link.replace(/[^/]+\/$/, `${placeholder}/`);
  r.generated_slug ??= sanitizeTitle(String((typeof r.title === 'object' ? r.title.raw : undefined) ?? ''));
  if (key === 'core/v2/media') r.missing_image_sizes ??= [];
}

/** The examples' records per collection, one per id, in the edit context; `conflicts` lists what was dropped. */
export function exampleSeed(doc: OpenApiDoc): { seed: Seed; conflicts: string[] } {
  const seed = emptySeed();
  const conflicts: string[] = [];
  for (const [key, list] of candidates(doc)) {
    seed[key] = mergeById(key, list, conflicts);
    if (key.startsWith('core/')) for (const e of seed[key]) liftToEdit(key, e.record);
  }
  // A user only the view context shows has no login name or email in any example: not invented, left out.
  seed['core/v2/users'] = seed['core/v2/users'].filter((e) => typeof e.record.username === 'string');
  const parents = new Map<number, Lang>([...seed['core/v2/posts'], ...seed['core/v2/pages']].map((e) => [e.record.id, e.lang]));
  for (const key of ['core/v2/posts/revisions', 'core/v2/pages/revisions', 'core/v2/posts/autosaves', 'core/v2/pages/autosaves'] as const)
    for (const e of seed[key]) e.lang = parents.get(Number(e.record.parent)) ?? e.lang;
  return { seed, conflicts };
}

// ---------------------------------------------------------------------------------------------
// Records the examples imply

/**
 * Posts and pages the examples point at without an example of their own: media 23 was uploaded to
 * post 4 (its link is `/festival-2025-announced/festival-poster/`), autosave 27 belongs to post 8 (its
 * preview link is `/theatre-programme-revealed/`), revisions 26 and 34 to post 15 (revision 26 is its
 * text, "Ticket sales open"), and page 19 is the parent of pages 21 and 45 and menu item 29's
 * "Festival" (`/festival/`).
 */
const IMPLIED: Record<number, Omit<CorePostInput, 'id' | 'status'>> = {
  4: {
    type: 'post',
    title: 'Festival 2025 announced',
    text: 'The dates are set: three days of music, theatre, film and dance in June.',
    date: '2025-01-06T08:30:00',
    slug: 'festival-2025-announced',
    path: 'festival-2025-announced',
    categories: [3],
  },
  8: {
    type: 'post',
    title: 'Theatre programme revealed',
    text: 'Twelve plays in four venues.',
    excerpt: 'Twelve plays in four venues.',
    date: '2025-05-09T10:00:00',
    slug: 'theatre-programme-revealed',
    path: 'theatre-programme-revealed',
    categories: [3],
  },
  15: {
    type: 'post',
    title: 'Ticket sales open',
    text: 'Passes, day tickets and family tickets are on sale.',
    excerpt: 'Passes and day tickets are on sale.',
    date: '2025-05-02T10:00:00',
    modified: '2025-05-03T11:00:00',
    slug: 'ticket-sales-open',
    path: 'ticket-sales-open',
    categories: [3],
  },
  19: {
    type: 'page',
    title: 'Festival',
    text: 'Three days of music, theatre, film and dance.',
    date: '2025-01-05T08:30:00',
    slug: 'festival',
    path: 'festival',
    menu_order: 1,
  },
};

/** The ids of posts and of pages the records point at. */
function referencedParents(seed: Seed): { posts: Set<number>; pages: Set<number> } {
  const ids = (key: CollectionKey, f: (r: WpRecord) => unknown): number[] =>
    seed[key].map((e) => f(e.record)).filter((x): x is number => typeof x === 'number' && x > 0);
  const posts = new Set([
    ...ids('core/v2/posts/revisions', (r) => r.parent),
    ...ids('core/v2/posts/autosaves', (r) => r.parent),
    ...ids('core/v2/media', (r) => r.post),
  ]);
  const pages = new Set([
    ...ids('core/v2/pages', (r) => r.parent),
    ...ids('core/v2/pages/revisions', (r) => r.parent),
    ...ids('core/v2/pages/autosaves', (r) => r.parent),
    ...ids('core/v2/menu-items', (r) => (r.object === 'page' ? r.object_id : undefined)),
  ]);
  return { posts, pages };
}

/** Add the posts and pages of `IMPLIED` that records point at, and a media record behind every calendar image without one. */
function addImplied(seed: Seed): void {
  const { posts, pages } = referencedParents(seed);
  const has = (key: CollectionKey, id: number): boolean => seed[key].some((e) => e.record.id === id);
  for (const [id, input] of Object.entries(IMPLIED).map(([k, v]) => [Number(k), v] as const)) {
    const key = input.type === 'post' ? 'core/v2/posts' : 'core/v2/pages';
    if (has(key, id) || !(input.type === 'post' ? posts : pages).has(id)) continue;
    seed[key].push({ lang: 'en', record: corePost({ ...input, id, status: 'publish' }) });
  }
  const owners = ['cal/events/v1/events', 'cal/events/v1/venues', 'cal/events/v1/organizers'] as const;
  for (const key of owners)
    for (const { record } of seed[key]) {
      const image = record.image;
      if (!isObject(image) || !Number.isInteger(image.id) || has('core/v2/media', Number(image.id))) continue;
      const [, y, m] = /\/uploads\/(\d{4})\/(\d{2})\//.exec(String(image.url)) ?? [undefined, '2025', '01'];
      const date = `${y}-${m}-01T10:00:00`;
      seed['core/v2/media'].push({ lang: 'en', record: mediaFromImage(image, date, { id: record.id, url: String(record.url) }) });
    }
}

// ---------------------------------------------------------------------------------------------
// The built-in seed

/** The festival's days: from the first to the last day an example event starts on (14-16 June 2025 in a spec without event examples). */
function festivalDays(seed: Seed): string[] {
  const starts = seed['cal/events/v1/events'].map((e) => String(e.record.start_date ?? '').slice(0, 10)).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
  if (!starts.length) return ['2025-06-14', '2025-06-15', '2025-06-16'];
  starts.sort();
  const days: string[] = [];
  for (let t = Date.parse(`${starts[0]}T00:00:00Z`); t <= Date.parse(`${starts[starts.length - 1]}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function slugSets(seed: Seed): (key: string) => Set<string> {
  const sets = new Map<string, Set<string>>();
  return (key) => {
    let set = sets.get(key);
    if (!set) {
      set = new Set(isCollection(key) ? seed[key].map((e) => String(e.record.slug ?? '')).filter(Boolean) : []);
      sets.set(key, set);
    }
    return set;
  };
}

/**
 * The calendar's copies made from the records: `json_ld` on venues and organizers that lack it, each
 * term's `count` (the published events using it), then every event's image, venue, organizers and
 * terms as copies of the records they name, and the event's own `json_ld`. A redacted event (a
 * password-protected one as lists show it: `all_day` is `null`) gets no `json_ld`: it never has one.
 */
function linkCalendar(seed: Seed): void {
  const index = (key: CollectionKey): Map<number, WpRecord> => new Map(seed[key].map((e) => [e.record.id, e.record]));
  for (const { record } of seed['cal/events/v1/venues']) record.json_ld ??= venueJsonLd(record);
  for (const { record } of seed['cal/events/v1/organizers']) record.json_ld ??= organizerJsonLd(record);
  const [media, venues, organizers, categories, tags] = (
    ['core/v2/media', 'cal/events/v1/venues', 'cal/events/v1/organizers', 'cal/events/v1/categories', 'cal/events/v1/tags'] as const
  ).map(index);
  for (const t of [...categories.values(), ...tags.values()]) t.count = 0;
  for (const { record } of seed['cal/events/v1/events'])
    if (record.status === 'publish')
      for (const [list, terms] of [
        [record.categories, categories],
        [record.tags, tags],
      ] as const)
        for (const t of objects(list)) {
          const term = terms.get(asNumber(t.id) ?? NaN);
          if (term) term.count = (term.count ?? 0) + 1;
        }
  const copy = (records: Map<number, WpRecord>, what: string, ref: unknown): WpRecord => {
    const id = member(ref, 'id');
    const found = typeof id === 'number' ? records.get(id) : undefined;
    if (!found) throw new Error(`seed: an event names ${what} ${String(id)}, which the seed lacks`);
    return structuredClone(found);
  };
  for (const { record: e } of seed['cal/events/v1/events']) {
    if (isObject(e.image)) e.image = calImage(copy(media, 'media', e.image));
    if (isObject(e.venue)) e.venue = copy(venues, 'venue', e.venue);
    else if (Array.isArray(e.venue)) e.venue = e.venue.map((v: unknown) => copy(venues, 'venue', v));
    e.organizer = (asArray(e.organizer) ?? []).map((o) => copy(organizers, 'organizer', o));
    e.categories = (asArray(e.categories) ?? []).map((t) => embeddedTerm(copy(categories, 'category', t)));
    e.tags = (asArray(e.tags) ?? []).map((t) => embeddedTerm(copy(tags, 'tag', t)));
    if (e.all_day !== null) e.json_ld ??= eventJsonLd(e);
  }
}

const FESTIVAL_KEYS: [keyof ReturnType<typeof generateFestival>, CollectionKey][] = [
  ['posts', 'core/v2/posts'],
  ['pages', 'core/v2/pages'],
  ['media', 'core/v2/media'],
  ['menuItems', 'core/v2/menu-items'],
  ['postRevisions', 'core/v2/posts/revisions'],
  ['pageRevisions', 'core/v2/pages/revisions'],
  ['postAutosaves', 'core/v2/posts/autosaves'],
  ['events', 'cal/events/v1/events'],
  ['venues', 'cal/events/v1/venues'],
  ['organizers', 'cal/events/v1/organizers'],
  ['categories', 'cal/events/v1/categories'],
  ['tags', 'cal/events/v1/tags'],
];

/** The built-in seed: every record of the spec's examples (deduplicated by id), the records they imply, and the generated festival. Deterministic. */
export function builtInSeed(doc: OpenApiDoc): Seed {
  const { seed } = exampleSeed(doc);
  addImplied(seed);
  const festival = generateFestival({
    days: festivalDays(seed),
    posts: seed['core/v2/posts'],
    pages: seed['core/v2/pages'],
    media: seed['core/v2/media'],
    venues: seed['cal/events/v1/venues'],
    organizers: seed['cal/events/v1/organizers'],
    categories: seed['cal/events/v1/categories'],
    tags: seed['cal/events/v1/tags'],
    slugs: slugSets(seed),
  });
  for (const [part, key] of FESTIVAL_KEYS) seed[key].push(...festival[part]);
  linkCalendar(seed);
  return seed;
}

// ---------------------------------------------------------------------------------------------
// A user's seed file

function readSeedText(file: string): string {
  let bytes: Buffer;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
    if (st.size > MAX_SEED_BYTES) throw new Error(`seed file ${file}: ${(st.size / 1048576).toFixed(1)} MiB, more than the 64 MiB a seed file may hold`);
    bytes = readFileSync(file);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (!err.code) throw err;
    throw new Error(`cannot read seed file ${file}: ${err.code}${err.code === 'ENOENT' ? ' (no such file)' : err.code === 'EISDIR' ? ' (a directory)' : ''}`);
  }
  if (bytes.length > MAX_SEED_BYTES) throw new Error(`seed file ${file}: more than the 64 MiB a seed file may hold`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new Error(`seed file ${file}: not UTF-8 text`);
  }
}

function fail(file: string, key: string, index: number, pointer: string, reason: string): never {
  throw new Error(`seed file ${file}: ${key} entry ${index} (at ${pointer}): ${reason}`);
}

/** One collection's entries: each a record or `{lang, record}`, with an integer id unique in the collection, valid against its schema. */
function readEntries(file: string, key: CollectionKey, list: unknown[], v: Validator): SeedEntry[] {
  const seen = new Map<number, number>();
  const schema = { $ref: `#/components/schemas/${RECORD_SCHEMA[key]}` };
  return list.map((item, i): SeedEntry => {
    const at = `/${escapePointer(key)}/${i}`;
    if (!isObject(item)) return fail(file, key, i, at, 'must be a record (a JSON object) or {"lang": ..., "record": {...}}');
    const wrapped = 'record' in item && Object.keys(item).every((k) => k === 'lang' || k === 'record');
    const record: unknown = wrapped ? item.record : item;
    const inner = wrapped ? `${at}/record` : at;
    if (wrapped && item.lang !== undefined && !isLang(item.lang)) fail(file, key, i, `${at}/lang`, `unknown lang ${JSON.stringify(item.lang)} (nl, en or de)`);
    if (!isObject(record)) return fail(file, key, i, inner, 'the record must be a JSON object');
    if (!('id' in record)) fail(file, key, i, `${inner}/id`, 'missing id');
    if (typeof record.id !== 'number' || !Number.isInteger(record.id))
      fail(file, key, i, `${inner}/id`, `id must be an integer, not ${JSON.stringify(record.id)}`);
    const first = seen.get(record.id);
    if (first !== undefined) fail(file, key, i, `${inner}/id`, `duplicate id ${record.id} (entry ${first} has it too)`);
    seen.set(record.id, i);
    let problems;
    try {
      problems = v.check(schema, record, { strict: true });
    } catch (e) {
      return fail(file, key, i, inner, `cannot be checked against ${RECORD_SCHEMA[key]}: ${(e as Error).message}`);
    }
    if (problems.length) {
      const [p] = problems;
      const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
      fail(file, key, i, `${inner}${p.pointer}`, `does not match ${RECORD_SCHEMA[key]}: ${p.pointer || '/'} ${p.message}${more}`);
    }
    // The record was just checked against its schema (strictly) by the project's validator.
    return { lang: wrapped && isLang(item.lang) ? item.lang : 'en', record: record as WpRecord };
  });
}

/**
 * A user's seed file (JSON, at most 64 MiB): `{ "<collection key>": [ record | { "lang": "nl", "record": {...} } ], ... }`;
 * missing collections are empty, a bare record is English. Throws an Error naming the file, the
 * collection, the entry, the JSON pointer and the reason on an unreadable or too large file, invalid
 * JSON, an unknown collection, a record that fails its schema (strictly: no undocumented field), a
 * missing or duplicate id, an unknown lang. The records are taken as they are (not linked).
 */
export function readSeedFile(file: string, doc: OpenApiDoc): Seed {
  const text = readSeedText(file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`seed file ${file}: not valid JSON (${(e as Error).message})`);
  }
  if (!isObject(data)) throw new Error(`seed file ${file}: must be a JSON object keyed by collection (${COLLECTIONS.join(', ')})`);
  const seed = emptySeed();
  const v = createValidator(doc, { maxErrors: 5 });
  for (const [key, list] of Object.entries<unknown>(data)) {
    if (!isCollection(key))
      throw new Error(
        `seed file ${file}: unknown collection ${JSON.stringify(key)} (at /${escapePointer(key)}); the collections are ${COLLECTIONS.join(', ')}`,
      );
    if (!Array.isArray(list)) throw new Error(`seed file ${file}: ${key} (at /${escapePointer(key)}) must be an array of records`);
    seed[key] = readEntries(file, key, list, v);
  }
  return seed;
}
