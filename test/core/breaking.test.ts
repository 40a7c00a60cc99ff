// The breaking-change rules (core/breaking.ts) on fixture pairs (test/fixtures/breaking/) and on
// mutations of the released 1.0.0 bundle: requests and responses are judged by opposite rules, and the
// verdict follows info.version's major. The command and the release gate: test/contract/breaking.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { compareBundles, verdict, type Change } from '../../core/breaking.ts';
import type { OpenApiDoc, ParameterObject } from '../../core/spec.ts';
import { ROOT } from '../support/spec.js';

const FIX = join(ROOT, 'test', 'fixtures', 'breaking');
const load = (name: string) => YAML.parse(readFileSync(join(FIX, name), 'utf8'));
const has = (changes: Change[], rule: string, operation: string, where: RegExp | string) =>
  changes.some((c) => c.rule === rule && c.operation === operation && (typeof where === 'string' ? c.where === where : where.test(c.where)));

describe('breaking changes (base -> head-breaking, same major)', () => {
  const result = compareBundles(load('base.yaml'), load('head-breaking.yaml'));
  const breaks: Change[] = result.changes.filter((c: Change) => c.breaking);

  it.each([
    ['operation-removed', 'DELETE /things/{id}', 'operation'],
    ['operationId-renamed', 'GET /things/{id}', 'operationId'],
    ['parameter-removed', 'GET /things', 'parameter query order'],
    ['required-parameter-added', 'GET /things', 'parameter query site'],
    ['request-enum-narrowed', 'GET /things', 'parameter query status'],
    ['request-constraint-narrowed', 'GET /things', 'parameter query per_page'],
    ['parameter-serialisation-changed', 'GET /things', 'parameter query include'],
    ['required-request-field-added', 'POST /things', 'requestBody application/json.owner'],
    ['request-enum-narrowed', 'POST /things', 'requestBody application/json.kind'],
    ['request-type-narrowed', 'POST /things', 'requestBody application/json.count'],
    ['request-field-removed', 'POST /things', 'requestBody application/json.note'],
    ['request-constraint-narrowed', 'POST /things', 'requestBody application/json.title'],
    ['response-field-removed', 'GET /things/{id}', 'response 200 application/json.size'],
    ['response-type-changed', 'GET /things/{id}', 'response 200 application/json.title'],
    ['response-field-no-longer-required', 'GET /things/{id}', 'response 200 application/json.title'],
    ['response-enum-widened', 'GET /things/{id}', 'response 200 application/json.kind'],
    ['response-enum-widened', 'GET /things', 'response 200 application/json[].tags[]'],
    ['response-header-removed', 'GET /things', 'response 200 header X-Total'],
  ])('%s: %s %s', (rule, op, where) => {
    expect(has(breaks, rule, op, where), JSON.stringify(breaks, null, 1)).toBe(true);
  });

  it('a renamed path variable alone is no break', () => {
    expect(breaks.filter((c) => c.operation === 'GET /things/{id}' && /parameter path/.test(c.where))).toEqual([]);
  });

  it('fails when the major is kept, passes when the major is raised', () => {
    expect(verdict(result)).toMatchObject({ ok: false, announced: false });
    const major = load('head-breaking.yaml');
    major.info.version = '2.0.0';
    expect(verdict(compareBundles(load('base.yaml'), major))).toMatchObject({ ok: true, announced: true });
  });
});

describe('compatible changes (base -> head-compatible)', () => {
  const result = compareBundles(load('base.yaml'), load('head-compatible.yaml'));

  it('finds no break', () => {
    expect(result.changes.filter((c: Change) => c.breaking)).toEqual([]);
    expect(verdict(result).ok).toBe(true);
  });

  it.each([
    ['request-enum-widened', 'GET /things', 'parameter query status'],
    ['parameter-added', 'GET /things', 'parameter query search'],
    ['request-enum-widened', 'POST /things', 'requestBody application/json.kind'],
    ['request-field-added', 'POST /things', 'requestBody application/json.colour'],
    ['response-enum-narrowed', 'GET /things/{id}', 'response 200 application/json.kind'],
    ['response-field-added', 'GET /things/{id}', 'response 200 application/json.created'],
    ['operation-added', 'GET /things/{id}/history', 'operation'],
  ])('lists %s: %s %s as non-breaking', (rule, op, where) => {
    expect(
      has(
        result.changes.filter((c: Change) => !c.breaking),
        rule,
        op,
        where,
      ),
    ).toBe(true);
  });

  it('a bundle compared with itself has no change', () => {
    expect(compareBundles(load('base.yaml'), load('base.yaml')).changes).toEqual([]);
  });
});

// ---------------------------------------------------------------- the released bundle and the gate
const RELEASED = join(ROOT, 'releases', '1.0.0.json');
const released = () => JSON.parse(readFileSync(RELEASED, 'utf8'));
const breaksOf = (head: Json) => compareBundles(released(), head).changes.filter((c: Change) => c.breaking) as Change[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('breaks the checker used to miss (mutations of the released 1.0.0 bundle)', () => {
  it('the released bundle compared with itself has no change', () => {
    expect(compareBundles(released(), released()).changes).toEqual([]);
  });

  it('a property removed from one anyOf member of a response (`link` of Post; PostEdit keeps it)', () => {
    const h = released();
    delete h.components.schemas.Post.properties.link;
    h.components.schemas.Post.required = h.components.schemas.Post.required.filter((x: string) => x !== 'link');
    expect(h.components.schemas.PostEdit.properties.link).toBeDefined();
    const b = breaksOf(h);
    expect(has(b, 'response-field-removed', 'GET /core/v2/posts/{id}', 'response 200 application/json<Post>.link'), JSON.stringify(b)).toBe(true);
    expect(has(b, 'response-field-removed', 'GET /core/v2/posts', 'response 200 application/json[]<Post>.link')).toBe(true);
  });

  it('a property dropped from `required` of one anyOf member', () => {
    const h = released();
    h.components.schemas.Post.required = h.components.schemas.Post.required.filter((x: string) => x !== 'link');
    const b = breaksOf(h);
    expect(has(b, 'response-field-no-longer-required', 'GET /core/v2/posts/{id}', 'response 200 application/json<Post>.link'), JSON.stringify(b)).toBe(true);
  });

  it('an operation that starts requiring credentials', () => {
    const h = released();
    const op = h.paths['/core/v2/posts/{id}'].get;
    expect(op.security).toContainEqual({});
    op.security = op.security.filter((x: object) => Object.keys(x).length > 0);
    const b = breaksOf(h);
    expect(b.map((c) => `${c.rule} ${c.operation}`)).toEqual(['security-required GET /core/v2/posts/{id}']);
  });

  it('a credential kind no longer accepted', () => {
    const h = released();
    const op = h.paths['/core/v2/posts/{id}'].delete;
    op.security = op.security.filter((x: object) => !('cookie-nonce' in x));
    expect(breaksOf(h).map((c) => `${c.rule} ${c.operation}`)).toEqual(['security-scheme-removed DELETE /core/v2/posts/{id}']);
  });

  const body = 'requestBody application/json';
  it.each([
    [
      'additionalProperties: false',
      (s: Json) => {
        s.additionalProperties = false;
      },
      body,
      /additionalProperties absent -> false/,
    ],
    [
      'a new format',
      (s: Json) => {
        s.properties.template.format = 'uri';
      },
      `${body}.template`,
      /format added to "uri"/,
    ],
    [
      'multipleOf',
      (s: Json) => {
        s.properties.author.multipleOf = 2;
      },
      `${body}.author`,
      /multipleOf added 2/,
    ],
    [
      'maxLength',
      (s: Json) => {
        s.properties.slug.maxLength = 20;
      },
      `${body}.slug`,
      /maxLength added 20/,
    ],
  ])('a stricter request schema: %s', (_label, mutate, where, message) => {
    const h = released();
    mutate(h.components.schemas.PostWrite);
    const b = breaksOf(h);
    for (const op of ['POST /core/v2/posts', 'POST /core/v2/posts/{id}', 'PUT /core/v2/posts/{id}', 'PATCH /core/v2/posts/{id}']) {
      expect(
        b.some((c) => c.rule === 'request-constraint-narrowed' && c.operation === op && c.where === where && message.test(c.message)),
        `${op}: ${JSON.stringify(b)}`,
      ).toBe(true);
    }
  });

  it('a narrower pattern (both versions have one)', () => {
    const b0 = released();
    b0.components.schemas.PostWrite.properties.slug.pattern = '^[a-z0-9-]+$';
    const h = structuredClone(b0);
    h.components.schemas.PostWrite.properties.slug.pattern = '^[a-z]+$';
    const b = compareBundles(b0, h).changes.filter((c: Change) => c.breaking);
    expect(has(b, 'request-constraint-narrowed', 'POST /core/v2/posts', `${body}.slug`)).toBe(true);
  });

  it('maxLength on one member of a oneOf request value (the string form of `title`)', () => {
    const h = released();
    h.components.schemas.CoreRawInput.oneOf[0].maxLength = 5;
    const b = breaksOf(h);
    expect(has(b, 'request-constraint-narrowed', 'POST /core/v2/posts', `${body}.title<member #0>`), JSON.stringify(b.slice(0, 3))).toBe(true);
  });

  it('a plain request value that becomes a union: a member of a new type widens, a bound on the old type narrows', () => {
    const withParam = (items: Json) => {
      const d = released();
      d.paths['/core/v2/posts'].get.parameters.push({ name: 'x_ids', in: 'query', schema: { type: 'array', items } });
      return d;
    };
    const b0 = withParam({ type: 'integer' });
    const wider = withParam({ anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[a-z]+$' }] });
    expect(compareBundles(b0, wider).changes.filter((c: Change) => c.breaking)).toEqual([]);
    const bounded = withParam({
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', pattern: '^[a-z]+$' },
      ],
    });
    const b = compareBundles(b0, bounded).changes.filter((c: Change) => c.breaking);
    expect(b.map((c: Change) => `${c.rule} ${c.where} ${c.message}`)).toEqual([
      'request-constraint-narrowed parameter query x_ids[]<member #0> minimum added 1',
    ]);
  });

  it('a changed default of a request parameter (per_page 10 -> 20)', () => {
    const h = released();
    h.components.parameters.PerPage.schema.default = 20;
    const b = breaksOf(h);
    expect(has(b, 'request-default-changed', 'GET /core/v2/posts', 'parameter query per_page'), JSON.stringify(b)).toBe(true);
    expect(b.every((c) => c.rule === 'request-default-changed')).toBe(true);
  });

  it('a new response variant breaks; a dropped one does not', () => {
    const h = released();
    const schema = h.paths['/core/v2/posts/{id}'].get.responses['200'].content['application/json'].schema;
    schema.anyOf.push({ $ref: '#/components/schemas/PostDeleted' });
    expect(has(breaksOf(h), 'response-variant-added', 'GET /core/v2/posts/{id}', 'response 200 application/json<PostDeleted>')).toBe(true);
    const n = released();
    n.paths['/core/v2/posts/{id}'].get.responses['200'].content['application/json'].schema.anyOf.pop();
    expect(breaksOf(n).filter((c) => c.operation === 'GET /core/v2/posts/{id}')).toEqual([]);
  });
});

describe('a scalar query parameter widened to accept a list (media_type in WordPress 6.9)', () => {
  const doc = (param: Partial<ParameterObject>): OpenApiDoc => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: {
      '/media': { get: { operationId: 'listMedia', parameters: [{ name: 'media_type', in: 'query', ...param }], responses: { 200: { description: 'ok' } } } },
    },
  });
  const scalar = { schema: { type: ['string', 'null'], enum: ['image', 'video', null], default: null } };
  const widened = {
    style: 'form',
    explode: false,
    schema: {
      oneOf: [
        { type: ['string', 'null'], enum: ['image', 'video', null], default: null },
        { type: 'array', items: { type: 'string', enum: ['image', 'video'] } },
      ],
      default: null,
    },
  };

  it('is not breaking: the values clients already send are written the same way', () => {
    const result = compareBundles(doc(scalar), doc(widened));
    expect(result.changes.filter((c: Change) => c.breaking)).toEqual([]);
  });

  it('changing explode of a parameter that already was a list is still breaking', () => {
    const list = { schema: { type: 'array', items: { type: 'string' } } };
    const result = compareBundles(doc(list), doc({ ...list, style: 'form', explode: false }));
    expect(result.changes.filter((c: Change) => c.breaking).map((c: Change) => c.rule)).toContain('parameter-serialisation-changed');
  });
});
