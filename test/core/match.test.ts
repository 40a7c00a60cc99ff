// The platform's URL-matching rules, stated once, as a table, for the one matcher (core/match.ts)
// that the mock and validate-har use. WordPress compiles each route into one regular expression over
// the whole route, matched case-insensitively after the trailing slashes are removed; a path value
// that the parameter's pattern refuses matches no route (404 rest_no_route), as does a route without
// the method; HEAD is served by GET. (Where the route of a URL is: test/core/base-url.test.ts.)
import { describe, expect, it } from 'vitest';
import { matchRoute, routeTable, trimRoute } from '../../core/match.ts';
import type { OpenApiDoc, OperationObject, ParameterObject } from '../../core/spec.ts';

const op = (id: string, params: ParameterObject[] = []): OperationObject => ({
  operationId: id,
  parameters: params,
  responses: { 200: { description: 'ok' } },
});
const idParam: ParameterObject = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const slugParam: ParameterObject = { name: 'slug', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z-]+$' } };
const doc: OpenApiDoc = {
  openapi: '3.1.0',
  paths: {
    '/ns/v1/items': { get: op('listItems'), post: op('createItem') },
    '/ns/v1/items/{id}': { get: op('getItem', [idParam]), delete: op('deleteItem', [idParam]) },
    '/ns/v1/items/me': { get: op('getMine') },
    '/ns/v1/items/{slug}/meta': { get: op('getMeta', [slugParam]) },
  },
};
const table = routeTable(doc);

// [request, method, path, the operation it reaches (or null: no template matches), ok]
const RULES: [string, string, string, string | null, boolean][] = [
  ['a literal route', 'GET', '/ns/v1/items', 'listItems', true],
  ['the trailing slash is ignored', 'GET', '/ns/v1/items/', 'listItems', true],
  ['every trailing slash is ignored', 'GET', '/ns/v1/items///', 'listItems', true],
  ['the literal parts match case-insensitively', 'GET', '/NS/V1/Items', 'listItems', true],
  ['the method picks the operation', 'POST', '/ns/v1/items', 'createItem', true],
  ['a path value its schema takes', 'GET', '/ns/v1/items/5', 'getItem', true],
  ['a literal route wins over a template', 'GET', '/ns/v1/items/me', 'getMine', true],
  ['a value under the minimum matches no route', 'GET', '/ns/v1/items/0', 'getItem', false],
  ['a value of another type matches no route', 'GET', '/ns/v1/items/abc', 'getItem', false],
  ['a percent-encoded value is decoded before its check', 'GET', '/ns/v1/items/%31', 'getItem', true],
  ['an encoded slash stays inside the value', 'GET', '/ns/v1/items/5%2F6', 'getItem', false],
  ['a route without the method matches no operation', 'PUT', '/ns/v1/items/5', null, false],
  ['HEAD is served by GET', 'HEAD', '/ns/v1/items/5', 'getItem', true],
  ['the method is read in any case', 'delete', '/ns/v1/items/5', 'deleteItem', true],
  ['a pattern the value satisfies', 'GET', '/ns/v1/items/a-b/meta', 'getMeta', true],
  ['a pattern the value does not satisfy', 'GET', '/ns/v1/items/a_b/meta', 'getMeta', false],
  ['an empty segment matches no template', 'GET', '/ns/v1/items//meta', null, false],
  ['an unknown route', 'GET', '/ns/v2/items', null, false],
];

describe("the platform's URL-matching rules (core/match.ts)", () => {
  it.each(RULES)('%s: %s %s', (_why, method, path, operationId, ok) => {
    const m = matchRoute(doc, table, method, path);
    const reached = m?.entry?.operation.id ?? null;
    expect(reached).toBe(operationId);
    expect(m?.ok ?? false).toBe(ok);
  });

  it("answers the template's own spelling of a path and the raw values", () => {
    const m = matchRoute(doc, table, 'GET', '/NS/v1/ITEMS/7/');
    expect(m?.canonical).toBe('/ns/v1/items/7');
    expect(m?.values).toEqual({ id: '7' });
  });
});

describe('trailing slashes', () => {
  it('trims trailing slashes (a 100 KB slash flood included) and keeps the root', () => {
    expect(trimRoute('/core/v2/posts///')).toBe('/core/v2/posts');
    expect(trimRoute('/')).toBe('/');
    expect(trimRoute('/'.repeat(100_000))).toBe('/');
    expect(trimRoute(`/a${'/'.repeat(100_000)}`)).toBe('/a');
  });
});
