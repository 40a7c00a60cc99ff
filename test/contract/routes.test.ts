// Route keys of a site index are untrusted: every key either parses or is reported as unparseable,
// in linear time. `/a)(?P<x` used to send route normalisation into an endless loop.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeDrift } from '../../cli/lib/drift.ts';
import { indexRoutes, parseRoute } from '../../cli/lib/routes.ts';
import { bundle } from '../support/spec.js';
import { type CliRun, type FakeSite, noRoute, send, siteIndex, testScope } from './support/fake-site.js';

describe('parseRoute', () => {
  it.each([
    ['/wp/v2/posts/(?P<id>[\\d]+)', '/wp/v2/posts/{id}'],
    ['/wp/v2/posts/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)', '/wp/v2/posts/{parent}/revisions/{id}'],
    ['/wp/v2/block-renderer/(?P<name>[a-z0-9-]+/[a-z0-9-]+)', '/wp/v2/block-renderer/{name}'],
    ['/wp/v2/templates/(?P<id>([^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)[\\/\\w-]+)', '/wp/v2/templates/{id}'],
    ['/wp/v2/global-styles/themes/(?P<stylesheet>[\\/\\s%\\w\\.\\(\\)\\[\\]\\@_\\-]+)/variations', '/wp/v2/global-styles/themes/{stylesheet}/variations'],
    ['/wp/v2/x/(?P<a>[)])', '/wp/v2/x/{a}'],
    ['/', '/'],
    ['/wp/v2/', '/wp/v2'],
  ])('%s -> %s', (key, route) => {
    expect(parseRoute(key)).toEqual({ route });
  });

  it.each([
    ['/a)(?P<x', /unbalanced \)|no closing >/],
    ['/a/(?P<x', /no closing >/],
    ['/a/(?P<x>[\\d]+', /not closed/],
    ['/a/(?P<x>[\\d+)', /not closed/],
    ['/a/(?P<1x>\\d+)', /invalid name/],
    ['/a/(?P<>\\d+)', /invalid name/],
    ['/a/(unclosed', /not closed/],
    ['/a/[abc', /not closed/],
    ['no-slash', /does not start with \//],
    [`/${'a'.repeat(5000)}`, /longer than/],
    ['/a/(?P<x>(((((((', /not closed/],
  ])('%s is reported unparseable', (key, why) => {
    const r = parseRoute(key);
    expect(r.route).toBeUndefined();
    expect(r.error).toMatch(why);
  });

  it('ends on every prefix of a nested key (no input loops)', () => {
    const key = '/wp/v2/x/(?P<a>([^\\/]+(?:\\/[^\\/]+)?)[\\w-]+)/(?P<b>[\\d]+)';
    for (let i = 1; i <= key.length; i++) expect(parseRoute(key.slice(0, i))).toBeTypeOf('object');
  });
});

describe('an index with odd route keys', () => {
  it('indexRoutes keeps the readable routes and lists the others', () => {
    const { byKey, unparseable }: { byKey: Map<string, { route: string }>; unparseable: { key: string }[] } = indexRoutes({
      routes: { '/a)(?P<x': {}, '/wp/v2/posts': {}, '/b/(?P<id>[\\d]+)': { endpoints: 'not a list' } },
    });
    expect([...byKey.values()].map((r) => r.route).sort()).toEqual(['/b/{id}', '/wp/v2/posts']);
    expect(unparseable.map((u) => u.key)).toEqual(['/a)(?P<x']);
  });

  it('computeDrift reports 2,000 routes in 200 namespaces with the odd keys listed, counts exact', () => {
    const routes: Record<string, unknown> = {};
    const namespaces: string[] = [];
    for (let n = 0; n < 200; n++) {
      namespaces.push(`plugin${n}/v1`);
      for (let r = 0; r < 10; r++)
        routes[`/plugin${n}/v1/thing${r}/(?P<id>[\\d]+)`] = { namespace: `plugin${n}/v1`, methods: ['GET'], endpoints: [{ methods: ['GET'], args: {} }] };
    }
    routes['/a)(?P<x'] = {};
    routes['/b/(?P<y'] = {};
    const drift = computeDrift(bundle(), { namespaces, routes });
    expect(drift.siteOtherNamespaces).toHaveLength(200);
    expect(drift.siteOtherNamespaces.every((x: { routes: string[] }) => x.routes.length === 10)).toBe(true);
    expect(drift.unparseableRoutes?.map((u: { key: string }) => u.key)).toEqual(['/a)(?P<x', '/b/(?P<y']);
    expect(drift.summary.unparseableRoutes).toBe(2);
  });
});

describe('computeDrift: defaults', () => {
  // The calendar declares numeric defaults as strings ("10"); PHP casts them before the handler reads them.
  const index = (perPage: unknown) => ({
    namespaces: ['cal/events/v1'],
    routes: {
      '/cal/events/v1/categories': {
        namespace: 'cal/events/v1',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: { per_page: { type: 'integer', default: perPage } } }],
      },
    },
  });
  const perPage = (d: { params: { route: string; param: string; kind: string }[] }) =>
    d.params.filter((f) => f.route === '/cal/events/v1/categories' && f.param === 'per_page' && f.kind === 'default');

  it('a numeric default sent as its string is the same default', () => {
    expect(perPage(computeDrift(bundle(), index('10')))).toEqual([]);
  });

  it('a different default, as a string or a number, is still a finding', () => {
    expect(perPage(computeDrift(bundle(), index('20')))).toHaveLength(1);
    expect(perPage(computeDrift(bundle(), index(20)))).toHaveLength(1);
    expect(perPage(computeDrift(bundle(), index('10 items')))).toHaveLength(1);
  });
});

describe('the CLI against a site whose index has odd route keys', () => {
  const scope = testScope();
  let site: FakeSite;
  let run: CliRun;
  beforeAll(async () => {
    site = await scope.site((_req, res, seen, self) => {
      if (seen.path === '/' && seen.method === 'GET')
        return send(
          res,
          200,
          siteIndex(self.origin, ['core/v2'], {
            extraRoutes: { '/a)(?P<x': { namespace: 'a', methods: ['GET'], endpoints: [{ methods: ['GET'] }] }, '/odd/v1/(?P<x>[': {} },
          }),
        );
      return noRoute(res);
    });
    run = await scope.cli(['--base-url', site.base, '--operation', 'getSiteIndex', '--drift', '--quiet'], { timeoutMs: 60_000 });
  }, 120_000);

  it('finishes and reports the unparseable keys', () => {
    expect(run.signal).toBeNull();
    expect([0, 1]).toContain(run.code);
    expect(run.stdout).toMatch(/2 unparseable route keys/);
    expect(run.stdout).toMatch(/"\/a\)\(\?P<x": /);
    const drift = JSON.parse(readFileSync(join(run.out, 'drift.json'), 'utf8'));
    expect(drift.unparseableRoutes).toHaveLength(2);
  });
});
