// @ts-check
// Redocly preprocessor `festival/record-contexts`: a core record (Post, Page, Attachment, MenuItem,
// Revision) is written once, with the contexts of each property marked as WordPress marks them, and
// its `view`, `edit` and `embed` schemas (and the embed examples) are produced from it.
//
// The record (e.g. openapi/components/schemas/Post.yaml) is the view schema's file. Every property
// carries `x-contexts` (a subset of view, edit, embed); a property whose schema differs in a context
// carries `x-context-override: {edit: {...}}` (keys laid over the property's own in that context).
// `required` lists every property required in the contexts that have it, in property order.
//   - The record itself becomes the view: the properties with `view`, markers dropped.
//   - A context file (e.g. PostEdit.yaml) says only which record and context it is, and its own
//     title and description; it may add properties of its own (placed before `_links`) and
//     `required` names (appended):
//       title: PostEdit
//       description: ...
//       x-context-of: {record: Post.yaml, context: edit}
//   - An embed example (e.g. PostEmbedExample.yaml) names the view example it projects:
//       summary: A post (embed context)
//       x-context-of: {example: PostExample.yaml, record: ../schemas/Post.yaml, context: embed}
//     Its value is the example's value (each item, for a list) with only the context's top-level
//     properties, in the example's order: what the mock answers for `context=embed`.
// The record's map of writable fields (`x-write`, ./write-bodies.js) is in no context: every
// projection leaves it out.
// The markers never reach the bundle. A preprocessor (not a decorator) does this because the
// produced schemas hold `$ref`s the record's file names: Redocly resolves the references again
// after its preprocessors, so the bundle names and orders the components as if the files had been
// written out by hand. Problems (an unknown context, an unmarked property, a missing file) are
// reported by Redocly with the file's location, and the lint and the bundle fail.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { WRITE } from './write-bodies.js';

/**
 * @typedef {Record<string, any>} Node a parsed YAML map (a schema, a property, an example)
 * @typedef {{ location: { source: { absoluteRef: string } }, report: (p: { message: string, location: unknown }) => void }} Ctx the part of Redocly's visitor context used here
 */

export const CONTEXTS = ['view', 'edit', 'embed'];
export const MARK = 'x-contexts';
export const OVERRIDE = 'x-context-override';
export const OF = 'x-context-of';
const HYPERMEDIA = ['_links', '_embedded'];

/** @type {(v: unknown) => v is Node} */
const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Whether a schema is a record: an object schema whose properties carry `x-contexts`.
 * @param {unknown} schema @returns {schema is Node}
 */
export function isRecord(schema) {
  return isMap(schema) && isMap(schema.properties) && Object.values(schema.properties).some((p) => isMap(p) && MARK in p);
}

/** @param {unknown} context @param {string} where */
function checkContext(context, where) {
  if (typeof context !== 'string' || !CONTEXTS.includes(context))
    throw new Error(`${where}: unknown context ${JSON.stringify(context)} (only ${CONTEXTS.join(', ')})`);
}

/**
 * The contexts of one property of a record; throws on a missing or malformed marker.
 * @param {string} name @param {unknown} prop @returns {string[]}
 */
function contextsOf(name, prop) {
  const list = isMap(prop) ? prop[MARK] : undefined;
  if (!isMap(prop) || !Array.isArray(list) || !list.length)
    throw new Error(`property ${name}: every property of a record needs ${MARK} (a list of ${CONTEXTS.join(', ')})`);
  for (const c of list) checkContext(c, `property ${name}`);
  const over = prop[OVERRIDE] ?? {};
  if (!isMap(over)) throw new Error(`property ${name}: ${OVERRIDE} must map a context to the keys it changes`);
  for (const [c, keys] of Object.entries(over)) {
    checkContext(c, `property ${name} ${OVERRIDE}`);
    if (!list.includes(c)) throw new Error(`property ${name}: ${OVERRIDE} names ${c}, which is not in its ${MARK}`);
    if (!isMap(keys)) throw new Error(`property ${name}: ${OVERRIDE}.${c} must be a map`);
  }
  return list;
}

/**
 * One property as it is in `context`: the record's keys, the context's overrides in place.
 * @param {Node} prop @param {string} context @returns {Node}
 */
function propertyIn(prop, context) {
  /** @type {Node} */
  const out = {};
  const over = prop[OVERRIDE]?.[context] ?? {};
  for (const [k, v] of Object.entries(prop)) if (k !== MARK && k !== OVERRIDE) out[k] = structuredClone(k in over ? over[k] : v);
  for (const [k, v] of Object.entries(over)) if (!(k in out)) out[k] = structuredClone(v);
  return out;
}

/**
 * The names of the record's properties in `context`, in the record's order.
 * @param {Node} record @param {string} context @returns {string[]}
 */
export function contextNames(record, context) {
  checkContext(context, 'record');
  return Object.entries(record.properties)
    .filter(([n, p]) => contextsOf(n, p).includes(context))
    .map(([n]) => n);
}

/**
 * The record's schema in `context` (title and description: the record's own).
 * @param {Node} record @param {string} context @returns {Node}
 */
export function project(record, context) {
  const names = contextNames(record, context);
  /** @type {Node} */
  const out = {};
  for (const [k, v] of Object.entries(record)) {
    if (k === 'properties') out.properties = Object.fromEntries(names.map((n) => [n, propertyIn(record.properties[n], context)]));
    else if (k === 'required') out.required = v.filter((/** @type {string} */ n) => names.includes(n));
    else if (k !== WRITE) out[k] = structuredClone(v);
  }
  return out;
}

/**
 * A context file's schema: its own title and description, the record's projection, its additions.
 * @param {Node} record @param {Node} own @returns {Node}
 */
export function contextSchema(record, own) {
  const { [OF]: of, title, description, properties: extra = {}, required: extraRequired = [], ...rest } = own;
  const bad = Object.keys(rest);
  if (bad.length) throw new Error(`${OF}: a context file holds only title, description, properties, required and the marker (found ${bad.join(', ')})`);
  if (!isMap(of) || typeof of.record !== 'string') throw new Error(`${OF} must be {record: <file>, context: edit|embed}`);
  checkContext(of.context, OF);
  const made = project(record, of.context);
  /** @type {Node} */
  const out = {};
  if (title !== undefined) out.title = title;
  if (description !== undefined) out.description = description;
  for (const [k, v] of Object.entries(made)) if (k !== 'title' && k !== 'description') out[k] = v;
  if (Object.keys(extra).length) {
    /** @type {[string, unknown][]} */
    const entries = Object.entries(out.properties ?? {});
    const at = entries.findIndex(([n]) => HYPERMEDIA.includes(n));
    entries.splice(at < 0 ? entries.length : at, 0, ...Object.entries(extra));
    out.properties = Object.fromEntries(entries);
  }
  if (extraRequired.length) out.required = [...(out.required ?? []), ...extraRequired];
  return out;
}

/**
 * An example's value in `context`: each object (or each item of a list) keeps only `names`.
 * @param {unknown} value @param {string[]} names @returns {unknown}
 */
export function projectValue(value, names) {
  /** @param {unknown} o */
  const one = (o) => (isMap(o) ? Object.fromEntries(Object.entries(o).filter(([k]) => names.includes(k))) : o);
  return Array.isArray(value) ? value.map(one) : one(value);
}

// Files are read from disk (not through Redocly's resolved documents, which this preprocessor
// changes as it walks), once per run.
/** @type {Map<string, Node>} */
const cache = new Map();
/** @param {string} file @returns {Node} */
function readYaml(file) {
  const hit = cache.get(file) ?? parse(readFileSync(file, 'utf8'));
  cache.set(file, hit);
  return structuredClone(hit);
}

/** @param {Ctx} ctx */
const fileOf = (ctx) => {
  const ref = ctx.location.source.absoluteRef;
  return ref.startsWith('file:') ? fileURLToPath(ref) : ref;
};

/**
 * Rewrite the relative `$ref`s of `node` (written in `fromDir`) for a file in `toDir`.
 * @param {Node} node @param {string} fromDir @param {string} toDir @returns {Node}
 */
function rebase(node, fromDir, toDir) {
  if (fromDir === toDir) return node;
  /** @param {unknown} n */
  const walk = (n) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (isMap(n)) {
      for (const [k, v] of Object.entries(n)) {
        if (k === '$ref' && typeof v === 'string' && !v.startsWith('#') && !/^[a-z]+:/i.test(v))
          n[k] = relative(toDir, resolve(fromDir, v)).split(sep).join('/');
        else walk(v);
      }
    }
  };
  walk(node);
  return node;
}

/** @param {Node} node @param {Node} made */
function replaceContents(node, made) {
  for (const k of Object.keys(node)) delete node[k];
  Object.assign(node, made);
}

/**
 * Expand a schema node in place: a record becomes its view, a context file its context's schema.
 * @param {unknown} node @param {string} file @returns {boolean}
 */
export function expandSchema(node, file) {
  if (isMap(node) && OF in node) {
    const recordFile = join(dirname(file), String(node[OF]?.record ?? ''));
    const record = rebase(readYaml(recordFile), dirname(recordFile), dirname(file));
    if (!isRecord(record)) throw new Error(`${OF}: ${node[OF]?.record} is not a record (its properties carry no ${MARK})`);
    replaceContents(node, contextSchema(record, node));
    return true;
  }
  if (isRecord(node)) {
    replaceContents(node, project(node, 'view'));
    return true;
  }
  return false;
}

/**
 * Expand an example node in place (an embed example made from a view example).
 * @param {unknown} node @param {string} file @returns {boolean}
 */
export function expandExample(node, file) {
  if (!isMap(node) || !(OF in node)) return false;
  const { [OF]: of, ...own } = node;
  if (!isMap(of) || typeof of.example !== 'string' || typeof of.record !== 'string')
    throw new Error(`${OF} on an example must be {example: <file>, record: <file>, context: edit|embed}`);
  checkContext(of.context, OF);
  if ('value' in own) throw new Error(`${OF}: the example's value is produced; remove the value written here`);
  const source = readYaml(join(dirname(file), of.example));
  const names = contextNames(readYaml(join(dirname(file), of.record)), of.context);
  replaceContents(node, { ...own, value: projectValue(source.value, names) });
  return true;
}

function RecordContexts() {
  /** @param {(node: unknown, file: string) => boolean} expand */
  const guard = (expand) => ({
    /** @param {unknown} node @param {Ctx} ctx */
    enter(node, ctx) {
      try {
        expand(node, fileOf(ctx));
      } catch (e) {
        ctx.report({ message: e instanceof Error ? e.message : String(e), location: ctx.location });
      }
    },
  });
  return { Schema: guard(expandSchema), Example: guard(expandExample) };
}

export const preprocessors = { oas3: { 'record-contexts': RecordContexts } };
