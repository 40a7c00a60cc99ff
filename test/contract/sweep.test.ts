// Data loss with --allow-writes: a site whose search plugin returns loose matches must not lose those
// records. The final sweep deletes only a record whose identity the run proved (the id its own create
// returned, or a record whose own title, read by id just before the DELETE, carries this run's
// marker); every other search hit is reported as a suspect, never deleted, never listed as the run's.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, type CliRun, type FakeSite, type Rec, readReport, testScope, wordpressWithPosts } from './support/fake-site.js';

const scope = testScope();
let site: FakeSite;
let run: CliRun;
const store = new Map<number, Rec>();
const unrelated: Rec[] = [
  { id: 501, title: { raw: 'Summer festival line-up', rendered: 'Summer festival line-up' }, status: 'publish' },
  { id: 502, title: { raw: 'contract-run 20200101T000000Zr000000 posts', rendered: 'contract-run 20200101T000000Zr000000 posts' }, status: 'draft' },
];
let hiddenId = 0;

beforeAll(async () => {
  for (const r of unrelated) store.set(r.id, structuredClone(r));
  site = await scope.site(
    wordpressWithPosts(store, {
      // A loose search plugin: every search returns the unrelated records too.
      search: (q) => [...store.values()].filter((r) => r.title.raw.includes(q) || r.id === 501 || r.id === 502),
      // The site's create also makes a second record with the same title whose id it never returns
      // (like a plugin duplicating posts): the sweep may delete it only after reading its title.
      before: (seen) => {
        if (seen.path === '/wp/v2/posts' && seen.method === 'POST' && seen.auth && !hiddenId) {
          const title = JSON.parse(seen.body).title as string;
          hiddenId = 900;
          store.set(hiddenId, { id: hiddenId, title: { raw: title, rendered: title }, status: 'draft' });
        }
        return false;
      },
    }),
  );
  run = await scope.cli(['--base-url', site.base, '--operation', 'createPost', '--operation', 'listPosts', '--allow-writes', '--quiet'], { env: ADMIN_ENV });
}, 120_000);

describe('the final sweep on a site whose search returns unrelated records', () => {
  it('sends no DELETE to records the run did not create', () => {
    const deletes = site.seen.filter((s) => s.method === 'DELETE').map((s) => s.path);
    expect(deletes.length, run.stderr).toBeGreaterThan(0);
    expect(deletes.filter((p) => p.endsWith('/501') || p.endsWith('/502'))).toEqual([]);
    expect(store.get(501)).toEqual(unrelated[0]);
    expect(store.get(502)).toEqual(unrelated[1]);
  });

  it('reports them as suspects, not as its own records', () => {
    const report = readReport(run);
    const suspects = report.records.suspects.map((s: { path: string }) => s.path).sort();
    expect(suspects).toEqual(['/core/v2/posts/501', '/core/v2/posts/502']);
    expect(report.records.created.map((c: { path: string }) => c.path)).not.toContain('/core/v2/posts/501');
    expect(report.records.created.map((c: { path: string }) => c.path)).not.toContain('/core/v2/posts/502');
    expect(run.stdout).toMatch(/not deleted, not proved to be this run's: \/core\/v2\/posts\/501/);
  });

  it("deletes a leftover only after reading its own title with this run's marker", () => {
    const report = readReport(run);
    const i = site.seen.findIndex((s) => s.method === 'DELETE' && s.path === `/wp/v2/posts/${hiddenId}`);
    expect(i).toBeGreaterThan(0);
    expect(site.seen.slice(0, i).some((s) => s.method === 'GET' && s.path === `/wp/v2/posts/${hiddenId}`)).toBe(true);
    expect(report.records.removed.find((r: { path: string }) => r.path === `/core/v2/posts/${hiddenId}`)?.note).toMatch(/own title carries this run's marker/);
    expect(store.has(hiddenId)).toBe(false);
  });

  it('removes every record it created (by the ids its creates returned) and leaves none behind', () => {
    const report = readReport(run);
    expect(report.records.leftBehind).toEqual([]);
    expect([...store.keys()].sort()).toEqual([501, 502]);
    expect(report.marker).toMatch(/^contract-run \d{8}T\d{6}Zr[0-9a-f]{6}$/);
  });
});
