// The one judge (core/judge.ts) on a small bundle: a response's status, content type, body and
// documented headers, and a request's path and query values, each verdict at its pointer. That
// `contract` and `validate-har` give the same verdicts through it: test/contract/one-judge.test.ts.
import { describe, expect, it } from 'vitest';
import { createJudge, documentedType, verdictText, type JudgedResponse } from '../../core/judge.ts';
import { queryPairs } from '../../core/php-query.ts';
import { operations, type OpenApiDoc } from '../../core/spec.ts';

const DOC: OpenApiDoc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1.0.0' },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          { name: 'per_page', in: 'query', schema: { type: 'integer', maximum: 100 } },
        ],
        responses: {
          200: {
            description: 'ok',
            headers: { 'X-WP-Total': { schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          404: { description: 'none', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
  components: { schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
};
const op = operations(DOC)[0];
const ok = (over: Partial<JudgedResponse> = {}): JudgedResponse => ({
  method: 'GET',
  status: 200,
  headers: { 'content-type': 'application/json; charset=UTF-8', 'x-wp-total': '3' },
  text: '{"id":5}',
  ...over,
});

describe('core/judge.ts: responses', () => {
  const judge = createJudge({ doc: DOC });

  it('a conforming answer has no verdict', () => {
    expect(judge.response(op, ok())).toEqual([]);
  });

  it('each defect at its pointer', () => {
    const lines = (r: JudgedResponse) => judge.response(op, r).map(verdictText);
    expect(lines(ok({ status: 500 }))).toEqual(['response.status status 500 is not documented for getThing (documented: 200, 404)']);
    expect(lines(ok({ headers: { 'content-type': 'text/html' } }))[0]).toMatch(/^response\.headers\.Content-Type content type text\/html is not documented/);
    expect(lines(ok({ text: '{"id":"5"}' }))).toEqual(['response.body#/id must be integer']);
    expect(lines(ok({ text: '' }))).toEqual(['response.content.text the body is empty; 200 documents application/json']);
    expect(lines(ok({ headers: { 'content-type': 'application/json', 'x-wp-total': 'many' } })).join('\n')).toMatch(/X-WP-Total/);
  });

  it('a HEAD answer is judged without its body; an expected status is a verdict of its own', () => {
    expect(judge.response(op, ok({ method: 'HEAD', text: '' }))).toEqual([]);
    expect(judge.response(op, ok(), { expect: 404 }).map((v) => v.pointer)).toEqual(['response.status']);
  });

  it('strict mode fails an undocumented field', () => {
    expect(judge.response(op, ok({ text: '{"id":5,"x":1}' }))).toEqual([]);
    expect(
      createJudge({ doc: DOC, strict: true })
        .response(op, ok({ text: '{"id":5,"x":1}' }))
        .map((v) => v.pointer),
    ).toEqual(['response.body#/x']);
  });

  it('a content type matches exactly, then by `type/*`, then `*/*`', () => {
    expect(documentedType(['image/*', 'application/json'], 'image/png')).toBe('image/*');
    expect(documentedType(['*/*'], 'text/plain')).toBe('*/*');
    expect(documentedType(['application/json'], 'text/plain')).toBeUndefined();
  });
});

describe('core/judge.ts: requests', () => {
  const judge = createJudge({ doc: DOC });
  const request = (id: string, query: string, strict = false) =>
    (strict ? createJudge({ doc: DOC, strict: true }) : judge).request(op, { pathValues: { id }, query: queryPairs(query) });

  it('path and query values are coerced as the platform does, then checked', () => {
    expect(request('5', 'per_page=10')).toEqual({ verdict: 'valid', problems: [] });
    expect(
      request('0', 'per_page=x')
        .problems.map((p) => p.pointer)
        .sort(),
    ).toEqual(['request.path.id', 'request.query.per_page']);
  });

  it('strict mode flags an undocumented parameter, but not the global ones', () => {
    expect(request('5', 'nope=1&_fields=id').verdict).toBe('valid');
    expect(request('5', 'nope=1&_fields=id', true).problems.map(verdictText)).toEqual(['request.query.nope is not a documented parameter of this operation']);
  });
});

describe("core/judge.ts: request bodies in the site's names", () => {
  const doc: OpenApiDoc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: {
      '/jobs': {
        post: {
          operationId: 'postJob',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['ml_job_id'], properties: { ml_job_id: { type: 'integer' } }, additionalProperties: false },
              },
            },
          },
          responses: { 200: { description: 'ok' } },
        },
      },
    },
  };
  const post = operations(doc)[0];
  const naming = { mapParam: (n: string) => (n === 'wpml_job_id' ? 'ml_job_id' : n), siteParam: (n: string) => (n === 'ml_job_id' ? 'wpml_job_id' : n) };
  const body = (text: string, type = 'application/json') => ({
    pathValues: {},
    query: [],
    body: { type, text, params: type.includes('form') ? queryPairs(text).map((q) => ({ name: q.key, value: q.value })) : undefined },
  });

  it("a JSON or form body's top-level site names are read as the spec's", () => {
    const judge = createJudge({ doc, strict: true });
    expect(judge.request(post, body('{"wpml_job_id":7}'), naming).verdict).toBe('valid');
    expect(judge.request(post, body('{"wpml_job_id":"x"}'), naming).problems.map((p) => p.pointer)).toEqual(['request.body#/ml_job_id']);
    expect(judge.request(post, body('{"wpml_job_id":7}')).verdict).toBe('invalid'); // without the mapping: missing, and undocumented
  });
});
