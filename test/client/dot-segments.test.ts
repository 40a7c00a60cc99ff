// Issue 31, point 8: `.` and `..` as path values. A URL resolves a dot segment away, so a revision id
// `..` sent `DELETE /wp/v2/posts/5/?force=true` with the credentials (the post deleted for good) and
// a slug `..` turned a by-slug update into a create. Every such value, percent-encoded too, is refused
// before anything is sent, with an error naming the parameter; values that only contain dots pass.
import { describe, expect, it } from 'vitest';
import { batch, createClient, FESTIVAL_PLATFORM } from '../../src/index.ts';
import { dotSegmentParam } from '../../src/client.ts';
import { createValidator } from '../../core/validate.ts';
import { bundle, operations } from '../support/spec.js';
import { BASE, json, mockFetch } from './helpers.js';

const DOTS = ['.', '..', '%2e', '%2E', '%2e%2e', '%2E%2e', '.%2E', '%2e.', '%252e', '%252E%252e', '%25252e.'];
const NOT_DOTS = ['...', '..a', 'a..', '.a', '5', 'late-set', '%2e%2e%2e', '%2f..', ' ..'];
type Call = (path: string, init: unknown) => Promise<unknown>;

describe('dot segments as path values', () => {
  it('recognises `.` and `..` in every percent-encoding, and nothing else', () => {
    for (const v of DOTS) expect([v, dotSegmentParam({ id: v })]).toEqual([v, ['id', v]]);
    for (const v of NOT_DOTS) expect([v, dotSegmentParam({ id: v })]).toEqual([v, undefined]);
    expect(dotSegmentParam({ parent: 5, id: undefined })).toBeUndefined();
  });

  for (const mapping of [undefined, FESTIVAL_PLATFORM])
    it(`refuses them before sending, naming the parameter${mapping ? ' (with the mapping)' : ''}`, async () => {
      const { fetch, calls } = mockFetch(() => json({ deleted: true }));
      const site = createClient({ baseUrl: BASE, fetch, mapping, auth: { user: 'editor', password: 'abcd EFGH ijkl MNOP qrst UVWX' } });
      for (const v of DOTS) {
        await expect(
          (site.DELETE as unknown as Call)('/core/v2/posts/{parent}/revisions/{id}', { params: { path: { parent: 5, id: v }, query: { force: true } } }),
        ).rejects.toThrow(new RegExp(`^DELETE /core/v2/posts/\\{parent\\}/revisions/\\{id\\}: path parameter "id" is ".*", a dot segment`));
        await expect(
          (site.POST as unknown as Call)('/cal/events/v1/events/by-slug/{slug}', { params: { path: { slug: v } }, body: { title: 'x' } }),
        ).rejects.toThrow(/path parameter "slug" is .*refused, nothing was sent/);
        await expect((site.GET as unknown as Call)('/core/v2/posts/{id}', { params: { path: { id: v } } })).rejects.toThrow(/path parameter "id"/);
      }
      expect(calls).toEqual([]);
    });

  it('lets values that only contain dots through', async () => {
    const { fetch, calls } = mockFetch(() => json({ id: 1 }));
    const site = createClient({ baseUrl: BASE, fetch });
    for (const v of NOT_DOTS) await (site.GET as unknown as Call)('/cal/events/v1/events/by-slug/{slug}', { params: { path: { slug: v } } });
    expect(calls.length).toBe(NOT_DOTS.length);
    expect(calls[0].url.pathname).toBe('/wp-json/cal/events/v1/events/by-slug/...');
  });

  it('refuses them in a batch before sending it', async () => {
    const { fetch, calls } = mockFetch(() => json({ responses: [] }));
    const site = createClient({ baseUrl: BASE, fetch });
    const requests = [{ method: 'DELETE', path: '/core/v2/posts/{id}', params: { path: { id: '%2E%2E' } } }];
    await expect(batch(site, requests as unknown as Parameters<typeof batch>[1])).rejects.toThrow(
      /^batch: \/core\/v2\/posts\/\{id\}: path parameter "id" is "%2E%2E"/,
    );
    expect(calls).toEqual([]);
  });
});

describe("the spec's path parameters", () => {
  it('admit no dot segment: every path schema (slug, ids, the add-ons but the untyped XLIFF job id) refuses `.` and `..`', () => {
    const doc = bundle();
    const v = createValidator(doc);
    const admitted: string[] = [];
    const seen = new Set<string>();
    for (const o of operations(doc))
      for (const p of o.params.filter((q: { in: string }) => q.in === 'path')) {
        const key = `${o.path} ${p.name}`;
        // The XLIFF job id: the seed leaves it untyped and the spec follows the seed (test/addons.test.ts); the client refuses dot segments for it at run time.
        if (seen.has(key) || key === '/ml/tm/v1/tp/xliff/download/{job_id}/{job_type} job_id') continue;
        seen.add(key);
        for (const value of ['.', '..']) if (!v.check(p.schema, value).length) admitted.push(`${key} admits ${JSON.stringify(value)}`);
      }
    expect(seen.size).toBeGreaterThan(20);
    expect(admitted).toEqual([]);
  });
});
