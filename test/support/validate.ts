// Validate JSON values against schemas of the bundle with Ajv (JSON Schema 2020-12, as the spec's
// jsonSchemaDialect says). `strict: true` closes every object schema that states its properties and
// says nothing about others (unevaluatedProperties: false), so an undocumented field fails, as
// wp-json-schemas does against a real site.
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { bundle, type Json } from './spec.js';

// CommonJS modules: their `default` export is the class / plugin under both Node and TypeScript.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

const BASE = 'https://spec.invalid/openapi.json';

function rewriteRefs(node: Json): Json {
  return JSON.parse(JSON.stringify(node).replace(/"\$ref":"#\//g, `"$ref":"${BASE}#/`));
}

/** Close object schemas that list properties and are silent about others (not allOf members). */
function closeObjects(node: Json, isAllOfMember = false): void {
  if (Array.isArray(node)) { node.forEach((n) => closeObjects(n)); return; }
  if (!node || typeof node !== 'object') return;
  const open = 'additionalProperties' in node || 'unevaluatedProperties' in node;
  if (node.properties && typeof node.properties === 'object' && !open && !isAllOfMember && !node.allOf) node.unevaluatedProperties = false;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && v && typeof v === 'object') { for (const p of Object.values(v as object)) closeObjects(p); continue; }
    if (k === 'allOf' && Array.isArray(v)) { v.forEach((m) => closeObjects(m, true)); if (!open && node.allOf.some((m: Json) => m.properties)) node.unevaluatedProperties = false; continue; }
    if (k === 'example' || k === 'examples' || k === 'default' || k === 'enum' || k === 'const') continue;
    closeObjects(v);
  }
}

function makeAjv(strict: boolean) {
  const doc = rewriteRefs(bundle());
  if (strict) closeObjects(doc.components);
  const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: BASE, components: doc.components });
  return ajv;
}

const instances = new Map<boolean, ReturnType<typeof makeAjv>>();
const compiled = new Map<string, ValidateFunction>();

/** A validator for a schema node taken from the bundle (it may hold `#/components/...` refs). */
export function validator(schema: Json, { strict = false } = {}): ValidateFunction {
  const key = `${strict}:${JSON.stringify(schema)}`;
  let fn = compiled.get(key);
  if (!fn) {
    let ajv = instances.get(strict);
    if (!ajv) { ajv = makeAjv(strict); instances.set(strict, ajv); }
    const node = rewriteRefs(schema);
    if (strict) closeObjects(node);
    const made = ajv.compile(node);
    compiled.set(key, made);
    return made;
  }
  return fn;
}

/** Validate and return a readable list of errors (empty when valid). */
export function check(schema: Json, value: unknown, opts: { strict?: boolean } = {}): string[] {
  const fn = validator(schema, opts);
  if (fn(value)) return [];
  return (fn.errors ?? []).slice(0, 20).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'unevaluatedProperty' in e.params ? `: ${(e.params as Json).unevaluatedProperty}` : ''}${e.params && 'additionalProperty' in e.params ? `: ${(e.params as Json).additionalProperty}` : ''}`);
}
