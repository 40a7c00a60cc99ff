// Validate JSON values against schemas of a bundle with Ajv (JSON Schema 2020-12, the spec's dialect).
// `strict: true` closes every object schema that lists its properties and says nothing about others
// (unevaluatedProperties: false), so an undocumented field fails. Same approach as the project's test
// helper, written here so the published CLI does not depend on test/.
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

import { deref } from './spec.mjs';

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

// Linear validation of long lists (issue 23, D118). Ajv gathers the errors of every $ref'd member by
// concatenating arrays, quadratic in their number: a list of 20,000 items that all fail took minutes.
// A list longer than SPLIT (at the top of the body, or a property of an object body, as the
// calendar's `{events: [...]}`) is validated item by item instead: its array keywords on their own,
// then each item against the items schema, keeping the first errors and counting the rest.
const SPLIT = 200;
const ANNOTATIONS = new Set(['$ref', 'description', 'title', 'summary', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
const COMBINERS = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'prefixItems', 'contains', 'unevaluatedItems', 'dependentSchemas', '$dynamicRef', 'patternProperties'];

/** The schema behind `node` when following its $refs loses nothing (no sibling keywords), else null. */
function plainSchema(node, doc) {
  let n = node;
  for (let i = 0; i < 20 && n && typeof n === 'object' && typeof n.$ref === 'string'; i++) {
    if (Object.keys(n).some((k) => !ANNOTATIONS.has(k))) return null;
    try { n = deref({ $ref: n.$ref }, doc); } catch { return null; }
  }
  if (!n || typeof n !== 'object' || Array.isArray(n) || typeof n.$ref === 'string') return null;
  return COMBINERS.some((k) => k in n) ? null : n;
}

/**
 * Validate `value` against `schema` in time linear in the number of items of its long lists.
 * `run(schema, value)` validates with Ajv (errors), `prefix(error, pointer)` moves an error under a
 * pointer, `pointerOf(error)` is its JSON pointer, `outerOf(s)` is `s` without its `items` (memoised by the caller). Returns
 * {errors: the first `max`, total, items: {checked, invalid}} (items only when a list was split).
 */
function linearCheck(doc, schema, value, { run, prefix, pointerOf, outerOf, max }, depth = 0) {
  const out = { errors: [], total: 0, items: undefined };
  const add = (errs, ptr = '') => {
    out.total += errs.length;
    for (const e of errs) if (out.errors.length < max) out.errors.push(ptr ? prefix(e, ptr) : e);
  };
  const merge = (r, ptr) => {
    out.total += r.total;
    for (const e of r.errors) if (out.errors.length < max) out.errors.push(prefix(e, ptr));
    if (r.items) out.items = { checked: (out.items?.checked ?? 0) + r.items.checked, invalid: (out.items?.invalid ?? 0) + r.items.invalid };
  };
  const s = depth < 6 ? plainSchema(schema, doc) : null;
  if (s && Array.isArray(value) && value.length > SPLIT && s.items && typeof s.items === 'object') {
    add(run(outerOf(s), value));
    out.items = { checked: 0, invalid: 0 };
    for (let i = 0; i < value.length; i++) {
      const r = linearCheck(doc, s.items, value[i], { run, prefix, pointerOf, outerOf, max: Math.max(0, max - out.errors.length) }, depth + 1);
      out.items.checked++;
      if (r.total) out.items.invalid++;
      merge({ ...r, items: undefined }, `/${i}`);
    }
    return out;
  }
  const big = s && value && typeof value === 'object' && !Array.isArray(value) && s.properties && typeof s.properties === 'object'
    ? Object.keys(s.properties).filter((k) => Object.hasOwn(value, k) && Array.isArray(value[k]) && value[k].length > SPLIT) : [];
  if (big.length) {
    const shallow = { ...value };
    for (const k of big) shallow[k] = [];
    const seg = (k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`;
    // The object with its long lists emptied; errors about those emptied lists are not real ones.
    add(run(schema, shallow).filter((e) => !big.some((k) => `${pointerOf(e)}/`.startsWith(`${seg(k)}/`))));
    for (const k of big) merge(linearCheck(doc, s.properties[k], value[k], { run, prefix, pointerOf, outerOf, max: Math.max(0, max - out.errors.length) }, depth + 1), seg(k));
    return out;
  }
  add(run(schema, value));
  return out;
}

/** The errors listed per check; the others are counted. */
const MAX_ERRORS = 20;

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
  const keys = new WeakMap();
  const outers = new WeakMap();
  function runOnce(schema, value, strict, allErrors) {
    const sch = schema ?? {};
    let text = typeof sch === 'object' ? keys.get(sch) : undefined;
    if (text === undefined) { text = JSON.stringify(sch); if (typeof sch === 'object') keys.set(sch, text); }
    const key = `${strict}:${allErrors}:${text}`;
    let fn = compiled.get(key);
    if (!fn) {
      const node = rewriteRefs(sch);
      if (strict) closeObjects(node);
      fn = ajvFor(strict, allErrors).compile(node);
      compiled.set(key, fn);
    }
    if (fn(value)) return [];
    return (fn.errors ?? []).slice(0, MAX_ERRORS).map((e) => {
      const extra = e.params?.unevaluatedProperty ?? e.params?.additionalProperty;
      return `${e.instancePath || '/'} ${e.message}${extra ? `: ${extra}` : ''}${e.params?.allowedValues ? ` (${JSON.stringify(e.params.allowedValues)})` : ''}`;
    });
  }
  const outerOf = (s) => { let o = outers.get(s); if (!o) { o = { ...s, items: true }; outers.set(s, o); } return o; };
  function check(schema, value, { strict = false, allErrors = true } = {}) {
    if (!allErrors) return runOnce(schema, value, strict, false);
    const r = linearCheck(doc, schema, value, {
      run: (sch, v) => runOnce(sch, v, strict, true),
      prefix: (e, p) => (e.startsWith('/ ') ? `${p}${e.slice(1)}` : `${p}${e}`),
      pointerOf: (e) => (e.startsWith('/ ') ? '' : e.split(' ', 1)[0]),
      outerOf, max: MAX_ERRORS,
    });
    if (r.total > r.errors.length) r.errors.push(`… ${r.total - r.errors.length} more errors${r.items ? ` (${r.items.invalid} of ${r.items.checked} list items invalid)` : ''}`);
    return r.errors;
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
  const outers = new WeakMap();
  const outerOf = (s) => { let o = outers.get(s); if (!o) { o = { ...s, items: true }; outers.set(s, o); } return o; };
  /** Linear in the items of long lists (see linearCheck): the first `maxErrors` problems, then a count. */
  function check(schema, value, { strict = false } = {}) {
    const r = linearCheck(doc, schema, value, { run: (sch, v) => checkOnce(sch, v, strict), prefix: (e, p) => ({ ...e, pointer: `${p}${e.pointer}` }), pointerOf: (e) => e.pointer, outerOf, max: maxErrors });
    if (r.total > r.errors.length) r.errors.push({ pointer: '', message: `… ${r.total - r.errors.length} more problems${r.items ? ` (${r.items.invalid} of ${r.items.checked} list items invalid)` : ''}`, keyword: 'count' });
    return r.errors;
  }
  function checkOnce(schema, value, strict) {
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
