// The Prism servers' groups and documents (mock/groups.ts): what `forPrism` keeps and drops, and how
// the routes are packed into groups by resource.
import { describe, expect, it } from 'vitest';
import type { OpenApiDoc } from '../../core/spec.ts';
import { MAX_GROUP_ROUTES, forPrism, groupDocs, resourceOf } from '../../mock/groups.ts';
import { bundle } from '../support/spec.js';

const example = { title: 'kept', description: 'kept too', 'x-data': 1 };
const doc = {
  openapi: '3.1.0',
  info: { title: 'Festival', version: '1', description: 'kept: info is data' },
  'x-tagGroups': [],
  paths: {
    '/core/v2/posts': {
      description: 'prose',
      get: {
        summary: 'prose',
        description: 'prose',
        'x-since': 'WordPress 6.3',
        externalDocs: { url: 'https://example.org' },
        parameters: [{ name: 'search', in: 'query', description: 'prose', example: 'dropped', schema: { type: 'string', title: 'prose', examples: ['kept'] } }],
        responses: {
          '200': {
            description: 'prose',
            headers: { 'x-wp-total': { description: 'prose', schema: { type: 'integer' }, example: 3 } },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Post' },
                examples: { one: { summary: 'prose', value: example } },
              },
            },
          },
        },
      },
      post: {
        requestBody: {
          description: 'prose',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Post' }, example: { title: 'dropped' } } },
        },
        responses: { '201': { description: 'prose' } },
      },
    },
    '/core/v2/posts/{id}': { get: { responses: { '200': { description: 'prose' } } } },
    '/core/v2/pages': { get: { responses: { '200': { description: 'prose' } } } },
    '/cal/events/v1/events': { get: { responses: { '200': { description: 'prose' } } } },
  },
  components: {
    schemas: {
      Post: {
        type: 'object',
        description: 'prose',
        'x-record': true,
        properties: {
          title: { type: 'string', description: 'prose' },
          description: { type: 'string' },
          'x-name': { type: 'string' },
          _embedded: { type: 'object', properties: { author: { $ref: '#/components/schemas/Post' } } },
        },
        default: { title: 'a default is data', 'x-y': 1 },
        enum: [{ description: 'data' }],
      },
      Unused: { type: 'string' },
    },
  },
} as unknown as OpenApiDoc;

describe('forPrism', () => {
  const leanDoc = forPrism(doc);
  const lean = JSON.parse(JSON.stringify(leanDoc));
  const at = (v: unknown, ...keys: string[]): unknown => keys.reduce((o, k) => (o as Record<string, unknown>)[k], v);
  const get = lean.paths['/core/v2/posts'].get;

  it('drops prose, x- extensions, externalDocs and the requests examples', () => {
    expect(lean['x-tagGroups']).toBeUndefined();
    expect(lean.paths['/core/v2/posts'].description).toBeUndefined();
    expect(Object.keys(get).sort()).toEqual(['parameters', 'responses']);
    expect(get.parameters[0]).toEqual({ name: 'search', in: 'query', schema: { type: 'string', examples: ['kept'] } });
    expect(lean.paths['/core/v2/posts'].post.requestBody).toEqual({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Post' } } } });
    expect(lean.components.schemas.Post.description).toBeUndefined();
    expect(lean.components.schemas.Post['x-record']).toBeUndefined();
  });

  it("keeps a response's description, which OpenAPI requires, empty", () => {
    expect(lean.paths['/core/v2/posts'].post.responses).toEqual({ '201': { description: '' } });
    expect(get.responses['200'].description).toBe('');
  });

  it('keeps names, the responses examples and data as they are; `_embedded` is a plain object', () => {
    expect(lean.info).toEqual(doc.info);
    const ok = get.responses['200'];
    expect(ok.headers).toEqual({ 'x-wp-total': { schema: { type: 'integer' }, example: 3 } });
    expect(ok.content['application/json'].examples.one).toEqual({ value: example });
    expect(at(leanDoc, 'paths', '/core/v2/posts', 'get', 'responses', '200', 'content', 'application/json', 'examples', 'one', 'value')).toBe(example);
    const post = lean.components.schemas.Post;
    expect(post.properties).toEqual({
      title: { type: 'string' },
      description: { type: 'string' },
      'x-name': { type: 'string' },
      _embedded: { type: 'object' },
    });
    expect(post.default).toEqual({ title: 'a default is data', 'x-y': 1 });
    expect(post.enum).toEqual([{ description: 'data' }]);
  });

  it('leaves the bundle it is given unchanged', () => {
    const before = JSON.stringify(bundle());
    forPrism(bundle() as OpenApiDoc);
    expect(JSON.stringify(bundle())).toBe(before);
  });
});

describe('groupDocs', () => {
  it('packs the routes by resource, in order, never splitting a resource; each document keeps what its paths reach', () => {
    expect(resourceOf('/core/v2/posts/{id}')).toBe('core/v2/posts');
    expect(resourceOf('/')).toBe('');
    const groups = groupDocs(doc, 3);
    expect(groups.map((g) => [g.name, g.resources, g.routes, g.operations])).toEqual([
      ['core/v2/posts', ['core/v2/posts', 'core/v2/pages'], 3, 4],
      ['cal/events/v1', ['cal/events/v1'], 1, 1],
    ]);
    expect(Object.keys(groups[0].doc.components?.schemas ?? {})).toEqual(['Post']);
    expect(groups[1].doc.components?.schemas).toBeUndefined();
    expect(groupDocs(doc, 1).map((g) => g.resources)).toEqual([['core/v2/posts'], ['core/v2/pages'], ['cal/events/v1']]);
  });

  it('serves every route of the bundle exactly once, in groups of at most MAX_GROUP_ROUTES routes unless one resource has more', () => {
    const full = bundle() as OpenApiDoc;
    const groups = groupDocs(full);
    const served = groups.flatMap((g) => Object.keys(g.doc.paths ?? {}));
    expect(served.sort()).toEqual(Object.keys(full.paths ?? {}).sort());
    for (const g of groups) if (g.resources.length > 1) expect(g.routes).toBeLessThanOrEqual(MAX_GROUP_ROUTES);
    expect(new Set(groups.flatMap((g) => g.resources)).size).toBe(groups.flatMap((g) => g.resources).length);
  });
});
