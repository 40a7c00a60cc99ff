// Issue 32 item 4: the drift report names routes, namespaces and parameters as the SITE names them
// when a name mapping is in effect (here detected from a real-name index: `wp/v2`, `wpml_language`;
// the calendar's `tribe/events/v1`, absent from the index, given by --map),
// in every human text (the terminal, the HTML drift section); drift.json keeps its spec-name keys
// and carries the site's names beside them (DECISIONS.md D185).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeSite, noRoute, readReport, send, testScope } from './support/fake-site.js';

const scope = testScope();
let site: FakeSite;

/** A real-name index: `/wp/v2/posts` (GET only, its language parameter lacking `de`) and a route the spec lacks. */
const index = (origin: string) => ({
  name: 'Real names',
  url: origin,
  home: origin,
  namespaces: ['wp/v2'],
  authentication: {},
  routes: {
    '/wp/v2/posts': {
      namespace: 'wp/v2',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: { wpml_language: { type: 'string', enum: ['nl', 'en'] } } }],
    },
    '/wp/v2/gadgets': { namespace: 'wp/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] },
  },
});

beforeAll(async () => {
  site = await scope.site((_req, res, seen, self) => {
    if (seen.path === '/' && seen.method === 'GET') return send(res, 200, index(self.origin));
    if (seen.path === '/wp/v2/posts') return send(res, 200, [], { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' });
    return noRoute(res);
  });
}, 120_000);

/** Spec names that must not appear in a human text about this site. */
const SPEC_NAMES = /core\/v2|i18n_language|cal\/events\/v1/;
/** The calendar's site name: the index lacks the namespace, so it is not detected. */
const MAP = ['--map', 'cal/events/v1=tribe/events/v1'];

describe('the drift report names what the site names', () => {
  it('the drift command: terminal lines and drift.json', async () => {
    const r = await scope.cli(['--base-url', site.base, ...MAP, '--quiet'], { command: 'drift' });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/mapping: core\/v2=wp\/v2.*i18n_language=wpml_language/);
    expect(r.stdout).toContain('GET /wp/v2/posts wpml_language: allowed values: the spec allows "de"');
    expect(r.stdout).toMatch(/routes only on the site: \/wp\/v2\/gadgets/);
    expect(r.stdout).toMatch(/methods only in the spec: .*POST \/wp\/v2\/posts/);
    expect(r.stdout).toMatch(/spec namespaces absent on the site: .*tribe\/events\/v1/);
    expect(r.stdout).not.toMatch(SPEC_NAMES);

    // The machine keys keep the spec's names (what known differences and consumers match on); the site's are beside them.
    const drift = JSON.parse(readFileSync(join(r.out, 'drift.json'), 'utf8'));
    const f = drift.params.find((x: { param: string; kind: string }) => x.param === 'i18n_language' && x.kind === 'enum');
    expect(f).toMatchObject({ route: '/core/v2/posts', siteRoute: '/wp/v2/posts', param: 'i18n_language', siteParam: 'wpml_language', specOnly: ['de'] });
    expect(drift.routes.siteOnly).toContainEqual({ route: '/core/v2/gadgets', siteRoute: '/wp/v2/gadgets', methods: ['GET'] });
    expect(drift.methods.specOnly).toContainEqual({ route: '/core/v2/posts', siteRoute: '/wp/v2/posts', method: 'POST' });
    expect(drift.specNamespacesAbsent).toContainEqual(expect.objectContaining({ namespace: 'cal/events/v1', siteNamespace: 'tribe/events/v1' }));
    // A name the mapping does not rename gets no site name beside it.
    expect(drift.params.find((x: { param: string }) => x.param === 'per_page')).not.toHaveProperty('siteParam');
    expect(readReport(r).drift).toEqual(drift);
  });

  it('a contract run with --drift: the HTML drift section', async () => {
    const r = await scope.cli(['--base-url', site.base, ...MAP, '--operation', 'listPosts', '--drift', '--quiet']);
    expect(r.stdout).toContain('GET /wp/v2/posts wpml_language: allowed values');
    const page = readFileSync(join(r.out, 'report.html'), 'utf8');
    const section = /<section id="drift">[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    expect(section).toContain('<code>GET /wp/v2/posts</code></td><td>wpml_language</td>');
    expect(section).toContain('Routes only on the site: /wp/v2/gadgets');
    expect(section).toMatch(/Spec namespaces absent on the site: .*tribe\/events\/v1/);
    expect(section).not.toMatch(SPEC_NAMES);
  });
});
