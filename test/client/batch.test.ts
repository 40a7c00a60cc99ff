import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, BATCHABLE, batch, createClient, isBatchable, WORDPRESS, type BatchRequest } from '../../src/index.ts';
import type { PostEdit } from '../../src/types.ts';
import { bundle } from '../support/spec.ts';
import { BASE, json, mockFetch } from './helpers.ts';

/** Answers each batch like the platform: 207 with one {body, status, headers} per request. */
function batchSite() {
  return mockFetch((req) => {
    const sent = JSON.parse(req.body) as { requests: { method: string; path: string; body?: { title?: string } }[]; validation?: string };
    if (sent.requests.length > 25)
      return json({ code: 'rest_invalid_param', message: 'Invalid parameter(s): requests', data: { status: 400 } }, { status: 400 });
    const invalid = sent.requests.map((r) => r.body?.title === 'INVALID');
    if (sent.validation === 'require-all-validate' && invalid.some(Boolean)) {
      return json(
        {
          failed: 'validation',
          responses: invalid.map((bad) =>
            bad ? { body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): title', data: { status: 400 } }, status: 400, headers: [] } : null,
          ),
        },
        { status: 207 },
      );
    }
    return json(
      {
        responses: sent.requests.map((r, i) =>
          r.method === 'DELETE'
            ? { body: { deleted: true, previous: { id: 1 } }, status: 200, headers: [] }
            : {
                body: { id: 100 + i, title: { raw: r.body?.title, rendered: r.body?.title } },
                status: 201,
                headers: { Location: `${BASE}/wp/v2/posts/${100 + i}`, Allow: 'GET' },
              },
        ),
      },
      { status: 207 },
    );
  });
}

describe('batch', () => {
  it('knows the batchable operations from the spec (x-allow-batch)', () => {
    const fromSpec: Record<string, string[]> = {};
    for (const [route, item] of Object.entries(bundle().paths ?? {}) as [string, Record<string, { 'x-allow-batch'?: { v1?: boolean } }>][]) {
      const ms = ['post', 'put', 'patch', 'delete'].filter((m) => item[m]?.['x-allow-batch']?.v1 === true);
      if (ms.length) fromSpec[route] = ms;
    }
    expect(BATCHABLE).toEqual(fromSpec);
    expect(isBatchable('POST', '/core/v2/posts')).toBe(true);
    expect(isBatchable('GET', '/core/v2/posts')).toBe(false);
    expect(isBatchable('POST', '/cal/events/v1/events')).toBe(false);
  });

  it('chunks 30 requests into 25 + 5 and returns 30 results in order', async () => {
    const { fetch, calls } = batchSite();
    const client = createClient({ baseUrl: BASE, fetch });
    const requests: BatchRequest[] = Array.from({ length: 30 }, (_, i) => ({
      method: 'POST' as const,
      path: '/core/v2/posts' as const,
      body: { title: `t${i}`, status: 'draft' as const },
    }));
    const results = await batch(client, requests);
    expect(calls.map((c) => JSON.parse(c.body).requests.length)).toEqual([25, 5]);
    expect(calls.every((c) => c.method === 'POST' && c.url.pathname === '/wp-json/batch/v1')).toBe(true);
    expect(results).toHaveLength(30);
    expect(results.map((r) => (r.ok ? r.status : -1))).toEqual(Array(30).fill(201));
    expect(results.map((r) => (r.ok ? (r.data as { id: number }).id : 0))).toEqual([
      ...Array.from({ length: 25 }, (_, i) => 100 + i),
      ...Array.from({ length: 5 }, (_, i) => 100 + i),
    ]);
  });

  it('types each result by its request', async () => {
    const { fetch, calls } = batchSite();
    const client = createClient({ baseUrl: BASE, fetch, mapping: WORDPRESS });
    const [created, updated, deleted] = await batch(client, [
      { method: 'POST', path: '/core/v2/posts', body: { title: 'new', status: 'draft' } },
      { method: 'PATCH', path: '/core/v2/posts/{id}', params: { path: { id: 7 }, query: { _fields: ['id', 'title'] } }, body: { title: 'changed' } },
      { method: 'DELETE', path: '/core/v2/posts/{id}', params: { path: { id: 8 }, query: { force: true } } },
    ]);
    const sent = JSON.parse(calls[0].body);
    expect(sent.requests.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual([
      'POST /wp/v2/posts',
      'PATCH /wp/v2/posts/7?_fields=id,title',
      'DELETE /wp/v2/posts/8?force=true',
    ]);
    expect(sent.requests[0].body).toEqual({ title: 'new', status: 'draft' });
    expect(created.ok && created.data.id).toBe(100);
    expect(updated.ok && updated.status).toBe(201);
    expect(deleted.ok).toBe(true);
    if (created.ok) expectTypeOf(created.data).toEqualTypeOf<PostEdit>();
    if (!updated.ok) expectTypeOf(updated.error).toEqualTypeOf<ApiError>();
  });

  it('surfaces a failed require-all-validate batch per item', async () => {
    const { fetch, calls } = batchSite();
    const client = createClient({ baseUrl: BASE, fetch });
    const results = await batch(
      client,
      [
        { method: 'POST', path: '/core/v2/posts', body: { title: 'ok' } },
        { method: 'POST', path: '/core/v2/posts', body: { title: 'INVALID' } },
        { method: 'POST', path: '/core/v2/posts', body: { title: 'ok too' } },
      ],
      { validation: 'require-all-validate' },
    );
    expect(JSON.parse(calls[0].body).validation).toBe('require-all-validate');
    expect(results.map((r) => r.ok)).toEqual([false, false, false]);
    const [a, b, c] = results;
    if (!a.ok && !b.ok && !c.ok) {
      expect([a.notRun, b.notRun, c.notRun]).toEqual([true, undefined, true]);
      expect(a.error.code).toBe('batch_not_run');
      expect(b.error).toBeInstanceOf(ApiError);
      expect(b.status).toBe(400);
      expect(b.error.code).toBe('rest_invalid_param');
    }
  });

  it('applies validation per chunk of 25', async () => {
    const { fetch, calls } = batchSite();
    const client = createClient({ baseUrl: BASE, fetch });
    const requests = Array.from({ length: 27 }, (_, i) => ({
      method: 'POST' as const,
      path: '/core/v2/posts' as const,
      body: { title: i === 26 ? 'INVALID' : `t${i}` },
    }));
    const results = await batch(client, requests, { validation: 'require-all-validate' });
    expect(calls).toHaveLength(2);
    expect(results.slice(0, 25).every((r) => r.ok)).toBe(true);
    expect(results.slice(25).map((r) => (r.ok ? 'ok' : r.notRun ? 'not run' : 'invalid'))).toEqual(['not run', 'invalid']);
  });

  it('refuses operations that are not batchable before sending anything', async () => {
    const { fetch, calls } = batchSite();
    const client = createClient({ baseUrl: BASE, fetch });
    const bad = [{ method: 'POST', path: '/cal/events/v1/events', body: { title: 'x' } }] as unknown as BatchRequest[];
    await expect(batch(client, bad)).rejects.toThrow(/not a batchable operation/);
    const get = [{ method: 'GET', path: '/core/v2/posts' }] as unknown as BatchRequest[];
    await expect(batch(client, get)).rejects.toThrow(/not a batchable operation/);
    expect(calls).toHaveLength(0);
  });

  it('throws ApiError when the batch call itself fails', async () => {
    const { fetch } = mockFetch(() => json({ code: 'rest_invalid_param', message: 'Invalid parameter(s): requests', data: { status: 400 } }, { status: 400 }));
    const client = createClient({ baseUrl: BASE, fetch });
    await expect(batch(client, [{ method: 'POST', path: '/core/v2/posts', body: { title: 'x' } }])).rejects.toBeInstanceOf(ApiError);
  });
});
