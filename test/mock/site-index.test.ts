// The site index generated from the spec through the name mapping (mock/site-index.ts; issue 35,
// point 2), the discovery header of the front page, and the calendar's page clamp with the query it
// ran (point 4). The front runs in-process with a store; the index never reaches Prism (a fake Prism
// that answers 500 to everything would show if it did).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoute } from '../../cli/lib/routes.ts';
import { FESTIVAL_PLATFORM, mapPath } from '../../core/mapping.ts';
import { deref, operations, type OpenApiDoc } from '../../core/spec.ts';
import { createFront } from '../../mock/front.ts';
import { CALENDAR_MAX_PER_PAGE } from '../../mock/paging.ts';
import { createStoreHost } from '../../mock/store/host.ts';
import { closeServer, listen } from '../support/front.js';
import { bundle } from '../support/spec.js';

let front: http.Server;
let upstream: http.Server;
let base = '';
const doc = bundle() as OpenApiDoc;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"error":"the index must not reach Prism"}');
  });
  front = createFront({ doc, upstream: { host: '127.0.0.1', port: await listen(upstream) }, store: createStoreHost(doc) });
  base = `http://127.0.0.1:${await listen(front)}`;
});
afterAll(async () => {
  await closeServer(front);
  await closeServer(upstream);
});

interface IndexEndpoint {
  methods: string[];
  args: Record<string, { required: boolean; type?: unknown }>;
  allow_batch?: unknown;
}
interface IndexRoute {
  namespace: string;
  methods: string[];
  endpoints: IndexEndpoint[];
  _links?: { self: { href: string }[] };
}
interface Index {
  namespaces: string[];
  routes: Record<string, IndexRoute>;
  url: string;
  home: string;
  authentication: { 'application-passwords': { endpoints: { authorization: string } } };
}

const getIndex = async (path: string): Promise<{ res: Response; index: Index }> => {
  const res = await fetch(`${base}${path}`);
  return { res, index: (await res.json()) as Index };
};

describe('the index at /wp-json/ and ?rest_route=/', () => {
  it('lists every route of the spec under its real name, with the methods of its operations', async () => {
    const { res, index } = await getIndex('/wp-json/');
    expect(res.status).toBe(200);
    const byPath = new Map<string, Set<string>>();
    for (const o of operations(doc)) byPath.set(o.path, (byPath.get(o.path) ?? new Set()).add(o.method.toUpperCase()));
    const listed = new Map(Object.entries(index.routes).map(([key, r]) => [parseRoute(key).route, r]));
    expect(listed.size).toBe(byPath.size);
    for (const [path, methods] of byPath) {
      const route = listed.get(mapPath(path, FESTIVAL_PLATFORM, 'toSite'));
      expect(route, path).toBeDefined();
      expect(new Set(route!.methods), path).toEqual(methods);
      expect(new Set(route!.endpoints.flatMap((e) => e.methods)), path).toEqual(methods);
    }
    expect(index.namespaces).toContain('wp/v2');
    expect(index.namespaces).toContain('tribe/events/v1');
    expect(index.namespaces).not.toContain('core/v2');
    expect(index.namespaces).not.toContain('batch/v1');
  });

  it('writes route keys as WordPress registers them, with the arguments and batch flag of each endpoint', async () => {
    const { index } = await getIndex('/wp-json/');
    const post = index.routes['/wp/v2/posts/(?P<id>[\\d]+)'];
    expect(post.namespace).toBe('wp/v2');
    expect(post.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(post.endpoints.map((e) => e.methods)).toEqual([['GET'], ['POST', 'PUT', 'PATCH'], ['DELETE']]);
    expect(post.endpoints[1].allow_batch).toEqual({ v1: true });
    expect(post._links).toBeUndefined();
    expect(post.endpoints[0].args.context).toMatchObject({ type: 'string', required: false });
    expect(post.endpoints[1].args.title).toMatchObject({ required: false });
    // The site's parameter names: the language parameter is WPML's.
    expect(Object.keys(index.routes['/wp/v2/posts'].endpoints[0].args)).toContain('wpml_language');
    expect(JSON.stringify(index)).not.toContain('i18n_language');
    const event = index.routes['/tribe/events/v1/events/(?P<id>\\d+)'];
    expect(event.namespace).toBe('tribe/events/v1');
    expect(index.routes['/tribe/events/v1/events/by-slug/(?P<slug>[^/]+)']).toBeDefined();
    const create = index.routes['/tribe/events/v1/events'].endpoints.find((e) => e.methods.includes('POST'))!;
    expect(create.args.title).toMatchObject({ required: true });
    expect(index.routes['/tribe/events/v1/events']._links).toEqual({ self: [{ href: `${base}/wp-json/tribe/events/v1/events` }] });
    expect(index.routes['/batch/v1'].namespace).toBe('');
  });

  it('describes the site on the mock origin', async () => {
    const { res, index } = await getIndex('/wp-json');
    expect(index.url).toBe(base);
    expect(index.home).toBe(base);
    expect(index.authentication['application-passwords'].endpoints.authorization).toBe(`${base}/wp-admin/authorize-application.php`);
    expect(res.headers.get('link')).toBe(`<${base}/wp-json/>; rel="https://api.w.org/"`);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('answers ?rest_route=/ with links in that form, and the spec names at the root', async () => {
    const { index } = await getIndex('/?rest_route=/');
    expect(index.routes['/wp/v2/posts']._links!.self[0].href).toBe(`${base}/?rest_route=/wp/v2/posts`);
    const plain = await getIndex('/');
    expect(plain.index.namespaces).toContain('core/v2');
    expect(plain.index.routes['/core/v2/posts']._links!.self[0].href).toBe(`${base}/core/v2/posts`);
  });

  it("links the active theme (the spec's themes example's active one) and the curies for a caller with credentials, as WordPress does; none without", async () => {
    const themes = operations(doc).find((o) => o.method === 'get' && o.path === '/core/v2/themes');
    const ok = deref(themes?.op.responses?.['200'], doc) as { content: Record<string, { examples: Record<string, unknown> }> };
    const example = Object.values(ok.content['application/json'].examples)
      .map((e) => (deref(e, doc) as { value?: unknown }).value)
      .find(Array.isArray) as { stylesheet: string; status: string }[];
    const active = example.find((t) => t.status === 'active')!.stylesheet;
    const authed = async (path: string) =>
      ((await (await fetch(`${base}${path}`, { headers: { Authorization: `Basic ${btoa('editor:secret')}` } })).json()) as { _links: object })._links;
    expect(await authed('/wp-json/')).toEqual({
      help: [{ href: 'https://developer.wordpress.org/rest-api/' }],
      'wp:active-theme': [{ href: `${base}/wp-json/wp/v2/themes/${active}` }],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    });
    expect(Object.keys(await authed('/wp-json/'))).toEqual(['help', 'wp:active-theme', 'curies']);
    expect((await authed('/?rest_route=/')) as object).toMatchObject({ 'wp:active-theme': [{ href: `${base}/?rest_route=/wp/v2/themes/${active}` }] });
    expect((await authed('/')) as object).toMatchObject({ 'wp:active-theme': [{ href: `${base}/core/v2/themes/${active}` }] });
    const anonymous = (await (await fetch(`${base}/wp-json/`)).json()) as { _links: object };
    expect(anonymous._links).toEqual({ help: [{ href: 'https://developer.wordpress.org/rest-api/' }] });
  });

  it('keeps _fields as on every route', async () => {
    const res = await fetch(`${base}/wp-json/?_fields=name,namespaces`);
    expect(Object.keys((await res.json()) as object)).toEqual(['name', 'namespaces']);
  });
});

describe("the front page's discovery header", () => {
  it.each(['GET', 'HEAD'])('%s / carries the REST API link a WordPress front page sends', async (method) => {
    const res = await fetch(`${base}/`, { method });
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toBe(`<${base}/wp-json/>; rel="https://api.w.org/"`);
  });
});

describe("the calendar's page clamp", () => {
  it.each(['events', 'venues', 'organizers'])('%s: per_page above 50 runs 50, and rest_url shows it', async (list) => {
    const res = await fetch(`${base}/wp-json/tribe/events/v1/${list}?per_page=100&start_date=2000-01-01`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    const items = body[list] as unknown[];
    const total = Number(res.headers.get('x-tec-total'));
    expect(items.length).toBe(Math.min(total, CALENDAR_MAX_PER_PAGE));
    expect(body.total_pages).toBe(Math.ceil(total / CALENDAR_MAX_PER_PAGE));
    expect(body.rest_url).toMatch(/[?&]per_page=50(&|$)/);
    if (total > CALENDAR_MAX_PER_PAGE) expect(body.next_rest_url).toMatch(/[?&]per_page=50&.*page=2/);
  });

  it('the festival has more than 50 events, so the clamp shows on its list', async () => {
    const res = await fetch(`${base}/wp-json/tribe/events/v1/events?per_page=100&start_date=2000-01-01`);
    expect(Number(res.headers.get('x-tec-total'))).toBeGreaterThan(CALENDAR_MAX_PER_PAGE);
  });

  it('core lists keep their own maximum (100)', async () => {
    const res = await fetch(`${base}/wp-json/wp/v2/posts?per_page=100`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(Math.min(100, Number(res.headers.get('x-wp-total'))));
  });
});
