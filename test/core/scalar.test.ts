// The one scalar reading (core/scalar.ts, D169), as a table of PHP 8 and WordPress answers: `is_numeric`,
// `rest_is_integer` (numeric and whole), PHP's `(int)` cast, and a route's `[\d]+`; then the judge and
// the mock's comma lists, which read query values with it, on the values the three copies disagreed on.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../core/judge.ts';
import { coerceScalar, isNumeric, isRestBoolean, isRestInteger, pathScalarFits, phpInt, scalarFits } from '../../core/scalar.ts';
import { operations, schemaTypes, type OpenApiDoc } from '../../core/spec.ts';
import { checkUnionLists } from '../../mock/lists.ts';

const INT_MAX = 2 ** 63; // PHP_INT_MAX (2^63 - 1) as a double

// value, is_numeric, rest_is_integer, (int), a route's [\d]+
const TABLE: [string, boolean, boolean, number, boolean][] = [
  ['1', true, true, 1, true],
  ['1e3', true, true, 1000, false],
  ['1E3', true, true, 1000, false],
  ['1e+3', true, true, 1000, false],
  ['1e-3', true, false, 0, false],
  ['-1.5e1', true, true, -15, false],
  [' 1', true, true, 1, false],
  ['1 ', true, true, 1, false],
  ['\t1\n', true, true, 1, false],
  ['0x1A', false, false, 0, false],
  ['0b1', false, false, 0, false],
  ['.5', true, false, 0, false],
  ['5.', true, true, 5, false],
  ['1.0', true, true, 1, false],
  ['1.5', true, false, 1, false],
  ['-0', true, true, 0, false],
  ['+1', true, true, 1, false],
  ['-1', true, true, -1, false],
  ['007', true, true, 7, true],
  ['', false, false, 0, false],
  [' ', false, false, 0, false],
  ['.', false, false, 0, false],
  ['+-1', false, false, 0, false],
  ['1e', false, false, 1, false],
  ['1_000', false, false, 1, false],
  ['1e3abc', false, false, 1000, false],
  ['abc', false, false, 0, false],
  ['INF', false, false, 0, false],
  ['NAN', false, false, 0, false],
  ['\u0661', false, false, 0, false], // an Arabic-Indic digit one: not a PHP digit
  ['1e400', true, true, INT_MAX, false],
  ['-1e400', true, true, -INT_MAX, false],
];

describe('a scalar read as the platform reads it (core/scalar.ts)', () => {
  it.each(TABLE)('%j: is_numeric %s, rest_is_integer %s, (int) %s, route digits %s', (v, numeric, integer, int, digits) => {
    expect(isNumeric(v)).toBe(numeric);
    expect(scalarFits('number', v)).toBe(numeric);
    expect(isRestInteger(v)).toBe(integer);
    expect(scalarFits('integer', v)).toBe(integer);
    expect(phpInt(v)).toBe(int);
    expect(pathScalarFits('integer', v)).toBe(digits);
  });

  it('booleans: true, false, 1, 0 in any letter case (rest_is_boolean), nothing else', () => {
    for (const v of ['true', 'false', '1', '0', 'TRUE', 'False']) expect(isRestBoolean(v), v).toBe(true);
    for (const v of ['yes', 'no', '', ' 1', 'on', '2', 't']) expect(isRestBoolean(v), v).toBe(false);
    expect(pathScalarFits('boolean', 'TRUE')).toBe(false);
  });

  it('coerces to the JSON value the schema types take, infinities kept finite so bounds still refuse them', () => {
    expect(coerceScalar(['integer'], '1e3')).toBe(1000);
    expect(coerceScalar(['integer'], ' 7 ')).toBe(7);
    expect(coerceScalar(['integer'], '1.5')).toBe('1.5');
    expect(coerceScalar(['number'], '1.5')).toBe(1.5);
    expect(coerceScalar(['integer'], '1e400')).toBe(Number.MAX_VALUE);
    expect(coerceScalar(['boolean'], 'FALSE')).toBe(false);
    expect(coerceScalar(['boolean'], 'True')).toBe(true);
    expect(coerceScalar(['boolean', 'string'], '0')).toBe(false);
    expect(coerceScalar(['string'], '1')).toBe('1');
    expect(coerceScalar(['integer'], '0x1A')).toBe('0x1A');
  });

  it('a path segment is the route pattern: digits only, no other type than the scalars and string', () => {
    expect(pathScalarFits('number', '1.5')).toBe(true);
    expect(pathScalarFits('number', '1e3')).toBe(false);
    expect(pathScalarFits('string', 'x')).toBe(true);
    for (const t of ['array', 'object', 'null']) expect(pathScalarFits(t, 'x'), t).toBe(false);
  });
});

const doc: OpenApiDoc = {
  openapi: '3.1.0',
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [
          { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
          { name: 'flag', in: 'query', schema: { type: 'boolean' } },
          { name: 'ids', in: 'query', style: 'form', explode: false, schema: { oneOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'object' }] } },
          { name: 'kind', in: 'query', schema: { type: ['string', 'null'] } },
        ],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
};

describe('the judge and the mock read query values with it', () => {
  const judge = createJudge({ doc, strict: true });
  const op = operations(doc)[0];
  const verdict = (pairs: [string, string][]): string =>
    judge.request(op, { pathValues: {}, query: pairs.map(([key, value]) => ({ key, value, ok: true })) }).verdict;

  it('per_page=1e1 and " 5" are integers, 1e3 and 1e400 out of bounds, 0x1A and 1.5 not integers', () => {
    expect(verdict([['per_page', '1e1']])).toBe('valid');
    expect(verdict([['per_page', ' 5']])).toBe('valid');
    expect(verdict([['per_page', '5.']])).toBe('valid');
    for (const v of ['1e3', '1e400', '0x1A', '1.5', '']) expect(verdict([['per_page', v]]), v).toBe('invalid');
    expect(verdict([['flag', 'TRUE']])).toBe('valid');
    expect(verdict([['flag', 'yes']])).toBe('invalid');
  });

  it("the mock's comma lists: 1e3 is an integer item, 0x1A is not", () => {
    const entry = { op: op.op, params: op.params };
    const check = (v: string) => checkUnionLists(doc, entry as never, new URLSearchParams({ ids: v })).invalid.get('ids')?.code;
    expect(check('4,1e3, 5')).toBeUndefined();
    expect(check('4,0x1A')).toBe('rest_invalid_type');
  });

  it('schemaTypes: sorted to compare, or in the schema order the platform names them', () => {
    const kind = doc.paths?.['/things']?.get?.parameters?.[3];
    const schema = kind && 'schema' in kind ? kind.schema : undefined;
    expect(schemaTypes(schema, doc)).toEqual(['null', 'string']);
    expect(schemaTypes(schema, doc, { order: 'schema' })).toEqual(['string', 'null']);
    expect(schemaTypes({ oneOf: [{ type: 'integer' }, { type: 'number' }] }, doc)).toEqual(['number']);
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 100; i++) at = (at.oneOf = [{}])[0] as Record<string, unknown>;
    at.type = 'string';
    expect(schemaTypes(deep, doc)).toEqual([]);
  });
});
