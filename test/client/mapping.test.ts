import { describe, expect, it } from 'vitest';
import { asForm, createClient, FESTIVAL_PLATFORM, parseMapping, unwrap } from '../../src/index.ts';
import { BASE, json, mockFetch } from './helpers.ts';

describe('name mapping in the client', () => {
  it('rewrites request paths and parameter names to the site names', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, fetch, mapping: FESTIVAL_PLATFORM, language: 'de' });
    await client.GET('/core/v2/posts', { params: { query: { include: [1, 2], per_page: 2 } } });
    await client.GET('/core/v2/pages/{id}', { params: { path: { id: 5 }, query: { i18n_language: 'en' } } });
    await client.GET('/cal/events/v1/events', { params: { query: { per_page: 2 } } });
    await client.GET('/');
    await client.GET('/builder/v1/font-library/variants', { params: { query: { font_name: 'Lato' } } });
    await client.GET('/builderx/v1/marketplace-activation');
    await client.GET('/ml/tm/v1/ate/jobs/receive/{mlJobId}', { params: { path: { mlJobId: 7 } } });
    await client.GET('/ml/st/v1/strings', { params: { query: { limit: 5 } } });
    await client.GET('/slider/sliders/{slider}', { params: { path: { slider: 'home' } } });
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      '/wp-json/wp/v2/posts?include=1,2&per_page=2&wpml_language=de',
      '/wp-json/wp/v2/pages/5?wpml_language=en',
      '/wp-json/tribe/events/v1/events?per_page=2&wpml_language=de',
      '/wp-json/',
      '/wp-json/ultimate-vc/v1/google-fonts/variants?font_name=Lato&wpml_language=de',
      '/wp-json/uavc/v1/envato-activation?wpml_language=de',
      '/wp-json/wpml/tm/v1/ate/jobs/receive/7?wpml_language=de',
      '/wp-json/wpml/st/v1/strings?limit=5&wpml_language=de',
      '/wp-json/sliderrevolution/sliders/home?wpml_language=de',
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

  it('calls every add-on namespace by its real name with FESTIVAL_PLATFORM alone', async () => {
    const { fetch, calls } = mockFetch(() => json({}));
    const client = createClient({ baseUrl: BASE, fetch, mapping: FESTIVAL_PLATFORM });
    for (const ns of [
      'ml/v1',
      'ml/st/v1',
      'ml/tm/v1',
      'ml/ate/v1',
      'installer/v1',
      'forms/v1',
      'connector/v1',
      'crosssell/v1',
      'survey/v1',
      'builder/v1',
      'builderx/v1',
      'slider',
      'theme/v1',
    ])
      await (client.GET as unknown as (p: string) => Promise<unknown>)(`/${ns}`);
    expect(calls.map((c) => c.url.pathname)).toEqual([
      '/wp-json/wpml/v1',
      '/wp-json/wpml/st/v1',
      '/wp-json/wpml/tm/v1',
      '/wp-json/wpml/ate/v1',
      '/wp-json/otgs/installer/v1',
      '/wp-json/forminator/v1',
      '/wp-json/hub-connector/v1',
      '/wp-json/wpmudev_pcs/v1',
      '/wp-json/nps-survey/v1',
      '/wp-json/ultimate-vc/v1',
      '/wp-json/uavc/v1',
      '/wp-json/sliderrevolution',
      '/wp-json/the7/v1',
    ]);
  });

  it('maps the URLs of a renamed route back (google-fonts is font-library in the spec)', async () => {
    const { fetch } = mockFetch(() => json({ fonts: [] }, { headers: { Link: `<${BASE}/ultimate-vc/v1/google-fonts?start=20>; rel="next"` } }));
    const client = createClient({ baseUrl: BASE, fetch, mapping: FESTIVAL_PLATFORM });
    const { response } = await client.GET('/builder/v1/font-library');
    expect(response.headers.get('Link')).toBe(`<${BASE}/builder/v1/font-library?start=20>; rel="next"`);
  });

  it('renames a body field a product names otherwise (ml_job_id is wpml_job_id), JSON and form', async () => {
    const { fetch, calls } = mockFetch(() => json(true));
    const client = createClient({ baseUrl: BASE, fetch, mapping: FESTIVAL_PLATFORM });
    await client.POST('/ml/tm/v1/ate/jobs/store', { body: { ml_job_id: '42', ate_job_data: [] } });
    expect(calls[0].url.pathname).toBe('/wp-json/wpml/tm/v1/ate/jobs/store');
    expect(JSON.parse(calls[0].body)).toEqual({ wpml_job_id: '42', ate_job_data: [] });
    await client.POST('/ml/tm/v1/ate/jobs/store', { body: { ml_job_id: '42', ate_job_data: [] }, ...asForm() } as never);
    expect(calls[1].body).toContain('wpml_job_id=42');
    expect(calls[1].body).not.toMatch(/(^|&)ml_job_id=/);
    // The spec's names on the mock: the body as written.
    const spec = createClient({ baseUrl: BASE, fetch });
    await spec.POST('/ml/tm/v1/ate/jobs/store', { body: { ml_job_id: '42', ate_job_data: [] } });
    expect(JSON.parse(calls[2].body)).toEqual({ ml_job_id: '42', ate_job_data: [] });
  });

  it('a site that names an add-on otherwise still maps it through parseMapping', async () => {
    const { fetch, calls } = mockFetch(() => json({}));
    const mapping = parseMapping(['forms/v1=forms-pro/v1'], FESTIVAL_PLATFORM);
    const client = createClient({ baseUrl: BASE, fetch, mapping });
    await client.GET('/forms/v1/preview/forms', { params: { query: { module_id: 3 } } });
    expect(calls[0].url.pathname).toBe('/wp-json/forms-pro/v1/preview/forms');
  });
});
