// Core records (posts, pages, media, menu items, revisions, autosaves) as WordPress writes them:
// a create fills what the platform fills (id, dates, guid, slug, link, status, author), a write
// sets `raw` and derives `rendered`, an update of a post's or page's title, content or excerpt
// keeps a revision. Records are kept in the `edit` context's shape (the richest one).
import { formatDate, parseLocal } from './clock.ts';
import { renderBlock, renderTitle, sanitizeTitle, uniqueSlug } from './text.ts';
import type { Rec, Store } from './store.ts';
import type { CollectionKey, Lang } from './seed.ts';
import { HOST, type WpRecord } from './record.ts';
import type { Upload } from '../types.ts';
import { asObject, entriesOf, isObject, member, type JsonObject } from '../../core/json.ts';

/** What a write needs: the store, the collection, the template record, the language, the time. */
export interface WriteCtx {
  store: Store;
  key: CollectionKey;
  /** A record of the collection (or its documented example) whose shape a new record takes. */
  template: JsonObject;
  lang: Lang;
  now: number;
}

/** Whether a value is a `{raw, rendered}` field (an object with `rendered`). */
const isRawRendered = (v: unknown): v is JsonObject => isObject(v) && 'rendered' in v;

const isUpload = (v: unknown): v is Upload => isObject(v) && typeof v.filename === 'string' && typeof v.type === 'string' && typeof v.size === 'number';

/** A record's `guid` pointing at `url` (`raw` too where the field has it). */
function guidOf(guid: unknown, url: string): JsonObject {
  const g = asObject(guid) ?? {};
  return { ...g, rendered: url, ...('raw' in g ? { raw: url } : {}) };
}

/** A template value emptied: the shape stays, the content goes. */
function blank(v: unknown): unknown {
  if (typeof v === 'string') return '';
  if (typeof v === 'number') return 0;
  if (typeof v === 'boolean') return false;
  if (Array.isArray(v)) return [];
  if (isRawRendered(v)) return { ...v, ...('raw' in v ? { raw: '' } : {}), rendered: '' };
  return structuredClone(v);
}

// A comment by a caller who may moderate (the mock's callers are the site's administrator) is approved at once (wp_allow_comment).
const DEFAULT_STATUS: Partial<Record<CollectionKey, string>> = { 'core/v2/media': 'inherit', 'core/v2/menu-items': 'publish', 'core/v2/comments': 'approved' };

function setDates(r: JsonObject, ms: number, fields: [string, string][]): void {
  for (const [local, gmt] of fields) {
    if (local in r) r[local] = formatDate(ms);
    if (gmt in r) r[gmt] = formatDate(ms, { utc: true });
  }
}

/** The public link of a post-type record, as WordPress makes it (a draft has the `?p=` form). */
function linkOf(key: CollectionKey, r: WpRecord, store?: Store): string {
  // A user's link is their author archive (get_author_posts_url).
  if (key === 'core/v2/users') return `${HOST}/author/${String(r.slug)}/`;
  // A comment's link is its post's page with the comment's anchor (get_comment_link).
  if (key === 'core/v2/comments') {
    const post = store?.get('core/v2/posts', Number(r.post))?.record ?? store?.get('core/v2/pages', Number(r.post))?.record;
    return `${typeof post?.link === 'string' ? post.link : `${HOST}/?p=${String(r.post)}`}#comment-${r.id}`;
  }
  const published = r.status === 'publish' || r.status === 'inherit';
  if (key === 'core/v2/media') return r.slug ? `${HOST}/${r.slug}/` : `${HOST}/?attachment_id=${r.id}`;
  if (!published || !r.slug) return key === 'core/v2/pages' ? `${HOST}/?page_id=${r.id}` : `${HOST}/?p=${r.id}`;
  return `${HOST}/${r.slug}/`;
}

/** A new core record from the collection's template, with what the platform fills. */
export function newCoreRecord(ctx: WriteCtx, body: unknown): Rec {
  const r: JsonObject = {};
  for (const [k, v] of Object.entries(ctx.template)) if (k !== '_links' && k !== '_embedded') r[k] = blank(v);
  const id = ctx.store.newId(ctx.key);
  r.id = id;
  setDates(r, ctx.now, [
    ['date', 'date_gmt'],
    ['modified', 'modified_gmt'],
  ]);
  if ('guid' in r) r.guid = guidOf(r.guid, `${HOST}/?p=${id}`);
  if ('status' in r) r.status = DEFAULT_STATUS[ctx.key] ?? 'draft';
  if ('type' in r) r.type = ctx.template.type;
  if ('author' in r) r.author = 1;
  for (const k of ['comment_status', 'ping_status', 'format', 'type', 'media_type', 'mime_type', 'object', 'type_label', 'media_details'])
    if (k in r) r[k] = structuredClone(ctx.template[k]);
  if ('format' in r) r.format = 'standard';
  if (ctx.key === 'core/v2/posts' && Array.isArray(r.categories)) r.categories = [1];
  // A menu item without a position goes last in its menu (wp_update_nav_menu_item).
  const order = member(body, 'menu_order');
  if (ctx.key === 'core/v2/menu-items')
    r.menu_order =
      typeof order === 'number' && Number.isInteger(order) && order > 0
        ? order
        : ctx.store.all(ctx.key).filter((m) => m.record.menus === member(body, 'menus')).length + 1;
  const rec: Rec = { lang: ctx.lang, record: { ...r, id } };
  const file = member(body, '__upload');
  if (ctx.key === 'core/v2/media') upload(rec.record, isUpload(file) ? file : { filename: 'upload', type: 'application/octet-stream', size: 0 }, ctx.now);
  applyCoreWrite(ctx, rec, body, true);
  return rec;
}

/**
 * A new user (wp_insert_user) from the users' template: the body's fields, the slug from the login
 * name (`user_nicename`), the display name and nickname defaulting to it, the registration time, the
 * roles (default `subscriber`) as the user's own capabilities; the site's locale and the default
 * avatar as the template has them. The password is not a field of any answer: it is not kept.
 */
export function newUser(ctx: WriteCtx, body: unknown): Rec {
  const r: JsonObject = {};
  for (const [k, v] of Object.entries(ctx.template)) if (k !== '_links' && k !== '_embedded') r[k] = blank(v);
  const id = ctx.store.newId(ctx.key);
  const username = String(member(body, 'username') ?? '');
  const roles = (Array.isArray(member(body, 'roles')) ? (member(body, 'roles') as unknown[]) : ['subscriber']).map(String);
  Object.assign(r, { id, username, name: username, nickname: username, slug: sanitizeTitle(username), roles, locale: ctx.template.locale });
  r.avatar_urls = structuredClone(ctx.template.avatar_urls);
  r.registered_date = `${formatDate(ctx.now, { utc: true })}+00:00`;
  const rec: Rec = { lang: ctx.lang, record: { ...r, id } };
  applyCoreWrite(ctx, rec, body, true);
  const own = Object.fromEntries((rec.record.roles as string[]).map((role) => [role, true]));
  rec.record.capabilities = { ...own };
  rec.record.extra_capabilities = own;
  return rec;
}

/** What an upload fills on a new attachment: its file's name, type, URL and details (WordPress 7.0's fields where the template has them). */
function upload(r: WpRecord, file: Upload, now: number): void {
  const name = file.filename.replace(/[^\w.-]+/g, '-').slice(0, 200) || 'upload';
  const base = name.replace(/\.[^.]*$/, '');
  const [year, month] = formatDate(now).split('-');
  const image = file.type.startsWith('image/');
  r.title = { ...(typeof r.title === 'object' ? r.title : {}), raw: base, rendered: renderTitle(base) };
  r.slug = sanitizeTitle(base);
  r.mime_type = file.type;
  r.media_type = image ? 'image' : 'file';
  r.source_url = `${HOST}/wp-content/uploads/${year}/${month}/${name}`;
  r.media_details = image
    ? { width: 1, height: 1, file: `${year}/${month}/${name}`, filesize: file.size, sizes: {}, image_meta: member(r.media_details, 'image_meta') ?? {} }
    : { filesize: file.size };
  if ('alt_text' in r) r.alt_text = '';
  if ('post' in r) r.post = null;
  const v7: JsonObject = { filename: name, filesize: file.size, featured_media: 0 };
  if (image) Object.assign(v7, { exif_orientation: 1, image_output_format: null, image_quality: { default: 82, sizes: [] }, image_save_progressive: false });
  for (const [k, v] of Object.entries(v7)) r[k] = v;
  if (!image) for (const k of ['exif_orientation', 'image_output_format', 'image_quality', 'image_save_progressive']) delete r[k];
}

/**
 * A written `date` or `date_gmt` as WordPress reads it (rest_get_date_with_gmt): the text is read as
 * PHP reads it in UTC (an offset it carries applied), and that wall time is the site's time for
 * `date`, UTC for `date_gmt`.
 */
function writtenDate(text: string, gmt: boolean): number {
  const utc = Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text.trim()) ? text.trim() : `${text.trim()}Z`);
  if (Number.isNaN(utc) || gmt) return utc;
  return parseLocal(formatDate(utc, { utc: true }));
}

/** Set the body's fields on a core record (create or update); `title`, `content`, ... take a string or `{raw}`. */
export function applyCoreWrite(ctx: WriteCtx, rec: Rec, body: unknown, created = false): void {
  const r = rec.record;
  for (const [k, v] of entriesOf(body)) {
    if (k === 'id' || k === '__proto__' || !(k in ctx.template || k in r)) continue;
    if (k === 'date' || k === 'date_gmt') {
      if (typeof v === 'string') {
        const ms = writtenDate(v, k === 'date_gmt');
        if (!Number.isNaN(ms)) setDates(r, ms, [['date', 'date_gmt']]);
      }
      continue;
    }
    if (isRawRendered(ctx.template[k]) || isRawRendered(r[k])) {
      const raw = typeof v === 'string' ? v : String(member(v, 'raw') ?? '');
      r[k] = { ...(asObject(r[k]) ?? {}), raw, rendered: k === 'title' ? renderTitle(raw) : renderBlock(raw) };
      continue;
    }
    r[k] = structuredClone(v);
  }
  const slug = member(body, 'slug');
  if (slug !== undefined) r.slug = sanitizeTitle(String(slug));
  const title = typeof r.title === 'object' && r.title ? String(r.title.raw ?? '') : '';
  const generated = sanitizeTitle(title) || String(r.id);
  if ('generated_slug' in r) r.generated_slug = generated;
  const publishing = r.status === 'publish' || r.status === 'future' || r.status === 'private' || r.status === 'inherit';
  if ((created || r.slug === '') && slug === undefined && publishing && 'slug' in r)
    r.slug = uniqueSlug(generated, (s) => ctx.store.slugTaken(ctx.key, s, r.id));
  schedule(ctx, r);
  if ('link' in r) r.link = linkOf(ctx.key, r, ctx.store);
  if (!created) setDates(r, ctx.now, [['modified', 'modified_gmt']]);
}

/**
 * wp_insert_post's scheduling, on every write but an attachment's: `publish` with a date a minute or
 * more ahead of the clock becomes `future`, `future` with a date less than a minute ahead becomes
 * `publish`. (A scheduled record is not published later when the clock passes its date: that is
 * WordPress's cron, not a request.)
 */
function schedule(ctx: WriteCtx, r: WpRecord): void {
  if (ctx.key === 'core/v2/media' || typeof r.date_gmt !== 'string') return;
  const ahead = Date.parse(`${r.date_gmt}Z`) - ctx.now;
  if (Number.isNaN(ahead)) return;
  if (r.status === 'publish' && ahead >= 60_000) r.status = 'future';
  else if (r.status === 'future' && ahead < 60_000) r.status = 'publish';
}

/** A revision (or autosave) of `parent` holding its current title, content and excerpt. */
export function revisionOf(ctx: WriteCtx, parent: WpRecord, kind: 'revision' | 'autosave', body: unknown = {}): Rec {
  const r: JsonObject = {};
  for (const [k, v] of Object.entries(ctx.template)) if (k !== '_links' && k !== '_embedded') r[k] = blank(v);
  for (const k of Object.keys(r)) if (k in parent && k !== 'id' && k !== 'slug' && k !== 'guid') r[k] = structuredClone(parent[k]);
  // The parent's registered meta (WP_REST_Revisions_Controller, WordPress 6.4+: the fields of the parent's post type).
  if (parent.meta !== undefined) r.meta = structuredClone(parent.meta);
  const id = ctx.store.newId(ctx.key);
  r.id = id;
  r.parent = parent.id;
  r.slug = `${parent.id}-${kind}-v1`;
  if ('guid' in r) r.guid = guidOf(r.guid, `${HOST}/?p=${id}`);
  setDates(r, ctx.now, [
    ['date', 'date_gmt'],
    ['modified', 'modified_gmt'],
  ]);
  const rec: Rec = { lang: 'en', record: { ...r, id } };
  for (const k of ['title', 'content', 'excerpt']) {
    const v = member(body, k);
    if (v !== undefined && k in rec.record) {
      const raw = typeof v === 'string' ? v : String(member(v, 'raw') ?? '');
      rec.record[k] = { ...(asObject(rec.record[k]) ?? {}), raw, rendered: k === 'title' ? renderTitle(raw) : renderBlock(raw) };
    }
  }
  return rec;
}
