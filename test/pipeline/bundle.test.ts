// The bundle is a valid OpenAPI 3.1 document whose schemas compile as JSON Schema 2020-12, and every
// example in it validates against the schema it illustrates.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundle, deref, operations, ROOT, type Json } from '../support/spec.js';
import { check } from '../support/validate.js';

// CommonJS modules: their `default` export is the class / plugin under both Node and TypeScript.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

const OAS31 = join(ROOT, 'node_modules/@stoplight/spectral-rulesets/dist/oas/schemas/oas/v3.1/index.json');

describe('the bundle', () => {
  it('validates against the OpenAPI 3.1 schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const f of [
      '../../json-schema/draft-2020-12/validation.json',
      '../../json-schema/draft-2020-12/index.json',
      'meta.schema.json',
      'dialect.schema.json',
    ])
      ajv.addSchema(JSON.parse(readFileSync(join(OAS31, '..', f), 'utf8')));
    const validate = ajv.compile(JSON.parse(readFileSync(OAS31, 'utf8')));
    const ok = validate(bundle());
    expect(validate.errors?.slice(0, 5) ?? [], 'OpenAPI 3.1 schema errors').toEqual([]);
    expect(ok).toBe(true);
  });

  it('declares 3.1.0 with the 2020-12 dialect (Prism needs it to enforce 2020-12 keywords)', () => {
    expect(bundle().openapi).toBe('3.1.0');
    expect(bundle().jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('YAML and JSON bundles hold the same document', () => {
    expect(parse(readFileSync(join(ROOT, 'generated/openapi.yaml'), 'utf8'))).toEqual(bundle());
  });

  it('has a semver info.version recorded in CHANGELOG.md', () => {
    const v = bundle().info.version;
    expect(v).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## ${v}`);
  });

  it('every component schema compiles as JSON Schema 2020-12', () => {
    const failures: string[] = [];
    for (const name of Object.keys(bundle().components?.schemas ?? {})) {
      try {
        check({ $ref: `#/components/schemas/${name}` }, null);
      } catch (e) {
        failures.push(`${name}: ${(e as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

interface ExampleCase {
  where: string;
  schema: Json;
  value: unknown;
}

function mediaExamples(where: string, media: Json): ExampleCase[] {
  const out: ExampleCase[] = [];
  if (!media?.schema) return out;
  if (media.example !== undefined) out.push({ where: `${where} example`, schema: media.schema, value: media.example });
  for (const [k, ex] of Object.entries<Json>(media.examples ?? {})) {
    const e = deref(ex);
    if (e.value !== undefined) out.push({ where: `${where} examples.${k}`, schema: media.schema, value: e.value });
  }
  return out;
}

function allExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const o of operations()) {
    const at = `${o.method.toUpperCase()} ${o.path}`;
    for (const p of o.params) {
      if (p.example !== undefined && p.schema) cases.push({ where: `${at} param ${p.name}`, schema: p.schema, value: p.example });
      for (const [k, ex] of Object.entries<Json>(p.examples ?? {}))
        cases.push({ where: `${at} param ${p.name} examples.${k}`, schema: p.schema, value: deref(ex).value });
    }
    for (const [type, media] of Object.entries<Json>(deref(o.op.requestBody)?.content ?? {})) cases.push(...mediaExamples(`${at} request ${type}`, media));
    for (const [code, r] of Object.entries<Json>(o.op.responses ?? {})) {
      const res = deref(r);
      for (const [type, media] of Object.entries<Json>(res.content ?? {})) if (/json/.test(type)) cases.push(...mediaExamples(`${at} ${code} ${type}`, media));
      for (const [h, hv] of Object.entries<Json>(res.headers ?? {})) {
        const header = deref(hv);
        if (header.example !== undefined && header.schema) cases.push({ where: `${at} ${code} header ${h}`, schema: header.schema, value: header.example });
      }
    }
  }
  return cases;
}

describe('examples', () => {
  const cases = allExamples();
  it('exist', () => {
    expect(cases.length).toBeGreaterThan(0);
  });
  it('every example validates against its schema', () => {
    const bad = cases.map((c) => ({ where: c.where, errors: check(c.schema, c.value) })).filter((c) => c.errors.length > 0);
    expect(bad.slice(0, 10), `${bad.length} of ${cases.length} examples are invalid`).toEqual([]);
  });
});
