import { describe, expect, it } from 'vitest';
import { asForm, createClient, phpFormSerializer, phpQuerySerializer } from '../../src/index.ts';
import { BASE, json, mockFetch } from './helpers.ts';

const dec = (s: string) => decodeURIComponent(s);
const keys = (q: string) => q.split('&').map((p) => dec(p.split('=')[0]));

describe('query serialisation', () => {
  it('sends arrays of scalars as comma lists, never repeated keys', () => {
    const q = phpQuerySerializer({ include: [1, 2, 3], slug: ['a', 'b'], per_page: 10, sticky: false, empty: [], none: undefined });
    expect(dec(q)).toBe('include=1,2,3&slug=a,b&per_page=10&sticky=false');
    expect(new Set(keys(q)).size).toBe(keys(q).length);
  });

  it('encodes commas inside values so they cannot split them', () => {
    expect(phpQuerySerializer({ search: 'a,b', slug: ['x,y', 'z'] })).toBe('search=a%2Cb&slug=x%2Cy,z');
  });

  it('sends objects in PHP bracket form, with comma lists inside', () => {
    const q = phpQuerySerializer({ categories: { terms: [1, 2], operator: 'AND' }, tax_relation: 'OR' });
    expect(dec(q)).toBe('categories[terms]=1,2&categories[operator]=AND&tax_relation=OR');
  });

  it('sends nested arrays of objects in PHP bracket form', () => {
    const q = phpQuerySerializer({
      modifiers: [
        { type: 'rotate', args: { angle: 90 } },
        { type: 'crop', args: { left: 0, top: 5, width: 50, height: 40 } },
      ],
    });
    expect(dec(q)).toBe(
      'modifiers[0][type]=rotate&modifiers[0][args][angle]=90&modifiers[1][type]=crop&modifiers[1][args][left]=0&modifiers[1][args][top]=5&modifiers[1][args][width]=50&modifiers[1][args][height]=40',
    );
  });

  it('is the client default', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, fetch });
    await client.GET('/core/v2/posts', { params: { query: { include: [1, 2, 3], tags: [4, 5], per_page: 3 } } });
    expect(calls[0].url.search).toBe('?include=1,2,3&tags=4,5&per_page=3');
    expect(calls[0].url.searchParams.get('include')).toBe('1,2,3');
  });
});

describe('form bodies', () => {
  it('use PHP brackets for arrays and objects', () => {
    const f = phpFormSerializer({
      title: { raw: 'Hello & bye' },
      tags: [1, 2],
      categories: [],
      status: 'draft',
      modifiers: [{ type: 'rotate', args: { angle: 90 } }],
    });
    expect(dec(f)).toBe('title[raw]=Hello & bye&tags[]=1&tags[]=2&categories=&status=draft&modifiers[0][type]=rotate&modifiers[0][args][angle]=90');
    const parsed = new URLSearchParams(f);
    expect(parsed.get('title[raw]')).toBe('Hello & bye');
  });

  it('are chosen per call with asForm; JSON stays the default', async () => {
    const { fetch, calls } = mockFetch(() => json({ id: 1 }, { status: 201 }));
    const client = createClient({ baseUrl: BASE, fetch });
    await client.POST('/core/v2/posts', { body: { title: 'a', tags: [1, 2] } });
    await client.POST('/core/v2/posts', { body: { title: 'a', tags: [1, 2] }, ...asForm({ 'X-Trace': 't' }) });
    await client.POST('/core/v2/posts', { body: { title: 'b' }, ...asForm() });
    expect(calls[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(calls[0].body)).toEqual({ title: 'a', tags: [1, 2] });
    expect(calls[1].headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(calls[1].headers.get('x-trace')).toBe('t');
    expect(dec(calls[1].body)).toBe('title=a&tags[]=1&tags[]=2');
    expect(calls[2].body).toBe('title=b');
  });

  it('follow a caller-set form content type', async () => {
    const { fetch, calls } = mockFetch(() => json({ id: 1 }, { status: 201 }));
    const client = createClient({ baseUrl: BASE, fetch });
    await client.POST('/core/v2/posts', { body: { title: { raw: 'x' } }, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(dec(calls[0].body)).toBe('title[raw]=x');
  });

  it('pass binary bodies through (media upload)', async () => {
    const { fetch, calls } = mockFetch(() => json({ id: 1 }, { status: 201 }));
    const client = createClient({ baseUrl: BASE, fetch });
    const bytes = new Uint8Array([137, 80, 78, 71]);
    await client.POST('/core/v2/media', {
      body: bytes as never,
      headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="a.png"' },
    });
    expect(calls[0].headers.get('content-type')).toBe('image/png');
    expect(calls[0].body.length).toBe(4);
  });
});
