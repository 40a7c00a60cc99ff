import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiError, createClient, paginate, unwrap } from '../../src/index.ts';
import { BASE, json, mockFetch } from './helpers.ts';

const USER = 'editor';
const PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';
const EXPECTED = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

describe('application-password auth', () => {
  it('sends Basic credentials to the base URL origin', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, auth: { user: USER, password: PASSWORD }, fetch });
    await client.GET('/core/v2/posts');
    await client.POST('/core/v2/posts', { body: { title: 'x' } });
    expect(calls).toHaveLength(2);
    for (const c of calls) expect(c.headers.get('authorization')).toBe(EXPECTED);
  });

  it('encodes non-ASCII user names as UTF-8', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, auth: { user: 'zoë', password: 'p' }, fetch });
    await client.GET('/core/v2/posts');
    expect(calls[0].headers.get('authorization')).toBe(`Basic ${Buffer.from('zoë:p', 'utf8').toString('base64')}`);
  });

  it('sends no Authorization without credentials', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, fetch });
    await client.GET('/core/v2/posts');
    expect(calls[0].headers.has('authorization')).toBe(false);
  });

  it('never sends credentials to another origin, e.g. a followed next link of another host', async () => {
    const { fetch, calls } = mockFetch((req) => {
      if (req.url.origin === 'https://festival.example') {
        return json([{ id: 1 }], {
          headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '2', Link: '<https://cdn.other.example/wp-json/core/v2/posts?page=2>; rel="next"' },
        });
      }
      return json([{ id: 2 }], { headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '2' } });
    });
    const client = createClient({ baseUrl: BASE, auth: { user: USER, password: PASSWORD }, fetch, headers: { 'X-Extra': '1' } });
    const pages = [];
    for await (const p of paginate(client, '/core/v2/posts', {}, { followForeign: true })) pages.push(p);
    expect(pages.map((p) => p.items)).toEqual([[{ id: 1 }], [{ id: 2 }]]);
    expect(calls.map((c) => c.url.origin)).toEqual(['https://festival.example', 'https://cdn.other.example']);
    expect(calls[0].headers.get('authorization')).toBe(EXPECTED);
    expect(calls[1].headers.has('authorization')).toBe(false);
  });

  it('drops a caller-set Authorization header on another origin too', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, fetch, headers: { Authorization: 'Bearer secret' } });
    await client.GET('/core/v2/posts');
    await client.GET('/core/v2/posts', { baseUrl: 'https://elsewhere.example/wp-json' });
    expect(calls[0].headers.get('authorization')).toBe('Bearer secret');
    expect(calls[1].headers.has('authorization')).toBe(false);
  });

  it('keeps the credentials out of the client, errors and debug output', async () => {
    const { fetch } = mockFetch(() =>
      json({ code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.', data: { status: 401 } }, { status: 401 }),
    );
    const client = createClient({ baseUrl: BASE, auth: { user: USER, password: PASSWORD }, fetch });
    const secret = [PASSWORD, EXPECTED, EXPECTED.slice(6)];
    const dumps = [JSON.stringify(client), inspect(client, { depth: 10, showHidden: true }), Object.keys(client).join(',')];
    const res = await client.POST('/core/v2/posts', { body: { title: 'x' } });
    dumps.push(JSON.stringify(res.error), inspect(res.error, { depth: 10 }));
    const err = await unwrap(client.POST('/core/v2/posts', { body: { title: 'x' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    dumps.push(JSON.stringify(err), inspect(err, { depth: 10, showHidden: true }), String(err), (err as Error).stack ?? '');
    for (const d of dumps) for (const s of secret) expect(d).not.toContain(s);
  });
});
