// A stored record as an answer: core records projected onto the shape of the asked `context`
// (view, edit, embed: the branches of the operation's `anyOf`, nested objects included, so `raw`
// stays out of `view`), with their `_links`; calendar events with their venue, organizers and
// terms read from the store.
import { isObject, type JsonObject } from '../../core/json.ts';
import { deref, type OpenApiDoc, type OperationObject, type Schema } from '../../core/spec.ts';
import { linkedIds } from './cal-records.ts';
import { embeddedTerm } from './build-cal.ts';
import type { Rec, Store } from './store.ts';
import type { CollectionKey } from './seed.ts';
import { laterThan, NEWEST_WORDPRESS } from './host.ts';
import { REST, type WpRecord } from './record.ts';

/** The schema of an operation's success answer for `context` (view: the branch without suffix). */
export function contextSchema(doc: OpenApiDoc, op: OperationObject | undefined, context: string): Schema | undefined {
  const ok = Object.entries(op?.responses ?? {}).find(([c]) => /^2\d\d$/.test(c));
  let schema = deref(deref(ok?.[1], doc)?.content?.['application/json']?.schema, doc);
  if (schema?.type === 'array') schema = deref(schema.items, doc);
  const branches = schema?.anyOf ?? schema?.oneOf;
  if (!Array.isArray(branches)) return schema;
  const suffix = context === 'edit' ? 'Edit' : context === 'embed' ? 'Embed' : '';
  const named = branches.flatMap((b) => (typeof b.$ref === 'string' ? [{ branch: b, ref: b.$ref }] : []));
  const pick = suffix ? named.find((b) => b.ref.endsWith(suffix)) : named.find((b) => !/(Edit|Embed|Deleted)$/.test(b.ref));
  return deref(pick?.branch ?? branches[0], doc);
}

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);

/** A value projected onto a schema: objects keep the properties the schema lists, recursively. */
export function project(doc: OpenApiDoc, value: unknown, schemaRef: Schema | undefined, depth = 0): unknown {
  const schema = deref(schemaRef, doc);
  if (!schema || depth > 8 || value === null || typeof value !== 'object') return value;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const t = typeOf(value);
    const fit = branches
      .map((b) => deref(b, doc))
      .find((b) => b?.properties && (b.type === undefined || b.type === t || (t === 'integer' && b.type === 'number')));
    return fit ? project(doc, value, fit, depth + 1) : value;
  }
  const { items, properties } = schema;
  if (Array.isArray(value)) return items ? value.map((v: unknown) => project(doc, v, items, depth + 1)) : value;
  if (!properties || !isObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (k in properties) out[k] = project(doc, v, properties[k], depth + 1);
    else if (depth === 0 && k === '_links') out[k] = v;
  }
  return out;
}

const href = (path: string, extra: JsonObject = {}): JsonObject[] => [{ ...extra, href: `${REST}${path}` }];

/** `class_list` of a post or page (WordPress 6.5+), as `get_post_class` makes it for a record without one. */
export function classList(r: WpRecord): string[] {
  const type = String(r.type ?? 'post');
  return [
    `post-${r.id}`,
    type,
    `type-${type}`,
    `status-${r.status}`,
    ...(type === 'post' ? [`format-${r.format ?? 'standard'}`] : []),
    ...(r.featured_media ? ['has-post-thumbnail'] : []),
    'hentry',
  ];
}

/** The collections a file may be attached to: the collection, its core route's base, its post type. */
const ATTACH_PARENTS: readonly (readonly [CollectionKey, string, string])[] = [
  ['core/v2/posts', 'posts', 'post'],
  ['core/v2/pages', 'pages', 'page'],
  ['cal/events/v1/events', 'tribe_events', 'tribe_events'],
  ['cal/events/v1/venues', 'tribe_venue', 'tribe_venue'],
  ['cal/events/v1/organizers', 'tribe_organizer', 'tribe_organizer'],
];

/** The release whose files first link the post they are attached to (`wp:attached-to`). */
const ATTACHED_TO_SINCE = '6.9';

/** The `_links` of a core record, as WordPress's controllers add them (as the release `wordpress` does). */
export function coreLinks(key: CollectionKey, r: WpRecord, store: Store, context = 'view', wordpress = NEWEST_WORDPRESS): JsonObject {
  const base = `/${key.replace(/\/(revisions|autosaves)$/, '')}`;
  if (key === 'core/v2/comments') return commentLinks(r, store);
  // A user links itself and the collection (WP_REST_Users_Controller::prepare_links).
  if (key === 'core/v2/users') return { self: href(`/core/v2/users/${r.id}`), collection: href('/core/v2/users') };
  // A revision links its parent only (WP_REST_Revisions_Controller, checked on WordPress 7.1.4).
  if (key.endsWith('/revisions')) return { parent: href(`${base}/${r.parent}`) };
  if (key.endsWith('/autosaves')) return { parent: href(`${base}/${r.parent}`), curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }] };
  const type = key === 'core/v2/pages' ? 'page' : key === 'core/v2/media' ? 'attachment' : key === 'core/v2/menu-items' ? 'nav_menu_item' : 'post';
  const links: JsonObject = { self: href(`${base}/${r.id}`), collection: href(base), about: href(`/core/v2/types/${type}`) };
  if (key === 'core/v2/menu-items') {
    links['wp:term'] = href(`/core/v2/menus?post=${r.id}`, { taxonomy: 'nav_menu', embeddable: true });
    if (r.object_id && (r.object === 'page' || r.object === 'post'))
      links['wp:menu-item-object'] = href(`/core/v2/${r.object}s/${r.object_id}`, { post_type: r.object, embeddable: true });
  } else {
    links.author = href(`/core/v2/users/${r.author}`, { embeddable: true });
    links.replies = href(`/core/v2/comments?post=${r.id}`, { embeddable: true });
    // The post a file was uploaded to, of any post type, on its core route (WP_REST_Attachments_Controller::prepare_links,
    // WordPress 6.9+: `rest_get_route_for_post`; the calendar's post types are `tribe_events`, `tribe_venue`, `tribe_organizer`;
    // not on wp68, WordPress 6.8.12: `--wordpress`, D247).
    if (key === 'core/v2/media' && r.post && !laterThan(ATTACHED_TO_SINCE, wordpress)) {
      const parent = ATTACH_PARENTS.find(([k]) => store.get(k, Number(r.post)));
      if (parent) links['wp:attached-to'] = href(`/core/v2/${parent[1]}/${r.post}`, { embeddable: true, post_type: parent[2], id: r.post });
    }
    if (key !== 'core/v2/media') {
      const revs = store.all(`${key}/revisions` as CollectionKey).filter((x) => x.record.parent === r.id);
      links['version-history'] = href(`${base}/${r.id}/revisions`, { count: revs.length });
      // The latest revision (WP_REST_Posts_Controller::prepare_links).
      const latest = revs.reduce<WpRecord | undefined>((a, x) => (!a || Number(x.record.id) > Number(a.id) ? x.record : a), undefined);
      if (latest) links['predecessor-version'] = href(`${base}/${r.id}/revisions/${latest.id}`, { id: latest.id });
      if (r.parent) links.up = href(`${base}/${r.parent}`, { embeddable: true });
      if (r.featured_media) links['wp:featuredmedia'] = href(`/core/v2/media/${r.featured_media}`, { embeddable: true });
      links['wp:attachment'] = href(`/core/v2/media?parent=${r.id}`);
      if (key === 'core/v2/posts')
        links['wp:term'] = [
          ...href(`/core/v2/categories?post=${r.id}`, { taxonomy: 'category', embeddable: true }),
          ...href(`/core/v2/tags?post=${r.id}`, { taxonomy: 'post_tag', embeddable: true }),
        ];
    }
  }
  if (context === 'edit') Object.assign(links, actionLinks(key, links.self));
  // Only when a relation was compacted to `wp:` (WP_REST_Server::get_compact_response_links): a file attached to nothing has none.
  if (Object.keys(links).some((rel) => rel.startsWith('wp:'))) links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return links;
}

/** A comment's links (WP_REST_Comments_Controller::prepare_links): its author, post, parent and children when it has them. */
function commentLinks(r: WpRecord, store: Store): JsonObject {
  const links: JsonObject = { self: href(`/core/v2/comments/${r.id}`), collection: href('/core/v2/comments') };
  if (Number(r.author)) links.author = href(`/core/v2/users/${String(r.author)}`, { embeddable: true });
  const post = store.get('core/v2/posts', Number(r.post)) ?? store.get('core/v2/pages', Number(r.post));
  if (post)
    links.up = href(`/core/v2/${post.record.type === 'page' ? 'pages' : 'posts'}/${post.record.id}`, {
      embeddable: true,
      post_type: String(post.record.type ?? 'post'),
    });
  if (Number(r.parent)) links['in-reply-to'] = href(`/core/v2/comments/${String(r.parent)}`, { embeddable: true });
  if (store.all('core/v2/comments').some((c) => c.record.parent === r.id)) links.children = href(`/core/v2/comments?parent=${r.id}`, { embeddable: true });
  return links;
}

/**
 * The `wp:action-*` links of the edit context (WP_REST_Posts_Controller::get_available_actions): what
 * the caller may do with the record, each linking the record itself. Permissions are not emulated: a
 * caller with credentials is the site's administrator, so every action of the post type is listed
 * (posts: publish, unfiltered HTML, sticky, assign the author, create and assign categories and tags;
 * pages: publish, unfiltered HTML, assign the author; files: unfiltered HTML, assign the author), as WordPress
 * 7.1.4 lists them for an administrator.
 */
function actionLinks(key: CollectionKey, self: unknown): JsonObject {
  const names =
    key === 'core/v2/posts'
      ? ['publish', 'unfiltered-html', 'sticky', 'assign-author', 'create-categories', 'assign-categories', 'create-tags', 'assign-tags']
      : key === 'core/v2/pages'
        ? ['publish', 'unfiltered-html', 'assign-author']
        : key === 'core/v2/media'
          ? // No `publish` for files (get_available_actions leaves it out for attachments); seen on wp71's upload answer.
            ['unfiltered-html', 'assign-author']
          : [];
  const href0 = Array.isArray(self) && isObject(self[0]) ? self[0].href : undefined;
  return Object.fromEntries(names.map((n) => [`wp:action-${n}`, [{ href: href0 }]]));
}

/** A calendar record without the store's own fields, an event with its linked records read from the store. */
export function presentCal(key: CollectionKey, rec: Rec, store: Store, { single = false }: { single?: boolean } = {}): JsonObject {
  const out: JsonObject = {};
  const linked = key === 'cal/events/v1/venues' || key === 'cal/events/v1/organizers';
  for (const [k, v] of Object.entries(rec.record)) {
    if (k.startsWith('__') || (k === 'json_ld' && !single)) continue;
    // TEC leaves a venue's or organizer's empty fields out (array_filter), an image it has not as well.
    if (linked && (v === '' || (k === 'image' && v === false))) continue;
    out[k] = v;
  }
  if (key !== 'cal/events/v1/events') return out;
  const read = (k: CollectionKey, ids: number[]): JsonObject[] =>
    ids
      .map((id) => store.get(k, id))
      .filter((x): x is Rec => !!x)
      .map((x) => presentCal(k, x, store));
  const venues = read('cal/events/v1/venues', linkedIds(rec.record, 'venue'));
  out.venue = venues.length === 1 ? venues[0] : venues;
  out.organizer = read('cal/events/v1/organizers', linkedIds(rec.record, 'organizer'));
  // An event's terms are WP_Term objects, not the term routes' answers (festival.ts embeddedTerm).
  out.categories = read('cal/events/v1/categories', linkedIds(rec.record, 'categories')).map(embeddedTerm);
  out.tags = read('cal/events/v1/tags', linkedIds(rec.record, 'tags')).map(embeddedTerm);
  return out;
}
