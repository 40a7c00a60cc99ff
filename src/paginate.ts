// Pagination helpers: async iterators over the pages of a list, with a page cap.
// - Core collections answer a bare array with `X-WP-Total`, `X-WP-TotalPages` and `Link: <…>; rel="next"`.
// - Calendar lists answer an envelope `{events|venues|organizers|categories|tags, total, total_pages,
//   next_rest_url?}`. For `categories` and `tags`, `next_rest_url` is the bare collection URL plus
//   `?page=N` (filters and per_page are lost), so those are paged by incrementing `page` on the
//   caller's own query instead.
import type { HeadersOptions } from 'openapi-fetch';
import type {
  CalendarListPath as RouteCalendarListPath,
  CalendarLists,
  CoreListPath as RouteCoreListPath,
  CoreLists,
  GetRoutes,
  InitOf,
} from '../generated/routes.js';
import { routeOfUrl } from './base-url.js';
import { nextLink } from './link.js';
import { internalsOf, isCalendarRoute, type FestivalClient } from './client.js';
import { ApiError } from './errors.js';

/** One page of a list. */
export interface Page<T> {
  items: T[];
  /** The page number (1-based). */
  page: number;
  /** Total items, when the site says. */
  total?: number;
  /** Total pages, when the site says. */
  totalPages?: number;
  /** The raw response (headers such as `X-WP-Total`). */
  response: Response;
}

export interface PaginateOptions {
  /** Stop after this many pages (default 100). */
  maxPages?: number;
  /**
   * What to do with a `next` URL outside the base URL (another host, e.g. a site's public address
   * behind a proxy): `false` (default) pages by number on the base URL instead; `true` follows it,
   * without credentials (they go only to the base URL's origin).
   */
  followForeign?: boolean;
}

export const DEFAULT_MAX_PAGES = 100;

type SuccessStatus = 200 | 201 | 202 | 203 | 206 | '2XX';
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body of an operation's success answer (kept for callers; the helpers use the route tables). */
export type SuccessBody<O> = O extends { responses: infer R } ? { [S in keyof R & SuccessStatus]: JsonOf<R[S]> }[keyof R & SuccessStatus] : never;

/** GET routes outside the calendar namespace whose answer is a JSON array (core-style collections): a literal union from generated/routes.ts. */
export type CoreListPath = RouteCoreListPath;
/** The item type of a core-style collection. */
export type CoreListItem<P extends CoreListPath> = CoreLists[P];
/** Calendar list routes: GET routes whose answer is an envelope with `total_pages` (a literal union from generated/routes.ts). */
export type CalendarListPath = RouteCalendarListPath;
/** The item type of a calendar list. */
export type CalendarListItem<P extends CalendarListPath> = CalendarLists[P];
/** The init of a GET route (its params, and openapi-fetch's per-call options). */
type GetInit<P extends keyof GetRoutes> = InitOf<GetRoutes[P]> | undefined;

/** What the helpers read of an init, and pass on (a plain shape: cheap to check). */
interface AnyInit {
  params?: { query?: Record<string, unknown>; path?: Record<string, unknown> };
  headers?: HeadersOptions;
  signal?: AbortSignal | null;
  querySerializer?: (query: Record<string, unknown>) => string;
  baseUrl?: string;
}
type Caller = (path: string, init?: AnyInit) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export { nextLink };

function toInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function pageOfUrl(url: string): number | undefined {
  try {
    return toInt(new URL(url).searchParams.get('page'));
  } catch {
    return undefined;
  }
}

/** True when `url` is under the client's base URL (pretty or `rest_route` form). */
function underBase(client: FestivalClient, url: string): boolean {
  return routeOfUrl(internalsOf(client).base, url) !== undefined;
}

/** Request an absolute URL through the client (so its middleware applies: names, language, auth only for its origin). */
function follow(client: FestivalClient, url: string, init: AnyInit | undefined) {
  const u = new URL(url);
  const get = client.GET as unknown as Caller;
  const common: AnyInit = { headers: init?.headers, signal: init?.signal ?? undefined };
  const route = routeOfUrl(internalsOf(client).base, u);
  if (route !== undefined) {
    const q = route.indexOf('?');
    const query = q < 0 ? '' : route.slice(q + 1);
    return get(q < 0 ? route : route.slice(0, q), { ...common, querySerializer: () => query });
  }
  const query = u.search.slice(1);
  return get(u.pathname, { ...common, querySerializer: () => query, baseUrl: u.origin });
}

/** Remember each page URL followed; a `next` that repeats one would loop forever, so it is an error. */
function visit(seen: Set<string>, url: string, path: string): void {
  let key: string;
  try {
    key = new URL(url).toString();
  } catch {
    key = url;
  }
  if (seen.has(key)) throw new Error(`paginate: the next page of ${path} (${key}) repeats a page already visited; stopping`);
  seen.add(key);
}

function withPage(init: AnyInit | undefined, page: number): AnyInit {
  return { ...(init ?? {}), params: { ...(init?.params ?? {}), query: { ...(init?.params?.query ?? {}), page } } };
}

function check(res: { data?: unknown; error?: unknown; response: Response }): unknown {
  if (res.error !== undefined || !res.response.ok) throw ApiError.from(res.error, res.response);
  return res.data;
}

/**
 * Iterate the pages of a core-style collection (`/core/v2/posts`, …), following `Link: rel="next"`
 * (or `page` + 1 while below `X-WP-TotalPages`), at most `maxPages` pages. Throws ApiError on an
 * error answer.
 *
 * ```ts
 * for await (const page of paginate(client, '/core/v2/posts', { params: { query: { per_page: 100 } } }, { maxPages: 5 }))
 *   for (const post of page.items) console.log(post.id);
 * ```
 */
export async function* paginate<P extends CoreListPath>(
  client: FestivalClient,
  path: P,
  init: GetInit<P>,
  options: PaginateOptions = {},
): AsyncGenerator<Page<CoreListItem<P>>, void, undefined> {
  const max = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (!(max >= 1)) return;
  const get = client.GET as unknown as Caller;
  const first = init as unknown as AnyInit | undefined;
  let page = toInt(first?.params?.query?.page) ?? 1;
  let res = await get(path, first);
  const seen = new Set<string>();
  for (let n = 1; ; n++) {
    if (res.response.url) seen.add(res.response.url);
    const data = check(res);
    if (!Array.isArray(data)) throw new TypeError(`paginate: ${path} did not answer a JSON array`);
    const h = res.response.headers;
    const total = toInt(h.get('X-WP-Total'));
    const totalPages = toInt(h.get('X-WP-TotalPages'));
    yield { items: data as unknown as CoreListItem<P>[], page, total, totalPages, response: res.response };
    if (n >= max || data.length === 0) return;
    let next = nextLink(h.get('Link'));
    if (next && !options.followForeign && !underBase(client, next)) next = undefined;
    if (next) {
      visit(seen, next, path);
      page = pageOfUrl(next) ?? page + 1;
      res = await follow(client, next, first);
    } else if (totalPages !== undefined && page < totalPages) {
      page += 1;
      res = await get(path, withPage(first, page));
    } else return;
  }
}

/**
 * Iterate the pages of a calendar list (`/cal/events/v1/events`, venues, organizers, categories,
 * tags), at most `maxPages` pages. Events, venues and organizers follow `next_rest_url` (it keeps the
 * filters); categories and tags increment `page` on the caller's query (their `next_rest_url` drops
 * every filter and `per_page`).
 */
export async function* paginateCalendar<P extends CalendarListPath>(
  client: FestivalClient,
  path: P,
  init: GetInit<P>,
  options: PaginateOptions = {},
): AsyncGenerator<Page<CalendarListItem<P>>, void, undefined> {
  const max = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (!(max >= 1)) return;
  if (!isCalendarRoute(path as string)) throw new TypeError(`paginateCalendar: ${path} is not a calendar route`);
  const get = client.GET as unknown as Caller;
  const first = init as unknown as AnyInit | undefined;
  const collection = (path as string).replace(/\/+$/, '').split('/').pop() ?? '';
  const ownPaging = collection === 'categories' || collection === 'tags';
  let page = toInt(first?.params?.query?.page) ?? 1;
  let res = await get(path, first);
  const seen = new Set<string>();
  for (let n = 1; ; n++) {
    if (res.response.url) seen.add(res.response.url);
    const data = check(res) as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new TypeError(`paginateCalendar: ${path} did not answer a list envelope`);
    const key = Array.isArray(data[collection]) ? collection : Object.keys(data).find((k) => Array.isArray(data[k]));
    const items = (key ? data[key] : []) as unknown as CalendarListItem<P>[];
    const total = toInt(data.total) ?? toInt(res.response.headers.get('X-TEC-Total'));
    const totalPages = toInt(data.total_pages) ?? toInt(res.response.headers.get('X-TEC-TotalPages'));
    yield { items, page, total, totalPages, response: res.response };
    if (n >= max || items.length === 0) return;
    const next = typeof data.next_rest_url === 'string' ? data.next_rest_url : undefined;
    if (!ownPaging && next && (options.followForeign || underBase(client, next))) {
      visit(seen, next, path);
      page = pageOfUrl(next) ?? page + 1;
      res = await follow(client, next, first);
    } else if ((totalPages !== undefined && page < totalPages) || (totalPages === undefined && ownPaging && next)) {
      page += 1;
      res = await get(path, withPage(first, page));
    } else return;
  }
}

/** Collect every item of an async page iterator into one array. */
export async function collect<T>(pages: AsyncIterable<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) out.push(...p.items);
  return out;
}
