// The base URL forms real sites use, and the ones refused at creation: the URL of every request is
// checked on an injected fetch (no network).
import { describe, expect, it } from 'vitest';
import { batch, collect, createClient, FESTIVAL_PLATFORM, paginate, unwrap } from '../../src/index.ts';
import { json, mockFetch } from './helpers.ts';

async function urlOf(
  baseUrl: string,
  call: (c: ReturnType<typeof createClient>) => Promise<unknown>,
  opts: Parameters<typeof createClient>[0] extends infer O ? Partial<O> : never = {},
) {
  const { fetch, calls } = mockFetch(() => json({ id: 5 }));
  const client = createClient({ baseUrl, fetch, ...opts });
  await call(client);
  expect(calls).toHaveLength(1);
  return calls[0].url.toString();
}

const getPost = (c: ReturnType<typeof createClient>) => c.GET('/core/v2/posts/{id}', { params: { path: { id: 5 }, query: { context: 'edit' } } });

describe('base URL: pretty permalinks', () => {
  it.each([
    ['https://festival.example/wp-json', 'https://festival.example/wp-json/core/v2/posts/5?context=edit'],
    ['https://festival.example/wp-json/', 'https://festival.example/wp-json/core/v2/posts/5?context=edit'],
    ['https://festival.example/wp-json///', 'https://festival.example/wp-json/core/v2/posts/5?context=edit'],
    ['https://festival.example/sites/de/wp-json', 'https://festival.example/sites/de/wp-json/core/v2/posts/5?context=edit'],
    ['https://festival.example/sites/de/wp-json/', 'https://festival.example/sites/de/wp-json/core/v2/posts/5?context=edit'],
    ['http://127.0.0.1:8881/api', 'http://127.0.0.1:8881/api/core/v2/posts/5?context=edit'],
  ])('%s', async (base, expected) => {
    expect(await urlOf(base, getPost)).toBe(expected);
  });

  it('the site index is the base URL with a slash', async () => {
    expect(await urlOf('https://festival.example/wp-json/', (c) => c.GET('/'))).toBe('https://festival.example/wp-json/');
  });
});

describe('base URL: ?rest_route= (no pretty permalinks)', () => {
  it.each(['https://festival.example/?rest_route=', 'https://festival.example/?rest_route=/', 'https://festival.example?rest_route='])(
    '%s: the route goes into rest_route and the query follows with &',
    async (base) => {
      expect(await urlOf(base, getPost)).toBe('https://festival.example/?rest_route=/core/v2/posts/5&context=edit');
    },
  );

  it('a path prefix (index.php in a subfolder) is kept', async () => {
    expect(await urlOf('https://festival.example/blog/index.php?rest_route=', getPost)).toBe(
      'https://festival.example/blog/index.php?rest_route=/core/v2/posts/5&context=edit',
    );
  });

  it('a call without a query has only rest_route; the index is rest_route=/', async () => {
    expect(await urlOf('https://festival.example/?rest_route=', (c) => c.GET('/core/v2/posts/{id}', { params: { path: { id: 7 } } }))).toBe(
      'https://festival.example/?rest_route=/core/v2/posts/7',
    );
    expect(await urlOf('https://festival.example/?rest_route=', (c) => c.GET('/'))).toBe('https://festival.example/?rest_route=/');
  });

  it('every query parameter is appended with &, lists and brackets kept; the default language too', async () => {
    const url = await urlOf(
      'https://festival.example/?rest_route=',
      (c) => c.GET('/core/v2/posts', { params: { query: { per_page: 2, categories: [3, 4], search: 'a&b c' } } }),
      { language: 'de' },
    );
    const u = new URL(url);
    expect(u.search.startsWith('?rest_route=/core/v2/posts&')).toBe(true);
    expect(u.searchParams.get('rest_route')).toBe('/core/v2/posts');
    expect(u.searchParams.get('per_page')).toBe('2');
    expect(u.searchParams.get('categories')).toBe('3,4');
    expect(u.searchParams.get('search')).toBe('a&b c');
    expect(u.searchParams.getAll('i18n_language')).toEqual(['de']);
    expect(url).not.toMatch(/rest_route=[^&]*\?/);
  });

  it('the mapping renames the route and the language parameter', async () => {
    const url = await urlOf('https://festival.example/?rest_route=', (c) => c.GET('/core/v2/posts', { params: { query: { per_page: 1 } } }), {
      language: 'en',
      mapping: FESTIVAL_PLATFORM,
    });
    const u = new URL(url);
    expect(u.searchParams.get('rest_route')).toBe('/wp/v2/posts');
    expect(u.searchParams.get('wpml_language')).toBe('en');
    expect(u.searchParams.has('i18n_language')).toBe(false);
  });

  it('path parameters stay encoded inside rest_route', async () => {
    const url = await urlOf('https://festival.example/?rest_route=', (c) =>
      c.GET('/cal/events/v1/events/by-slug/{slug}', { params: { path: { slug: 'a b&c?d' } } }),
    );
    expect(new URL(url).searchParams.get('rest_route')).toBe('/cal/events/v1/events/by-slug/a b&c?d');
  });

  it('credentials go to the base origin; batch posts to rest_route=/batch/v1', async () => {
    const { fetch, calls } = mockFetch(() => json({ responses: [{ status: 201, body: { id: 9 }, headers: {} }] }, { status: 207 }));
    const client = createClient({ baseUrl: 'https://festival.example/?rest_route=', fetch, auth: { user: 'u', password: 'p' } });
    const [r] = await batch(client, [{ method: 'POST', path: '/core/v2/posts', body: { title: 'x' } }]);
    expect(r.ok).toBe(true);
    expect(calls[0].url.toString()).toBe('https://festival.example/?rest_route=/batch/v1');
    expect(calls[0].headers.get('authorization')).toMatch(/^Basic /);
    expect(JSON.parse(calls[0].body).requests[0].path).toBe('/core/v2/posts');
  });

  it('paginate follows a rest_route next link (site names mapped back and forth)', async () => {
    const { fetch, calls } = mockFetch((req) => {
      const page = Number(req.url.searchParams.get('page') ?? '1');
      const headers: Record<string, string> = { 'X-WP-TotalPages': '2' };
      if (page === 1) headers.Link = '<https://festival.example/?rest_route=%2Fwp%2Fv2%2Fposts&per_page=1&page=2>; rel="next"';
      return json([{ id: page }], { headers });
    });
    const client = createClient({ baseUrl: 'https://festival.example/?rest_route=', fetch, mapping: FESTIVAL_PLATFORM });
    const items = await collect(paginate(client, '/core/v2/posts', { params: { query: { per_page: 1 } } }));
    expect(items.map((i) => i.id)).toEqual([1, 2]);
    expect(calls.map((c) => c.url.searchParams.get('rest_route'))).toEqual(['/wp/v2/posts', '/wp/v2/posts']);
    expect(calls[1].url.searchParams.get('page')).toBe('2');
    expect(calls[1].url.searchParams.get('per_page')).toBe('1');
  });
});

describe('base URL: refused at creation', () => {
  it.each([
    ['https://festival.example/wp-json#top', /fragment/],
    ['https://festival.example/wp-json/#', /fragment/],
    ['https://festival.example/?rest_route=#x', /fragment/],
    ['https://festival.example/wp-json?lang=de', /unexpected query \(\?lang=de\)/],
    ['https://festival.example/wp-json?', /unexpected query/],
    ['https://festival.example/?rest_route=/wp/v2', /unexpected query/],
    ['https://festival.example/?rest_route=&lang=de', /unexpected query/],
    ['https://festival.example/?p=5', /unexpected query/],
    ['https://user:secret@festival.example/wp-json', /credentials/],
    ['ftp://festival.example/wp-json', /http or https/],
    ['/wp-json', /not an absolute URL/],
    ['', /baseUrl is required/],
  ])('%s', (baseUrl, message) => {
    expect(() => createClient({ baseUrl })).toThrow(message);
  });

  it('the error for credentials does not repeat them', () => {
    try {
      createClient({ baseUrl: 'https://user:secret@festival.example/wp-json' });
    } catch (e) {
      expect(String((e as Error).message)).not.toContain('secret');
      return;
    }
    throw new Error('expected an error');
  });

  it('a refused base URL sends nothing', async () => {
    const { fetch, calls } = mockFetch();
    expect(() => createClient({ baseUrl: 'https://festival.example/wp-json?x=1', fetch })).toThrow();
    expect(calls).toHaveLength(0);
    await unwrap(createClient({ baseUrl: 'https://festival.example/wp-json', fetch }).GET('/'));
    expect(calls).toHaveLength(1);
  });
});
