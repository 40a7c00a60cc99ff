import { describe, expect, it } from 'vitest';
import { collect, createClient, FESTIVAL_PLATFORM, paginate, paginateCalendar } from '../../src/index.ts';
import { BASE, json, mockFetch, type Recorded } from './helpers.ts';

const TOTAL_PAGES = 3;
const page = (req: Recorded) => Number(req.url.searchParams.get('page') ?? '1');

/** A core collection of 3 pages that answers X-WP-* headers and (optionally) Link rel=next. */
function coreSite({ link = true } = {}) {
  return mockFetch((req) => {
    const p = page(req);
    if (p > TOTAL_PAGES)
      return json(
        { code: 'rest_post_invalid_page_number', message: 'The page number requested is larger than the number of pages available.', data: { status: 400 } },
        { status: 400 },
      );
    const headers: Record<string, string> = { 'X-WP-Total': '6', 'X-WP-TotalPages': String(TOTAL_PAGES) };
    const q = new URLSearchParams(req.url.search);
    const links: string[] = [];
    if (link && p < TOTAL_PAGES) {
      q.set('page', String(p + 1));
      links.push(`<${req.url.origin}${req.url.pathname}?${q}>; rel="next"`);
    }
    if (link && p > 1) {
      q.set('page', String(p - 1));
      links.push(`<${req.url.origin}${req.url.pathname}?${q}>; rel="prev"`);
    }
    if (links.length) headers.Link = links.join(', ');
    return json([{ id: p * 10 + 1 }, { id: p * 10 + 2 }], { headers });
  });
}

describe('paginate (core collections)', () => {
  it('follows Link rel=next over 3 pages and stops at the end', async () => {
    const { fetch, calls } = coreSite();
    const client = createClient({ baseUrl: BASE, fetch, language: 'en' });
    const pages = [];
    for await (const p of paginate(client, '/core/v2/posts', { params: { query: { per_page: 2, categories: [3, 4] } } })) pages.push(p);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages.map((p) => p.items.map((i) => i.id))).toEqual([
      [11, 12],
      [21, 22],
      [31, 32],
    ]);
    expect(pages[0].total).toBe(6);
    expect(pages[0].totalPages).toBe(3);
    expect(calls).toHaveLength(3);
    for (const c of calls) {
      expect(c.url.searchParams.get('per_page')).toBe('2');
      expect(c.url.searchParams.get('categories')).toBe('3,4');
      expect(c.url.searchParams.getAll('i18n_language')).toEqual(['en']);
    }
  });

  it('uses X-WP-TotalPages when there is no Link header', async () => {
    const { fetch, calls } = coreSite({ link: false });
    const client = createClient({ baseUrl: BASE, fetch });
    const items = await collect(paginate(client, '/core/v2/posts', { params: { query: { per_page: 2, search: 'a b' } } }));
    expect(items.map((i) => i.id)).toEqual([11, 12, 21, 22, 31, 32]);
    expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual([null, '2', '3']);
    expect(calls.every((c) => c.url.searchParams.get('search') === 'a b')).toBe(true);
  });

  it('stops at the page cap', async () => {
    const { fetch, calls } = coreSite();
    const client = createClient({ baseUrl: BASE, fetch });
    const pages = [];
    for await (const p of paginate(client, '/core/v2/posts', undefined, { maxPages: 2 })) pages.push(p.page);
    expect(pages).toEqual([1, 2]);
    expect(calls).toHaveLength(2);
  });

  it('maps Link back to spec names and the request to site names', async () => {
    const { fetch, calls } = mockFetch((req) => {
      const p = page(req);
      const headers: Record<string, string> = { 'X-WP-Total': '3', 'X-WP-TotalPages': '3' };
      if (p < 3) headers.Link = `<${BASE}/wp/v2/pages?wpml_language=de&page=${p + 1}>; rel="next"`;
      return json([{ id: p }], { headers });
    });
    const client = createClient({ baseUrl: BASE, fetch, mapping: FESTIVAL_PLATFORM, language: 'de' });
    const ids = (await collect(paginate(client, '/core/v2/pages', {}))).map((i) => i.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      '/wp-json/wp/v2/pages?wpml_language=de',
      '/wp-json/wp/v2/pages?wpml_language=de&page=2',
      '/wp-json/wp/v2/pages?wpml_language=de&page=3',
    ]);
  });

  it('throws ApiError on an error answer', async () => {
    const { fetch } = mockFetch(() =>
      json({ code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', data: { status: 400, params: { per_page: 'bad' } } }, { status: 400 }),
    );
    const client = createClient({ baseUrl: BASE, fetch });
    await expect(collect(paginate(client, '/core/v2/posts', { params: { query: { per_page: 0 } } }))).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'rest_invalid_param',
    });
  });
});

/** A calendar list of 3 pages with the plugin's envelope. */
function calendarSite(collection: string, { bareNext }: { bareNext: boolean }) {
  return mockFetch((req) => {
    const p = page(req);
    const perPage = Number(req.url.searchParams.get('per_page') ?? '10');
    const restRoot = `${BASE}/tribe/events/v1/${collection}`;
    const body: Record<string, unknown> = bareNext
      ? { rest_url: restRoot, total: 6, total_pages: 3, [collection]: [{ id: p * 10 + 1 }, { id: p * 10 + 2 }] }
      : {
          [collection]: [{ id: p * 10 + 1 }, { id: p * 10 + 2 }],
          rest_url: `${restRoot}/?page=${p}&per_page=${perPage}&start_date=2026-01-01`,
          total: 6,
          total_pages: 3,
        };
    // categories/tags: next_rest_url is the bare URL + page (filters and per_page lost).
    if (p < 3) body.next_rest_url = bareNext ? `${restRoot}?page=${p + 1}` : `${restRoot}/?page=${p + 1}&per_page=${perPage}&start_date=2026-01-01`;
    return json(body, { headers: { 'X-TEC-Total': '6', 'X-TEC-TotalPages': '3' } });
  });
}

describe('paginateCalendar', () => {
  it('follows next_rest_url for events over 3 pages (with site names mapped)', async () => {
    const { fetch, calls } = calendarSite('events', { bareNext: false });
    const client = createClient({ baseUrl: BASE, fetch, mapping: FESTIVAL_PLATFORM, language: 'de' });
    const pages = [];
    for await (const p of paginateCalendar(client, '/cal/events/v1/events', { params: { query: { per_page: 2, start_date: '2026-01-01' } } })) pages.push(p);
    expect(pages.map((p) => p.items.map((i) => i.id))).toEqual([
      [11, 12],
      [21, 22],
      [31, 32],
    ]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages[0].totalPages).toBe(3);
    expect(calls).toHaveLength(3);
    for (const c of calls) {
      expect(c.url.pathname.startsWith('/wp-json/tribe/events/v1/events')).toBe(true);
      expect(c.url.searchParams.get('per_page')).toBe('2');
      // The calendar's routes take the language too (D186): every page asks for it.
      expect(c.url.searchParams.get('wpml_language')).toBe('de');
    }
  });

  for (const collection of ['categories', 'tags'] as const) {
    it(`pages ${collection} by page number on the caller's query, ignoring next_rest_url`, async () => {
      const { fetch, calls } = calendarSite(collection, { bareNext: true });
      const client = createClient({ baseUrl: BASE, fetch });
      const items = await collect(
        paginateCalendar(client, `/cal/events/v1/${collection}` as '/cal/events/v1/tags', {
          params: { query: { per_page: 2, hide_empty: false, search: 'jazz' } },
        }),
      );
      expect(items.map((i) => i.id)).toEqual([11, 12, 21, 22, 31, 32]);
      expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual([null, '2', '3']);
      for (const c of calls) {
        expect(c.url.pathname).toBe(`/wp-json/cal/events/v1/${collection}`);
        expect(c.url.searchParams.get('per_page')).toBe('2');
        expect(c.url.searchParams.get('search')).toBe('jazz');
        expect(c.url.searchParams.get('hide_empty')).toBe('false');
      }
    });
  }

  it('stops at the page cap', async () => {
    for (const collection of ['venues', 'categories']) {
      const { fetch, calls } = calendarSite(collection, { bareNext: collection === 'categories' });
      const client = createClient({ baseUrl: BASE, fetch });
      const pages = [];
      for await (const p of paginateCalendar(client, `/cal/events/v1/${collection}` as '/cal/events/v1/venues', {}, { maxPages: 2 })) pages.push(p.page);
      expect(pages).toEqual([1, 2]);
      expect(calls).toHaveLength(2);
    }
  });

  it('stops on an empty list', async () => {
    const { fetch, calls } = mockFetch(() => json({ events: [], rest_url: `${BASE}/cal/events/v1/events/`, total: 0, total_pages: 0 }));
    const client = createClient({ baseUrl: BASE, fetch });
    const pages = await collect(paginateCalendar(client, '/cal/events/v1/events', {}));
    expect(pages).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe('next URLs outside the base URL', () => {
  it('are not followed by default: the next page is asked of the base URL by number', async () => {
    const { fetch, calls } = mockFetch((req) => {
      const p = page(req);
      return json([{ id: p }], {
        headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '2', ...(p < 2 ? { Link: '<https://public.example/wp-json/core/v2/posts?page=2>; rel="next"' } : {}) },
      });
    });
    const client = createClient({ baseUrl: BASE, fetch });
    const ids = (await collect(paginate(client, '/core/v2/posts', { params: { query: { per_page: 1 } } }))).map((i) => i.id);
    expect(ids).toEqual([1, 2]);
    expect(calls.map((c) => c.url.origin)).toEqual(['https://festival.example', 'https://festival.example']);
  });
});
