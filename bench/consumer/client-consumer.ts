// Benchmark consumer (bench/README.md): 20 operations called through the project's typed client.
// Type-checked, never run: `tsc --noEmit -p bench/consumer/tsconfig.client.json`.
// plain-consumer.ts makes the same 20 calls over `fetch` with hand-written types.
import { createClient, unwrap } from '../../src/index.ts';
import type { Event, Venue, Post, PostEdit, PostEmbed, Page, Media, MenuItem, SiteIndex, BatchResponseBody } from '../../src/types.ts';

const site = createClient({ baseUrl: 'http://127.0.0.1:4010', auth: { user: 'editor', password: 'app password' }, language: 'en' });

export async function run(): Promise<string[]> {
  const out: string[] = [];

  // Calendar: events list / get / create, venues list / get.
  const events = await unwrap(
    site.GET('/cal/events/v1/events', { params: { query: { per_page: 5, start_date: '2026-07-01 00:00:00', categories: [3, 4], featured: true } } }),
  );
  events.events.forEach((e: Event) => out.push(`${e.id} ${e.title} ${e.start_date}`));
  const event = await unwrap(site.GET('/cal/events/v1/events/{id}', { params: { path: { id: events.events[0]?.id ?? 1 } } }));
  out.push(`${event.title} at ${event.venue && !Array.isArray(event.venue) ? event.venue.venue : 'no venue'}`);
  const created = await unwrap(
    site.POST('/cal/events/v1/events', {
      body: { title: 'Late-night jazz', start_date: '2026-07-04 22:00:00', end_date: '2026-07-05 01:00:00', categories: [4] },
    }),
  );
  out.push(`created event ${created.id}`);
  const venues = await unwrap(site.GET('/cal/events/v1/venues', { params: { query: { per_page: 20, only_with_upcoming: true } } }));
  venues.venues.forEach((v: Venue) => out.push(`${v.id} ${v.venue ?? ''} ${v.city ?? ''}`));
  const venue = await unwrap(site.GET('/cal/events/v1/venues/{id}', { params: { path: { id: venues.venues[0]?.id ?? 1 } } }));
  out.push(String(venue.address ?? ''));

  // Core posts: list / get / create / update / delete.
  const posts = await unwrap(
    site.GET('/core/v2/posts', { params: { query: { per_page: 10, categories: [3, 4], include: [4, 5, 6], orderby: 'date', order: 'desc' } } }),
  );
  posts.forEach((p: Post | PostEdit | PostEmbed) => out.push(`${p.id} ${p.link}`));
  const post = await unwrap(site.GET('/core/v2/posts/{id}', { params: { path: { id: 4 }, query: { context: 'view' } } }));
  out.push(`${post.id} ${post.slug}`);
  const draft = await unwrap(site.POST('/core/v2/posts', { body: { title: 'Line-up announced', status: 'draft', categories: [2], tags: [7, 8] } }));
  out.push(`draft ${draft.id}`);
  const updated = await unwrap(site.POST('/core/v2/posts/{id}', { params: { path: { id: draft.id } }, body: { status: 'publish', sticky: true } }));
  out.push(`${updated.id} ${updated.status}`);
  const removed = await unwrap(site.DELETE('/core/v2/posts/{id}', { params: { path: { id: draft.id }, query: { force: true } } }));
  out.push(JSON.stringify(removed));

  // Pages, media, menu items.
  const pages = await unwrap(site.GET('/core/v2/pages', { params: { query: { parent: [19], per_page: 20, orderby: 'menu_order' } } }));
  pages.forEach((p) => out.push(`${p.id}`));
  const page = await unwrap(site.GET('/core/v2/pages/{id}', { params: { path: { id: 19 } } }));
  out.push((page as Page).link);
  const media = await unwrap(site.GET('/core/v2/media', { params: { query: { media_type: 'image', per_page: 10 } } }));
  media.forEach((m) => out.push(`${m.id}`));
  const attachment = await unwrap(site.GET('/core/v2/media/{id}', { params: { path: { id: 23 } } }));
  out.push((attachment as Media).source_url);
  const items = await unwrap(site.GET('/core/v2/menu-items', { params: { query: { menus: [12], per_page: 100 } } }));
  items.forEach((i) => out.push(`${i.id}`));
  const item = await unwrap(site.GET('/core/v2/menu-items/{id}', { params: { path: { id: 28 } } }));
  out.push((item as MenuItem).url);

  // Site index, batch, oEmbed, an add-on route.
  const index: SiteIndex = await unwrap(site.GET('/', {}));
  out.push(`${index.name}: ${index.namespaces.join(', ')}`);
  const batched: BatchResponseBody = await unwrap(
    site.POST('/batch/v1', {
      body: {
        validation: 'require-all-validate',
        requests: [
          { method: 'POST', path: '/core/v2/posts', body: { title: 'A', status: 'draft' } },
          { method: 'DELETE', path: '/core/v2/posts/41?force=true' },
        ],
      },
    }),
  );
  out.push(`${batched.responses.length} answers`);
  const embed = await unwrap(site.GET('/oembed/1.0/embed', { params: { query: { url: 'http://127.0.0.1:8881/festival/', maxwidth: 480 } } }));
  out.push(typeof embed === 'string' ? embed : `${embed.type} ${embed.title}`);
  const ml = await unwrap(site.GET('/ml/v1', {}));
  out.push(ml.namespace);

  return out;
}
