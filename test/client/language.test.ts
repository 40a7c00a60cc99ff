import { describe, expect, it } from 'vitest';
import { batch, createClient } from '../../src/index.ts';
import { BASE, json, mockFetch } from './helpers.ts';

describe('default i18n_language', () => {
  it('is added to every request whose route takes it, the calendar included (D186)', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, language: 'de', fetch });
    await client.GET('/core/v2/posts', { params: { query: { per_page: 5 } } });
    await client.GET('/oembed/1.0/embed', { params: { query: { url: 'https://festival.example/a/' } } });
    await client.GET('/cal/events/v1/events', { params: { query: { per_page: 3 } } });
    await client.GET('/cal/events/v1/venues/{id}', { params: { path: { id: 4 } } });
    await client.GET('/cal/events/v1');
    await client.GET('/ml/st/v1/strings');
    for (const c of calls) expect(c.url.searchParams.getAll('i18n_language')).toEqual(['de']);
    expect(calls[0].url.searchParams.get('per_page')).toBe('5');
  });

  it("yields to the call's own language", async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, language: 'de', fetch });
    await client.GET('/core/v2/posts', { params: { query: { i18n_language: 'en' } } });
    expect(calls[0].url.searchParams.getAll('i18n_language')).toEqual(['en']);
  });

  it('is left out when the call sets i18n_language to undefined', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, language: 'de', fetch });
    await client.GET('/core/v2/posts', { params: { query: { i18n_language: undefined } } });
    expect(calls[0].url.searchParams.has('i18n_language')).toBe(false);
  });

  it('is never added where the translation plugin gives none: the site index, the batch route, the calendar document', async () => {
    const { fetch, calls } = mockFetch(() => json({}));
    const client = createClient({ baseUrl: BASE, language: 'de', fetch });
    await client.GET('/');
    await client.GET('/cal/events/v1/doc');
    await client.POST('/batch/v1', { body: { requests: [{ method: 'POST', path: '/core/v2/posts', body: { title: 'x' } }] } });
    expect(calls).toHaveLength(3);
    for (const c of calls) expect(c.url.searchParams.has('i18n_language'), c.url.pathname).toBe(false);
    // The batch's own items are routes that take it.
    expect(JSON.parse(calls[2].body).requests[0].path).toBe('/core/v2/posts?i18n_language=de');
  });

  it('is not sent without a default', async () => {
    const { fetch, calls } = mockFetch(() => json([]));
    const client = createClient({ baseUrl: BASE, fetch });
    await client.GET('/core/v2/posts');
    expect(calls[0].url.search).toBe('');
  });

  it('is added to batch items too', async () => {
    const { fetch, calls } = mockFetch(() => json({ responses: [{ status: 201, headers: {}, body: { id: 1 } }] }, { status: 207 }));
    const client = createClient({ baseUrl: BASE, language: 'nl', fetch });
    await batch(client, [{ method: 'POST', path: '/core/v2/posts', body: { title: 'x' } }]);
    const sent = JSON.parse(calls[0].body);
    expect(sent.requests[0].path).toBe('/core/v2/posts?i18n_language=nl');
  });
});
