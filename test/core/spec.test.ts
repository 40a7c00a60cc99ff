// The one spec walker (core/spec.ts): a bundle read from JSON or YAML, local $refs followed (and
// refused when external, circular or dangling), JSON pointer segments, namespaces, and the operations
// with the path item's and the operation's parameters merged (the operation's win). That every tool
// lists the walker's operations: test/contract/packaging.test.ts.
import { describe, expect, it } from 'vitest';
import { deref, escapePointer, namespaceOf, operations, parseBundle, specNamespaces, unescapePointer, type OpenApiDoc } from '../../core/spec.ts';

const DOC: OpenApiDoc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1.0.0' },
  paths: {
    '/core/v2': {
      get: { operationId: 'getCore', parameters: [{ name: 'namespace', in: 'query', schema: { type: 'string', default: 'core/v2' } }], responses: {} },
    },
    // A list filtered by `namespace` (no default): not a namespace root.
    '/core/v2/block-types': {
      get: { operationId: 'listBlockTypes', parameters: [{ name: 'namespace', in: 'query', schema: { type: 'string' } }], responses: {} },
    },
    '/core/v2/posts/{id}': {
      parameters: [{ $ref: '#/components/parameters/Id' }, { name: 'context', in: 'query', schema: { type: 'string' } }],
      get: { operationId: 'getPost', parameters: [{ name: 'context', in: 'query', schema: { enum: ['view', 'edit'] } }], responses: {} },
      post: { operationId: 'updatePost', requestBody: { $ref: '#/components/requestBodies/Post' }, responses: {} },
    },
    '/slider/sliders': { get: { operationId: 'listSliders', responses: {} } },
  },
  components: {
    parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'integer' } } },
    requestBodies: { Post: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Post' } } } } },
    schemas: { Post: { type: 'object' }, 'a/b~c': { $ref: '#/components/schemas/Post' } },
  },
};

describe('core/spec.ts', () => {
  it('reads a bundle from JSON or YAML, and names what is neither', () => {
    expect(parseBundle('{"openapi":"3.1.0","paths":{}}').openapi).toBe('3.1.0');
    expect(parseBundle('openapi: 3.1.0\npaths: {}\n').openapi).toBe('3.1.0');
    expect(() => parseBundle('[unclosed: {', 'x.yaml')).toThrow('x.yaml: neither JSON nor YAML');
  });

  it('follows local $refs repeatedly, through escaped pointer segments', () => {
    expect(escapePointer('a/b~c')).toBe('a~1b~0c');
    expect(unescapePointer(escapePointer('a/b~c'))).toBe('a/b~c');
    expect(deref({ $ref: '#/components/schemas/a~1b~0c' }, DOC)).toEqual({ type: 'object' });
    const plain = { type: 'string' };
    expect(deref(plain, DOC)).toBe(plain);
  });

  it('refuses external, circular and dangling $refs, naming them', () => {
    expect(() => deref({ $ref: 'other.yaml#/x' }, DOC)).toThrow('external $ref other.yaml#/x');
    const loop = { components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } } } };
    expect(() => deref({ $ref: '#/components/schemas/A' }, loop)).toThrow(/circular \$ref/);
    expect(() => deref({ $ref: '#/components/schemas/None' }, DOC)).toThrow('unresolved $ref #/components/schemas/None');
  });

  it('names namespaces: roots whose `namespace` defaults to themselves, else the leading segments', () => {
    expect(specNamespaces(DOC)).toEqual(['core/v2', 'slider']);
    expect(namespaceOf('/core/v2/block-types', specNamespaces(DOC))).toBe('core/v2');
    expect(namespaceOf('/core/v2/posts/5', ['core/v2'])).toBe('core/v2');
    expect(namespaceOf('/')).toBe('(index)');
  });

  it("lists the operations in the bundle's order with merged parameters, the operation's winning", () => {
    const ops = operations(DOC);
    expect(ops.map((o) => o.key)).toEqual([
      'GET /core/v2',
      'GET /core/v2/block-types',
      'GET /core/v2/posts/{id}',
      'POST /core/v2/posts/{id}',
      'GET /slider/sliders',
    ]);
    const get = ops[2];
    expect(get.params.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:context']);
    expect(get.params[1].schema).toEqual({ enum: ['view', 'edit'] });
    expect(ops[3].params.map((p) => p.name)).toEqual(['id', 'context']);
    expect(ops[3].body?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Post' });
    expect(ops.map((o) => o.namespace)).toEqual(['core/v2', 'core/v2', 'core/v2', 'core/v2', 'slider']);
  });
});
