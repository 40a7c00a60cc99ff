// A stock site needs no flags: the mapping is chosen from the site's index (wp/v2, tribe/events/v1,
// the translation plugin's wpml_language) and printed; --map overrides a detected pair. A site
// without pretty permalinks serves only `/?rest_route=/…`: that base URL is accepted and every request
// uses that form. With --allow-writes, write sequences and batch sub-requests use only namespaces and
// routes the site has (a site without the calendar gets no calendar write).
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { detectMapping, indexMapper } from '../../cli/lib/mapping.ts';
import * as map from '../../core/mapping.ts';
import { ADMIN_ENV, collectionHandler, noRoute, type Rec, readReport as report, type Seen, send, siteIndex, testScope } from './support/fake-site.js';

const scope = testScope();
const cli = (args: string[], env: Record<string, string> = ADMIN_ENV) => scope.cli(args, { env });

/** A WordPress with posts (and optionally the calendar and the language parameter), answering lists and CRUD. */
async function wordpress({ calendar = false, language = false as boolean | 'enum', rootPath = '/wp-json' } = {}) {
  const store = new Map<number, Rec>();
  const posts = collectionHandler(store);
  const args = language ? { wpml_language: { type: 'string', required: false, ...(language === 'enum' ? { enum: ['en', 'nl', 'de'] } : {}) } } : {};
  return scope.site(
    (_req, res: ServerResponse, seen: Seen, self) => {
      if (rootPath !== '/wp-json' && seen.path.startsWith('/wp-json')) return noRoute(res);
      const route = rootPath === '/wp-json' ? seen.path : new URL(seen.url, 'http://x').searchParams.get('rest_route');
      if (route === null) {
        res.writeHead(404, { 'Content-Type': 'text/html' });
        return res.end('<html>Not Found</html>');
      }
      const q = { ...seen, path: route };
      if (route === '/' && seen.method === 'GET')
        return send(res, 200, siteIndex(self.origin, ['core/v2', 'batch/v1', 'oembed/1.0', ...(calendar ? ['cal/events/v1'] : [])], { args }));
      if (route === '/wp/v2/users/me') return send(res, 200, { id: 1 });
      if (posts(q, res, '/wp/v2/posts')) return undefined;
      if (route === '/batch/v1' && seen.method === 'POST') {
        let body: { requests?: { method: string; path: string; body?: { title?: string } }[] } = {};
        try {
          body = JSON.parse(seen.body);
        } catch {
          /* not JSON */
        }
        if (!Array.isArray(body.requests) || body.requests.length > 25)
          return send(res, 400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): requests', data: { status: 400 } });
        const responses = body.requests.map((r) => ({
          body: r.method === 'POST' ? { id: 7777 } : { deleted: true },
          status: r.method === 'POST' ? 201 : 200,
          headers: {},
        }));
        return send(res, 207, { responses });
      }
      return noRoute(res);
    },
    rootPath === '/wp-json' ? '/wp-json' : '',
  );
}

describe('the mapping, chosen from the site index', () => {
  it('a stock WordPress with the calendar and the language parameter needs no --map', async () => {
    const s = await wordpress({ calendar: true, language: true });
    const r = await cli(['--base-url', s.base, '--namespace', 'core/v2', '--namespace', 'cal/events/v1', '--quiet']);
    expect(r.stderr).toMatch(
      /contract: mapping: core\/v2=wp\/v2, cal\/events\/v1=tribe\/events\/v1, i18n_language=wpml_language \(detected from the site index/,
    );
    const rep = report(r);
    expect(rep.mapping).toEqual({ namespaces: { 'core/v2': 'wp/v2', 'cal/events/v1': 'tribe/events/v1' }, params: { i18n_language: 'wpml_language' } });
    expect(rep.operations.filter((o: { namespace: string; verdict: string }) => o.namespace === 'core/v2' && o.verdict === 'not-reachable')).toEqual([]);
    expect(s.seen.some((x) => x.path === '/wp/v2/posts')).toBe(true);
  });

  it("names a probe's parameter as the request sent it: the site's wpml_language (issue 32)", async () => {
    const s = await wordpress({ language: 'enum' });
    const r = await cli(['--base-url', s.base, '--operation', 'listPosts', '--quiet']);
    const text = JSON.stringify(report(r));
    expect(s.seen.some((x) => x.url.includes('wpml_language=not-a-valid-value'))).toBe(true);
    expect(text).toContain('probe: bad enum wpml_language=not-a-valid-value');
    expect(text).not.toContain('probe: bad enum i18n_language');
  });

  it('a site without the calendar plugin: only core is mapped', async () => {
    const s = await wordpress();
    const r = await cli(['--base-url', s.base, '--operation', 'listPosts', '--quiet']);
    expect(r.stderr).toMatch(/mapping: core\/v2=wp\/v2 \(detected from the site index: core\/v2=wp\/v2\)/);
  });

  it('--map overrides the detected pair of the same name', async () => {
    const s = await wordpress();
    const r = await cli(['--base-url', s.base, '--operation', 'listPosts', '--map', 'core/v2=wp/v3', '--quiet']);
    expect(report(r).mapping.namespaces['core/v2']).toBe('wp/v3');
    expect(r.stderr).toMatch(/--map: core\/v2=wp\/v3/);
    expect(s.seen.some((x) => x.path === '/wp/v3' || x.path.startsWith('/wp/v3/'))).toBe(true);
  });
});

describe('a site without pretty permalinks', () => {
  it('accepts https://site/?rest_route= and uses that form for every request', async () => {
    const s = await wordpress({ rootPath: '' });
    const r = await cli([
      '--base-url',
      `${s.origin}/?rest_route=`,
      '--namespace',
      'core/v2',
      '--allow-writes',
      '--operation',
      'createPost',
      '--operation',
      'listPosts',
      '--quiet',
    ]);
    expect(r.code, r.stdout + r.stderr).not.toBe(2);
    expect(s.seen.length).toBeGreaterThan(10);
    for (const x of s.seen) expect(x.url, x.url).toMatch(/^\/\?rest_route=\//);
    expect(s.seen.some((x) => x.method === 'POST' && x.url === '/?rest_route=/wp/v2/posts')).toBe(true);
    const rep = report(r);
    expect(rep.baseUrl).toBe(`${s.origin}/?rest_route=`);
    expect(rep.records.leftBehind).toEqual([]);
    expect(rep.operations.find((o: { id: string }) => o.id === 'listPosts').verdict).not.toBe('not-reachable');
  });

  it('the path form on such a site exits 2 with a hint to the rest_route form', async () => {
    const s = await wordpress({ rootPath: '' });
    const r = await cli(['--base-url', `${s.origin}/wp-json`, '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/try --base-url '.*\/\?rest_route='/);
  });

  it.each(['/?rest_route=/', '/index.php?rest_route=/'])('accepts %s too', async (suffix) => {
    const s = await wordpress({ rootPath: '' });
    await cli(['--base-url', `${s.origin}${suffix}`, '--operation', 'getSiteIndex', '--quiet']);
    expect(s.seen[0].url).toBe(`${suffix.replace(/=\/$/, '=')}/`);
  });
});

describe('--allow-writes on a site without the calendar', () => {
  it('sends no write to an absent namespace, and batch sub-requests only to routes the site has', async () => {
    const s = await wordpress();
    const r = await cli([
      '--base-url',
      s.base,
      '--allow-writes',
      '--namespace',
      'cal/events/v1',
      '--namespace',
      'batch/v1',
      '--namespace',
      'core/v2',
      '--operation',
      'createPost',
      '--operation',
      'createEvent',
      '--operation',
      'listEvents',
      '--operation',
      'runBatchRequests',
      '--quiet',
    ]);
    const writes = s.seen.filter((x) => x.method !== 'GET');
    expect(writes.length).toBeGreaterThan(3);
    expect(writes.filter((x) => /tribe|cal\/events/.test(x.path))).toEqual([]);
    const subPaths = writes
      .filter((x) => x.path === '/batch/v1')
      .flatMap((x) => {
        try {
          return (JSON.parse(x.body).requests ?? []).map((q: { path: string }) => q.path);
        } catch {
          return [];
        }
      });
    expect(subPaths.length).toBeGreaterThan(0);
    for (const p of subPaths) expect(p).toMatch(/^\/wp\/v2\/posts/);
    const rep = report(r);
    expect(rep.operations.find((o: { id: string }) => o.id === 'createEvent').verdict).toBe('not-reachable');
    expect(rep.records.leftBehind).toEqual([]);
  });
});

describe("the festival's add-ons detected from the index (issue 33, D188)", () => {
  it('maps each add-on the index lists, with its renamed routes and parameters; one it lacks stays unmapped (not on this site)', () => {
    const index = {
      namespaces: ['wp/v2', 'forminator/v1', 'ultimate-vc/v1', 'wpml/tm/v1', 'batch/v1'],
      routes: {
        '/forminator/v1/preview/forms': { namespace: 'forminator/v1', endpoints: [{ methods: ['GET'], args: { module_id: {}, wpml_language: {} } }] },
        '/ultimate-vc/v1/google-fonts': { namespace: 'ultimate-vc/v1', endpoints: [{ methods: ['GET'], args: {} }] },
        '/wpml/tm/v1/ate/jobs/store': { namespace: 'wpml/tm/v1', endpoints: [{ methods: ['POST'], args: { wpml_job_id: {}, ate_job_data: {} } }] },
        '/wpml/tm/v1/ate/jobs/receive/(?P<wpmlJobId>\\d+)': { namespace: 'wpml/tm/v1', endpoints: [{ methods: ['GET'], args: { wpmlJobId: {} } }] },
      },
    };
    const { mapping, detected } = detectMapping(index, map);
    expect(detected).toEqual([
      'core/v2=wp/v2',
      'ml/tm/v1=wpml/tm/v1',
      'ml/tm/v1:{mlJobId}={wpmlJobId}',
      'forms/v1=forminator/v1',
      'builder/v1=ultimate-vc/v1',
      'builder/v1:font-library=google-fonts',
      'i18n_language=wpml_language',
      'ml_job_id=wpml_job_id',
      'mlJobId=wpmlJobId',
    ]);
    // WPML's core namespace, the slider, the theme ... are absent: not mapped, so the run finds them
    // absent from the index ("not reachable on this site") instead of calling a name the site lacks.
    for (const ns of ['ml/v1', 'slider', 'theme/v1', 'survey/v1']) expect(mapping.namespaces[ns], ns).toBeUndefined();
    const read = indexMapper(index, map, mapping);
    expect(read.namespaces).toEqual(['core/v2', 'forms/v1', 'builder/v1', 'ml/tm/v1', 'batch/v1']);
    expect(Object.keys(index.routes).map(read.mapKey)).toEqual([
      '/forms/v1/preview/forms',
      '/builder/v1/font-library',
      '/ml/tm/v1/ate/jobs/store',
      '/ml/tm/v1/ate/jobs/receive/(?P<wpmlJobId>\\d+)',
    ]);
    expect(Object.keys((read.mapEntry(index.routes['/wpml/tm/v1/ate/jobs/store']) as { endpoints: { args: object }[] }).endpoints[0].args)).toEqual([
      'ml_job_id',
      'ate_job_data',
    ]);
  });
});
