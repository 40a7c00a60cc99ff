// The query parameters of a list, applied to the store as the platform applies them: core lists
// (status, search, include/exclude, slug, author, parent, categories/tags with tax_relation,
// sticky, date windows, menu order and menus, media and MIME types, the language) and the
// calendar's (date windows and their defaults, include, search, categories and tags by id or slug,
// venue, organizer, featured, status; venues, organizers and terms by search, include, slug,
// parent, hide_empty). Sorting follows `order`/`orderby` with the platform's defaults.
import { localDayEdge, parseLocal, strtotime, type Clock } from './clock.ts';
import { linkedIds } from './cal-records.ts';
import type { Rec } from './store.ts';
import type { CollectionKey, Lang } from './seed.ts';
import type { WpRecord } from './record.ts';
import type { Pairs, PlatformAnswer } from '../types.ts';
import { member } from '../../core/json.ts';
import { LANGUAGE_PARAM } from '../../core/platform.js';
import { lastParam } from '../globals.ts';

/** The values of a parameter: `name=a,b`, repeated `name[]=a&name[]=b`, or undefined when absent. */
export function listParam(pairs: Pairs, name: string): string[] | undefined {
  let out: string[] | undefined;
  for (const [k, v] of pairs) {
    if (k !== name && !(k.startsWith(`${name}[`) && k.endsWith(']'))) continue;
    out ??= [];
    out.push(
      ...v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    );
  }
  return out;
}

/** The last value of a parameter, or undefined (the front's reading, globals.ts). */
export const param = lastParam;

const truthy = (v: string | undefined): boolean | undefined => (v === undefined ? undefined : /^(1|true|yes|on)$/i.test(v));
const ints = (v: string[] | undefined): number[] | undefined => v?.map(Number).filter(Number.isFinite);
const text = (v: unknown): string => String(typeof v === 'object' && v !== null ? (member(v, 'raw') ?? member(v, 'rendered') ?? '') : (v ?? '')).toLowerCase();
/** Does the list hold the value (a record's member of any type)? */
const holds = (list: readonly unknown[], v: unknown): boolean => list.includes(v);
/** `x < y` as JavaScript compares two primitive record values: two strings as strings, anything else as numbers. */
const less = (x: unknown, y: unknown): boolean => (typeof x === 'string' && typeof y === 'string' ? x < y : Number(x) < Number(y));
const lengthOf = (v: unknown): number => (Array.isArray(v) ? v.length : 0);

/** What a list filter needs: its parameters, their documented defaults, the clock. */
export interface ListQuery {
  key: CollectionKey;
  pairs: Pairs;
  defaults: Record<string, unknown>;
  clock: Clock;
  authed: boolean;
}

const get = (q: ListQuery, name: string): string | undefined => param(q.pairs, name) ?? (q.defaults[name] === undefined ? undefined : String(q.defaults[name]));

function statusFilter(q: ListQuery, fallback: string): (r: WpRecord) => boolean {
  const wanted = listParam(q.pairs, 'status') ?? [String(q.defaults.status ?? fallback)];
  if (wanted.includes('any')) return (r) => r.status !== 'trash' && r.status !== 'auto-draft';
  return (r) => holds(wanted, r.status);
}

/** Filter core records (posts, pages, media, menu items). */
export function filterCore(recs: Rec[], q: ListQuery): Rec[] {
  const p = (n: string): string[] | undefined => listParam(q.pairs, n);
  const lang = (param(q.pairs, LANGUAGE_PARAM) ?? 'en') as Lang;
  const comments = q.key === 'core/v2/comments';
  // A comment's `status` filter names `approve` what its answer calls `approved` (WP_REST_Comments_Controller::prepare_status_response).
  const listed = statusFilter(q, q.key === 'core/v2/media' ? 'inherit' : 'publish');
  const users = q.key === 'core/v2/users';
  const status = users
    ? (): boolean => true
    : comments
      ? (r: WpRecord): boolean => listed({ ...r, status: r.status === 'approved' ? 'approve' : r.status })
      : listed;
  const posts = ints(p('post'));
  const roles = p('roles');
  const search = param(q.pairs, 'search')?.toLowerCase();
  const [include, exclude, author, authorEx, parent, parentEx, menus, menusEx] = [
    'include',
    'exclude',
    'author',
    'author_exclude',
    'parent',
    'parent_exclude',
    'menus',
    'menus_exclude',
  ].map((n) => ints(p(n)));
  const slugs = p('slug');
  const cats = ints(p('categories'));
  const catsEx = ints(p('categories_exclude'));
  const tags = ints(p('tags'));
  const tagsEx = ints(p('tags_exclude'));
  const and = param(q.pairs, 'tax_relation') === 'AND';
  const sticky = truthy(param(q.pairs, 'sticky'));
  const windows: [string, string, (a: number, b: number) => boolean][] = [
    ['after', 'date', (a, b) => a > b],
    ['before', 'date', (a, b) => a < b],
    ['modified_after', 'modified', (a, b) => a > b],
    ['modified_before', 'modified', (a, b) => a < b],
  ];
  const menuOrder = param(q.pairs, 'menu_order');
  const mediaType = p('media_type');
  const mimeType = p('mime_type');
  const has = (list: number[] | undefined, v: unknown): boolean => !list || (Array.isArray(v) ? v.some((x) => holds(list, x)) : list.includes(Number(v)));
  return recs.filter(({ lang: l, record: r }) => {
    if (q.key !== 'core/v2/menu-items' && !comments && !users && l !== lang) return false;
    if (users && roles && !(Array.isArray(r.roles) && r.roles.some((x) => roles.includes(String(x))))) return false;
    if (comments && !has(posts, r.post)) return false;
    if (!status(r)) return false;
    if (search && ![r.title, r.content, r.excerpt].some((f) => text(f).includes(search))) return false;
    // WP_Query's search leaves password-protected records out for a caller who is not signed in.
    if (search && !q.authed && typeof r.password === 'string' && r.password !== '') return false;
    if (include && !include.includes(r.id)) return false;
    if (exclude?.includes(r.id)) return false;
    if (slugs && !holds(slugs, r.slug)) return false;
    if (!has(author, r.author) || (authorEx && holds(authorEx, r.author))) return false;
    if (!has(parent, r.parent ?? r.post) || (parentEx && holds(parentEx, r.parent))) return false;
    if (!has(menus, r.menus) || (menusEx && holds(menusEx, r.menus))) return false;
    const inCats = !cats || has(cats, r.categories);
    const inTags = !tags || has(tags, r.tags);
    if (cats && tags ? (and ? !(inCats && inTags) : !(inCats || inTags)) : !(inCats && inTags)) return false;
    if ((catsEx && has(catsEx, r.categories) && lengthOf(r.categories)) || (tagsEx && has(tagsEx, r.tags) && lengthOf(r.tags))) return false;
    if (sticky !== undefined && Boolean(r.sticky) !== sticky) return false;
    for (const [name, field, cmp] of windows) {
      const v = param(q.pairs, name);
      if (v !== undefined && !cmp(Date.parse(String(r[field])), Date.parse(v))) return false;
    }
    if (menuOrder !== undefined && r.menu_order !== Number(menuOrder)) return false;
    if (mediaType && !holds(mediaType, r.media_type)) return false;
    if (mimeType && !holds(mimeType, r.mime_type)) return false;
    return true;
  });
}

const FIELD: Record<string, (r: WpRecord) => unknown> = {
  date: (r) => r.date,
  modified: (r) => r.modified,
  id: (r) => r.id,
  title: (r) => text(r.title ?? r.name ?? r.venue ?? r.organizer),
  slug: (r) => r.slug,
  menu_order: (r) => r.menu_order,
  parent: (r) => r.parent,
  name: (r) => text(r.name),
  count: (r) => r.count,
  term_group: (r) => r.term_group ?? 0,
  description: (r) => text(r.description),
  start_date: (r) => r.start_date,
};

/** Sort by `orderby` (`include` and `include_slugs`: the order asked), then by id as MySQL ties do. */
export function sortRecs(recs: Rec[], q: ListQuery, fallbackBy: string, fallbackOrder: 'asc' | 'desc'): Rec[] {
  const by = get(q, 'orderby') ?? fallbackBy;
  const dir = (get(q, 'order') ?? fallbackOrder) === 'asc' ? 1 : -1;
  if (by === 'include' || by === 'include_slugs') {
    const order = listParam(q.pairs, by === 'include' ? 'include' : 'slug') ?? [];
    const pos = (r: WpRecord): number => order.indexOf(String(by === 'include' ? r.id : r.slug));
    return [...recs].sort((a, b) => pos(a.record) - pos(b.record));
  }
  const f = FIELD[by] ?? FIELD[fallbackBy] ?? FIELD.id;
  return [...recs].sort((a, b) => {
    const x = f(a.record);
    const y = f(b.record);
    return (less(x, y) ? -1 : less(y, x) ? 1 : 0) * dir || (a.record.id - b.record.id) * dir;
  });
}

const bad = (name: string): PlatformAnswer => ({
  status: 400,
  body: { code: 'rest_invalid_param', message: `Invalid parameter(s): ${name}`, data: { status: 400, params: { [name]: 'Invalid parameter.' } } },
});

/** The calendar's date window of a list: [from, to] in ms, or the 400 of an unreadable date. */
function eventWindow(q: ListQuery): { from: number; to: number; bounds: Record<string, number> } | PlatformAnswer {
  const strict = truthy(param(q.pairs, 'strict_dates')) ?? false;
  const read = (name: string): number | PlatformAnswer | undefined => {
    const v = param(q.pairs, name);
    if (v === undefined) return undefined;
    const ms = strtotime(v, q.clock);
    return Number.isNaN(ms) ? bad(name) : ms;
  };
  const values: Record<string, number> = {};
  for (const name of ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after']) {
    const v = read(name);
    if (typeof v === 'object') return v;
    if (v !== undefined) values[name] = v;
  }
  const now = q.clock.now();
  let from = values.start_date ?? now;
  let to = values.end_date ?? strtotime('+24 months', q.clock);
  if (!strict) {
    from = localDayEdge(from);
    to = localDayEdge(to, true);
  }
  return { from, to, bounds: values };
}

/** Filter and sort calendar events. */
export function filterEvents(recs: Rec[], q: ListQuery, store: { all(k: CollectionKey): Rec[] }): Rec[] | PlatformAnswer {
  const include = ints(listParam(q.pairs, 'include'));
  const win = eventWindow(q);
  if ('status' in win) return win;
  const search = param(q.pairs, 'search')?.toLowerCase();
  const status = statusFilter({ ...q, defaults: { ...q.defaults, status: q.authed ? 'any' : 'publish' } }, 'publish');
  const termIds = (key: CollectionKey, name: string): number[] | PlatformAnswer | undefined => {
    const v = listParam(q.pairs, name);
    if (!v) return undefined;
    const out: number[] = [];
    for (const x of v) {
      const t = store.all(key).find((r) => String(r.record.id) === x || r.record.slug === x);
      if (!t) return bad(name);
      out.push(t.record.id);
    }
    return out;
  };
  const cats = termIds('cal/events/v1/categories', 'categories');
  const tags = termIds('cal/events/v1/tags', 'tags');
  if (cats && !Array.isArray(cats)) return cats;
  if (tags && !Array.isArray(tags)) return tags;
  const venues = ints(listParam(q.pairs, 'venue'));
  const organizers = ints(listParam(q.pairs, 'organizer'));
  const featured = truthy(param(q.pairs, 'featured'));
  const ms = (d: string): number => parseLocal(d);
  const { from, to, bounds } = win;
  const out = recs.filter(({ record: r }) => {
    if (!status(r)) return false;
    if (include) {
      if (!include.includes(r.id)) return false;
    } else {
      const s = ms(String(r.start_date));
      const e = ms(String(r.end_date));
      if (s < from || e > to) return false;
      if (bounds.starts_before !== undefined && !(s < bounds.starts_before)) return false;
      if (bounds.starts_after !== undefined && !(s > bounds.starts_after)) return false;
      if (bounds.ends_before !== undefined && !(e < bounds.ends_before)) return false;
      if (bounds.ends_after !== undefined && !(e > bounds.ends_after)) return false;
    }
    if (search && !(text(r.title).includes(search) || text(r.description).includes(search))) return false;
    if (cats && !linkedIds(r, 'categories').some((id) => (cats as number[]).includes(id))) return false;
    if (tags && !linkedIds(r, 'tags').some((id) => (tags as number[]).includes(id))) return false;
    if (venues && !linkedIds(r, 'venue').some((id) => venues.includes(id))) return false;
    if (organizers && !linkedIds(r, 'organizer').some((id) => organizers.includes(id))) return false;
    if (featured !== undefined && Boolean(r.featured) !== featured) return false;
    return true;
  });
  const key = include ? (r: WpRecord): string => `${r.date}` : (r: WpRecord): string => `${String(r.start_date)}`;
  return out.sort((a, b) => (key(a.record) < key(b.record) ? -1 : key(a.record) > key(b.record) ? 1 : a.record.id - b.record.id));
}

/** Filter venues, organizers and terms. */
export function filterCalOther(recs: Rec[], q: ListQuery): Rec[] {
  const search = param(q.pairs, 'search')?.toLowerCase();
  const include = ints(listParam(q.pairs, 'include'));
  const exclude = ints(listParam(q.pairs, 'exclude'));
  const slugs = listParam(q.pairs, 'slug');
  const parent = param(q.pairs, 'parent');
  const hideEmpty = truthy(param(q.pairs, 'hide_empty'));
  const terms = q.key.endsWith('categories') || q.key.endsWith('tags');
  const status = terms ? (): boolean => true : statusFilter({ ...q, defaults: { status: q.authed ? 'any' : 'publish' } }, 'publish');
  const out = recs.filter(({ record: r }) => {
    if (!status(r)) return false;
    const name = text(r.name ?? r.venue ?? r.organizer);
    if (search && !(name.includes(search) || text(r.description).includes(search))) return false;
    if (include && !include.includes(r.id)) return false;
    if (exclude?.includes(r.id)) return false;
    if (slugs && !holds(slugs, r.slug)) return false;
    if (parent !== undefined && r.parent !== Number(parent)) return false;
    if (hideEmpty && !r.count) return false;
    return true;
  });
  return terms ? sortRecs(out, q, 'name', 'asc') : sortRecs(out, q, 'title', 'asc');
}
