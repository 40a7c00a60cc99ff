// The record the mock store holds: the API's answer in its richest context (`edit` for the core,
// the single GET for the calendar), without `_links` / `_embedded` (a calendar term keeps its own
// `_links`). The members the store reads are typed; every other member is `unknown` until checked.
// A record comes from the spec's examples, from the record builders (build-core.ts, build-cal.ts) or
// from a seed file that was checked against its schema (seed.ts), so the typed members hold what
// they say; `isWpRecord` checks them where a value's shape is not known. Also here: a record's
// language and the examples' host, which the stored URLs keep.
import { isObject } from '../../core/json.ts';

/** The site's languages (WPML's codes); English is the default. */
export type Lang = 'nl' | 'en' | 'de';
export const LANGS: readonly Lang[] = ['en', 'nl', 'de'];

/** The examples' site: stored URLs keep this host; the front rewrites it to the mock's origin at answer time. */
export const HOST = 'https://festival.example';
/** The examples' REST root. */
export const REST = `${HOST}/wp-json`;
/** A core record's text field: `raw` (edit context) and `rendered`. */
export interface RawRendered {
  raw?: string;
  rendered?: string;
  [k: string]: unknown;
}

/** A stored record (post, page, media, menu item, revision, autosave, event, venue, organizer, term). */
export interface WpRecord {
  id: number;
  slug?: string;
  status?: string;
  /** Core: `YYYY-MM-DDTHH:MM:SS` (null: a draft not yet dated); calendar: `YYYY-MM-DD HH:MM:SS` (site time). */
  date?: string | null;
  date_gmt?: string | null;
  modified?: string;
  modified_gmt?: string;
  /** Core: `{raw, rendered}`; calendar events: the rendered title. */
  title?: RawRendered | string;
  content?: RawRendered;
  /** Core: `{raw, rendered}`; calendar events: the rendered excerpt. */
  excerpt?: RawRendered | string;
  guid?: RawRendered;
  /** The parent post, page, menu item or term (0: none). */
  parent?: number;
  /** A term's name. */
  name?: string;
  /** A term's number of published events. */
  count?: number;
  [k: string]: unknown;
}

/** A stored record and its language. */
export interface Entry {
  lang: Lang;
  record: WpRecord;
}

/** The `raw` of a core record's `{raw, rendered}` field (undefined for a calendar record's plain text). */
export const rawOf = (f: RawRendered | string | undefined): string | undefined => (typeof f === 'object' ? f.raw : undefined);

const optional = (v: unknown, type: 'string' | 'number'): boolean => v === undefined || typeof v === type;
const textField = (v: unknown): boolean => v === undefined || (isObject(v) && optional(v.raw, 'string') && optional(v.rendered, 'string'));

/** Whether a value is a record: an object with an integer id whose typed members hold what `WpRecord` says. */
export function isWpRecord(v: unknown): v is WpRecord {
  if (!isObject(v)) return false;
  const r = v;
  return (
    Number.isInteger(r.id) &&
    ['slug', 'status', 'modified', 'modified_gmt', 'name'].every((k) => optional(r[k], 'string')) &&
    ['date', 'date_gmt'].every((k) => r[k] === null || optional(r[k], 'string')) &&
    ['parent', 'count'].every((k) => optional(r[k], 'number')) &&
    (typeof r.title === 'string' || textField(r.title)) &&
    (typeof r.excerpt === 'string' || textField(r.excerpt)) &&
    textField(r.content) &&
    textField(r.guid)
  );
}
