// `Link` header parsing (RFC 8288) by a single linear pass, and the loop guard of paginate: a `next`
// that repeats a page already visited stops with an error. Linearity itself is measured by
// `npm run bench` (bench/link-parse.ts), not timed here.
import { describe, expect, it } from 'vitest';
import { collect, createClient, nextLink, paginate, paginateCalendar } from '../../src/index.ts';
import { BASE, json, mockFetch } from './helpers.ts';

describe('nextLink', () => {
  it.each([
    ['<https://s/wp-json/core/v2/posts?page=2>; rel="next"', 'https://s/wp-json/core/v2/posts?page=2'],
    ['<https://s/a?page=1>; rel="prev", <https://s/a?page=3>; rel="next"', 'https://s/a?page=3'],
    ['<https://s/a?page=3>; rel=next', 'https://s/a?page=3'],
    ['<https://s/a?page=3>;rel=NEXT', 'https://s/a?page=3'],
    ['<https://s/a?page=3>; title="a, b; c"; rel="prev next"', 'https://s/a?page=3'],
    ['<https://s/a?x=1,2>; rel="next"', 'https://s/a?x=1,2'],
    ['<https://s/a>; title="say \\"next\\""; rel="last", <https://s/b>; rel="next"', 'https://s/b'],
    [' , <https://s/a>; rel="next" ', 'https://s/a'],
  ])('%s', (header, url) => {
    expect(nextLink(header)).toBe(url);
  });

  it.each([
    [null],
    [''],
    ['<https://s/a>; rel="prev"'],
    ['<https://s/a>; rel="nextpage"'],
    ['<https://s/a; rel="next"'],
    ['https://s/a; rel="next"'],
    ['<>; rel="next"'],
    ['<https://s/a>; title="next"'],
  ])('no next in %s', (header) => {
    expect(nextLink(header)).toBeUndefined();
  });

  it('returns on hostile headers of 1 MB (each character read a bounded number of times)', () => {
    const mb = 1 << 20;
    const hostile = [
      '<'.repeat(mb),
      `<${'a'.repeat(mb)}`,
      `<a>${'; rel='.repeat(mb / 6)}`,
      `<a>; rel="${' '.repeat(mb)}`,
      `<a>; rel="${'\\'.repeat(mb)}`,
      `${', '.repeat(mb / 2)}x`,
      `<a>${';'.repeat(mb)}`,
      `${'<a>, '.repeat(mb / 5)}<b>; rel="next"`,
    ];
    expect(hostile.map((h) => nextLink(h))).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'b']);
  });
});

describe('paginate: a next that repeats a visited page', () => {
  it('core: a site whose page 2 links to itself stops with an error after page 2', async () => {
    const { fetch, calls } = mockFetch((req) => {
      const page = Number(req.url.searchParams.get('page') ?? '1');
      return json([{ id: page }], { headers: { Link: `<${BASE}/core/v2/posts?page=2>; rel="next"` } });
    });
    const client = createClient({ baseUrl: BASE, fetch });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const p of paginate(client, '/core/v2/posts', undefined, { maxPages: 50 })) seen.push(...p.items.map((i) => i.id));
      })(),
    ).rejects.toThrow(/repeats a page already visited/);
    expect(seen).toEqual([1, 2]);
    expect(calls).toHaveLength(2);
  });

  it('core: a cycle of two pages stops at the first repeat', async () => {
    const { fetch, calls } = mockFetch((req) => {
      const page = Number(req.url.searchParams.get('page') ?? '1');
      const next = page === 2 ? 3 : 2;
      return json([{ id: page }], { headers: { Link: `<${BASE}/core/v2/posts?page=${next}>; rel="next"` } });
    });
    const client = createClient({ baseUrl: BASE, fetch });
    await expect(collect(paginate(client, '/core/v2/posts', undefined, { maxPages: 50 }))).rejects.toThrow(/page=2\) repeats/);
    expect(calls).toHaveLength(3);
  });

  it('calendar: a next_rest_url that repeats stops with an error', async () => {
    const { fetch, calls } = mockFetch(() =>
      json({ venues: [{ id: 1 }], total: 9, total_pages: 9, rest_url: `${BASE}/cal/events/v1/venues/`, next_rest_url: `${BASE}/cal/events/v1/venues/?page=2` }),
    );
    const client = createClient({ baseUrl: BASE, fetch });
    await expect(collect(paginateCalendar(client, '/cal/events/v1/venues', undefined, { maxPages: 50 }))).rejects.toThrow(/repeats a page already visited/);
    expect(calls).toHaveLength(2);
  });

  it('distinct next links are followed to the end as before', async () => {
    const { fetch, calls } = mockFetch((req) => {
      const page = Number(req.url.searchParams.get('page') ?? '1');
      return json([{ id: page }], { headers: page < 4 ? { Link: `<${BASE}/core/v2/posts?page=${page + 1}>; rel="next"` } : {} });
    });
    const client = createClient({ baseUrl: BASE, fetch });
    expect((await collect(paginate(client, '/core/v2/posts', undefined))).map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(calls).toHaveLength(4);
  });
});
