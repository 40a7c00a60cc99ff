// The generated festival's data (festival.json beside this file, one row a line): the id ranges, the category tree
// and tags in three languages, the performers and what their events are, the moments of a day, the
// venues, organizers, media, news posts, pages and prices. Read once, when the seed is first built,
// and checked: every field's type, no unknown field, and every reference (a performer's category, a
// moment's tag, a venue's image, a page's parent) named where it is defined; a problem is an Error
// naming the file, the place and the reason (DECISIONS.md D170). JSON rather than YAML: the mock
// reads it at start, and JSON.parse costs a millisecond where the YAML parser cost ~200 ms cold.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isObject, type JsonObject } from '../../core/json.ts';
import { PACKAGE_ROOT } from '../../core/spec.ts';
import type { Cost, PlaceInput } from './build-cal.ts';
import { LANGS, type Lang } from './record.ts';

/** The data file, read from the package's source tree (the compiled mock reads the same file). */
export const FESTIVAL_DATA_FILE = join(PACKAGE_ROOT, 'mock', 'store', 'festival.json');

/** A text in each language. */
export type Words = Record<Lang, string>;

export interface CategoryRow {
  key: string;
  parent?: string;
  /** The examples' term of this key, by language: matched by slug instead of generated. */
  slug?: Partial<Words>;
  name: Words;
  description: Words;
}
export type TagRow = Omit<CategoryRow, 'parent'>;
export interface MomentRow {
  name: Words;
  tag?: string;
  /** The first and last start hour. */
  hours: [number, number];
  minutes: number;
  sentence: Words;
}
export type VenueRow = Omit<PlaceInput, 'id' | 'slug' | 'date' | 'image'> & { image?: string; outdoor?: boolean; accessible?: boolean };
export type OrganizerRow = Omit<PlaceInput, 'id' | 'slug' | 'date'>;
export interface PageRow {
  lang: Lang;
  title: string;
  text: string;
  /** A page id, or `@n`: the n-th page of this list. */
  parent: number | `@${number}`;
  order: number;
}

export interface FestivalData {
  /** The first id of each kind of generated record (the examples' ids are all below 2000). */
  ids: Record<'posts' | 'pages' | 'media' | 'menuItems' | 'revisions' | 'autosaves' | 'venues' | 'organizers' | 'events' | 'categories' | 'tags', number>;
  categories: CategoryRow[];
  tags: TagRow[];
  performers: Record<Lang, { name: string; category: string }[]>;
  /** What each category's events are (`{p}`: the performer). */
  about: Record<string, Words>;
  moments: MomentRow[];
  venues: VenueRow[];
  /** The examples' venues, by slug: outdoors, step-free. */
  example_venues: Record<string, { outdoor?: boolean; accessible?: boolean }>;
  organizers: OrganizerRow[];
  /** Width and height 0: a PDF. */
  media: { file: string; title: string; alt: string; width: number; height: number }[];
  posts: Record<Lang, { title: string; text: string }[]>;
  pages: PageRow[];
  costs: Cost[];
}

/** Reads a value of the file at a place (`venues[2].geo`), or throws naming both. */
class Reader {
  constructor(private readonly file: string) {}

  fail(at: string, reason: string): never {
    throw new Error(`${this.file}: ${at}: ${reason}`);
  }

  /** An object with the `required` fields and perhaps the `optional` ones, nothing else. */
  object(v: unknown, at: string, required: readonly string[], optional: readonly string[] = []): JsonObject {
    if (!isObject(v)) return this.fail(at, 'expected an object');
    for (const k of required) if (!(k in v)) this.fail(at, `missing ${k}`);
    for (const k of Object.keys(v)) if (!required.includes(k) && !optional.includes(k)) this.fail(`${at}.${k}`, 'unknown field');
    return v;
  }

  string(v: unknown, at: string): string {
    return typeof v === 'string' ? v : this.fail(at, 'expected a string');
  }

  int(v: unknown, at: string): number {
    return Number.isInteger(v) && (v as number) >= 0 ? (v as number) : this.fail(at, 'expected a whole number, 0 or more');
  }

  number(v: unknown, at: string): number {
    return typeof v === 'number' && Number.isFinite(v) ? v : this.fail(at, 'expected a number');
  }

  boolean(v: unknown, at: string): boolean {
    return typeof v === 'boolean' ? v : this.fail(at, 'expected true or false');
  }

  list<T>(v: unknown, at: string, each: (x: unknown, at: string) => T): T[] {
    return Array.isArray(v) ? v.map((x, i) => each(x, `${at}[${i}]`)) : this.fail(at, 'expected a list');
  }

  lang(v: unknown, at: string): Lang {
    return LANGS.includes(v as Lang) ? (v as Lang) : this.fail(at, `expected one of ${LANGS.join(', ')}`);
  }

  /** A text in every language. */
  words(v: unknown, at: string): Words {
    const o = this.object(v, at, LANGS);
    return { en: this.string(o.en, `${at}.en`), nl: this.string(o.nl, `${at}.nl`), de: this.string(o.de, `${at}.de`) };
  }

  /** A value per language, each read by `each`. */
  perLang<T>(v: unknown, at: string, each: (x: unknown, at: string) => T): Record<Lang, T> {
    const o = this.object(v, at, LANGS);
    return { en: each(o.en, `${at}.en`), nl: each(o.nl, `${at}.nl`), de: each(o.de, `${at}.de`) };
  }

  /** Some languages' texts. */
  someWords(v: unknown, at: string): Partial<Words> {
    const o = this.object(v, at, [], LANGS);
    const out: Partial<Words> = {};
    for (const l of LANGS) if (o[l] !== undefined) out[l] = this.string(o[l], `${at}.${l}`);
    return out;
  }

  /** `v`, read by `read`, when present. */
  maybe<T>(v: unknown, at: string, read: (x: unknown, at: string) => T): T | undefined {
    return v === undefined ? undefined : read(v, at);
  }

  /** One of `names`. */
  oneOf(v: unknown, at: string, names: readonly string[]): string {
    const s = this.string(v, at);
    return names.includes(s) ? s : this.fail(at, `${JSON.stringify(s)} is not one of ${names.join(', ')}`);
  }
}

const PLACE_FIELDS = ['address', 'city', 'country', 'zip', 'phone', 'website', 'email', 'stateprovince', 'geo', 'showMapLink'] as const;

/** A venue's or organizer's fields (the optional ones only when present, in the file's order). */
function place(r: Reader, v: unknown, at: string, extra: readonly string[]): JsonObject {
  const o = r.object(v, at, ['lang', 'name', 'description', 'excerpt'], [...PLACE_FIELDS, ...extra]);
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(o)) {
    const here = `${at}.${k}`;
    if (k === 'lang') out[k] = r.lang(x, here);
    else if (k === 'geo') {
      const geo = r.list(x, here, (n, a) => r.number(n, a));
      out[k] = geo.length === 2 ? geo : r.fail(here, 'expected [latitude, longitude]');
    } else if (k === 'showMapLink' || k === 'outdoor' || k === 'accessible') out[k] = r.boolean(x, here);
    else out[k] = r.string(x, here);
  }
  return out;
}

function terms(r: Reader, v: unknown, at: string, parents: boolean): CategoryRow[] {
  const keys: string[] = [];
  return r.list(v, at, (x, a) => {
    const o = r.object(x, a, ['key', 'name', 'description'], parents ? ['parent', 'slug'] : ['slug']);
    const key = r.string(o.key, `${a}.key`);
    if (keys.includes(key)) r.fail(`${a}.key`, `${key} is already a key`);
    const parent = r.maybe(o.parent, `${a}.parent`, (p, pa) => r.oneOf(p, pa, keys));
    keys.push(key);
    return {
      key,
      ...(parent === undefined ? {} : { parent }),
      ...(o.slug === undefined ? {} : { slug: r.someWords(o.slug, `${a}.slug`) }),
      name: r.words(o.name, `${a}.name`),
      description: r.words(o.description, `${a}.description`),
    };
  });
}

function moments(r: Reader, v: unknown, tagKeys: readonly string[]): MomentRow[] {
  return r.list(v, 'moments', (x, a) => {
    const o = r.object(x, a, ['name', 'hours', 'minutes', 'sentence'], ['tag']);
    const hours = r.list(o.hours, `${a}.hours`, (h, ha) => r.int(h, ha));
    if (hours.length !== 2 || hours[0] > hours[1] || hours[1] > 23) r.fail(`${a}.hours`, 'expected [first, last] start hours, 0 to 23');
    const tag = r.maybe(o.tag, `${a}.tag`, (t, ta) => r.oneOf(t, ta, tagKeys));
    return {
      name: r.words(o.name, `${a}.name`),
      ...(tag === undefined ? {} : { tag }),
      hours: [hours[0], hours[1]],
      minutes: r.int(o.minutes, `${a}.minutes`),
      sentence: r.words(o.sentence, `${a}.sentence`),
    };
  });
}

function pages(r: Reader, v: unknown): PageRow[] {
  return r.list(v, 'pages', (x, a) => {
    const o = r.object(x, a, ['lang', 'title', 'text', 'parent', 'order']);
    const index = Number(a.slice(6, -1));
    const p = o.parent;
    const parent = typeof p === 'string' && /^@\d+$/.test(p) && Number(p.slice(1)) < index ? (p as `@${number}`) : r.int(p, `${a}.parent`);
    return {
      lang: r.lang(o.lang, `${a}.lang`),
      title: r.string(o.title, `${a}.title`),
      text: r.string(o.text, `${a}.text`),
      parent,
      order: r.int(o.order, `${a}.order`),
    };
  });
}

/** The festival's data, checked (`text`: the file's JSON; `file`: its name in messages). */
export function readFestivalData(text: string, file = FESTIVAL_DATA_FILE): FestivalData {
  const r = new Reader(file);
  const top = ['ids', 'categories', 'tags', 'performers', 'about', 'moments', 'venues', 'example_venues', 'organizers', 'media', 'posts', 'pages', 'costs'];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    r.fail('(top)', `not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const d = r.object(json, '(top)', top);
  const idKeys = ['posts', 'pages', 'media', 'menuItems', 'revisions', 'autosaves', 'venues', 'organizers', 'events', 'categories', 'tags'] as const;
  const idsIn = r.object(d.ids, 'ids', idKeys);
  const ids = Object.fromEntries(idKeys.map((k) => [k, r.int(idsIn[k], `ids.${k}`)])) as FestivalData['ids'];
  const categories = terms(r, d.categories, 'categories', true);
  const catKeys = categories.map((c) => c.key);
  const tags = terms(r, d.tags, 'tags', false);
  const media = r.list(d.media, 'media', (x, a) => {
    const o = r.object(x, a, ['file', 'title', 'alt', 'width', 'height']);
    const [width, height] = [r.int(o.width, `${a}.width`), r.int(o.height, `${a}.height`)];
    return { file: r.string(o.file, `${a}.file`), title: r.string(o.title, `${a}.title`), alt: r.string(o.alt, `${a}.alt`), width, height };
  });
  const venues = r.list(d.venues, 'venues', (x, a) => place(r, x, a, ['image', 'outdoor', 'accessible']) as VenueRow);
  venues.forEach(
    (v, i) =>
      v.image !== undefined &&
      r.oneOf(
        v.image,
        `venues[${i}].image`,
        media.map((m) => m.file),
      ),
  );
  const flags = isObject(d.example_venues) ? d.example_venues : r.fail('example_venues', 'expected an object');
  return {
    ids,
    categories,
    tags,
    performers: r.perLang(d.performers, 'performers', (x, a) =>
      r.list(x, a, (p, pa) => {
        const o = r.object(p, pa, ['name', 'category']);
        return { name: r.string(o.name, `${pa}.name`), category: r.oneOf(o.category, `${pa}.category`, catKeys) };
      }),
    ),
    about: Object.fromEntries(Object.entries(r.object(d.about, 'about', catKeys)).map(([k, w]) => [k, r.words(w, `about.${k}`)])),
    moments: moments(
      r,
      d.moments,
      tags.map((t) => t.key),
    ),
    venues,
    example_venues: Object.fromEntries(
      Object.entries(flags).map(([slug, f]) => {
        const o = r.object(f, `example_venues.${slug}`, [], ['outdoor', 'accessible']);
        return [slug, Object.fromEntries(Object.entries(o).map(([k, x]) => [k, r.boolean(x, `example_venues.${slug}.${k}`)]))];
      }),
    ),
    organizers: r.list(d.organizers, 'organizers', (x, a) => place(r, x, a, []) as OrganizerRow),
    media,
    posts: r.perLang(d.posts, 'posts', (x, a) =>
      r.list(x, a, (p, pa) => {
        const o = r.object(p, pa, ['title', 'text']);
        return { title: r.string(o.title, `${pa}.title`), text: r.string(o.text, `${pa}.text`) };
      }),
    ),
    pages: pages(r, d.pages),
    costs: r.list(d.costs, 'costs', (x, a) => {
      const o = r.object(x, a, ['cost', 'values']);
      return { cost: r.string(o.cost, `${a}.cost`), values: r.list(o.values, `${a}.values`, (s, sa) => r.string(s, sa)) };
    }),
  };
}

let loaded: FestivalData | undefined;

/** The festival's data from festival.json, read and checked once. */
export function festivalData(): FestivalData {
  loaded ??= readFestivalData(readFileSync(FESTIVAL_DATA_FILE, 'utf8'));
  return loaded;
}
