// The site-wide routes against a real WordPress (the sandbox): the site index, POST /batch/v1 and
// oembed/1.0. Every answer is mapped back to the spec's names (wp/v2 -> core/v2) and validated
// against the spec with undocumented fields forbidden (strict). An unreachable site fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { mapPath, WORDPRESS } from '../../src/mapping.js';
import { caller, liveSite, type Answer } from '../support/site.js';
import { deref, operation, type Json } from '../support/spec.js';
import { check } from '../support/validate.js';

const SITE = liveSite();
const toSite = (specPath: string) => mapPath(specPath, WORDPRESS, 'toSite');

const call = caller(SITE);

/** Validate an answer strictly against the spec's schema for that operation, status and media type. */
function conforms(method: string, specPath: string, answer: Answer, mediaType = 'application/json'): string[] {
  const op = operation(method, specPath);
  const res = deref(op.op.responses[String(answer.status)]);
  if (!res) return [`${method} ${specPath}: status ${answer.status} is not documented`];
  const media = res.content?.[mediaType];
  if (!media) return [`${method} ${specPath} ${answer.status}: media type ${mediaType} is not documented`];
  if (!answer.type.startsWith(mediaType)) return [`${method} ${specPath} ${answer.status}: answered ${answer.type}, expected ${mediaType}`];
  return check(media.schema, mediaType === 'application/json' ? answer.json : answer.text, { strict: true });
}

function successSchema(method: string, specPath: string, code = '200'): Json {
  return deref(deref(operation(method, specPath).op.responses[code]).content['application/json'].schema);
}

let reachable: Answer;
beforeAll(async () => {
  try {
    reachable = await call('GET', '/');
  } catch (e) {
    throw new Error(`the live site ${SITE.baseUrl} is unreachable: ${(e as Error).message}`);
  }
});

describe(`site index on ${SITE.baseUrl}`, () => {
  it('GET / answers 200 and conforms (anonymous)', () => {
    expect(reachable.status).toBe(200);
    expect(conforms('GET', '/', reachable)).toEqual([]);
    expect(reachable.json.namespaces).toContain('core/v2');
    expect(reachable.json.namespaces).toContain('oembed/1.0');
    expect(reachable.json.routes['/batch/v1']).toBeDefined();
  });

  it('GET / with admin credentials conforms (adds the active theme link)', async () => {
    const a = await call('GET', '/', { auth: true });
    expect(a.status).toBe(200);
    expect(conforms('GET', '/', a)).toEqual([]);
    // Links are open (plugins add relations), so check by name that every relation the site sends is documented.
    const links = deref(deref(deref(successSchema('get', '/')).properties._links).allOf.find((m: Json) => deref(m).properties)).properties;
    expect(Object.keys(a.json._links).filter((rel) => !(rel in links))).toEqual([]);
    expect(a.json._links['wp:active-theme']).toBeDefined();
  });

  it('lists application passwords under authentication', () => {
    const auth = reachable.json.authentication;
    expect(auth['application-passwords'].endpoints.authorization).toMatch(/\/authorize-application\.php$/);
  });

  it('flags the core posts, pages and menu-items routes as batchable (allow_batch v1)', () => {
    for (const r of [
      '/core/v2/posts',
      '/core/v2/posts/(?P<id>[\\d]+)',
      '/core/v2/pages',
      '/core/v2/pages/(?P<id>[\\d]+)',
      '/core/v2/menu-items',
      '/core/v2/menu-items/(?P<id>[\\d]+)',
    ]) {
      const route = reachable.json.routes[r];
      expect(route, r).toBeDefined();
      expect(
        route.endpoints.some((e: Json) => e.allow_batch?.v1 === true),
        r,
      ).toBe(true);
    }
  });

  it("the batch route describes the spec's batch body (enum, default, maxItems)", () => {
    const args = reachable.json.routes['/batch/v1'].endpoints[0].args;
    const body = deref(deref(operation('post', '/batch/v1').op.requestBody).content['application/json'].schema);
    expect(args.validation.enum).toEqual(deref(body.properties.validation).enum);
    expect(args.validation.default).toBe(deref(body.properties.validation).default);
    expect(args.requests.maxItems).toBe(deref(body.properties.requests).maxItems);
    expect(args.requests.items.properties.method.enum).toEqual(deref(deref(body.properties.requests).items).properties.method.enum);
  });

  it('GET / with context=help conforms (route schemas included)', async () => {
    const a = await call('GET', '/', { query: { context: 'help' } });
    expect(a.status).toBe(200);
    expect(conforms('GET', '/', a)).toEqual([]);
  });
});

describe('batch/v1', () => {
  const created: number[] = [];

  it('creates two posts in one call (207) and conforms', async () => {
    const a = await call('POST', '/batch/v1', {
      auth: true,
      body: {
        requests: [
          { method: 'POST', path: toSite('/core/v2/posts'), body: { title: 'Batch live test A', status: 'draft' } },
          { path: toSite('/core/v2/posts'), body: { title: 'Batch live test B', status: 'draft' } },
        ],
      },
    });
    expect(a.status).toBe(207);
    expect(conforms('POST', '/batch/v1', a)).toEqual([]);
    expect(a.json.failed).toBeUndefined();
    for (const r of a.json.responses) {
      expect(r.status).toBe(201);
      created.push(r.body.id);
      expect(r.headers.Location).toMatch(/\/core\/v2\/posts\/\d+$/);
      expect(Object.values(r.headers).every((v) => typeof v === 'string')).toBe(true);
    }
    expect(created).toHaveLength(2);
  });

  it('deletes them for good in one call (force), and conforms', async () => {
    expect(created).toHaveLength(2);
    const a = await call('POST', '/batch/v1', {
      auth: true,
      body: {
        validation: 'require-all-validate',
        requests: [
          { method: 'DELETE', path: `${toSite('/core/v2/posts')}/${created[0]}?force=true` },
          { method: 'DELETE', path: `${toSite('/core/v2/posts')}/${created[1]}`, body: { force: true } },
        ],
      },
    });
    expect(a.status).toBe(207);
    expect(conforms('POST', '/batch/v1', a)).toEqual([]);
    for (const r of a.json.responses) {
      expect(r.status).toBe(200);
      expect(r.body.deleted).toBe(true);
    }
  });

  it('answers 400 rest_invalid_param / rest_too_many_items to 26 requests', async () => {
    const requests = Array.from({ length: 26 }, () => ({ method: 'POST', path: toSite('/core/v2/posts'), body: { title: 'never' } }));
    const a = await call('POST', '/batch/v1', { auth: true, body: { requests } });
    expect(a.status).toBe(400);
    expect(conforms('POST', '/batch/v1', a)).toEqual([]);
    expect(a.json.code).toBe('rest_invalid_param');
    expect(a.json.data.details.requests.code).toBe('rest_too_many_items');
  });

  it('require-all-validate with one invalid request runs nothing and answers the failed form', async () => {
    const a = await call('POST', '/batch/v1', {
      auth: true,
      body: {
        validation: 'require-all-validate',
        requests: [
          { method: 'POST', path: toSite('/core/v2/posts'), body: { title: 'never created' } },
          { method: 'POST', path: toSite('/core/v2/posts'), body: { title: 'never created', status: 'no-such-status' } },
        ],
      },
    });
    expect(a.status).toBe(207);
    expect(conforms('POST', '/batch/v1', a)).toEqual([]);
    expect(a.json.failed).toBe('validation');
    expect(a.json.responses[0]).toBeNull();
    expect(a.json.responses[1].status).toBe(400);
    expect(a.json.responses[1].body.code).toBe('rest_invalid_param');
  });

  it('authorizes each inner request on its own: anonymous creates answer 401 inside a 207', async () => {
    const a = await call('POST', '/batch/v1', { body: { requests: [{ path: toSite('/core/v2/posts'), body: { title: 'anonymous' } }] } });
    expect(a.status).toBe(207);
    expect(conforms('POST', '/batch/v1', a)).toEqual([]);
    expect(a.json.responses[0].status).toBe(401);
    expect(a.json.responses[0].body.code).toBe('rest_cannot_create');
  });

  it('refuses a GET inside a batch (400) and a route without batch support (rest_batch_not_allowed)', async () => {
    const get = await call('POST', '/batch/v1', { auth: true, body: { requests: [{ method: 'GET', path: toSite('/core/v2/posts') }] } });
    expect(get.status).toBe(400);
    expect(conforms('POST', '/batch/v1', get)).toEqual([]);
    // Media never takes part in batches (users do from WordPress 6.8 on, not on 6.1.9: a route outside the spec).
    const other = await call('POST', '/batch/v1', { auth: true, body: { requests: [{ method: 'POST', path: toSite('/core/v2/media'), body: {} }] } });
    expect(other.status).toBe(207);
    expect(conforms('POST', '/batch/v1', other)).toEqual([]);
    expect(other.json.responses[0].body.code).toBe('rest_batch_not_allowed');
  });

  it('answers 400 rest_missing_callback_param without requests', async () => {
    const a = await call('POST', '/batch/v1', { auth: true, body: { validation: 'normal' } });
    expect(a.status).toBe(400);
    expect(conforms('POST', '/batch/v1', a)).toEqual([]);
    expect(a.json.code).toBe('rest_missing_callback_param');
  });

  it('takes a form body with PHP bracket names', async () => {
    const path = toSite('/core/v2/posts');
    const form = new URLSearchParams({
      'requests[0][method]': 'POST',
      'requests[0][path]': path,
      'requests[0][body][title]': 'Batch form test',
      'requests[0][body][status]': 'draft',
    }).toString();
    const a = await call('POST', '/batch/v1', { auth: true, form });
    expect(a.status).toBe(207);
    expect(conforms('POST', '/batch/v1', a)).toEqual([]);
    expect(a.json.responses[0].status).toBe(201);
    const id = a.json.responses[0].body.id;
    const del = await call('POST', '/batch/v1', { auth: true, body: { requests: [{ method: 'DELETE', path: `${path}/${id}?force=true` }] } });
    expect(del.json.responses[0].status).toBe(200);
  });
});

describe('oembed/1.0', () => {
  let postUrl: string;
  beforeAll(async () => {
    const posts = await call('GET', '/core/v2/posts', { query: { per_page: '1', status: 'publish' } });
    expect(posts.status, 'the sandbox has a published post').toBe(200);
    postUrl = posts.json[0]?.link;
    if (!postUrl) throw new Error('the sandbox has no published post to embed');
  });

  it('GET /oembed/1.0 conforms', async () => {
    const a = await call('GET', '/oembed/1.0');
    expect(a.status).toBe(200);
    expect(conforms('GET', '/oembed/1.0', a)).toEqual([]);
    expect(a.json.namespace).toBe('oembed/1.0');
  });

  it('embed of a seeded post conforms (JSON)', async () => {
    const a = await call('GET', '/oembed/1.0/embed', { query: { url: postUrl } });
    expect(a.status).toBe(200);
    expect(conforms('GET', '/oembed/1.0/embed', a)).toEqual([]);
    expect(a.json.version).toBe('1.0');
  });

  it('embed with maxwidth clamps the frame', async () => {
    const a = await call('GET', '/oembed/1.0/embed', { query: { url: postUrl, maxwidth: '300' } });
    expect(conforms('GET', '/oembed/1.0/embed', a)).toEqual([]);
    expect(a.json.width).toBe(300);
  });

  it('embed with format=xml answers text/xml', async () => {
    const a = await call('GET', '/oembed/1.0/embed', { query: { url: postUrl, format: 'xml' } });
    expect(a.status).toBe(200);
    expect(conforms('GET', '/oembed/1.0/embed', a, 'text/xml')).toEqual([]);
    expect(a.text).toMatch(/^<\?xml[^>]*>\s*<oembed>[\s\S]*<version>1\.0<\/version>[\s\S]*<\/oembed>/);
  });

  it('embed of an unknown URL answers 404 oembed_invalid_url (JSON, and XML with format=xml)', async () => {
    const url = new URL('/no-such-page-at-all/', postUrl).toString();
    const a = await call('GET', '/oembed/1.0/embed', { query: { url } });
    expect(a.status).toBe(404);
    expect(conforms('GET', '/oembed/1.0/embed', a)).toEqual([]);
    expect(a.json.code).toBe('oembed_invalid_url');
    const x = await call('GET', '/oembed/1.0/embed', { query: { url, format: 'xml' } });
    expect(x.status).toBe(404);
    expect(conforms('GET', '/oembed/1.0/embed', x, 'text/xml')).toEqual([]);
    expect(x.text).toContain('<code>oembed_invalid_url</code>');
  });

  it('embed without url answers 400 rest_missing_callback_param (JSON, and XML with format=xml)', async () => {
    const a = await call('GET', '/oembed/1.0/embed');
    expect(a.status).toBe(400);
    expect(conforms('GET', '/oembed/1.0/embed', a)).toEqual([]);
    expect(a.json.code).toBe('rest_missing_callback_param');
    const x = await call('GET', '/oembed/1.0/embed', { query: { format: 'xml' } });
    expect(x.status).toBe(400);
    expect(conforms('GET', '/oembed/1.0/embed', x, 'text/xml')).toEqual([]);
    expect(x.text).toContain('<code>rest_missing_callback_param</code>');
  });

  it('proxy with format=xml still answers JSON (admin)', async () => {
    const a = await call('GET', '/oembed/1.0/proxy', { auth: true, query: { url: postUrl, format: 'xml' } });
    expect(a.status).toBe(200);
    expect(conforms('GET', '/oembed/1.0/proxy', a)).toEqual([]);
  });

  it('proxy answers 401 rest_forbidden to an anonymous request', async () => {
    const a = await call('GET', '/oembed/1.0/proxy', { query: { url: postUrl } });
    expect(a.status).toBe(401);
    expect(conforms('GET', '/oembed/1.0/proxy', a)).toEqual([]);
    expect(a.json.code).toBe('rest_forbidden');
  });

  it('proxy of a URL of the site itself conforms (admin)', async () => {
    const a = await call('GET', '/oembed/1.0/proxy', { auth: true, query: { url: postUrl } });
    expect(a.status).toBe(200);
    expect(conforms('GET', '/oembed/1.0/proxy', a)).toEqual([]);
  });

  it('proxy of a URL without oEmbed data answers 404 oembed_invalid_url (admin)', async () => {
    const a = await call('GET', '/oembed/1.0/proxy', { auth: true, query: { url: 'http://127.0.0.1:9/nothing-here', discover: 'false' } });
    expect(a.status).toBe(404);
    expect(conforms('GET', '/oembed/1.0/proxy', a)).toEqual([]);
    expect(a.json.code).toBe('oembed_invalid_url');
  });
});

describe(`a wrong application password on ${SITE.baseUrl}`, () => {
  // A stock site runs such a request as an anonymous one; a site with the calendar plugin (which reads
  // the current user before the REST API checks credentials) answers 401 incorrect_password, public
  // routes included. Both are documented on every operation that takes application passwords.
  const wrong = { ...SITE, user: SITE.user ?? 'admin', appPassword: 'abcd abcd abcd abcd abcd abcd' };
  const callWrong = caller(wrong);

  it.each([
    ['GET', '/'],
    ['GET', '/core/v2/posts'],
    ['GET', '/oembed/1.0'],
  ])('%s %s answers as documented', async (method, path) => {
    const a = await callWrong(method, path, { auth: true, query: path === '/core/v2/posts' ? { per_page: '1' } : {} });
    if (SITE.calendar !== undefined) expect(a.status).toBe(SITE.calendar ? 401 : 200);
    expect([200, 401]).toContain(a.status);
    if (a.status === 401) expect(a.json.code).toBe('incorrect_password');
    expect(conforms(method, path, a)).toEqual([]);
  });
});
