// The one strict validator: JSON values against schemas of a bundle with Ajv (JSON Schema 2020-12,
// the spec's dialect). `strict: true` closes every object schema that lists its properties and says
// nothing about others (unevaluatedProperties: false), so an undocumented field fails, as
// wp-json-schemas does against a real site. Problems carry JSON pointers: an undocumented field or a
// missing required one is reported at its own pointer.
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isObject, type JsonObject } from './json.js';
import { deref, escapePointer, type Schema } from './spec.js';

// CommonJS modules: their `default` export is the class / plugin under both Node and TypeScript.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
const BASE = 'https://spec.invalid/openapi.json';

/** One problem of a value: where (a JSON pointer into the value), what, and Ajv's keyword. */
export interface Problem {
  pointer: string;
  message: string;
  keyword: string;
}

export interface CheckOptions {
  /** Close object schemas (an undocumented field fails). */
  strict?: boolean;
  /**
   * false: stop at the first error. Ajv gathers the errors of every $ref'd member by concatenating
   * arrays, quadratic in their number, so a huge invalid body must not be checked with all errors.
   */
  allErrors?: boolean;
}

function rewriteRefs<T>(node: T): T {
  return JSON.parse(JSON.stringify(node ?? {}).replace(/"\$ref":"#\//g, `"$ref":"${BASE}#/`));
}

const NOT_SCHEMAS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/**
 * The components a schema extends through `allOf: [{$ref}, …]` (the add-ons' envelopes, D190): such
 * a base is closed where it is used, never by itself, or its own `unevaluatedProperties: false` would
 * refuse the members its variants add.
 */
export function allOfBases(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => allOfBases(n, found));
  else if (isObject(node)) {
    if (Array.isArray(node.allOf)) for (const m of node.allOf) if (isObject(m) && typeof m.$ref === 'string') found.add(m.$ref.slice(m.$ref.indexOf('#')));
    for (const [k, v] of Object.entries(node)) if (!NOT_SCHEMAS.has(k)) allOfBases(v, found);
  }
  return found;
}

/**
 * Close object schemas that list properties and are silent about others (not allOf members). An
 * allOf closes itself when a member lists properties or is a `$ref` (to a base, which stays open
 * itself); a plain `$ref` to a base elsewhere is closed at that place.
 */
export function closeObjects(node: unknown, isAllOfMember = false, bases: ReadonlySet<string> = new Set()): void {
  if (Array.isArray(node)) {
    node.forEach((n) => closeObjects(n, false, bases));
    return;
  }
  if (!isObject(node)) return;
  const open = 'additionalProperties' in node || 'unevaluatedProperties' in node;
  if (!isAllOfMember && !open && typeof node.$ref === 'string' && bases.has(node.$ref.slice(node.$ref.indexOf('#')))) {
    node.allOf = [{ $ref: node.$ref }];
    delete node.$ref;
    node.unevaluatedProperties = false;
    return;
  }
  if (node.properties && typeof node.properties === 'object' && !open && !isAllOfMember && !node.allOf) node.unevaluatedProperties = false;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && isObject(v)) {
      for (const p of Object.values(v)) closeObjects(p, false, bases);
      continue;
    }
    if (k === 'allOf' && Array.isArray(v)) {
      v.forEach((m) => closeObjects(m, true, bases));
      if (!open && !isAllOfMember && v.some((m) => isObject(m) && (m.properties || typeof m.$ref === 'string'))) node.unevaluatedProperties = false;
      continue;
    }
    if (NOT_SCHEMAS.has(k)) continue;
    closeObjects(v, false, bases);
  }
}

/** Close a bundle's schema components: a base of an `allOf` is left open at its top (see above). */
function closeComponents(components: JsonObject): void {
  const bases = allOfBases(components);
  for (const [kind, group] of Object.entries(components)) {
    if (!isObject(group)) continue;
    for (const [name, node] of Object.entries(group)) closeObjects(node, kind === 'schemas' && bases.has(`#/components/schemas/${name}`), bases);
  }
}

// Linear validation of long lists (issue 23, D118). A list longer than SPLIT (at the top of the
// value, or a property of an object value, as the calendar's `{events: [...]}`) is validated item by
// item: its array keywords on their own, then each item, keeping the first problems and counting the rest.
const SPLIT = 200;
const ANNOTATIONS = new Set(['$ref', 'description', 'title', 'summary', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
const COMBINERS = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'prefixItems',
  'contains',
  'unevaluatedItems',
  'dependentSchemas',
  '$dynamicRef',
  'patternProperties',
];

/** The schema behind `node` when following its $refs loses nothing (no sibling keywords), else null. */
function plainSchema(node: Schema, doc: unknown): Schema | null {
  let n: unknown = node;
  for (let i = 0; i < 20 && isObject(n) && typeof n.$ref === 'string'; i++) {
    if (Object.keys(n).some((k) => !ANNOTATIONS.has(k))) return null;
    try {
      n = deref<unknown>({ $ref: n.$ref }, doc);
    } catch {
      return null;
    }
  }
  if (!isObject(n) || typeof n.$ref === 'string') return null;
  const plain = n;
  // A schema position of the bundle, no reference left: a schema.
  return COMBINERS.some((k) => k in plain) ? null : (plain as Schema);
}

interface Tally {
  problems: Problem[];
  total: number;
  items?: { checked: number; invalid: number };
}
type Run = (schema: Schema, value: unknown) => Problem[];

function linearCheck(doc: unknown, schema: Schema, value: unknown, run: Run, outerOf: (s: Schema) => Schema, max: number, depth = 0): Tally {
  const out: Tally = { problems: [], total: 0 };
  const add = (ps: Problem[], at = ''): void => {
    out.total += ps.length;
    for (const p of ps) if (out.problems.length < max) out.problems.push(at ? { ...p, pointer: `${at}${p.pointer}` } : p);
  };
  const merge = (r: Tally, at: string): void => {
    out.total += r.total;
    for (const p of r.problems) if (out.problems.length < max) out.problems.push({ ...p, pointer: `${at}${p.pointer}` });
    if (r.items) out.items = { checked: (out.items?.checked ?? 0) + r.items.checked, invalid: (out.items?.invalid ?? 0) + r.items.invalid };
  };
  const s = depth < 6 ? plainSchema(schema, doc) : null;
  if (s && Array.isArray(value) && value.length > SPLIT && s.items && typeof s.items === 'object') {
    add(run(outerOf(s), value));
    const items = { checked: 0, invalid: 0 };
    for (let i = 0; i < value.length; i++) {
      const r = linearCheck(doc, s.items, value[i], run, outerOf, Math.max(0, max - out.problems.length), depth + 1);
      items.checked++;
      if (r.total) items.invalid++;
      merge({ ...r, items: undefined }, `/${i}`);
    }
    out.items = items;
    return out;
  }
  const obj = isObject(value) ? value : undefined;
  const props = s && isObject(s.properties) ? s.properties : undefined;
  const big =
    obj && props
      ? Object.keys(props).filter((k) => {
          const list = Object.hasOwn(obj, k) ? obj[k] : undefined;
          return Array.isArray(list) && list.length > SPLIT;
        })
      : [];
  if (obj && props && big.length) {
    const shallow: JsonObject = { ...obj };
    for (const k of big) shallow[k] = [];
    // The object with its long lists emptied; problems about those emptied lists are not real ones.
    add(run(schema, shallow).filter((p) => !big.some((k) => `${p.pointer}/`.startsWith(`/${escapePointer(k)}/`))));
    for (const k of big) merge(linearCheck(doc, props[k], obj[k], run, outerOf, Math.max(0, max - out.problems.length), depth + 1), `/${escapePointer(k)}`);
    return out;
  }
  add(run(schema, value));
  return out;
}

/** Ajv's errors as problems at their own pointers, without repeats. */
function problemsOf(errors: ErrorObject[], max: number): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let pointer = e.instancePath || '';
    let message = e.message ?? 'is invalid';
    const params: Record<string, unknown> = e.params;
    const extra = params?.unevaluatedProperty ?? params?.additionalProperty;
    if (extra !== undefined) {
      pointer += `/${escapePointer(String(extra))}`;
      message = 'is not documented (an undocumented field)';
    } else if (e.keyword === 'required') {
      pointer += `/${escapePointer(String(params.missingProperty))}`;
      message = 'is required but missing';
    } else if (params?.allowedValues) message += ` (${JSON.stringify(params.allowedValues).slice(0, 200)})`;
    const k = `${pointer} ${message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ pointer, message, keyword: e.keyword });
    if (out.length >= max) break;
  }
  return out;
}

/** A problem as one line: `/id must be integer`. */
export const problemText = (p: Problem): string => `${p.pointer || '/'} ${p.message}`;

export interface Validator {
  /** The problems of `value` against a schema node of the bundle (empty when valid), the first `maxErrors` then a count. */
  check(schema: Schema | undefined, value: unknown, opts?: CheckOptions): Problem[];
  /** The same, as lines (`/id must be integer`). */
  messages(schema: Schema | undefined, value: unknown, opts?: CheckOptions): string[];
}

/**
 * A validator bound to one bundle. Compiled functions are cached per schema (by its text, memoised
 * per node), so validating thousands of bodies against one schema compiles it once.
 */
export function createValidator(doc: { components?: object } | undefined, { maxErrors = 20 } = {}): Validator {
  const instances = new Map<string, InstanceType<typeof Ajv2020>>();
  let bases: ReadonlySet<string> | undefined;
  const basesOf = (): ReadonlySet<string> => (bases ??= allOfBases(doc?.components ?? {}));
  const compiled = new Map<string, ValidateFunction>();
  const texts = new WeakMap<object, string>();
  const outers = new WeakMap<object, Schema>();
  const ajvFor = (strict: boolean, allErrors: boolean): InstanceType<typeof Ajv2020> => {
    const k = `${strict}:${allErrors}`;
    let ajv = instances.get(k);
    if (!ajv) {
      const copy = rewriteRefs({ components: doc?.components ?? {} });
      if (strict) closeComponents(copy.components as JsonObject);
      ajv = new Ajv2020({ strict: false, allErrors, allowUnionTypes: true, validateFormats: true });
      addFormats(ajv);
      ajv.addSchema({ $id: BASE, components: copy.components });
      instances.set(k, ajv);
    }
    return ajv;
  };
  const compile = (schema: Schema | undefined, strict: boolean, allErrors: boolean): ValidateFunction => {
    const sch: Schema = schema ?? {};
    let text = typeof sch === 'object' ? texts.get(sch) : undefined;
    if (text === undefined) {
      text = JSON.stringify(sch);
      if (typeof sch === 'object') texts.set(sch, text);
    }
    const key = `${strict}:${allErrors}:${text}`;
    let fn = compiled.get(key);
    if (!fn) {
      const node = rewriteRefs(sch);
      if (strict) closeObjects(node, false, basesOf());
      fn = ajvFor(strict, allErrors).compile(node);
      compiled.set(key, fn);
    }
    return fn;
  };
  const runOnce = (schema: Schema, value: unknown, strict: boolean, allErrors: boolean): Problem[] => {
    const fn = compile(schema, strict, allErrors);
    return fn(value) ? [] : problemsOf(fn.errors ?? [], maxErrors);
  };
  const outerOf = (s: Schema): Schema => {
    // The list's own keywords, its items accepted as they are (`{}`, the schema `true`): they are checked one by one.
    let o = outers.get(s);
    if (!o) {
      o = { ...s, items: {} };
      outers.set(s, o);
    }
    return o;
  };
  function check(node: Schema | undefined, value: unknown, { strict = false, allErrors = true }: CheckOptions = {}): Problem[] {
    // No schema accepts anything (the schema `{}`).
    const schema = node ?? {};
    if (!allErrors) return runOnce(schema, value, strict, false);
    const r = linearCheck(doc, schema, value, (sch, v) => runOnce(sch, v, strict, true), outerOf, maxErrors);
    if (r.total > r.problems.length) {
      const list = r.items ? ` (${r.items.invalid} of ${r.items.checked} list items invalid)` : '';
      r.problems.push({ pointer: '', message: `… ${r.total - r.problems.length} more problems${list}`, keyword: 'count' });
    }
    return r.problems;
  }
  return { check, messages: (schema, value, opts) => check(schema, value, opts).map(problemText) };
}
