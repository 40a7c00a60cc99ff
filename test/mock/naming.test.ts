// Answers in the request's naming (issue 32, point 4; mock/naming.ts): a request in the real site's
// names (`/wp-json/...`, `?rest_route=`) reads the site's parameter names in every error: the
// message, `data.params` and `data.details` keys, the details' messages and `data.param`. The front
// runs in-process with a store (store routes) and before a fake Prism (a Prism route's violations).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDoc } from '../../core/spec.ts';
import { createFront } from '../../mock/front.ts';
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
