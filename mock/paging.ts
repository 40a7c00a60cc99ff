// Pagination that follows the request. Prism answers a list's example with the header examples
// (`X-WP-Total: 42`, a `Link` to page 3 on festival.example) whatever the request asked. The mock
// takes the example's items as the whole collection: `per_page` items per page, `X-WP-Total` /
// `X-WP-TotalPages` (core) or `X-TEC-Total` / `X-TEC-TotalPages` and the envelope's `total`,
// `total_pages`, `rest_url`, `next_rest_url`, `previous_rest_url` (calendar) computed from it, links
// on the mock's own origin keeping the request's other parameters (as the platform does:
// `add_query_arg` replaces `page` in place or appends it). Past the last page it answers what the
// operation documents there (core posts 400 `rest_post_invalid_page_number`, calendar events 404
// `event-archive-page-not-found`), or, when it documents none, an empty page (core terms, users
// and comments; calendar categories and tags).
import { encodePairs } from '../core/php-query.ts';
import { isObject, type JsonObject } from '../core/json.ts';
import { isRestInteger, phpInt } from '../core/scalar.ts';
import { deref, type OpenApiDoc, type Response } from '../core/spec.ts';
import { isErrorBody, type Entry, type Pairs, type PlatformAnswer } from './types.ts';

/** A JSON answer being shaped: its status, its headers (lower-case names) and its parsed body. */
export interface Shaped {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
  error?: boolean;
}

export type ListKind = 'core' | 'calendar';

const PAST_END = /invalid_page_number|archive-page-not-found/;

/** The integer value of a query parameter (the last of repeated keys, as in PHP; `1e1` is 10), or `fallback`. */
function intParam(pairs: Pairs, name: string, fallback: number): number {
  let v: string | undefined;
  for (const [k, x] of pairs) if (k === name) v = x;
  return v !== undefined && isRestInteger(v) ? phpInt(v) : fallback;
}

const paramDefault = (doc: OpenApiDoc, entry: Entry, name: string, fallback: number): number => {
  const p = entry.params.find((x) => x.in === 'query' && x.name === name);
  const d = deref(p?.schema, doc)?.default;
  return typeof d === 'number' && Number.isInteger(d) ? d : fallback;
};

/**
 * The calendar's largest page (TEC's `tribe_rest_*_max_per_page` filters, 50 by default on events,
 * venues, organizers, categories and tags; calendar-facts.md §2.3): a larger `per_page` is silently
 * clamped to it, and the envelope's `rest_url` shows the clamped value (checked on TEC 6.17.2).
 */
export const CALENDAR_MAX_PER_PAGE = 50;

/**
 * The page a list request asks for: `page` (from 1) and `per_page` (else the parameter's documented
 * default, else 10), clamped to the calendar's maximum on a calendar list.
 */
export function requestedPage(doc: OpenApiDoc, entry: Entry, pairs: Pairs): { page: number; perPage: number } {
  const asked = Math.max(1, intParam(pairs, 'per_page', paramDefault(doc, entry, 'per_page', 10)));
  return { page: Math.max(1, intParam(pairs, 'page', 1)), perPage: listKind(doc, entry) === 'calendar' ? Math.min(asked, CALENDAR_MAX_PER_PAGE) : asked };
}

/** The documented error for a page past the end: {status, body} from the operation's examples, or null. */
export function pastEndError(doc: OpenApiDoc, entry: Entry): PlatformAnswer | null {
  for (const [code, resRef] of Object.entries(entry.op.responses ?? {})) {
    if (!/^4\d\d$/.test(code)) continue;
    const media = deref(resRef, doc)?.content?.['application/json'];
    for (const ex of Object.values(media?.examples ?? {})) {
      const value = deref(ex, doc)?.value;
      if (isErrorBody(value) && PAST_END.test(value.code)) return { status: Number(code), body: value };
    }
  }
  return null;
}

/** The 2xx response of an operation for GET: {headers} of the documented success, or null. */
function successResponse(doc: OpenApiDoc, entry: Entry): Response | null {
  const ok = Object.entries(entry.op.responses ?? {}).find(([c]) => /^2\d\d$/.test(c));
  return ok ? deref(ok[1], doc) : null;
}

/** Which kind of list a GET operation answers: 'core' (array + X-WP-*), 'calendar' (envelope + X-TEC-*), or null. */
export function listKind(doc: OpenApiDoc, entry: Entry | undefined): ListKind | null {
  if (!entry || !entry.params.some((p) => p.in === 'query' && p.name === 'page')) return null;
  const headers = Object.keys(successResponse(doc, entry)?.headers ?? {}).map((h) => h.toLowerCase());
  if (headers.includes('x-wp-total')) return 'core';
  if (headers.includes('x-tec-total')) return 'calendar';
  return null;
}

const linkUrl = (origin: string, path: string, pairs: Pairs, page: number | null): string => {
  const out: Pairs = [];
  let placed = false;
  for (const [k, v] of pairs) {
    if (k === 'page') {
      if (!placed && page !== null) out.push(['page', String(page)]);
      placed = true;
      continue;
    }
    out.push([k, v]);
  }
  if (!placed && page !== null) out.push(['page', String(page)]);
  const q = encodePairs(out);
  return `${origin}${path}${q ? `?${q}` : ''}`;
};

/**
 * Page a list answer. `answer` = {status, headers, json} (json parsed); `ctx` = {doc, entry, kind,
 * pairs (the request's query pairs), origin, path (canonical)}. Answers {status, headers, json}:
 * the page, its headers (lower-case names), or the documented past-the-end error.
 */
export function pageAnswer(
  answer: Shaped,
  {
    doc,
    entry,
    kind,
    pairs,
    origin,
    path,
    authed = false,
  }: { doc: OpenApiDoc; entry: Entry; kind: ListKind; pairs: Pairs; origin: string; path: string; authed?: boolean },
): Shaped {
  const { page, perPage } = requestedPage(doc, entry, pairs);
  if (kind === 'core') {
    if (!Array.isArray(answer.json)) return answer;
    const total = answer.json.length;
    const pages = Math.ceil(total / perPage);
    const headers: Shaped['headers'] = { ...answer.headers, 'x-wp-total': String(total), 'x-wp-totalpages': String(pages) };
    delete headers.link;
    if (page > pages && total > 0) {
      const err = pastEndError(doc, entry);
      if (err) return { status: err.status, headers: {}, json: err.body, error: true };
    }
    const links = [];
    if (page > 1) links.push(`<${linkUrl(origin, path, pairs, Math.min(page - 1, pages))}>; rel="prev"`);
    if (page < pages) links.push(`<${linkUrl(origin, path, pairs, page + 1)}>; rel="next"`);
    if (links.length) headers.link = links.join(', ');
    return { status: answer.status, headers, json: answer.json.slice((page - 1) * perPage, page * perPage) };
  }
  // calendar: an envelope object holding one array of items
  const body = answer.json;
  if (!isObject(body)) return answer;
  const listKey = Object.keys(body).find((k) => Array.isArray(body[k]));
  const items = listKey === undefined ? undefined : body[listKey];
  if (!listKey || !Array.isArray(items)) return answer;
  const total = items.length;
  const pages = Math.ceil(total / perPage);
  if (page > 1 && page > pages) {
    const err = pastEndError(doc, entry);
    if (err) return { status: err.status, headers: {}, json: err.body, error: true };
  }
  const json: JsonObject = { ...body, [listKey]: items.slice((page - 1) * perPage, page * perPage), total, total_pages: pages };
  // Events, venues and organizers echo the effective query on the collection URL (ending in `/`);
  // categories and tags only the bare collection URL, so their links lose every other parameter.
  const slash = typeof body.rest_url !== 'string' || /\/(\?|$)/.test(body.rest_url);
  const echoes = !/\/(categories|tags)$/.test(path);
  const others = pairs.filter(([k]) => k !== 'page' && k !== 'per_page');
  // The status the query ran with is echoed too: `publish` for an anonymous caller, `any` for one with credentials (TEC 6.17.2).
  const status: Pairs = others.some(([k]) => k === 'status') ? [] : [['status', authed ? 'any' : 'publish']];
  const restPairs: Pairs = echoes ? [['page', String(page)], ['per_page', String(perPage)], ...others, ...status] : [];
  const base = `${origin}${path}${slash ? '/' : ''}`;
  json.rest_url = linkUrl(base, '', restPairs, echoes ? page : null);
  const withoutPage = restPairs.filter(([k]) => k !== 'page');
  delete json.next_rest_url;
  delete json.previous_rest_url;
  const url = (ps: Pairs): string => {
    const q = encodePairs(ps);
    return `${base}${q ? `?${q}` : ''}`;
  };
  if (page < pages) json.next_rest_url = url([...withoutPage, ['page', String(page + 1)]]);
  if (page > 1) json.previous_rest_url = url(page === 2 ? withoutPage : [...withoutPage, ['page', String(page - 1)]]);
  const order = Object.keys(body).filter((k) => k !== 'next_rest_url' && k !== 'previous_rest_url');
  const ordered: Record<string, unknown> = {};
  for (const k of order) {
    ordered[k] = json[k];
    if (k === 'rest_url') {
      if (json.next_rest_url) ordered.next_rest_url = json.next_rest_url;
      if (json.previous_rest_url) ordered.previous_rest_url = json.previous_rest_url;
    }
  }
  const headers = { ...answer.headers, 'x-tec-total': String(total), 'x-tec-totalpages': String(pages) };
  return { status: answer.status, headers, json: ordered };
}
