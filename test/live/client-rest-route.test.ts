// The typed client against the real WordPress through `https://site/?rest_route=` (the form of a site
// without pretty permalinks; the sandbox answers it too): reads with a query (appended with `&`, so
// per_page and _fields are honoured), paging, and a write that is removed again. An unreachable site
// fails the suite; it never skips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, liveSite } from '../support/site.js';
import { collect, createClient, paginate, unwrap, WORDPRESS, type FestivalClient } from '../../src/index.ts';

const live = liveSite();
const { user, appPassword: password } = adminCredentials(live, 'the client rest_route live test');
const ROOT = `${new URL(live.baseUrl).origin}/?rest_route=`;
const RUN = `client-rest-route-${Date.now().toString(36)}`;
let admin: FestivalClient;
let anon: FestivalClient;
const created: number[] = [];
const seen: string[] = [];

beforeAll(async () => {
  let res: Response;
  try {
    res = await fetch(`${ROOT}/`);
  } catch (e) {
    throw new Error(`the live site ${ROOT} is unreachable: ${(e as Error).message}`);
  }
  expect(res.status, `GET ${ROOT}/`).toBe(200);
  const record = (input: Request) => {
    seen.push(input.url);
    return fetch(input);
  };
  admin = createClient({ baseUrl: ROOT, mapping: WORDPRESS, auth: { user, password }, fetch: record });
  anon = createClient({ baseUrl: ROOT, mapping: WORDPRESS, fetch: record });
});

afterAll(async () => {
  for (const id of created) await admin?.DELETE('/core/v2/posts/{id}', { params: { path: { id }, query: { force: true } } }).catch(() => undefined);
});

describe('typed client with a ?rest_route= base URL on a live WordPress', () => {
  it('reads the site index at rest_route=/', async () => {
    const index = await unwrap(anon.GET('/'));
    expect(typeof index.name).toBe('string');
    expect(index.namespaces).toContain('core/v2');
    expect(seen.at(-1)).toBe(`${ROOT}/`);
  });

  it('appends the query with &: per_page and _fields are honoured', async () => {
    const { data, response } = await anon.GET('/core/v2/posts', { params: { query: { per_page: 1, _fields: ['id', 'link'] } } });
    expect(response.status).toBe(200);
    expect(Array.isArray(data)).toBe(true);
    expect(data!.length).toBeLessThanOrEqual(1);
    if (data!.length) expect(Object.keys(data![0]).sort()).toEqual(['id', 'link']);
    const url = new URL(seen.at(-1)!);
    expect(url.searchParams.get('rest_route')).toBe('/wp/v2/posts');
    expect(url.searchParams.get('per_page')).toBe('1');
    expect(seen.at(-1)).not.toMatch(/rest_route=[^&]*\?/);
  });

  it('pages through posts one per page', async () => {
    const pages = await collect(paginate(anon, '/core/v2/posts', { params: { query: { per_page: 1, _fields: ['id'] } } }, { maxPages: 3 }));
    const total = Number((await anon.GET('/core/v2/posts', { params: { query: { per_page: 1 } } })).response.headers.get('X-WP-Total'));
    expect(pages.length).toBe(Math.min(3, total));
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
  });

  it('creates, reads and deletes a draft (JSON body, path parameter inside rest_route)', async () => {
    const post = await unwrap(admin.POST('/core/v2/posts', { body: { title: `${RUN} draft`, status: 'draft' } }));
    created.push(post.id);
    expect(new URL(seen.at(-1)!).searchParams.get('rest_route')).toBe('/wp/v2/posts');
    const read = await unwrap(admin.GET('/core/v2/posts/{id}', { params: { path: { id: post.id }, query: { context: 'edit' } } }));
    expect(read.id).toBe(post.id);
    expect(new URL(seen.at(-1)!).searchParams.get('rest_route')).toBe(`/wp/v2/posts/${post.id}`);
    expect(new URL(seen.at(-1)!).searchParams.get('context')).toBe('edit');
    const removed = await admin.DELETE('/core/v2/posts/{id}', { params: { path: { id: post.id }, query: { force: true } } });
    expect(removed.response.status).toBe(200);
    created.splice(created.indexOf(post.id), 1);
  });
});
