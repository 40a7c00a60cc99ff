// The one strict validator (core/validate.ts): JSON Schema 2020-12 against a bundle's components,
// problems at JSON pointers, `strict` closing objects that list their properties, the first error only
// when asked, and long lists checked item by item (linear, the first errors kept and the rest counted).
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../core/openapi.ts';
import { createValidator } from '../../core/validate.ts';

const DOC = {
  components: {
    schemas: {
      Item: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, title: { type: 'string' } } },
      List: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
    },
  },
};
const ITEM: Schema = { $ref: '#/components/schemas/Item' };
const LIST: Schema = { $ref: '#/components/schemas/List' };

describe('core/validate.ts', () => {
  const v = createValidator(DOC);

  it('accepts a valid value and names each problem by its pointer', () => {
    expect(v.check(ITEM, { id: 1, title: 't' })).toEqual([]);
    expect(v.messages(ITEM, { id: 'x' })).toEqual(['/id must be integer']);
    expect(v.check(ITEM, {}).map((p) => p.keyword)).toEqual(['required']);
  });

  it('is open by default and closed in strict mode (an undocumented field fails)', () => {
    expect(v.check(ITEM, { id: 1, extra: true })).toEqual([]);
    expect(v.messages(ITEM, { id: 1, extra: true }, { strict: true }).join('\n')).toMatch(/extra/);
  });

  it('closes an allOf base where it is used, not by itself: a variant keeps its own members, a direct use stays strict (D192)', () => {
    const doc = {
      components: {
        schemas: {
          Base: { type: 'object', required: ['success'], properties: { success: { type: 'boolean' } } },
          Variant: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { message: { type: 'string' } } }] },
          Deeper: { allOf: [{ $ref: '#/components/schemas/Variant' }, { type: 'object', properties: { data: { type: 'array' } } }] },
        },
      },
    };
    const w = createValidator(doc);
    const ref = (n: string): Schema => ({ $ref: `#/components/schemas/${n}` });
    expect(w.check(ref('Variant'), { success: true, message: 'm' }, { strict: true })).toEqual([]);
    expect(w.check(ref('Deeper'), { success: true, message: 'm', data: [] }, { strict: true })).toEqual([]);
    expect(w.messages(ref('Variant'), { success: true, extra: 1 }, { strict: true }).join('\n')).toMatch(/extra/);
    expect(w.messages(ref('Deeper'), { success: true, extra: 1 }, { strict: true }).join('\n')).toMatch(/extra/);
    expect(w.messages(ref('Base'), { success: true, message: 'm' }, { strict: true }).join('\n')).toMatch(/message/);
    expect(w.check({ type: 'object', properties: { inner: ref('Base') } }, { inner: { success: true, extra: 1 } }, { strict: true })).not.toEqual([]);
  });

  it('stops at the first error when asked (a huge invalid body)', () => {
    expect(v.check(ITEM, { id: 'x', title: 5 })).toHaveLength(2);
    expect(v.check(ITEM, { id: 'x', title: 5 }, { allErrors: false })).toHaveLength(1);
  });

  it('checks a long list item by item: the first errors with their index, then a count', () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ id: i % 2 ? 'bad' : i }));
    const problems = v.check(LIST, items);
    expect(problems).toHaveLength(21);
    expect(problems[0].pointer).toBe('/1/id');
    expect(problems[20].message).toMatch(/^… \d+ more problems \(2500 of 5000 list items invalid\)$/);
  });

  it('keeps at most maxErrors problems', () => {
    const small = createValidator(DOC, { maxErrors: 2 });
    expect(small.check(LIST, [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]).length).toBeLessThanOrEqual(3);
  });
});
