// scripts/types-split.ts on small inputs: the split of openapi-typescript's output, and the types read
// off `operations`, including the inputs it must refuse rather than write a wrong file.
import { describe, expect, it } from 'vitest';
import { operationTypes, REEXPORT, splitTypes } from '../../scripts/types-split.ts';

const H = '// header\n';
const SRC = `${H}/** banner */
export interface paths {
    "/a": { get: operations["getA"] };
}
export interface components {
    schemas: { A: { id: number } };
    responses: { Bad: { content: { "application/json": components["schemas"]["A"] } } };
}
export interface operations {
    getA: {
        parameters: {
            query?: {
                /** @description Page. */
                page?: number;
            };
            path?: never;
        };
        requestBody?: { content: { "application/json": { x: string } } };
        responses: { 200: { content: { "application/json": components["schemas"]["A"] } }; 400: components["responses"]["Bad"] };
    };
}
`;

describe('splitTypes', () => {
  it('moves components out, re-exports them, and says when the text is split already', () => {
    const split = splitTypes(SRC, H)!;
    expect(split.components.startsWith(H)).toBe(true);
    expect(split.components).toContain('export interface components {');
    expect(split.types).not.toContain('export interface components');
    expect(split.types).toContain(REEXPORT);
    expect(split.types).toContain('export interface operations');
    expect(splitTypes(split.types, H)).toBeUndefined();
  });

  it('refuses components that refer to a declaration staying in types.ts, and a file without components', () => {
    expect(() => splitTypes(SRC.replace('id: number', 'id: operations["getA"]'), H)).toThrow(/components refers to operations/);
    expect(() => splitTypes(`${H}export interface paths {}\n`, H)).toThrow(/declares no `components`/);
  });
});

describe('operationTypes', () => {
  const { at } = operationTypes(SRC);

  it('writes out the type an index path reaches, comments kept', () => {
    const params = at('getA', ['parameters']);
    expect(params).toContain('page?: number;');
    expect(params).toContain('@description Page.');
  });

  it('adds undefined for an optional last property, and never for a `never` one', () => {
    expect(at('getA', ['parameters', 'query'])).toMatch(/\) \| undefined$/);
    expect(at('getA', ['parameters', 'path'])).toBe('undefined');
    expect(at('getA', ['requestBody', 'content', 'application/json'])).toBe('{ x: string }');
  });

  it('continues a path through a reference with indexes', () => {
    expect(at('getA', ['responses', 400, 'content'])).toBe('components["responses"]["Bad"]["content"]');
  });

  it('refuses an unknown operation or path, and a type that names operations', () => {
    expect(() => at('nope', ['parameters'])).toThrow(/operations has no nope/);
    expect(() => at('getA', ['responses', 404])).toThrow(/does not exist/);
    const other = operationTypes(SRC.replace('400: components["responses"]["Bad"]', '400: operations["getA"]["responses"][200]'));
    expect(() => other.at('getA', ['responses', 400])).toThrow(/outside components/);
  });
});
