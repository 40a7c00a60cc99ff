// Benchmark consumer (bench/README.md): the same 20 calls as client-consumer.ts, over plain `fetch`
// with hand-written types for the request and response shapes they use.
// Type-checked, never run: `tsc --noEmit -p bench/consumer/tsconfig.plain.json`.

const BASE = 'http://127.0.0.1:4010';
const AUTH = `Basic ${btoa('editor:app password')}`;

interface Rendered {
  rendered: string;
  raw?: string;
  protected?: boolean;
}
interface ErrorBody {
  code: string;
  message: string;
  data?: { status?: number; params?: Record<string, string> } | null;
}

interface CalVenue {
  id: number;
  venue?: string;
  address?: string;
  city?: string;
  country?: string;
  zip?: string;
  url: string;
  show_map: boolean;
}
interface CalTerm {
  id: number;
  name: string;
  slug: string;
}
interface CalEvent {
  id: number;
  global_id: string;
  author: string;
  status: string;
  url: string;
  rest_url: string;
  title: string;
  description: string;
  excerpt: string;
  slug: string;
  all_day: boolean;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  timezone: string;
  cost: string;
  website: string;
  featured: boolean;
  categories: CalTerm[];
  tags: CalTerm[];
  venue: CalVenue | [];
  organizer: { id: number; organizer: string }[];
}
interface CalEventList {
  events: CalEvent[];
  rest_url: string;
  next_rest_url?: string;
  total: number;
  total_pages: number;
}
interface CalVenueList {
  venues: CalVenue[];
  rest_url: string;
  total: number;
  total_pages: number;
}
interface CalEventCreate {
  title: string;
  start_date: string;
  end_date: string;
  description?: string;
  status?: string;
  categories?: number[];
  tags?: number[];
  venue?: number;
}

type PostStatus = 'publish' | 'future' | 'draft' | 'pending' | 'private';
interface Post {
  id: number;
  date: string;
  date_gmt: string;
  modified: string;
  slug: string;
  status: PostStatus | 'trash';
  type: string;
  link: string;
  title: Rendered;
  content: Rendered;
  excerpt: Rendered;
  author: number;
  featured_media: number;
  sticky: boolean;
  categories: number[];
  tags: number[];
}
interface PostWrite {
  title?: string;
  content?: string;
  status?: PostStatus;
  sticky?: boolean;
  categories?: number[];
  tags?: number[];
}
interface PostDeleted {
  deleted: true;
  previous: Post;
}
interface Page {
  id: number;
  slug: string;
  status: string;
  link: string;
  title: Rendered;
  parent: number;
  menu_order: number;
}
interface Media {
  id: number;
  slug: string;
  link: string;
  title: Rendered;
  media_type: 'image' | 'file';
  mime_type: string;
  source_url: string;
  alt_text: string;
}
interface MenuItem {
  id: number;
  title: Rendered;
  url: string;
  parent: number;
  menu_order: number;
  menus: number;
  object_id: number;
}
interface SiteIndex {
  name: string;
  description: string;
  url: string;
  home: string;
  gmt_offset: number;
  timezone_string: string;
  namespaces: string[];
  routes: Record<string, unknown>;
}
interface BatchRequestItem {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string | string[]>;
}
interface BatchRequest {
  validation?: 'require-all-validate' | 'normal';
  requests: BatchRequestItem[];
}
interface BatchResponse {
  failed?: 'validation';
  responses: ({ body: unknown; status: number; headers: Record<string, string> } | null)[];
}
interface OEmbed {
  version: '1.0';
  provider_name: string;
  provider_url: string;
  author_name: string;
  author_url: string;
  title: string;
  type: 'rich' | 'video' | 'photo' | 'link';
  width?: number;
  height?: number;
  html?: string;
}
interface NamespaceIndex {
  namespace: string;
  routes: Record<string, unknown>;
  _links?: Record<string, unknown>;
}

type Query = Record<string, string | number | boolean | (string | number)[] | undefined>;

function url(path: string, query: Query = {}, language = true): string {
  const u = new URL(BASE + path);
  if (language && !path.startsWith('/cal/events/v1')) u.searchParams.set('i18n_language', 'en');
  for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
  return u.toString();
}

async function call<T>(method: string, path: string, query?: Query, body?: unknown): Promise<T> {
  const res = await fetch(url(path, query), {
    method,
    headers: { Authorization: AUTH, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) {
    const e = json as ErrorBody;
    throw new Error(`${res.status} ${e.code}: ${e.message}`);
  }
  return json as T;
}

export async function run(): Promise<string[]> {
  const out: string[] = [];

  // Calendar: events list / get / create, venues list / get.
  const events = await call<CalEventList>('GET', '/cal/events/v1/events', {
    per_page: 5,
    start_date: '2026-07-01 00:00:00',
    categories: [3, 4],
    featured: true,
  });
  events.events.forEach((e: CalEvent) => out.push(`${e.id} ${e.title} ${e.start_date}`));
  const event = await call<CalEvent>('GET', `/cal/events/v1/events/${events.events[0]?.id ?? 1}`);
  out.push(`${event.title} at ${event.venue && !Array.isArray(event.venue) ? event.venue.venue : 'no venue'}`);
  const newEvent: CalEventCreate = { title: 'Late-night jazz', start_date: '2026-07-04 22:00:00', end_date: '2026-07-05 01:00:00', categories: [4] };
  const created = await call<CalEvent>('POST', '/cal/events/v1/events', undefined, newEvent);
  out.push(`created event ${created.id}`);
  const venues = await call<CalVenueList>('GET', '/cal/events/v1/venues', { per_page: 20, only_with_upcoming: true });
  venues.venues.forEach((v: CalVenue) => out.push(`${v.id} ${v.venue ?? ''} ${v.city ?? ''}`));
  const venue = await call<CalVenue>('GET', `/cal/events/v1/venues/${venues.venues[0]?.id ?? 1}`);
  out.push(String(venue.address ?? ''));

  // Core posts: list / get / create / update / delete.
  const posts = await call<Post[]>('GET', '/core/v2/posts', { per_page: 10, categories: [3, 4], include: [4, 5, 6], orderby: 'date', order: 'desc' });
  posts.forEach((p: Post) => out.push(`${p.id} ${p.link}`));
  const post = await call<Post>('GET', '/core/v2/posts/4', { context: 'view' });
  out.push(`${post.id} ${post.slug}`);
  const newPost: PostWrite = { title: 'Line-up announced', status: 'draft', categories: [2], tags: [7, 8] };
  const draft = await call<Post>('POST', '/core/v2/posts', undefined, newPost);
  out.push(`draft ${draft.id}`);
  const change: PostWrite = { status: 'publish', sticky: true };
  const updated = await call<Post>('POST', `/core/v2/posts/${draft.id}`, undefined, change);
  out.push(`${updated.id} ${updated.status}`);
  const removed = await call<PostDeleted>('DELETE', `/core/v2/posts/${draft.id}`, { force: true });
  out.push(JSON.stringify(removed));

  // Pages, media, menu items.
  const pages = await call<Page[]>('GET', '/core/v2/pages', { parent: [19], per_page: 20, orderby: 'menu_order' });
  pages.forEach((p) => out.push(`${p.id}`));
  const page = await call<Page>('GET', '/core/v2/pages/19');
  out.push(page.link);
  const media = await call<Media[]>('GET', '/core/v2/media', { media_type: 'image', per_page: 10 });
  media.forEach((m) => out.push(`${m.id}`));
  const attachment = await call<Media>('GET', '/core/v2/media/23');
  out.push(attachment.source_url);
  const items = await call<MenuItem[]>('GET', '/core/v2/menu-items', { menus: [12], per_page: 100 });
  items.forEach((i) => out.push(`${i.id}`));
  const item = await call<MenuItem>('GET', '/core/v2/menu-items/28');
  out.push(item.url);

  // Site index, batch, oEmbed, an add-on route.
  const index = await call<SiteIndex>('GET', '/');
  out.push(`${index.name}: ${index.namespaces.join(', ')}`);
  const batch: BatchRequest = {
    validation: 'require-all-validate',
    requests: [
      { method: 'POST', path: '/core/v2/posts', body: { title: 'A', status: 'draft' } },
      { method: 'DELETE', path: '/core/v2/posts/41?force=true' },
    ],
  };
  const batched = await call<BatchResponse>('POST', '/batch/v1', undefined, batch);
  out.push(`${batched.responses.length} answers`);
  const embed = await call<OEmbed>('GET', '/oembed/1.0/embed', { url: 'http://127.0.0.1:8881/festival/', maxwidth: 480 });
  out.push(`${embed.type} ${embed.title}`);
  const ml = await call<NamespaceIndex>('GET', '/ml/v1');
  out.push(ml.namespace);

  return out;
}
