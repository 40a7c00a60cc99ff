// The core's OpenAPI model (core/openapi.ts) is types only: these are compile-time assertions, checked
// by `npm run typecheck` (test/pipeline/typecheck.test.ts type-checks test/), and at run time a real
// bundle read through them. `deref` keeps the node's type, and a member the model does not list (an
// `x-` extension) is `unknown` until checked.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MaybeRef, OpenApiDoc, OperationObject, ParameterObject, Ref, Schema } from '../../core/openapi.ts';
import { bundle, deref, operations } from '../../core/spec.ts';

describe('core/openapi.ts', () => {
  it('deref gives the type without the reference; unknown stays unknown', () => {
    expectTypeOf(deref({} as MaybeRef<Schema>, {})).toEqualTypeOf<Schema>();
    expectTypeOf(deref({} as MaybeRef<ParameterObject>, {})).toEqualTypeOf<ParameterObject>();
    expectTypeOf(deref({} as unknown, {})).toBeUnknown();
    expectTypeOf<Ref>().toHaveProperty('$ref');
  });

  it('an extension member is unknown until checked', () => {
    expectTypeOf<OperationObject['x-allow-batch']>().toBeUnknown();
    expectTypeOf<Schema['x-contexts']>().toBeUnknown();
  });

  it("the package's bundle reads through the model", () => {
    const doc: OpenApiDoc = bundle();
    expect(doc.openapi).toBe('3.1.0');
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(200);
    const withParams = ops.find((o) => o.params.length)!;
    expect(typeof withParams.params[0].name).toBe('string');
    expect(['query', 'path', 'header', 'cookie']).toContain(withParams.params[0].in);
  });
});
