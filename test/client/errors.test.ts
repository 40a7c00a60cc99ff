import { describe, expect, it } from 'vitest';
import { ApiError, createClient, isApiError, unwrap } from '../../src/index.ts';
import { BASE, json, mockFetch } from './helpers.ts';

describe('ApiError', () => {
  it('carries status, code, message and data of the platform error', async () => {
    const body = { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } };
    const { fetch } = mockFetch(() => json(body, { status: 404 }));
    const client = createClient({ baseUrl: BASE, fetch });
    const res = await client.GET('/core/v2/posts/{id}', { params: { path: { id: 999 } } });
    expect(res.error).toEqual(body);
    expect(res.data).toBeUndefined();
    const err = (await unwrap(client.GET('/core/v2/posts/{id}', { params: { path: { id: 999 } } })).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect(isApiError(err)).toBe(true);
    expect(err).toMatchObject({ name: 'ApiError', status: 404, code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
    expect(JSON.parse(JSON.stringify(err))).toEqual({ status: 404, ...body });
  });

  it('keeps data null and additional errors', () => {
    const err = ApiError.fromBody(
      {
        code: 'existing_user_login',
        message: 'Sorry, that username already exists!',
        data: null,
        additional_errors: [{ code: 'x', message: 'y', data: null }],
      },
      500,
    );
    expect(err.data).toBeNull();
    expect(err.additionalErrors).toHaveLength(1);
  });

  it('falls back when the body is not JSON', async () => {
    const { fetch } = mockFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } }),
    );
    const client = createClient({ baseUrl: BASE, fetch });
    const err = (await unwrap(client.GET('/core/v2/posts')).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
    expect(err.code).toBe('http_502');
    expect(err.message).toContain('Bad gateway');
    expect(err.data).toEqual({ status: 502, body: '<html>Bad gateway</html>' });
  });

  it('falls back on an empty error body', async () => {
    const { fetch } = mockFetch(() => new Response(null, { status: 503, headers: { 'Content-Length': '0' } }));
    const client = createClient({ baseUrl: BASE, fetch });
    await expect(unwrap(client.GET('/core/v2/posts'))).rejects.toMatchObject({ status: 503, code: 'http_503' });
  });

  it('unwrap returns data on success', async () => {
    const { fetch } = mockFetch(() => json([{ id: 1 }]));
    const client = createClient({ baseUrl: BASE, fetch });
    expect(await unwrap(client.GET('/core/v2/posts'))).toEqual([{ id: 1 }]);
  });
});
