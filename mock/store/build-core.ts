// The builders of core records in the edit context (PostEdit, PageEdit, AttachmentEdit,
// MenuItemEdit, RevisionEdit, AutosaveEdit), shaped as the spec's examples: the generated festival
// (festival.ts) and the seed's implied records (seed.ts) are made with them, each shape written once.
import { asNumber, asObject, member, type JsonObject } from '../../core/json.ts';
import { localToUtcText } from './clock.ts';
import { HOST, rawOf, type WpRecord } from './record.ts';
import { paragraph, sanitizeTitle, texturize } from './text.ts';

/** A JSON object the builders make (a record's nested value). */
type Rec = JsonObject;

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
    date_gmt: localToUtcText(p.date),
    guid: { rendered: guid, raw: guid },
    modified,
    modified_gmt: localToUtcText(modified),
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
    date_gmt: localToUtcText(r.date),
    id: r.id,
    modified: r.date,
    modified_gmt: localToUtcText(r.date),
    parent: r.parent.id,
    slug: `${r.parent.id}-${r.kind}-v1`,
    guid: { rendered: `${HOST}/?p=${r.id}`, raw: `${HOST}/?p=${r.id}` },
    title: { raw: title, rendered: texturize(String(title)) },
    content: { raw, rendered },
    excerpt: { raw: excerpt, rendered: excerpt ? `<p>${texturize(excerpt)}</p>\n` : '' },
  };
  // The meta fields of the parent's post type (WordPress 6.4+).
  if (r.parent.meta !== undefined) rec.meta = structuredClone(r.parent.meta);
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
    date_gmt: localToUtcText(m.date),
    guid: { rendered: source, raw: source },
    modified: m.date,
    modified_gmt: localToUtcText(m.date),
    slug,
    status: 'inherit',
    type: 'attachment',
    link: `${parentUrl}${slug}/`,
    title: { raw: m.title, rendered: texturize(m.title) },
    author: 1,
    featured_media: 0,
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
    filename: `${m.base}.${m.ext}`,
    filesize: m.filesize ?? null,
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
