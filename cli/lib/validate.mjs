// Validate JSON values against schemas of a bundle with Ajv (JSON Schema 2020-12, the spec's dialect).
// `strict: true` closes every object schema that lists its properties and says nothing about others
// (unevaluatedProperties: false), so an undocumented field fails. Same approach as the project's test
// helper, written here so the published CLI does not depend on test/.
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;
const BASE = 'https://spec.invalid/openapi.json';

function rewriteRefs(node) {
  return JSON.parse(JSON.stringify(node).replace(/"\$ref":"#\//g, `"$ref":"${BASE}#/`));
}

/** Close object schemas that list properties and are silent about others (not allOf members). */
function closeObjects(node, isAllOfMember = false) {
  if (Array.isArray(node)) { node.forEach((n) => closeObjects(n)); return; }
  if (!node || typeof node !== 'object') return;
  const open = 'additionalProperties' in node || 'unevaluatedProperties' in node;
  if (node.properties && typeof node.properties === 'object' && !open && !isAllOfMember && !node.allOf) node.unevaluatedProperties = false;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && v && typeof v === 'object') { for (const p of Object.values(v)) closeObjects(p); continue; }
    if (k === 'allOf' && Array.isArray(v)) {
      v.forEach((m) => closeObjects(m, true));
      if (!open && node.allOf.some((m) => m && m.properties)) node.unevaluatedProperties = false;
      continue;
    }
    if (k === 'example' || k === 'examples' || k === 'default' || k === 'enum' || k === 'const') continue;
    closeObjects(v);
  }
}

/** A validator factory bound to one bundle. */
export function createValidator(doc) {
  const instances = new Map();
  const compiled = new Map();
  const ajvFor = (strict, allErrors) => {
    const k = `${strict}:${allErrors}`;
    let ajv = instances.get(k);
    if (!ajv) {
      const copy = rewriteRefs({ components: doc.components ?? {} });
      if (strict) closeObjects(copy.components);
      ajv = new Ajv2020({ strict: false, allErrors, allowUnionTypes: true, validateFormats: true });
      addFormats(ajv);
      ajv.addSchema({ $id: BASE, components: copy.components });
      instances.set(k, ajv);
    }
    return ajv;
  };
  /**
   * Validate `value` against a schema node of the bundle; returns readable errors (empty when valid).
   * `allErrors: false` stops at the first error: Ajv gathers the errors of every $ref'd member by
   * concatenating arrays, quadratic in their number, so a huge invalid body (an index of 200,000
   * routes) must not be validated with every error collected.
   */
  function check(schema, value, { strict = false, allErrors = true } = {}) {
    const key = `${strict}:${allErrors}:${JSON.stringify(schema)}`;
    let fn = compiled.get(key);
    if (!fn) {
      const node = rewriteRefs(schema ?? {});
      if (strict) closeObjects(node);
      fn = ajvFor(strict, allErrors).compile(node);
      compiled.set(key, fn);
    }
    if (fn(value)) return [];
    return (fn.errors ?? []).slice(0, 20).map((e) => {
      const extra = e.params?.unevaluatedProperty ?? e.params?.additionalProperty;
      return `${e.instancePath || '/'} ${e.message}${extra ? `: ${extra}` : ''}${e.params?.allowedValues ? ` (${JSON.stringify(e.params.allowedValues)})` : ''}`;
    });
  }
  return { check };
}

/**
 * A validator bound to one bundle whose errors carry JSON pointers: `check(schema, value, {strict})`
 * returns `[{ pointer, message }]` (empty when valid). Compiled functions are cached per schema node
 * (by identity), so validating thousands of recorded bodies against one schema compiles it once.
 * An undocumented field (strict) or a missing required one is reported at its own pointer.
 */
export function createPointerValidator(doc, { maxErrors = 20 } = {}) {
  const ajvs = new Map();
  const cache = { true: new WeakMap(), false: new WeakMap() };
  const ajvFor = (strict) => {
    let ajv = ajvs.get(strict);
    if (!ajv) {
      const copy = rewriteRefs({ components: doc.components ?? {} });
      if (strict) closeObjects(copy.components);
      ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true, validateFormats: true });
      addFormats(ajv);
      ajv.addSchema({ $id: BASE, components: copy.components });
      ajvs.set(strict, ajv);
    }
    return ajv;
  };
  const seg = (s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
  function check(schema, value, { strict = false } = {}) {
    const key = schema && typeof schema === 'object' ? schema : {};
    const byNode = cache[Boolean(strict)];
    let fn = byNode.get(key);
    if (!fn) {
      const node = rewriteRefs(key);
      if (strict) closeObjects(node);
      fn = ajvFor(Boolean(strict)).compile(node);
      byNode.set(key, fn);
    }
    if (fn(value)) return [];
    const out = [];
    const seen = new Set();
    for (const e of fn.errors ?? []) {
      let pointer = e.instancePath || '';
      let message = e.message ?? 'is invalid';
      const extra = e.params?.unevaluatedProperty ?? e.params?.additionalProperty;
      if (extra !== undefined) { pointer += `/${seg(extra)}`; message = 'is not documented (an undocumented field)'; }
      else if (e.keyword === 'required') { pointer += `/${seg(e.params.missingProperty)}`; message = 'is required but missing'; }
      else if (e.params?.allowedValues) message += ` (${JSON.stringify(e.params.allowedValues).slice(0, 200)})`;
      const k = `${pointer} ${message}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ pointer: pointer || '', message, keyword: e.keyword });
      if (out.length >= maxErrors) break;
    }
    return out;
  }
  return { check };
}
