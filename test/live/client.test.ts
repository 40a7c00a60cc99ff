// The typed client against the real WordPress (the sandbox, or WP_BASE_URL / WP_USER /
// WP_APP_PASSWORD) with the WORDPRESS mapping: list, paginate, create, update, delete and batch
// posts, and prove the serialisers lose nothing PHP parses (comma lists, PHP brackets in queries and
// form bodies). An unreachable site fails the suite; it never skips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, basicAuth, liveSite, routeUrl } from '../support/site.js';
import { ApiError, asForm, batch, collect, createClient, paginate, unwrap, WORDPRESS, type FestivalClient } from '../../src/index.ts';

function site() {
  const live = liveSite();
  const { user, appPassword: password } = adminCredentials(live, 'the client live test');
  return { baseUrl: live.baseUrl, user, password, ids: live.ids as { tags?: Record<string, number>; categories?: Record<string, number> } };
}

const SITE = site();
const RUN = `client-live-${Date.now().toString(36)}`;
let admin: FestivalClient;
let anon: FestivalClient;
const created = { posts: [] as number[], terms: [] as [string, number][] };

/** Two existing terms of the sandbox (drafts do not change their counts), else new ones made through the site's own route (terms are outside the spec). */
async function twoTerms(taxonomy: 'tags' | 'categories'): Promise<[number, number]> {
  const known = Object.values(SITE.ids[taxonomy] ?? {}).filter((n) => typeof n === 'number');
  if (known.length >= 2) return [known[0], known[1]];
  return [await term(taxonomy, `${RUN}-${taxonomy}-1`), await term(taxonomy, `${RUN}-${taxonomy}-2`)];
}

async function term(taxonomy: 'tags' | 'categories', name: string): Promise<number> {
  const res = await fetch(`${SITE.baseUrl}/wp/v2/${taxonomy}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: basicAuth(SITE.user, SITE.password) },
    body: JSON.stringify({ name }),
  });
  const body = (await res.json()) as { id: number };
  expect(res.status, JSON.stringify(body)).toBe(201);
  created.terms.push([taxonomy, body.id]);
  return body.id;
}

async function createPost(body: Record<string, unknown>): Promise<{ id: number; [k: string]: unknown }> {
  const post = (await unwrap(
    (admin.POST as unknown as (p: string, i: unknown) => Promise<never>)('/core/v2/posts', { body: { status: 'draft', ...body } }),
  )) as { id: number };
  created.posts.push(post.id);
  return post;
}

beforeAll(async () => {
  let res: Response;
  try {
    res = await fetch(`${SITE.baseUrl}/`);
  } catch (e) {
    throw new Error(`the live site ${SITE.baseUrl} is unreachable: ${(e as Error).message}`);
  }
  expect(res.status, `GET ${SITE.baseUrl}/`).toBe(200);
  admin = createClient({ baseUrl: SITE.baseUrl, mapping: WORDPRESS, auth: { user: SITE.user, password: SITE.password } });
  anon = createClient({ baseUrl: SITE.baseUrl, mapping: WORDPRESS });
});

afterAll(async () => {
  if (!admin) return;
  const auth = basicAuth(SITE.user, SITE.password);
  for (const id of created.posts) await admin.DELETE('/core/v2/posts/{id}', { params: { path: { id }, query: { force: true } } }).catch(() => undefined);
  for (const [tax, id] of created.terms)
    await fetch(routeUrl(SITE.baseUrl, `/wp/v2/${tax}/${id}?force=true`), { method: 'DELETE', headers: { Authorization: auth } }).catch(() => undefined);
});

describe('typed client on a live WordPress', () => {
  it('lists posts with spec names mapped to the site and back', async () => {
    const { data, error, response } = await anon.GET('/core/v2/posts', { params: { query: { per_page: 2 } } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(Array.isArray(data)).toBe(true);
    expect(Number(response.headers.get('X-WP-Total'))).toBeGreaterThanOrEqual(0);
    const first = (data as { _links?: { self?: { href: string }[] } }[])[0];
    if (first?._links?.self) expect(first._links.self[0].href).toContain('/core/v2/posts/');
  });

  it('sends include=a,b,c as a comma list and gets all three back', async () => {
    const posts = await Promise.all(['a', 'b', 'c'].map((x) => createPost({ title: `${RUN} include ${x}` })));
    const ids = posts.map((p) => p.id);
    const list = (await unwrap(admin.GET('/core/v2/posts', { params: { query: { include: ids, status: ['draft'], per_page: 10 } } }))) as { id: number }[];
    expect(list.map((p) => p.id).sort()).toEqual([...ids].sort());
  });

  it('keeps every tag: tags as a comma list in the query, tags[] in a form body, a JSON array', async () => {
    const [t1, t2] = await twoTerms('tags');
    const viaForm = (await unwrap(
      admin.POST('/core/v2/posts', { body: { title: { raw: `${RUN} form [raw]` }, status: 'draft', tags: [t1, t2] }, ...asForm() }),
    )) as { id: number; tags: number[]; title: { raw?: string; rendered: string } };
    created.posts.push(viaForm.id);
    expect(viaForm.tags.sort()).toEqual([t1, t2].sort());
    expect(viaForm.title.raw).toBe(`${RUN} form [raw]`);
    const viaJson = await createPost({ title: `${RUN} json tags`, tags: [t2] });
    expect(viaJson.tags as number[]).toEqual([t2]);
    const both = (await unwrap(admin.GET('/core/v2/posts', { params: { query: { tags: [t1, t2], status: ['draft'], search: RUN, per_page: 10 } } }))) as {
      id: number;
    }[];
    expect(both.map((p) => p.id).sort()).toEqual([viaForm.id, viaJson.id].sort());
  });

  it('sends an object query in PHP bracket form (categories[terms]=…&categories[operator]=AND)', async () => {
    const [c1, c2] = await twoTerms('categories');
    const inBoth = await createPost({ title: `${RUN} both`, categories: [c1, c2] });
    const inOne = await createPost({ title: `${RUN} one`, categories: [c1] });
    const and = (await unwrap(
      admin.GET('/core/v2/posts', {
        params: { query: { categories: { terms: [c1, c2], operator: 'AND' }, status: ['draft'], include: [inBoth.id, inOne.id] } },
      }),
    )) as { id: number }[];
    expect(and.map((p) => p.id)).toEqual([inBoth.id]);
    const or = (await unwrap(
      admin.GET('/core/v2/posts', {
        params: { query: { categories: { terms: [c1, c2], operator: 'OR' }, status: ['draft'], include: [inBoth.id, inOne.id] } },
      }),
    )) as { id: number }[];
    expect(or.map((p) => p.id).sort()).toEqual([inBoth.id, inOne.id].sort());
  });

  it('paginates over 3 pages and stops at the end and at the cap', async () => {
    const ids = (await Promise.all([1, 2, 3].map((n) => createPost({ title: `${RUN} page ${n}` })))).map((p) => p.id);
    const init = { params: { query: { include: ids, status: ['draft' as const], per_page: 1 } } };
    const pages = [];
    for await (const p of paginate(admin, '/core/v2/posts', init)) pages.push(p);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages[0].totalPages).toBe(3);
    expect(pages.flatMap((p) => p.items.map((i) => (i as { id: number }).id)).sort()).toEqual([...ids].sort());
    const capped = await collect(paginate(admin, '/core/v2/posts', init, { maxPages: 2 }));
    expect(capped).toHaveLength(2);
  });

  it('creates, updates and deletes a post; errors are ApiError', async () => {
    const post = await createPost({ title: `${RUN} crud`, status: 'draft' });
    const updated = (await unwrap(admin.PATCH('/core/v2/posts/{id}', { params: { path: { id: post.id } }, body: { title: `${RUN} crud 2` } }))) as {
      title: { raw?: string };
    };
    expect(updated.title.raw).toBe(`${RUN} crud 2`);
    const deleted = (await unwrap(admin.DELETE('/core/v2/posts/{id}', { params: { path: { id: post.id }, query: { force: true } } }))) as { deleted: boolean };
    expect(deleted.deleted).toBe(true);
    const gone = await unwrap(admin.GET('/core/v2/posts/{id}', { params: { path: { id: post.id } } })).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ApiError);
    expect(gone).toMatchObject({ status: 404, code: 'rest_post_invalid_id' });
    const denied = await unwrap(anon.POST('/core/v2/posts', { body: { title: 'nope' } })).catch((e: unknown) => e);
    expect(denied).toMatchObject({ name: 'ApiError', status: 401, code: 'rest_cannot_create' });
  });

  it('batches 30 creates as 25 + 5 and deletes them in a batch', async () => {
    const requests = Array.from({ length: 30 }, (_, i) => ({
      method: 'POST' as const,
      path: '/core/v2/posts' as const,
      body: { title: `${RUN} batch ${i}`, status: 'draft' as const },
    }));
    const results = await batch(admin, requests);
    expect(results).toHaveLength(30);
    const ids = results.map((r) => (r.ok ? (r.data as { id: number }).id : 0));
    created.posts.push(...ids.filter(Boolean));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    const removed = await batch(
      admin,
      ids.map((id) => ({ method: 'DELETE' as const, path: '/core/v2/posts/{id}' as const, params: { path: { id }, query: { force: true } } })),
    );
    expect(removed.map((r) => r.status)).toEqual(Array(30).fill(200));
  });

  it('surfaces require-all-validate failures per item', async () => {
    const results = await batch(
      admin,
      [
        { method: 'POST', path: '/core/v2/posts', body: { title: `${RUN} valid` } },
        { method: 'POST', path: '/core/v2/posts', body: { title: `${RUN} invalid`, status: 'no-such-status' } as never },
      ],
      { validation: 'require-all-validate' },
    );
    const [good, bad] = results;
    expect(good.ok).toBe(false);
    expect(bad.ok).toBe(false);
    if (!good.ok) expect(good.notRun).toBe(true);
    if (!bad.ok) {
      expect(bad.status).toBe(400);
      expect(bad.error.code).toBe('rest_invalid_param');
    }
  });
});
