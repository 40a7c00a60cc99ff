// The platform's pagination and global parameters on the mock: X-WP-Total / X-WP-TotalPages, Link
// and the calendar envelope follow the request (the mock's own origin, the other parameters kept,
// no next on the last page, past the end what the platform answers), a client `paginate` loop walks
// the mock to the end, and `context`, `_fields`, `_embed`, `_envelope` work on one route of each
// namespace group (core, cal, ml, addons).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, createClient, paginate, paginateCalendar } from '../../src/index.ts';
import { startMock, type Mock } from '../support/mock.js';
import { bundle, deref, operations, type Json, type Operation } from '../support/spec.js';
import { BASIC, queryString, readAnswer, validRequest } from './requests.js';

const doc = bundle();
const ops = operations(doc);
let mock: Mock;
beforeAll(async () => {
  // The example engine (`--static`): every operation answers its documented examples. The store has its own tests (store.test.ts).
  mock = await startMock({ errors: true, static: true });
});
afterAll(async () => {
  await mock?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const { status, headers: answered, body } = await readAnswer(await fetch(`${mock.url}${path}`, { headers }));
  return { status, headers: answered, body };
}

const successExamples = (o: Operation): Record<string, Json> => {
  const ok = Object.entries<Json>(o.op.responses).find(([c]) => c.startsWith('2'));
  const ex = deref(ok?.[1])?.content?.['application/json']?.examples ?? {};
  return Object.fromEntries(Object.entries<Json>(ex).map(([k, v]) => [k, deref(v).value]));
};

describe('pagination follows the request (core)', () => {
  it("X-WP-Total, X-WP-TotalPages and Link on the mock's own origin, other parameters kept, no next on the last page", async () => {
    const total = (Object.values(successExamples(ops.find((o) => o.path === '/core/v2/posts' && o.method === 'get')!))[0] as Json[]).length;
    expect(total).toBeGreaterThan(1);
    const first = await get('/core/v2/posts?per_page=1&search=jazz');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-wp-total')).toBe(String(total));
    expect(first.headers.get('x-wp-totalpages')).toBe(String(total));
    expect(first.body).toHaveLength(1);
    expect(first.headers.get('link')).toBe(`<${mock.url}/core/v2/posts?per_page=1&search=jazz&page=2>; rel="next"`);
    const last = await get(`/core/v2/posts?per_page=1&page=${total}&search=jazz`);
    expect(last.headers.get('link')).toBe(`<${mock.url}/core/v2/posts?per_page=1&page=${total - 1}&search=jazz>; rel="prev"`);
    expect(last.body[0].id).not.toBe(first.body[0].id);
    const all = await get('/core/v2/posts?per_page=100');
    expect(all.headers.get('x-wp-totalpages')).toBe('1');
    // No page links: only the discovery link every REST answer carries (D207).
    expect(all.headers.get('link')).toBe(`<${mock.url}/wp-json/>; rel="https://api.w.org/"`);
  });

  it('past the end: posts, pages and menu items answer 400 rest_post_invalid_page_number (as the sandbox does)', async () => {
    for (const path of ['/core/v2/posts', '/core/v2/pages', '/core/v2/menu-items']) {
      const r = await get(`${path}?per_page=1&page=99`, { authorization: BASIC });
      expect(r.status, path).toBe(400);
      expect(r.body.code, path).toBe('rest_post_invalid_page_number');
    }
  });

  it('a client paginate loop visits every page and stops', async () => {
    const client = createClient({ baseUrl: mock.url });
    const pages = [];
    for await (const p of paginate(client, '/core/v2/posts', { params: { query: { per_page: 1 } } })) pages.push(p);
    const total = Number(pages[0].total);
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(new Set(pages.map((p) => p.items[0].id)).size).toBe(total);
  });
});

describe('pagination follows the request (calendar)', () => {
  it('the envelope: total, total_pages, rest_url, next_rest_url, previous_rest_url consistent with page and per_page', async () => {
    const p1 = await get('/cal/events/v1/events?per_page=1&featured=true');
    expect(p1.status).toBe(200);
    const total = p1.body.total;
    expect(total).toBeGreaterThan(1);
    expect(p1.body.total_pages).toBe(total);
    expect(p1.body.events).toHaveLength(1);
    expect(p1.headers.get('x-tec-totalpages')).toBe(String(total));
    expect(p1.body.next_rest_url).toBe(`${mock.url}/cal/events/v1/events/?per_page=1&featured=true&status=publish&page=2`);
    expect(p1.body.previous_rest_url).toBeUndefined();
    const p2 = await get('/cal/events/v1/events?per_page=1&featured=true&page=2');
    expect(p2.body.previous_rest_url).toBe(`${mock.url}/cal/events/v1/events/?per_page=1&featured=true&status=publish`);
    const last = await get(`/cal/events/v1/events?per_page=1&page=${total}`);
    expect(last.body.next_rest_url).toBeUndefined();
    const past = await get(`/cal/events/v1/events?per_page=1&page=${total + 1}`);
    expect(past.status).toBe(404);
    expect(past.body.code).toBe('event-archive-page-not-found');
    // Categories and tags: links on the bare URL (other parameters lost); past the end an empty page.
    const cats = await get('/cal/events/v1/categories?per_page=1&hide_empty=false');
    expect(cats.body.next_rest_url).toMatch(new RegExp(`^${mock.url}/cal/events/v1/categories/?\\?page=2$`));
    const catsPast = await get('/cal/events/v1/categories?per_page=1&page=99');
    expect(catsPast.status).toBe(200);
    expect(catsPast.body.categories).toEqual([]);
  });

  it('a client paginateCalendar loop visits every page and stops', async () => {
    const client = createClient({ baseUrl: mock.url });
    const events = await collect(paginateCalendar(client, '/cal/events/v1/events', { params: { query: { per_page: 1 } } }));
    const first = await get('/cal/events/v1/events');
    expect(events.map((e) => e.id)).toEqual(first.body.events.map((e: Json) => e.id));
  });
});

/** The namespace group of a path: core (with the site-wide routes), cal, ml, or the other add-ons. */
const groupOf = (path: string) =>
  /^\/(core|batch|oembed)\/|^\/[^/]*$/.test(path) ? 'core' : path.startsWith('/cal/') ? 'cal' : path.startsWith('/ml/') ? 'ml' : 'addons';

/** One GET route per namespace group whose answer is JSON: the first without path parameters, else the first. */
function routeOf(group: string): Operation {
  const gets = ops.filter((o) => o.method === 'get' && groupOf(o.path) === group && Object.keys(successExamples(o)).length);
  const pick =
    gets.find((o) => /\{id\}$/.test(o.path) && Object.values(successExamples(o)).some((v) => v && typeof v === 'object' && !Array.isArray(v) && v._links)) ??
    gets.find((o) => !o.path.includes('{') && o.path.split('/').length > 3 && !o.params.some((p) => p.required)) ??
    gets.find((o) => !o.params.some((p) => p.required)) ??
    gets[0];
  expect(pick, `a GET route in group ${group}`).toBeDefined();
  return pick;
}

describe.each(['core', 'cal', 'ml', 'addons'])('global parameters, group %s', (group) => {
  const o = routeOf(group);
  const req = validRequest(o, doc);
  const url = (extra: string) => {
    const qs = queryString(req.query);
    return `${req.url}${qs ? `${qs}&` : '?'}${extra}`;
  };
  const headers = { ...req.headers, authorization: BASIC };

  it(`_fields on GET ${o.path}: only the listed fields`, async () => {
    const plain = await get(url('x=1'), headers);
    expect(plain.status).toBe(200);
    const item = Array.isArray(plain.body) ? plain.body[0] : plain.body;
    const names = Object.keys(item).slice(0, 2);
    const r = await get(url(`_fields=${names.join(',')}`), headers);
    const got = Array.isArray(r.body) ? r.body[0] : r.body;
    expect(Object.keys(got).sort()).toEqual([...names].sort());
    for (const n of names) expect(got[n]).toEqual(item[n]);
  });

  it(`_envelope on GET ${o.path}: a 200 {body, status, headers}`, async () => {
    const plain = await get(url('x=2'), headers);
    const r = await get(url('_envelope'), headers);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['body', 'headers', 'status']);
    expect(r.body.status).toBe(plain.status);
    expect(r.body.body).toEqual(plain.body);
    // An error is enveloped too, with its own status.
    const none = await get('/no/such/route?_envelope=1');
    expect(none.status).toBe(200);
    expect(none.body.status).toBe(404);
    expect(none.body.body.code).toBe('rest_no_route');
  });

  it(`_embed on GET ${o.path}: _embedded from the embeddable links`, async () => {
    const plain = await get(url('x=3'), headers);
    const items: Json[] = Array.isArray(plain.body) ? plain.body : [plain.body];
    const rels = new Set(
      items.flatMap((i) =>
        Object.entries<Json>(i?._links ?? {})
          // The mock's answers link to its own origin (naming.ts), a real site's under /wp-json/.
          .filter(([, ls]) => Array.isArray(ls) && ls.some((l: Json) => l.embeddable && (/\/wp-json\//.test(l.href) || String(l.href).startsWith(mock.url))))
          .map(([rel]) => rel),
      ),
    );
    const r = await get(url('_embed'), headers);
    expect(r.status).toBe(200);
    const embedded: Json[] = Array.isArray(r.body) ? r.body : [r.body];
    if (!rels.size) {
      expect(r.body).toEqual(plain.body);
      return;
    }
    expect(Object.keys(embedded[0]._embedded ?? {}).length).toBeGreaterThan(0);
    for (const rel of Object.keys(embedded[0]._embedded)) expect(rels.has(rel)).toBe(true);
    const one = [...rels][0];
    const only = await get(url(`_embed=${encodeURIComponent(one)}`), headers);
    const first = Array.isArray(only.body) ? only.body[0] : only.body;
    expect(Object.keys(first._embedded ?? {})).toEqual(first._embedded ? [one] : []);
  });

  it(`context=embed and context=edit on GET ${o.path}: the embed and edit shapes`, async () => {
    const plain = await get(url('x=4'), headers);
    const hasContext = o.params.some((p) => p.name === 'context');
    const embed = await get(url('context=embed'), headers);
    const edit = await get(url('context=edit'), headers);
    if (!hasContext) {
      expect(embed.body).toEqual(plain.body);
      expect(edit.body).toEqual(plain.body);
      return;
    }
    const enumOf: string[] = deref(o.params.find((p) => p.name === 'context')!.schema).enum ?? [];
    const examples = successExamples(o);
    if (enumOf.includes('embed')) {
      expect(embed.status).toBe(200);
      const keysOf = (b: Json) => Object.keys(Array.isArray(b) ? b[0] : b);
      if (examples.embed_context) expect(keysOf(embed.body)).toEqual(keysOf(examples.embed_context));
      else expect(keysOf(embed.body).length).toBeLessThanOrEqual(keysOf(plain.body).length);
    }
    expect(edit.status).toBe(200);
    if (examples.edit_context) expect(JSON.stringify(edit.body)).toContain('"raw"');
    // Anonymous context=edit: the documented 401 rest_forbidden_context (where documented).
    const anonymous = await get(url('context=edit'), { accept: 'application/json' });
    if (group === 'core') expect(anonymous.status).toBe(401);
    if (anonymous.status === 401) expect(anonymous.body.code).toBe('rest_forbidden_context');
  });
});
