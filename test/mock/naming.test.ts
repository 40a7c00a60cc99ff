// Answers in the request's naming (issue 32, point 4; mock/naming.ts): a request in the real site's
// names (`/wp-json/...`, `?rest_route=`) reads the site's parameter names in every error: the
// message, `data.params` and `data.details` keys, the details' messages and `data.param`. The front
// runs in-process with a store (store routes) and before a fake Prism (a Prism route's violations).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDoc } from '../../core/spec.ts';
import { createFront } from '../../mock/front.ts';
import { bodyInSpecNames, indexInNaming, readNaming, restNamespaceInNaming, rewriteUrls } from '../../mock/naming.ts';
import { inNaming } from '../../mock/shape.ts';
import { createStoreHost } from '../../mock/store/host.ts';
import { closeServer, listen } from '../support/front.js';
import { bundle } from '../support/spec.js';

let front: http.Server;
let upstream: http.Server;
let base = '';

beforeAll(async () => {
  // The fake Prism answers every request with a violation of the language parameter, as Prism does.
  upstream = http.createServer((req, res) => {
    req.resume();
    const violations = [{ location: ['request', 'query', 'i18n_language'], code: 'enum', message: 'must be equal to one of the allowed values' }];
    res.writeHead(422, { 'content-type': 'application/problem+json', 'sl-violations': JSON.stringify(violations) });
    res.end('{"type":"x","title":"Invalid request","status":422}');
  });
  const doc = bundle() as OpenApiDoc;
  front = createFront({ doc, upstream: { host: '127.0.0.1', port: await listen(upstream) }, store: createStoreHost(doc) });
  base = `http://127.0.0.1:${await listen(front)}`;
});
afterAll(async () => {
  await closeServer(front);
  await closeServer(upstream);
});

const text = async (path: string) => {
  const r = await fetch(`${base}${path}`);
  return { status: r.status, text: await r.text() };
};

describe('errors in the naming of the request', () => {
  it.each([
    ['a store route under /wp-json', '/wp-json/wp/v2/posts?wpml_language=all'],
    ['a store route as ?rest_route=', '/?rest_route=/wp/v2/posts&wpml_language=all'],
    ['a store route under /wp-json, as a list', '/wp-json/wp/v2/media?wpml_language=xx&per_page=2'],
    ['a Prism route under /wp-json', '/wp-json/oembed/1.0/embed?url=https://festival.example/&wpml_language=all'],
    ['a Prism route as ?rest_route=', '/index.php?rest_route=/wp/v2&wpml_language=all'],
  ])('%s: every name is wpml_language', async (_label, path) => {
    const r = await text(path);
    expect(r.status).toBe(400);
    const body = JSON.parse(r.text) as {
      message: string;
      data: { params: Record<string, string>; details: Record<string, { message: string; data: { param: string } }> };
    };
    expect(r.text).not.toContain('i18n_language');
    expect(body.message).toBe('Invalid parameter(s): wpml_language');
    expect(Object.keys(body.data.params)).toEqual(['wpml_language']);
    expect(Object.keys(body.data.details)).toEqual(['wpml_language']);
    expect(body.data.details.wpml_language.data.param).toBe('wpml_language');
    expect(body.data.details.wpml_language.message).toMatch(/^wpml_language /);
  });

  it("a request in the spec's names reads the spec's name", async () => {
    const r = await text('/core/v2/posts?i18n_language=all');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).message).toBe('Invalid parameter(s): i18n_language');
    expect(r.text).not.toContain('wpml_language');
  });
});

describe("the add-ons' real names (issue 33, FESTIVAL_PLATFORM)", () => {
  it('reads a real-names request under /wp-json and ?rest_route= as the spec route, a renamed segment included', () => {
    expect(readNaming('/wp-json/ultimate-vc/v1/google-fonts/variants', 'font_name=Lato&wpml_language=de')).toMatchObject({
      path: '/builder/v1/font-library/variants',
      query: 'font_name=Lato&i18n_language=de',
    });
    expect(readNaming('/', 'rest_route=/wpml/st/v1/strings&limit=5')).toMatchObject({ path: '/ml/st/v1/strings', query: 'limit=5' });
    expect(readNaming('/index.php', 'rest_route=/uavc/v1/envato-activation')).toMatchObject({ path: '/builderx/v1/marketplace-activation' });
    expect(readNaming('/wp-json/sliderrevolution/sliders/home', '')).toMatchObject({ path: '/slider/sliders/home' });
    // The spec's names under /wp-json stay the spec's (a name the mapping does not know is left as it is).
    expect(readNaming('/wp-json/ml/v1/posts', '')).toMatchObject({ path: '/ml/v1/posts' });
  });

  it("writes an answer's URLs in the request's naming", () => {
    const origin = 'http://127.0.0.1:4010';
    const body = `{"href":"${origin}/builder/v1/font-library?start=20","next":"${origin}/ml/tm/v1/jobs"}`;
    expect(rewriteUrls(body, origin, { form: 'path', entry: '/' }, ['builder/v1', 'ml/tm/v1'])).toBe(
      `{"href":"${origin}/wp-json/ultimate-vc/v1/google-fonts?start=20","next":"${origin}/wp-json/wpml/tm/v1/jobs"}`,
    );
    expect(rewriteUrls(body, origin, { form: 'rest_route', entry: '/' }, ['builder/v1', 'ml/tm/v1'])).toContain(
      `${origin}/?rest_route=/ultimate-vc/v1/google-fonts&start=20`,
    );
  });

  it('lists the real namespaces, route keys and arguments in an index asked for by its real names', () => {
    const index = JSON.stringify({
      namespaces: ['core/v2', 'ml/tm/v1', 'builder/v1', 'batch/v1'],
      routes: {
        '/ml/tm/v1/ate/jobs/store': { namespace: 'ml/tm/v1', endpoints: [{ methods: ['POST'], args: { ml_job_id: { type: 'string' }, i18n_language: {} } }] },
        '/builder/v1/font-library': { namespace: 'builder/v1', endpoints: [] },
      },
    });
    expect(JSON.parse(indexInNaming(index, { form: 'path', entry: '/' }))).toEqual({
      namespaces: ['wp/v2', 'wpml/tm/v1', 'ultimate-vc/v1', 'batch/v1'],
      routes: {
        '/wpml/tm/v1/ate/jobs/store': {
          namespace: 'wpml/tm/v1',
          endpoints: [{ methods: ['POST'], args: { wpml_job_id: { type: 'string' }, wpml_language: {} } }],
        },
        '/ultimate-vc/v1/google-fonts': { namespace: 'ultimate-vc/v1', endpoints: [] },
      },
    });
    // As a reply: Prism's (URLs still to rewrite) and the store's (already in the request's naming) alike.
    const origin = 'http://127.0.0.1:4010';
    for (const named of [false, true]) {
      const reply = inNaming(
        { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(index), named },
        origin,
        { form: 'path', entry: '/' },
        ['ml/tm/v1'],
      );
      expect(JSON.parse(reply.body.toString('utf8')).namespaces, `named: ${named}`).toEqual(['wp/v2', 'wpml/tm/v1', 'ultimate-vc/v1', 'batch/v1']);
      expect(reply.headers['content-length']).toBe(String(reply.body.length));
    }
    // The spec's names at the mock's root, and a record that is no index, are left as they are.
    expect(indexInNaming(index, { form: 'plain', entry: '/' })).toBe(index);
    const record = '{"id":5,"title":{"rendered":"namespace"}}';
    expect(indexInNaming(record, { form: 'path', entry: '/' })).toBe(record);
  });
});

describe("a post type's and a taxonomy's rest_namespace in the request's naming", () => {
  it("names the site's namespace for a real-names request, the spec's for a spec-names one", () => {
    const t = '{"post":{"rest_base":"posts","rest_namespace":"core/v2"},"e":{"rest_namespace" : "cal/events/v1"},"x":{"rest_namespace":"core/v2x"}}';
    expect(JSON.parse(restNamespaceInNaming(t, { form: 'path', entry: '/' }))).toEqual({
      post: { rest_base: 'posts', rest_namespace: 'wp/v2' },
      e: { rest_namespace: 'tribe/events/v1' },
      x: { rest_namespace: 'core/v2x' }, // not a namespace of the mapping: left as it is
    });
    expect(restNamespaceInNaming(t, { form: 'plain', entry: '/' })).toBe(t);
  });

  // (Taxonomies are Prism's answers: this file's Prism is a fake; their text passes the same function.)
  it('the post types a client reads by the real names name wp/v2 (a client builds routes from them)', async () => {
    for (const path of ['/wp-json/wp/v2/types', '/?rest_route=/wp/v2/types']) {
      const r = await text(path);
      expect(r.status, path).toBe(200);
      const namespaces = Object.values(JSON.parse(r.text) as Record<string, { rest_namespace?: string }>).map((x) => x.rest_namespace);
      expect(namespaces.length, path).toBeGreaterThan(0);
      expect(new Set(namespaces), path).toEqual(new Set(['wp/v2']));
    }
    const spec = await text('/core/v2/types');
    expect(new Set(Object.values(JSON.parse(spec.text) as Record<string, { rest_namespace?: string }>).map((x) => x.rest_namespace))).toEqual(
      new Set(['core/v2']),
    );
  });
});

describe('a request body in the real names (bodyInSpecNames)', () => {
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  it("renames a JSON object's and a form's top-level site names to the spec's", () => {
    expect(JSON.parse(bodyInSpecNames(json({ wpml_job_id: 7, other: 'x' }), 'application/json').toString())).toEqual({ ml_job_id: 7, other: 'x' });
    expect(bodyInSpecNames(Buffer.from('wpml_job_id=7&a=%C3%A9'), 'application/x-www-form-urlencoded').toString()).toBe('ml_job_id=7&a=%C3%A9');
  });
  it('passes every other body on byte for byte (nested members, arrays, invalid JSON, other types, no site name)', () => {
    for (const [text, type] of [
      ['{"data":{"wpml_job_id":7},"n":1e400}', 'application/json'],
      ['[{"wpml_job_id":7}]', 'application/json'],
      ['{"wpml_job_id":', 'application/json'],
      ['wpml_job_id=7', 'text/plain'],
      ['{"title":"x","n":12345678901234567890}', 'application/json'],
    ]) {
      const body = Buffer.from(text);
      expect(bodyInSpecNames(body, type)).toBe(body);
    }
  });
  it('never writes __proto__ into the renamed object', () => {
    const out = JSON.parse(bodyInSpecNames(Buffer.from('{"__proto__":{"x":1},"wpml_job_id":1}'), 'application/json').toString());
    expect(out).toEqual({ ml_job_id: 1 });
  });
});
