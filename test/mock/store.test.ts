// The store-backed routes of the mock (mock/store/), in-process: the front with a store and no
// Prism (a store-backed request never reaches Prism). Every answer of every store-backed operation
// is judged against the spec by the core's judge, strictly (an undocumented field fails); then the
// platform's semantics: writes read back, filters, paging, languages, trash and delete, unknown ids,
// the control routes, the real names, a user's seed file and the clock.
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudge } from '../../core/judge.js';
import { operations as coreOperations, type OpenApiDoc } from '../../core/spec.js';
import { createFront } from '../../mock/front.ts';
import { FRONT_NODE_FLAGS } from '../../mock/prism.ts';
import { frontFlags } from '../../bench/mock.ts';
import { storeRoutes } from '../../mock/store/handler.ts';
import { createStoreHost, type StoreHost } from '../../mock/store/host.ts';
import { builtInSeed } from '../../mock/store/seed.ts';
import { bundle, type Json } from '../support/spec.js';
import { jsonOrUndefined } from '../support/json.js';

const doc = bundle() as OpenApiDoc;
const judge = createJudge({ doc, strict: true });
const AUTH = { authorization: `Basic ${Buffer.from('editor:x').toString('base64')}` };
let host: StoreHost;
let front: http.Server;
let base: string;

beforeAll(async () => {
  host = createStoreHost(doc);
  // A store-backed request never reaches Prism: the upstream is a closed port.
  front = createFront({ doc, upstream: { host: '127.0.0.1', port: 9 }, store: host });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => front.close(r));
});

interface Got {
  status: number;
  headers: Headers;
  text: string;
  json: Json;
}

async function ask(
  method: string,
  path: string,
  { json, auth = true, headers = {} }: { json?: unknown; auth?: boolean; headers?: Record<string, string> } = {},
): Promise<Got> {
  const h: Record<string, string> = { ...(auth ? AUTH : {}), ...headers };
  if (json !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers: h,
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  const parsed = jsonOrUndefined(text);
  return { status: res.status, headers: res.headers, text, json: parsed };
}

const lower = (h: Headers): Record<string, string> => Object.fromEntries([...h.entries()]);

/** The spec's verdicts on an answer (empty: it conforms, strictly). */
function verdicts(method: string, template: string, got: Got): string[] {
  const x = coreOperations(doc).find((o) => o.method === method && o.path === template)!;
  return judge
    .response(x, { method, status: got.status, headers: lower(got.headers), text: got.text })
    .map((v) => `${method.toUpperCase()} ${template} ${got.status}: ${v.pointer} ${v.reason}`);
}

const seed = builtInSeed(doc);
const firstId = (key: keyof typeof seed, where: (r: Json) => boolean = () => true): number => Number(seed[key].find((e) => where(e.record))!.record.id);

describe('every store-backed operation answers as the spec says (strict judge)', () => {
  it('reads: lists and items in every context, by id and by slug', async () => {
    const problems: string[] = [];
    host.store.reset();
    const post = firstId('core/v2/posts', (r) => r.status === 'publish');
    const page = firstId('core/v2/pages', (r) => r.status === 'publish');
    const rev = seed['core/v2/posts/revisions'][0].record;
    const auto = seed['core/v2/pages/autosaves'][0]?.record;
    const event = seed['cal/events/v1/events'].find((e) => e.record.status === 'publish' && typeof e.record.json_ld === 'object')!.record;
    const reads: [string, string][] = [
      ['/core/v2/posts', '/core/v2/posts'],
      [`/core/v2/posts/{id}`, `/core/v2/posts/${post}`],
      ['/core/v2/pages', '/core/v2/pages'],
      [`/core/v2/pages/{id}`, `/core/v2/pages/${page}`],
      ['/core/v2/media', '/core/v2/media'],
      ['/core/v2/media/{id}', `/core/v2/media/${firstId('core/v2/media')}`],
      ['/core/v2/menu-items', '/core/v2/menu-items'],
      ['/core/v2/menu-items/{id}', `/core/v2/menu-items/${firstId('core/v2/menu-items')}`],
      ['/core/v2/posts/{parent}/revisions', `/core/v2/posts/${rev.parent}/revisions`],
      ['/core/v2/posts/{parent}/revisions/{id}', `/core/v2/posts/${rev.parent}/revisions/${rev.id}`],
      ...(auto ? ([['/core/v2/pages/{parent}/autosaves/{id}', `/core/v2/pages/${auto.parent}/autosaves/${auto.id}`]] as [string, string][]) : []),
      ['/core/v2/comments', '/core/v2/comments'],
      ['/core/v2/comments/{id}', `/core/v2/comments/${firstId('core/v2/comments')}`],
      ['/core/v2/search', '/core/v2/search?search=a'],
      ['/core/v2/users', '/core/v2/users'],
      ['/core/v2/users/{id}', `/core/v2/users/${firstId('core/v2/users')}`],
      ['/core/v2/users/me', '/core/v2/users/me'],
      ['/cal/events/v1/events', '/cal/events/v1/events'],
      ['/cal/events/v1/events/{id}', `/cal/events/v1/events/${event.id}`],
      ['/cal/events/v1/events/by-slug/{slug}', `/cal/events/v1/events/by-slug/${event.slug}`],
      ['/cal/events/v1/venues', '/cal/events/v1/venues'],
      ['/cal/events/v1/venues/{id}', `/cal/events/v1/venues/${firstId('cal/events/v1/venues')}`],
      ['/cal/events/v1/organizers', '/cal/events/v1/organizers'],
      ['/cal/events/v1/organizers/{id}', `/cal/events/v1/organizers/${firstId('cal/events/v1/organizers')}`],
      ['/cal/events/v1/categories', '/cal/events/v1/categories'],
      ['/cal/events/v1/categories/{id}', `/cal/events/v1/categories/${firstId('cal/events/v1/categories')}`],
      ['/cal/events/v1/tags', '/cal/events/v1/tags'],
      ['/cal/events/v1/tags/{id}', `/cal/events/v1/tags/${firstId('cal/events/v1/tags')}`],
    ];
    for (const [template, path] of reads)
      // The search has no edit context (its `context` is view or embed).
      for (const context of template === '/core/v2/search' ? ['view', 'embed'] : template.startsWith('/core/') ? ['view', 'edit', 'embed'] : ['view']) {
        const got = await ask('GET', `${path}${path.includes('?') ? '&' : '?'}context=${context}`);
        if (got.status !== 200) problems.push(`GET ${path} context=${context}: ${got.status} ${got.text.slice(0, 200)}`);
        else problems.push(...verdicts('get', template, got));
      }
    expect(problems).toEqual([]);
  });

  it('writes: create, update (POST, PUT, PATCH) and delete of every collection', async () => {
    host.store.reset();
    const problems: string[] = [];
    const creates: [string, Json][] = [
      ['/core/v2/posts', { title: 'A', content: 'B', status: 'publish' }],
      ['/core/v2/pages', { title: 'A page', status: 'draft' }],
      ['/core/v2/menu-items', { title: 'Tickets', url: 'https://festival.example/tickets/', menus: 2 }],
      ['/core/v2/users', { username: 'programme-editor', email: 'programme@festival.example', password: 'correct-horse', roles: ['editor'] }],
      ['/core/v2/comments', { post: firstId('core/v2/posts', (r) => r.status === 'publish'), content: 'See you there!' }],
      ['/cal/events/v1/venues', { venue: 'A hall', city: 'Utrecht' }],
      ['/cal/events/v1/organizers', { organizer: 'A crew', email: 'crew@festival.example' }],
      ['/cal/events/v1/categories', { name: 'A category' }],
      ['/cal/events/v1/tags', { name: 'A tag' }],
      ['/cal/events/v1/events', { title: 'An event', start_date: '2025-06-15 20:00:00', end_date: '2025-06-15 22:00:00' }],
    ];
    for (const [collection, body] of creates) {
      const made = await ask('POST', collection, { json: body });
      if (made.status !== 201) {
        problems.push(`POST ${collection}: ${made.status} ${made.text.slice(0, 300)}`);
        continue;
      }
      problems.push(...verdicts('post', collection, made));
      const item = `${collection}/{id}`;
      for (const method of ['post', 'put', 'patch']) {
        const key = collection.endsWith('venues')
          ? 'venue'
          : collection.endsWith('organizers')
            ? 'organizer'
            : collection.match(/categories|tags/)
              ? 'name'
              : collection.endsWith('comments')
                ? 'content'
                : collection.endsWith('users')
                  ? 'name'
                  : 'title';
        const upd = await ask(method.toUpperCase(), `${collection}/${made.json.id}`, { json: { [key]: `Renamed by ${method}` } });
        if (upd.status !== 200) problems.push(`${method} ${item}: ${upd.status} ${upd.text.slice(0, 300)}`);
        else problems.push(...verdicts(method, item, upd));
      }
      const force = collection.endsWith('/users') ? '?force=true&reassign=false' : collection.startsWith('/core/') ? '?force=true' : '';
      const del = await ask('DELETE', `${collection}/${made.json.id}${force}`);
      if (del.status !== 200) problems.push(`DELETE ${item}: ${del.status} ${del.text.slice(0, 300)}`);
      else problems.push(...verdicts('delete', item, del));
    }
    expect(problems).toEqual([]);
  });

  it('covers every store-backed route of the spec', () => {
    const templates = new Set(coreOperations(doc).map((o) => o.path));
    for (const t of storeRoutes()) expect(templates.has(t), t).toBe(true);
    expect(storeRoutes().length).toBe(35);
  });
});

describe('the platform’s semantics', () => {
  it('a created post is read back in every context, updated by merging, trashed, then 410, then deleted, then 404', async () => {
    host.store.reset();
    const made = await ask('POST', '/core/v2/posts', { json: { title: 'Night & day', content: 'Doors at 19:00.', status: 'publish', tags: [7] } });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`${base}/core/v2/posts/${made.json.id}`);
    expect(made.json.slug).toBe('night-day');
    const view = await ask('GET', `/core/v2/posts/${made.json.id}`, { auth: false });
    expect(view.json.title).toEqual({ rendered: 'Night &#038; day' });
    expect(view.json.content.rendered).toBe('<p>Doors at 19:00.</p>\n');
    const upd = await ask('PATCH', `/core/v2/posts/${made.json.id}`, { json: { excerpt: 'Short.' } });
    expect([upd.json.title.raw, upd.json.excerpt.raw, upd.json.tags]).toEqual(['Night & day', 'Short.', [7]]);
    expect((await ask('DELETE', `/core/v2/posts/${made.json.id}`)).json.status).toBe('trash');
    expect((await ask('DELETE', `/core/v2/posts/${made.json.id}`)).json.code).toBe('rest_already_trashed');
    expect((await ask('DELETE', `/core/v2/posts/${made.json.id}?force=true`)).json.deleted).toBe(true);
    expect((await ask('GET', `/core/v2/posts/${made.json.id}`)).status).toBe(404);
  });

  it('a revision carries its parent’s meta; a file links the record it is attached to, of any post type (wp:attached-to)', async () => {
    host.store.reset();
    const made = await ask('POST', '/core/v2/posts', { json: { title: 'Draft', status: 'draft', meta: { footnotes: '' } } });
    await ask('POST', `/core/v2/posts/${made.json.id}`, { json: { status: 'publish' } });
    const revs = await ask('GET', `/core/v2/posts/${made.json.id}/revisions`);
    expect(revs.json.length).toBeGreaterThan(0);
    expect(revs.json[0].meta).toBeDefined();
    expect(revs.json[0].meta).toEqual((await ask('GET', `/core/v2/posts/${made.json.id}?context=edit`)).json.meta);
    // Media 880 is event 1001's image, media 702 venue 210's (the examples).
    const attached = async (id: number): Promise<Json> => (await ask('GET', `/core/v2/media/${id}`)).json._links['wp:attached-to'];
    expect(await attached(880)).toEqual([{ href: `${base}/core/v2/tribe_events/1001`, embeddable: true, post_type: 'tribe_events', id: 1001 }]);
    expect(await attached(702)).toEqual([{ href: `${base}/core/v2/tribe_venue/210`, embeddable: true, post_type: 'tribe_venue', id: 210 }]);
    const loose = (await ask('GET', `/core/v2/media/${firstId('core/v2/media', (r) => r.post === null)}`)).json._links;
    // No relation compacted to `wp:`, so no `curies` (WP_REST_Server::get_compact_response_links; wp68's files).
    expect(Object.keys(loose).sort()).toEqual(['about', 'author', 'collection', 'replies', 'self']);
  });

  it('lists follow the store: totals, pages, links, search, include, languages', async () => {
    host.store.reset();
    const all = await ask('GET', '/core/v2/posts?per_page=100');
    const total = Number(all.headers.get('x-wp-total'));
    expect(total).toBeGreaterThanOrEqual(10);
    expect(all.json.every((p: Json) => p.status === 'publish')).toBe(true);
    const page2 = await ask('GET', '/core/v2/posts?per_page=5&page=2');
    expect(page2.json.map((p: Json) => p.id)).toEqual(all.json.slice(5, 10).map((p: Json) => p.id));
    expect(page2.headers.get('link')).toContain(`<${base}/core/v2/posts?per_page=5&page=1>; rel="prev"`);
    const nl = await ask('GET', '/core/v2/posts?i18n_language=nl&per_page=100');
    const de = await ask('GET', '/core/v2/posts?i18n_language=de&per_page=100');
    expect(nl.json.length).toBeGreaterThan(0);
    expect(de.json.length).toBeGreaterThan(0);
    expect(new Set([...all.json, ...nl.json, ...de.json].map((p: Json) => p.id)).size).toBe(all.json.length + nl.json.length + de.json.length);
    const two = all.json.slice(0, 2).map((p: Json) => p.id);
    expect((await ask('GET', `/core/v2/posts?include=${two.join(',')}&orderby=include`)).json.map((p: Json) => p.id)).toEqual(two);
    const word = String(all.json[0].title.rendered).split(' ')[0];
    const found = await ask('GET', `/core/v2/posts?search=${encodeURIComponent(word)}`);
    expect(found.json.length).toBeGreaterThan(0);
    expect(found.json.every((p: Json) => JSON.stringify([p.title, p.content, p.excerpt]).toLowerCase().includes(word.toLowerCase()))).toBe(true);
  });

  it('comments: listed per post, created 201 with Location, linked up to their post and to their parent, trashed, then deleted', async () => {
    host.store.reset();
    const commented = new Set(seed['core/v2/comments'].map((e) => e.record.post));
    const post = firstId('core/v2/posts', (r) => r.status === 'publish' && !commented.has(r.id));
    const none = await ask('GET', `/core/v2/posts/${post}?_embed`);
    expect(none.json._links.replies).toBeDefined();
    expect(none.json._embedded?.replies).toBeUndefined();
    const made = await ask('POST', '/core/v2/comments', { json: { post, content: 'See you there!' } });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`${base}/core/v2/comments/${made.json.id}`);
    expect(made.json).toMatchObject({
      post,
      parent: 0,
      author: 1,
      status: 'approved',
      content: { raw: 'See you there!', rendered: '<p>See you there!</p>\n' },
    });
    expect(made.json._links.up[0]).toMatchObject({ embeddable: true, post_type: 'post', href: `${base}/core/v2/posts/${post}` });
    const reply = await ask('POST', '/core/v2/comments', { json: { post, parent: made.json.id, content: 'Me too.' } });
    expect(reply.json._links['in-reply-to'][0].href).toBe(`${base}/core/v2/comments/${made.json.id}`);
    expect((await ask('GET', `/core/v2/comments/${made.json.id}`)).json._links.children[0].href).toBe(`${base}/core/v2/comments?parent=${made.json.id}`);
    const listed = await ask('GET', `/core/v2/comments?post=${post}`);
    expect(listed.headers.get('x-wp-total')).toBe('2');
    expect(listed.json.every((c: Json) => c.post === post)).toBe(true);
    expect((await ask('GET', `/core/v2/comments?parent=${made.json.id}`)).json.map((c: Json) => c.id)).toEqual([reply.json.id]);
    const embedded = await ask('GET', `/core/v2/posts/${post}?_embed=replies`);
    expect(embedded.json._embedded.replies[0].map((c: Json) => c.id).sort()).toEqual([made.json.id, reply.json.id].sort());
    const trashed = await ask('DELETE', `/core/v2/comments/${reply.json.id}`);
    expect(trashed.json.status).toBe('trash');
    expect((await ask('GET', `/core/v2/comments?post=${post}`)).json.map((c: Json) => c.id)).toEqual([made.json.id]);
    expect((await ask('DELETE', `/core/v2/comments/${reply.json.id}`)).status).toBe(410);
    const gone = await ask('DELETE', `/core/v2/comments/${reply.json.id}?force=true`);
    expect(gone.json.deleted).toBe(true);
    expect((await ask('GET', `/core/v2/comments/${reply.json.id}`)).status).toBe(404);
  });

  it('users: me is the caller (user 1), 401 anonymously; created 201; deleted only with force, their posts reassigned', async () => {
    host.store.reset();
    const me = await ask('GET', '/core/v2/users/me?context=edit');
    expect(me.json).toMatchObject({ id: 1, roles: ['administrator'] });
    expect((await ask('GET', '/core/v2/users/me', { auth: false })).json.code).toBe('rest_not_logged_in');
    expect((await ask('GET', '/core/v2/users/1', { auth: false })).status).toBe(200);
    const made = await ask('POST', '/core/v2/users', {
      json: { username: 'programme-editor', email: 'programme@festival.example', password: 'x', roles: ['editor'] },
    });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`${base}/core/v2/users/${made.json.id}`);
    expect(made.json).toMatchObject({ username: 'programme-editor', slug: 'programme-editor', name: 'programme-editor', roles: ['editor'] });
    expect(made.json).not.toHaveProperty('password');
    expect((await ask('POST', '/core/v2/users', { json: { username: 'programme-editor', email: 'other@festival.example', password: 'x' } })).json.code).toBe(
      'existing_user_login',
    );
    expect((await ask('GET', '/core/v2/users?roles=editor')).json.map((u: Json) => u.id)).toEqual([made.json.id]);
    const post = await ask('POST', '/core/v2/posts', { json: { title: 'By the editor', status: 'publish', author: made.json.id } });
    expect((await ask('GET', `/core/v2/posts/${post.json.id}?_embed=author`)).json._embedded.author[0].id).toBe(made.json.id);
    expect((await ask('DELETE', `/core/v2/users/${made.json.id}?reassign=1`)).json.code).toBe('rest_trash_not_supported');
    expect((await ask('DELETE', `/core/v2/users/${made.json.id}?force=true&reassign=${made.json.id}`)).json.code).toBe('rest_user_invalid_reassign');
    const gone = await ask('DELETE', `/core/v2/users/${made.json.id}?force=true&reassign=1`);
    expect(gone.json).toMatchObject({ deleted: true, previous: { id: made.json.id } });
    expect((await ask('GET', `/core/v2/posts/${post.json.id}`)).json.author).toBe(1);
    expect((await ask('GET', `/core/v2/users/${made.json.id}`)).status).toBe(404);
    const comment = await ask('POST', '/core/v2/comments', { json: { post: post.json.id, content: 'Noted.' } });
    expect(comment.json).toMatchObject({ author: 1, author_name: me.json.name });
  });

  it('search: published posts, pages and events holding every word, paged; other types left to the examples', async () => {
    host.store.reset();
    const all = await ask('GET', '/core/v2/search?search=festival&per_page=100');
    expect(all.json.length).toBeGreaterThan(10);
    expect(new Set(all.json.map((r: Json) => r.subtype))).toEqual(new Set(['post', 'page', 'tribe_events']));
    for (const r of all.json) {
      const collection = r.subtype === 'post' ? 'posts' : r.subtype === 'page' ? 'pages' : 'tribe_events';
      expect(r._links.self[0]).toEqual({ embeddable: true, href: `${base}/core/v2/${collection}/${r.id}` });
    }
    const page1 = await ask('GET', '/core/v2/search?search=festival');
    expect(page1.json.map((r: Json) => r.id)).toEqual(all.json.slice(0, 10).map((r: Json) => r.id));
    expect(page1.headers.get('x-wp-total')).toBe(String(all.json.length));
    expect(page1.headers.get('link')).toContain('rel="next"');
    const pages = await ask('GET', '/core/v2/search?search=festival&subtype=page&per_page=100');
    expect(pages.json.length).toBeGreaterThan(0);
    expect(pages.json.every((r: Json) => r.subtype === 'page')).toBe(true);
    expect((await ask('GET', '/core/v2/search?search=zzzqqq')).json).toEqual([]);
  });

  it('the calendar: the festival is listed by default (the clock starts on its first day), by date window, category slug, venue, featured', async () => {
    host.store.reset();
    const first = await ask('GET', '/cal/events/v1/events?per_page=50');
    expect(first.json.total).toBeGreaterThanOrEqual(60);
    const starts = first.json.events.map((e: Json) => e.start_date);
    expect(starts).toEqual([...starts].sort());
    const day = await ask('GET', '/cal/events/v1/events?start_date=2025-06-15&end_date=2025-06-15&per_page=50');
    expect(day.json.events.length).toBeGreaterThan(0);
    expect(day.json.events.every((e: Json) => e.start_date.startsWith('2025-06-15'))).toBe(true);
    const cat = first.json.events.find((e: Json) => e.categories.length)!.categories[0];
    const byCat = await ask('GET', `/cal/events/v1/events?categories=${cat.slug}&per_page=50`);
    expect(byCat.json.events.length).toBeGreaterThan(0);
    expect(byCat.json.events.every((e: Json) => e.categories.some((c: Json) => c.id === cat.id))).toBe(true);
    const featured = await ask('GET', '/cal/events/v1/events?featured=true&per_page=50');
    expect(featured.json.events.every((e: Json) => e.featured === true)).toBe(true);
    expect((await ask('GET', '/cal/events/v1/events?categories=no-such-category')).status).toBe(400);
    expect((await ask('GET', '/cal/events/v1/events?start_date=not-a-date')).status).toBe(400);
  });

  it('unknown ids answer the documented not-found error; the calendar trashes and then refuses', async () => {
    host.store.reset();
    expect((await ask('GET', '/core/v2/posts/987654')).json.code).toBe('rest_post_invalid_id');
    expect((await ask('GET', '/cal/events/v1/events/987654')).json.code).toBe('rest-event-not-found');
    expect((await ask('GET', '/cal/events/v1/venues/987654')).status).toBe(400);
    const id = firstId('cal/events/v1/events', (r) => r.status === 'publish');
    expect((await ask('DELETE', `/cal/events/v1/events/${id}`)).json.status).toBe('trash');
    expect((await ask('GET', `/cal/events/v1/events/${id}`)).json.code).toBe('event-no-longer-available');
    expect((await ask('DELETE', `/cal/events/v1/events/${id}`)).json.code).toBe('event-is-in-trash');
    expect((await ask('DELETE', `/core/v2/media/${firstId('core/v2/media')}`)).json.code).toBe('rest_trash_not_supported');
  });

  it('invalid requests answer 400 before anything is written; anonymous writes the documented 401', async () => {
    host.store.reset();
    const before = host.store.version;
    const bad = await ask('POST', '/cal/events/v1/events', { json: { title: 'No dates' } });
    expect([bad.status, bad.json.code, bad.json.data.params]).toEqual([400, 'rest_missing_callback_param', ['start_date', 'end_date']]);
    const enumBad = await ask('POST', '/core/v2/posts', { json: { status: 'sideways' } });
    expect([enumBad.status, enumBad.json.code, enumBad.json.data.details.status.code]).toEqual([400, 'rest_invalid_param', 'rest_not_in_enum']);
    const anon = await ask('POST', '/core/v2/posts', { json: { title: 'x' }, auth: false });
    expect([anon.status, anon.json.code]).toEqual([401, 'rest_cannot_create']);
    expect(host.store.version).toBe(before);
  });

  it('the control routes reset the store to its seed and tell its state', async () => {
    host.store.reset();
    const state = (await ask('GET', '/__mock/state', { auth: false })).json;
    await ask('POST', '/core/v2/posts', { json: { title: 'temporary' } });
    expect((await ask('GET', '/__mock/state')).json.collections['core/v2/posts']).toBe(state.collections['core/v2/posts'] + 1);
    const reset = await ask('POST', '/__mock/reset', { auth: false });
    expect(reset.json.collections).toEqual(state.collections);
    expect((await ask('GET', '/__mock/reset')).status).toBe(405);
  });

  it('the real names: /wp-json/wp/v2, /wp-json/tribe/events/v1, wpml_language and ?rest_route=, links in the same naming', async () => {
    host.store.reset();
    const real = await ask('GET', '/wp-json/wp/v2/posts?per_page=2&wpml_language=nl');
    const spec = await ask('GET', '/core/v2/posts?per_page=2&i18n_language=nl');
    expect(real.json.map((p: Json) => p.id)).toEqual(spec.json.map((p: Json) => p.id));
    expect(real.headers.get('link')).toContain(`<${base}/wp-json/wp/v2/posts?per_page=2&wpml_language=nl&page=2>; rel="next"`);
    expect(real.json[0]._links.self[0].href).toBe(`${base}/wp-json/wp/v2/posts/${real.json[0].id}`);
    const rr = await ask('GET', '/?rest_route=/tribe/events/v1/events&per_page=1');
    expect(rr.json.next_rest_url).toMatch(new RegExp(`^${base}/\\?rest_route=/tribe/events/v1/events/&`));
    expect(JSON.stringify(rr.json)).not.toContain('festival.example/');
  });
});

/** A front of its own on a free loopback port whose store answers as an older release (`--release`, `--wordpress`). */
async function olderFront(releases: Parameters<typeof createStoreHost>[1]): Promise<{ server: ReturnType<typeof createFront>; at: string }> {
  const server = createFront({ doc, upstream: { host: '127.0.0.1', port: 9 }, store: createStoreHost(doc, releases) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, at: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('--release 6.6.4.2: the calendar release of wp68 where it differs (D222)', () => {
  it('an unknown event id is 400 rest_invalid_param on GET, POST and DELETE; a trashed event is read with credentials, 403 event-not-accessible without; no custom_fields', async () => {
    const { server, at } = await olderFront({ release: '6.6.4.2' });
    const call = async (method: string, path: string, auth = true): Promise<{ status: number; json: Json }> => {
      const res = await fetch(`${at}${path}`, { method, headers: auth ? AUTH : {}, signal: AbortSignal.timeout(20_000) });
      return { status: res.status, json: jsonOrUndefined(await res.text()) };
    };
    try {
      const invalid = {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
      };
      for (const method of ['GET', 'POST', 'DELETE']) expect(await call(method, '/cal/events/v1/events/987654')).toEqual({ status: 400, json: invalid });
      // Venues answer as on every release.
      expect((await call('GET', '/cal/events/v1/venues/987654')).status).toBe(400);
      const id = firstId('cal/events/v1/events', (r) => r.status === 'publish');
      // `custom_fields` came with TEC 6.10.1 (its `x-since`): the default release sends it, 6.6.4.2 does not.
      expect((await ask('GET', `/cal/events/v1/events/${id}`)).json).toHaveProperty('custom_fields');
      expect((await call('GET', `/cal/events/v1/events/${id}`)).json).not.toHaveProperty('custom_fields');
      expect((await call('DELETE', `/cal/events/v1/events/${id}`)).json.status).toBe('trash');
      const read = await call('GET', `/cal/events/v1/events/${id}`);
      expect([read.status, read.json.id, read.json.status]).toEqual([200, id, 'trash']);
      expect(await call('GET', `/cal/events/v1/events/${id}`, false)).toMatchObject({ status: 403, json: { code: 'event-not-accessible' } });
      expect((await call('DELETE', `/cal/events/v1/events/${id}`)).json.code).toBe('event-is-in-trash');
    } finally {
      await new Promise((r) => server.close(r));
    }
    expect(() => createStoreHost(doc, { release: '6.16' })).toThrow(/--release "6\.16": expected one of 6\.17\.2, 6\.6\.4\.2/);
  });
});

describe('--wordpress: the WordPress release answered as (D247); the meta keys the site registers (D249)', () => {
  it('6.8.12: files without the fields of 7.0 and without wp:attached-to (6.9); the default sends both', async () => {
    const { server, at } = await olderFront({ wordpress: '6.8.12' });
    try {
      const attached = firstId('core/v2/media', (r) => Number(r.post) > 0 && 'filename' in r);
      const newest = (await ask('GET', `/core/v2/media/${attached}?context=edit`)).json;
      expect(newest).toHaveProperty('filename');
      expect(newest).toHaveProperty('filesize');
      expect(Object.keys(newest._links)).toContain('wp:attached-to');
      const res = await fetch(`${at}/core/v2/media/${attached}?context=edit`, { headers: AUTH, signal: AbortSignal.timeout(20_000) });
      const old = jsonOrUndefined(await res.text());
      expect(res.status).toBe(200);
      expect(old).not.toHaveProperty('filename');
      expect(old).not.toHaveProperty('filesize');
      expect(Object.keys(old._links)).not.toContain('wp:attached-to');
      // Everything else is as the newest release sends it.
      expect(Object.keys(old).sort()).toEqual(
        Object.keys(newest)
          .filter((k) => !['filename', 'filesize'].includes(k) && !/^(exif_orientation|image_)/.test(k))
          .sort(),
      );
    } finally {
      await new Promise((r) => server.close(r));
    }
    for (const bad of ['7.2', '4.6', 'latest', '6.8.12.1'])
      expect(() => createStoreHost(doc, { wordpress: bad })).toThrow(/--wordpress ".*": expected a WordPress release x\.y or x\.y\.z from 4\.7 to 7\.1\.4/);
  });

  it('posts, pages, files, menu items and revisions carry the calendar’s meta keys with empty values, posts and pages footnotes too; a written key is kept', async () => {
    const calendarKeys = Object.keys(((doc.components?.schemas?.CalPostMeta as { properties?: object }) ?? {}).properties ?? {});
    expect(calendarKeys.length).toBeGreaterThan(30);
    const post = firstId('core/v2/posts', (r) => r.status === 'publish');
    const meta = async (path: string): Promise<Record<string, unknown>> => (await ask('GET', path)).json.meta as Record<string, unknown>;
    for (const context of ['view', 'edit']) {
      const m = await meta(`/core/v2/posts/${post}?context=${context}`);
      expect(Object.keys(m)).toEqual([...calendarKeys, 'footnotes']);
      expect([m._EventAllDay, m._EventURL, m._EventVenueID, m.footnotes]).toEqual([false, '', [], '']);
    }
    expect(Object.keys(await meta(`/core/v2/pages/${firstId('core/v2/pages', () => true)}`))).toEqual([...calendarKeys, 'footnotes']);
    expect(Object.keys(await meta(`/core/v2/media/${firstId('core/v2/media', () => true)}`))).toEqual(calendarKeys);
    expect(Object.keys(await meta(`/core/v2/menu-items/${firstId('core/v2/menu-items', () => true)}`))).toEqual(calendarKeys);
    const made = await ask('POST', '/core/v2/posts', { json: { title: 'Meta kept', status: 'draft', meta: { footnotes: '[{"id":"a","content":"Note"}]' } } });
    expect(made.status).toBe(201);
    expect((made.json.meta as Record<string, unknown>).footnotes).toBe('[{"id":"a","content":"Note"}]');
    expect(Object.keys(made.json.meta as object)).toEqual([...calendarKeys, 'footnotes']);
    expect(verdicts('post', '/core/v2/posts', made)).toEqual([]);
    // A key of a union type (a reusable block's revisions only) is not sent by default.
    expect(Object.keys(await meta(`/core/v2/posts/${post}`))).not.toContain('wp_pattern_sync_status');
  });
});

describe('a seed file and the clock', () => {
  it('--seed: a user’s records; a bad file is a clear error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-'));
    const file = join(dir, 'seed.json');
    writeFileSync(file, JSON.stringify({ 'cal/events/v1/venues': seed['cal/events/v1/venues'].slice(0, 2).map((e) => e.record) }));
    const mine = createStoreHost(doc, { seedFile: file });
    expect(mine.store.counts()['cal/events/v1/venues']).toBe(2);
    expect(mine.store.counts()['core/v2/posts']).toBe(0);
    writeFileSync(file, '{"nope/v1/things": []}');
    expect(() => createStoreHost(doc, { seedFile: file })).toThrow(/nope\/v1\/things/);
    expect(() => createStoreHost(doc, { now: 'yesterday-ish' })).toThrow(/--now/);
    expect(createStoreHost(doc, { now: '2030-01-01' }).clock.now()).toBeGreaterThan(Date.parse('2029-12-31T00:00:00Z'));
  });
});

describe('the front runs as measured', () => {
  it('npm run mock passes the front its Node flags (mock/prism.ts FRONT_NODE_FLAGS), and the bench reads them from there', () => {
    expect(frontFlags()).toEqual(FRONT_NODE_FLAGS);
  });
});
