// The mock answers as the platform does where Prism would answer otherwise: no route (unknown path,
// wrong method, a path parameter that does not match its pattern) is 404 rest_no_route, a body that
// is not JSON is 400 rest_invalid_json; and Prism's `Prefer` header selects every documented
// response (`code=`) and every named example (`example=`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Mock } from '../support/mock.js';
import { bundle, deref, operations, type Json } from '../support/spec.js';
import { check } from '../support/validate.js';
import { fillPath, readAnswer, send, validRequest } from './requests.js';

const doc = bundle();
const ops = operations(doc);
const ERROR = { $ref: '#/components/schemas/Error' };
let mock: Mock;
let preferChecks = 0;

beforeAll(async () => {
  mock = await startMock({ errors: true });
});
afterAll(async () => {
  await mock?.stop();
  console.log(`platform answers: ${preferChecks} Prefer selections checked`);
});

async function raw(method: string, path: string, init: RequestInit = {}) {
  const { status, headers, body } = await readAnswer(await fetch(`${mock.url}${path}`, { method, ...init }));
  return { status, body, type: headers.get('content-type') ?? '' };
}

function expectNoRoute(r: { status: number; body: Json; type: string }, label = '') {
  expect(r.status, `${label} ${JSON.stringify(r.body)}`).toBe(404);
  expect(r.type).toMatch(/^application\/json/);
  expect(r.body).toEqual({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
}

// Prism trims the leading and trailing white space of string values in examples ("\n<p>..." is
// served as "<p>..."): compare examples modulo that.
const trimmed = (v: Json): Json =>
  typeof v === 'string'
    ? v.trim()
    : Array.isArray(v)
      ? v.map(trimmed)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trimmed(x)]))
        : v;

// The mock computes a calendar list's paging members from the request (test/mock/globals.test.ts):
// compare the rest of the envelope.
/** An example as the mock answers it: the examples' site and REST root are the mock's own origin (mock/naming.ts). */
const onMock = (v: Json): Json =>
  JSON.parse(JSON.stringify(v).split('https://festival.example/wp-json').join(mock.url).split('https://festival.example').join(mock.url));

const unpaged = (v: Json): Json => {
  if (!v || typeof v !== 'object' || Array.isArray(v) || !('total_pages' in v)) return v;
  const { rest_url: _r, next_rest_url: _n, previous_rest_url: _p, total: _t, total_pages: _tp, ...rest } = v;
  return rest;
};

const has = (path: string) => Object.hasOwn(doc.paths, path);

describe('no route', () => {
  it.each(['/nope', '/core/v3/posts', '/cal/events/v2/events', '/oembed/1.0/embed/extra', '/%E2%9C%93', '/cal/events/v1/events/1/2/3'])(
    'unknown route %s -> 404 rest_no_route',
    async (path) => {
      expectNoRoute(await raw('GET', path));
    },
  );

  it('a method the route does not have -> 404 rest_no_route (for every route)', async () => {
    const all = ['get', 'post', 'put', 'patch', 'delete'];
    let n = 0;
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      const pi = deref(item);
      const missing = all.filter((m) => !pi[m]);
      if (!missing.length) continue;
      const url = fillPath(path, Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], 1])));
      // Another route of the spec may take the same URL with that method, as on the platform
      // (`users/1/application-passwords/introspect` is also `…/{uuid}`, whose update is a POST).
      const other = Object.entries<Json>(doc.paths).find(
        ([p, it]) => p !== path && deref(it)[missing[0]] && new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(url),
      );
      if (other) continue;
      expectNoRoute(
        await raw(missing[0].toUpperCase(), url, missing[0] === 'get' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
        `${missing[0].toUpperCase()} ${url}`,
      );
      n++;
    }
    expect(n).toBeGreaterThan(0);
  });

  it('/core/v2/posts/abc -> 404 rest_no_route', async () => {
    expect(has('/core/v2/posts/{id}'), 'the route is in the spec').toBe(true);
    expectNoRoute(await raw('GET', '/core/v2/posts/abc'));
  });

  it('/cal/events/v1/events/-1 and /abc -> 404 rest_no_route', async () => {
    expect(has('/cal/events/v1/events/{id}'), 'the route is in the spec').toBe(true);
    expectNoRoute(await raw('GET', '/cal/events/v1/events/-1'));
    expectNoRoute(await raw('GET', '/cal/events/v1/events/abc'));
    expectNoRoute(await raw('DELETE', '/cal/events/v1/events/1.5'));
  });

  it('every integer path parameter: a value that is not digits -> 404 rest_no_route', async () => {
    let n = 0;
    for (const o of ops) {
      const p = o.params.find((x) => x.in === 'path' && deref(x.schema)?.type === 'integer');
      if (!p) continue;
      const req = validRequest(o, doc);
      for (const bad of ['abc', '-1', '1e3']) {
        const url = fillPath(o.path, { ...req.path, [p.name]: bad });
        expectNoRoute(
          await raw(
            o.method.toUpperCase(),
            url,
            o.method === 'get' ? {} : { headers: { 'content-type': 'application/json', authorization: 'Basic ZTpw' }, body: '{}' },
          ),
        );
        n++;
      }
    }
    console.log(`no route: ${n} bad path parameter values checked`);
  });

  it('a trailing slash and another letter case still match the route (as on the platform)', async () => {
    const r = await raw('GET', '/OEMBED/1.0/');
    expect(r.status).toBe(200);
  });
});

describe('invalid JSON', () => {
  it('POST /batch/v1 with a body that is not JSON -> 400 rest_invalid_json', async () => {
    const r = await raw('POST', '/batch/v1', { headers: { 'content-type': 'application/json', authorization: 'Basic ZTpw' }, body: '{"requests": [' });
    expect(r.status).toBe(400);
    expect(check(ERROR, r.body)).toEqual([]);
    expect(r.body.code).toBe('rest_invalid_json');
    expect(r.body.data.status).toBe(400);
  });

  it('every operation that takes a JSON body -> 400 rest_invalid_json', async () => {
    let n = 0;
    for (const o of ops) {
      if (!deref(o.op.requestBody)?.content?.['application/json']) continue;
      const req = validRequest(o, doc);
      const r = await raw(o.method.toUpperCase(), `${req.url}`, {
        headers: { ...req.headers, 'content-type': 'application/json' },
        body: "{'single': 'quotes'}",
      });
      expect(r.status, `${o.id}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.code).toBe('rest_invalid_json');
      expect(o.op.responses['400'], `${o.id} documents no 400`).toBeDefined();
      n++;
    }
    console.log(`invalid JSON: ${n} operations checked`);
  });

  it('an unknown route with a bad body is still no route (routes are matched first)', async () => {
    expectNoRoute(await raw('POST', '/nope', { headers: { 'content-type': 'application/json' }, body: '{bad' }));
  });
});

describe('Prefer', () => {
  it('Prefer: code=404 answers the documented 404', async () => {
    const o = ops.find((x) => x.op.responses['404']);
    expect(o).toBeDefined();
    const res = await send(mock.url, validRequest(o!, doc), { prefer: 'code=404' });
    expect(res.status).toBe(404);
    expect(check(ERROR, res.body)).toEqual([]);
  });

  it('Prefer: code=... selects every documented response and example=... every named example', async () => {
    const failures: string[] = [];
    for (const o of ops) {
      for (const [code, ref] of Object.entries<Json>(o.op.responses)) {
        if (!/^\d{3}$/.test(code)) continue;
        const response = deref(ref);
        const req = validRequest(o, doc);
        const res = await send(mock.url, req, { prefer: `code=${code}` });
        preferChecks++;
        if (String(res.status) !== code) {
          failures.push(`${o.id} code=${code} -> ${res.status} ${res.text.slice(0, 200)}`);
          continue;
        }
        const media = response.content?.['application/json'];
        if (media?.schema) {
          const errs = check(media.schema, res.body);
          if (errs.length) failures.push(`${o.id} code=${code}: ${errs.join('; ')}`);
        }
        for (const [key, ex] of Object.entries<Json>(media?.examples ?? {})) {
          const r = await send(mock.url, req, { prefer: `code=${code}, example=${key}` });
          preferChecks++;
          if (String(r.status) !== code || JSON.stringify(trimmed(unpaged(r.body))) !== JSON.stringify(trimmed(unpaged(onMock(deref(ex).value)))))
            failures.push(`${o.id} code=${code} example=${key} -> ${r.status} ${r.text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 900_000); // hundreds of requests one after another: a bound for a loaded machine, not a pace
});

// Query parameters whose schema is a union (oneOf / anyOf) with an array branch, sent as comma lists
// (style form, explode false), e.g. `categories` and `tags` of GET /core/v2/posts: Prism alone
// rejects `categories=4,5` ("must be array"); the mock checks the list itself.
describe('comma lists of union parameters', () => {
  const unionLists = ops.flatMap((o) =>
    o.params
      .filter((p) => {
        if (p.in !== 'query' || p.explode !== false) return false;
        const s = deref(p.schema);
        return (s.oneOf ?? s.anyOf ?? []).some((b: Json) => deref(b).type === 'array' && deref(deref(b).items)?.type === 'integer');
      })
      .map((p) => ({ o, name: p.name as string })),
  );

  it('GET /core/v2/posts?categories=4,5 and tags=7,8 are accepted', async () => {
    expect(has('/core/v2/posts'), 'the route is in the spec').toBe(true);
    const names = unionLists.filter((x) => x.o.path === '/core/v2/posts' && x.o.method === 'get').map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['categories', 'tags']));
    for (const q of ['categories=4,5', 'tags=7,8', 'categories=4&tags=7,8', 'categories=4,5&tags=7,8&per_page=5']) {
      const r = await raw('GET', `/core/v2/posts?${q}`);
      expect(r.status, `${q}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body).toBeInstanceOf(Array);
    }
  });

  it('GET /core/v2/posts?categories=abc (or 4,abc) is still 400 rest_invalid_param', async () => {
    expect(has('/core/v2/posts'), 'the route is in the spec').toBe(true);
    for (const [q, param] of [
      ['categories=abc', 'categories[0]'],
      ['categories=4,abc', 'categories[1]'],
      ['tags=7,x', 'tags[1]'],
    ]) {
      const r = await raw('GET', `/core/v2/posts?${q}`);
      expect(r.status, q).toBe(400);
      expect(check(ERROR, r.body)).toEqual([]);
      expect(r.body.code).toBe('rest_invalid_param');
      const name = param.replace(/\[\d+\]$/, '');
      expect(r.body.data.details[name]).toMatchObject({ code: 'rest_invalid_type', data: { param } });
    }
    // Together with another invalid parameter that Prism reports: both are named.
    const both = await raw('GET', '/core/v2/posts?categories=abc&per_page=x');
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.data.params).sort()).toEqual(['categories', 'per_page']);
  });

  it('every union-with-array query parameter: a comma list passes, a non-integer item is 400', async () => {
    expect(unionLists.length).toBeGreaterThan(0);
    for (const { o, name } of unionLists) {
      const req = validRequest(o, doc);
      const ok = await send(mock.url, { ...req, query: { ...req.query, [name]: '4,5' } });
      expect(ok.status, `${o.id} ${name}=4,5: ${ok.text.slice(0, 200)}`).toBeLessThan(300);
      const bad = await send(mock.url, { ...req, query: { ...req.query, [name]: '4,abc' } });
      expect(bad.status, `${o.id} ${name}=4,abc`).toBe(400);
      expect(bad.body.code).toBe('rest_invalid_param');
      expect(bad.body.data.params).toHaveProperty(name);
    }
    console.log(`comma lists: ${unionLists.length} union-with-array parameters checked`);
  });
});
