// The mock store's generated festival (issue 25, DECISIONS.md D155): the records a festival site holds
// besides the spec's examples, so that lists, paging and filters mean something. Deterministic: a
// small seeded PRNG (no Math.random, no clock), the festival's days read from the examples. The
// data (names, texts, prices, id ranges) is festival.json (festival-data.ts); the records' shapes
// are the builders' (build-core.ts, build-cal.ts); this file only draws and links them.
import { prng, type Prng } from '../../core/prng.ts';
import { calImage, event, organizer, term, venue } from './build-cal.ts';
import { corePost, media, menuItem, revision } from './build-core.ts';
import { wallMs, wallText } from './clock.ts';
import { festivalData, type FestivalData, type Words } from './festival-data.ts';
import { HOST, LANGS, rawOf, type Entry, type Lang, type WpRecord } from './record.ts';
import { sanitizeTitle, takeSlug } from './text.ts';

const pad = (n: number): string => String(n).padStart(2, '0');
const MINUTE = 60_000;
const DAY = 86_400_000;

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

function genMedia(base: FestivalBase, d: FestivalData): Entry[] {
  return d.media.map(({ file, title, alt, width, height }, i) => {
    const date = wallText(Date.UTC(2025, 2 + (i % 3), 3 + i * 2, 9 + (i % 5), 15));
    const record = width
      ? media({ id: d.ids.media + i, base: file, ext: 'jpg', title, alt, caption: i % 3 === 0 ? title : undefined, width, height, date, post: null })
      : media({ id: d.ids.media + i, base: file, ext: 'pdf', title, date, filesize: 180_000 + i * 20_011, post: null });
    base.slugs('core/v2/media').add(String(record.slug));
    return { lang: 'en' as Lang, record };
  });
}

function genPlaces(base: FestivalBase, images: Map<string, Entry>, d: FestivalData): { venues: Entry[]; organizers: Entry[] } {
  const venues = d.venues.map((v, i): Entry => {
    const slug = takeSlug(base.slugs('cal/events/v1/venues'), sanitizeTitle(v.name));
    const img = v.image ? images.get(v.image) : undefined;
    const date = `2025-03-${pad(4 + i)} 10:${pad(10 * i)}:00`;
    return { lang: v.lang, record: venue({ ...v, id: d.ids.venues + i, slug, date, image: img ? calImage(img.record) : undefined }) };
  });
  const organizers = d.organizers.map((o, i): Entry => {
    const slug = takeSlug(base.slugs('cal/events/v1/organizers'), sanitizeTitle(o.name));
    return { lang: o.lang, record: organizer({ ...o, id: d.ids.organizers + i, slug, date: `2025-03-${pad(12 + i)} 14:00:00` }) };
  });
  return { venues, organizers };
}

/** The terms of one taxonomy in three languages: the examples' (matched by slug) and new ones; `ids` maps `lang:key` to a term id. */
function genTerms(base: FestivalBase, kind: 'categories' | 'tags', ids: Map<string, number>, d: FestivalData): Entry[] {
  const key = `cal/events/v1/${kind}`;
  const taxonomy = kind === 'categories' ? 'cal_events_cat' : 'post_tag';
  const examples = kind === 'categories' ? base.categories : base.tags;
  const rows: { key: string; parent?: string; slug?: Partial<Words>; name: Words; description: Words }[] = kind === 'categories' ? d.categories : d.tags;
  const paths = new Map<number, string>();
  const out: Entry[] = [];
  let next: number = kind === 'categories' ? d.ids.categories : d.ids.tags;
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
  data: FestivalData;
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
  return wallText(wallMs(`${anchor} 00:00:00`) + offsets[(i - festival) % offsets.length] * DAY, ' ').slice(0, 10);
}

/** One generated event: its i-th slot, a performer and moment of its language, the cast drawn by the PRNG. */
function genEvent(base: FestivalBase, cast: Cast, r: Prng, i: number, combo: [string, string, number], festival: number): Entry {
  const d = cast.data;
  const lang = LANGS[i % 3];
  const [performer, cat, m] = combo;
  const moment = d.moments[m];
  const title = `${performer}: ${moment.name[lang]}`;
  const day = eventDay(base.days, i, festival);
  const allDay = i % 13 === 6;
  const hour = moment.hours[0] + r.int(moment.hours[1] - moment.hours[0] + 1);
  const start = allDay ? `${day} 00:00:00` : `${day} ${pad(hour)}:${r.pick(['00', '15', '30'])}:00`;
  const end = allDay ? `${day} 23:59:59` : wallText(wallMs(start) + (moment.minutes + 15 * r.int(3)) * MINUTE, ' ');
  const v = r.int(20) === 0 ? undefined : r.pick(cast.venues);
  const orgCount = r.pick([0, 1, 1, 1, 1, 2]);
  const organizers = [...new Set(Array.from({ length: orgCount }, () => r.pick(cast.organizers)))];
  const cost = d.costs[r.int(d.costs.length)];
  const tagKeys = new Set<string>();
  if (moment.tag) tagKeys.add(moment.tag);
  if (cat === 'family') tagKeys.add('family');
  if (cost.cost === 'Free') tagKeys.add('free');
  if (v?.outdoor) tagKeys.add('outdoor');
  if (v?.accessible) tagKeys.add('accessible');
  const tagIds = [...tagKeys].map((k) => cast.terms.get(`tags:${lang}:${k}`)).filter((id): id is number => id !== undefined);
  const catId = cast.terms.get(`categories:${lang}:${cat}`);
  const about = d.about[cat][lang].replace('{p}', performer);
  const pubDate = wallText(Date.UTC(2025, 3, 1, 9) + r.int(55) * DAY + r.int(8) * 3_600_000, ' ');
  const record = event({
    id: d.ids.events + i,
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
  const combos = new Map<Lang, [string, string, number][]>();
  for (const lang of LANGS) {
    const all = cast.data.performers[lang].flatMap(({ name: p, category: c }) => cast.data.moments.map((_, m): [string, string, number] => [p, c, m]));
    for (let k = all.length - 1; k > 0; k--) {
      const j = r.int(k + 1);
      [all[k], all[j]] = [all[j], all[k]];
    }
    combos.set(lang, all);
  }
  const out: Entry[] = [];
  for (let i = 0; i < festival + 6; i++)
    out.push(genEvent(base, cast, r, i, combos.get(LANGS[i % 3])?.[Math.floor(i / 3)] as [string, string, number], festival));
  return out;
}

function genPosts(base: FestivalBase, images: number[], r: Prng, d: FestivalData): Entry[] {
  const categories = [...new Set(base.posts.flatMap((e) => (e.record.categories as number[] | undefined) ?? []))].sort((a, b) => a - b);
  const tags = [...new Set(base.posts.flatMap((e) => (e.record.tags as number[] | undefined) ?? []))].sort((a, b) => a - b);
  const out: Entry[] = [];
  let i = 0;
  for (const lang of LANGS)
    d.posts[lang].forEach(({ title, text }, n) => {
      const id = d.ids.posts + i;
      const date = wallText(Date.UTC(2025, 0, 15, 9) + n * 16 * DAY + r.int(10) * 3_600_000 + LANGS.indexOf(lang) * 1_800_000);
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

function genPages(base: FestivalBase, d: FestivalData): Entry[] {
  const all = [...base.pages];
  const out: Entry[] = [];
  d.pages.forEach(({ lang, title, text, parent: parentRef, order }, i) => {
    const parent = typeof parentRef === 'number' ? parentRef : (out[Number(parentRef.slice(1))].record.id as number);
    const parentLink = all.find((e) => e.record.id === parent)?.record.link;
    const slug = takeSlug(base.slugs('core/v2/pages'), sanitizeTitle(title), lang);
    const path = parent && typeof parentLink === 'string' ? `${parentLink.slice(HOST.length + 1)}${slug}` : slug;
    const date = wallText(Date.UTC(2025, 0, 6 + i, 10));
    const entry: Entry = {
      lang,
      record: corePost({ id: d.ids.pages + i, type: 'page', title, text, date, slug, status: 'publish', path, parent, menu_order: order }),
    };
    out.push(entry);
    all.push(entry);
  });
  return out;
}

/** Menus 12 (the examples' main menu, English), 13 (Dutch) and 14 (German). */
function genMenuItems(pages: Entry[], d: FestivalData): Entry[] {
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
      id: d.ids.menuItems + i,
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
function genRevisions(posts: Entry[], pages: Entry[], d: FestivalData): Pick<Festival, 'postRevisions' | 'pageRevisions' | 'postAutosaves'> {
  const live = posts.filter((e) => e.record.status === 'publish');
  const picks = [live[0], live[4], live[12]];
  const postRevisions = picks.map((e, i): Entry => ({
    lang: e.lang,
    record: revision({ id: d.ids.revisions + i, parent: e.record, kind: 'revision', date: String(e.record.date) }),
  }));
  const page = pages[0];
  const pageRevisions: Entry[] = [
    { lang: page.lang, record: revision({ id: d.ids.revisions + 10, parent: page.record, kind: 'revision', date: String(page.record.date) }) },
  ];
  const edited = live[1];
  const title = `${rawOf(edited.record.title)} (update)`;
  const later = wallText(wallMs(String(edited.record.date)) + 2 * DAY);
  const autosave = revision({
    id: d.ids.autosaves,
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
  const d = festivalData();
  const r = prng(25);
  const mediaEntries = genMedia(base, d);
  const byFile = new Map(mediaEntries.map((e) => [String(e.record.slug), e]));
  const { venues, organizers } = genPlaces(base, byFile, d);
  const ids = { categories: new Map<string, number>(), tags: new Map<string, number>() };
  const categories = genTerms(base, 'categories', ids.categories, d);
  const tags = genTerms(base, 'tags', ids.tags, d);
  const terms = new Map<string, number>();
  for (const [k, id] of ids.categories) terms.set(`categories:${k}`, id);
  for (const [k, id] of ids.tags) terms.set(`tags:${k}`, id);
  const places = [...base.venues, ...venues].map((e) => {
    const flags = d.example_venues[String(e.record.slug)] ?? d.venues.find((v) => v.name === e.record.venue) ?? {};
    return { id: e.record.id as number, outdoor: flags.outdoor === true, accessible: flags.accessible === true };
  });
  const images = [...base.media, ...mediaEntries].filter((e) => e.record.media_type === 'image').map((e) => e.record.id as number);
  const cast: Cast = { data: d, venues: places, organizers: [...base.organizers, ...organizers].map((e) => e.record.id as number), images, terms };
  const events = genEvents(base, cast, r);
  const posts = genPosts(base, images, r, d);
  const pages = genPages(base, d);
  return {
    posts,
    pages,
    media: mediaEntries,
    menuItems: genMenuItems([...base.pages, ...pages], d),
    ...genRevisions(posts, pages, d),
    events,
    venues,
    organizers,
    categories,
    tags,
  };
}
