import { describe, expect, it } from 'vitest';
import { createClient, FESTIVAL_PLATFORM, parseMapping, unwrap } from '../../src/index.ts';
import { BASE, json, mockFetch } from './helpers.ts';

describe('name mapping in the client', () => {
  it('rewrites request paths and parameter names to the site names', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, fetch, mapping: FESTIVAL_PLATFORM, language: 'de' });
    await client.GET('/core/v2/posts', { params: { query: { include: [1, 2], per_page: 2 } } });
    await client.GET('/core/v2/pages/{id}', { params: { path: { id: 5 }, query: { i18n_language: 'en' } } });
    await client.GET('/cal/events/v1/events', { params: { query: { per_page: 2 } } });
    await client.GET('/');
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      '/wp-json/wp/v2/posts?include=1,2&per_page=2&wpml_language=de',
      '/wp-json/wp/v2/pages/5?wpml_language=en',
      '/wp-json/tribe/events/v1/events?per_page=2',
      '/wp-json/?wpml_language=de',
    ]);
  });

  it('maps URLs the site returns back to the spec names (Link, Location, _links, next_rest_url)', async () => {
    const { fetch } = mockFetch((req) => {
      if (req.url.pathname.includes('/tribe/')) {
        return json({
          events: [{ id: 1 }],
          rest_url: `${BASE}/tribe/events/v1/events/?page=1`,
          next_rest_url: `${BASE}/tribe/events/v1/events/?page=2`,
          total: 2,
          total_pages: 2,
        });
      }
      return json(
        {
          id: 9,
          _links: {
            self: [{ href: `${BASE}/wp/v2/posts/9` }],
            collection: [{ href: `${BASE}/wp/v2/posts` }],
            about: [{ href: 'https://other.example/wp/v2/x' }],
          },
        },
        {
          status: 201,
          headers: { Location: `${BASE}/wp/v2/posts/9`, Link: `<${BASE}/wp/v2/posts?wpml_language=de&page=2>; rel="next"` },
        },
      );
    });
    const client = createClient({ baseUrl: BASE, fetch, mapping: FESTIVAL_PLATFORM });
    const { data, response } = await client.POST('/core/v2/posts', { body: { title: 'x' } });
    expect(response.headers.get('Location')).toBe(`${BASE}/core/v2/posts/9`);
    expect(response.headers.get('Link')).toBe(`<${BASE}/core/v2/posts?i18n_language=de&page=2>; rel="next"`);
    expect(data).toMatchObject({
      _links: {
        self: [{ href: `${BASE}/core/v2/posts/9` }],
        collection: [{ href: `${BASE}/core/v2/posts` }],
        about: [{ href: 'https://other.example/wp/v2/x' }],
      },
    });
    const events = await unwrap(client.GET('/cal/events/v1/events'));
    expect(events).toMatchObject({ rest_url: `${BASE}/cal/events/v1/events/?page=1`, next_rest_url: `${BASE}/cal/events/v1/events/?page=2` });
  });

  it('leaves everything alone with the identity mapping', async () => {
    const body = { id: 1, _links: { self: [{ href: `${BASE}/core/v2/posts/1` }] } };
    const { fetch, calls } = mockFetch(() => json(body));
    const client = createClient({ baseUrl: BASE, fetch });
    const data = await unwrap(client.GET('/core/v2/posts/{id}', { params: { path: { id: 1 } } }));
    expect(calls[0].url.pathname).toBe('/wp-json/core/v2/posts/1');
    expect(data).toEqual(body);
  });

  it('supports site-specific add-on names through parseMapping', async () => {
    const { fetch, calls } = mockFetch(() => json({}));
    const mapping = parseMapping(['ml/v1=wpml/v1'], FESTIVAL_PLATFORM);
    const client = createClient({ baseUrl: BASE, fetch, mapping });
    await (client.GET as unknown as (p: string) => Promise<unknown>)('/ml/v1/status');
    expect(calls[0].url.pathname).toBe('/wp-json/wpml/v1/status');
  });
});
