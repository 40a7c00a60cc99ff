// @ts-check
// Redocly preprocessor `festival/write-bodies`: the write bodies of a record (create, update, update
// by slug, autosave) are produced from one list of its writable fields, so a field is written once.
//
// The record's file (e.g. openapi/components/schemas/CalEvent.yaml) holds, beside its read shape, the
// map `x-write`: every writable field once, in the order the bodies list them, each with the bodies
// it is in (`x-bodies`):
//   x-write:
//     id:    { type: integer, description: ..., x-bodies: [update] }            # optional in update
//     title: { type: string, description: ..., x-bodies: {create: required, update: optional} }
//     parent:
//       type: integer
//       x-bodies: [create, update]
//       x-body-override: {create: {default: 0}}     # keys laid over the field's own in that body
//     slug: { x-write-from: Post.yaml, x-bodies: [write] }   # the field as Post.yaml's x-write has it
// A body's file (e.g. CalEventCreate.yaml) holds its own keys (title, description, type) and the
// marker `x-write-of: {record: CalEvent.yaml, body: create}`; at the marker's place the bundle gets
// `required` (the fields required in that body, in the map's order) and `properties` (the fields in
// that body, in the map's order). A body may write `properties` of its own: one with the name of a
// produced field takes its place, any other is appended; and `required` names of its own (appended).
// The markers never reach the bundle. Problems (an unknown body, a field without `x-bodies`, a
// missing file) are reported by Redocly with the file's location, and the lint and the bundle fail.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * @typedef {Record<string, any>} Node a parsed YAML map (a schema, a field)
 * @typedef {{ location: { source: { absoluteRef: string } }, report: (p: { message: string, location: unknown }) => void }} Ctx the part of Redocly's visitor context used here
 */

export const WRITE = 'x-write';
export const BODIES = 'x-bodies';
export const BODY_OVERRIDE = 'x-body-override';
export const WRITE_FROM = 'x-write-from';
export const WRITE_OF = 'x-write-of';
const MODES = ['required', 'optional'];
const FIELD_MARKERS = [BODIES, BODY_OVERRIDE, WRITE_FROM];
const BODY_KEYS = ['title', 'description', 'type', 'properties', 'required', WRITE_OF, WRITE];

/** @type {(v: unknown) => v is Node} */
const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** @param {Node} node @returns {Node} the node without the field markers */
const unmarked = (node) => Object.fromEntries(Object.entries(node).filter(([k]) => !FIELD_MARKERS.includes(k)));

/**
 * Keys laid over a field's own: a key it has keeps its place, a new key is appended.
 * @param {Node} field @param {Node} over @returns {Node}
 */
export function layOver(field, over) {
  /** @type {Node} */
  const out = {};
  for (const [k, v] of Object.entries(field)) out[k] = structuredClone(k in over ? over[k] : v);
  for (const [k, v] of Object.entries(over)) if (!(k in out)) out[k] = structuredClone(v);
  return out;
}

/**
 * The bodies of one field and whether each requires it; throws on a missing or malformed marker.
 * @param {string} name @param {unknown} field @returns {Map<string, string>}
 */
export function bodiesOf(name, field) {
  const marker = isMap(field) ? field[BODIES] : undefined;
  /** @type {[string, unknown][]} */
  const entries = Array.isArray(marker) ? marker.map((b) => [b, 'optional']) : isMap(marker) ? Object.entries(marker) : [];
  if (!entries.length) throw new Error(`field ${name}: every field of ${WRITE} needs ${BODIES} (a list of bodies, or a map from a body to required|optional)`);
  for (const [body, mode] of entries) {
    if (typeof body !== 'string' || !body) throw new Error(`field ${name}: ${BODIES} names a body ${JSON.stringify(body)}`);
    if (typeof mode !== 'string' || !MODES.includes(mode))
      throw new Error(`field ${name}: ${BODIES}.${body} is ${JSON.stringify(mode)} (only ${MODES.join(', ')})`);
  }
  const over = isMap(field) ? (field[BODY_OVERRIDE] ?? {}) : {};
  if (!isMap(over)) throw new Error(`field ${name}: ${BODY_OVERRIDE} must map a body to the keys it changes`);
  for (const [body, keys] of Object.entries(over)) {
    if (!entries.some(([b]) => b === body)) throw new Error(`field ${name}: ${BODY_OVERRIDE} names ${body}, which is not in its ${BODIES}`);
    if (!isMap(keys)) throw new Error(`field ${name}: ${BODY_OVERRIDE}.${body} must be a map`);
  }
  return new Map(/** @type {[string, string][]} */ (entries));
}

/**
 * A record's write map with every `x-write-from` field filled in from the named record.
 * @param {Node} record @param {(file: string) => Node} load reads a record named by `x-write-from`
 * @returns {Node}
 */
export function writeMap(record, load) {
  const map = record[WRITE];
  if (!isMap(map) || !Object.keys(map).length) throw new Error(`no ${WRITE} map of writable fields`);
  /** @type {Node} */
  const out = {};
  for (const [name, field] of Object.entries(map)) {
    if (!isMap(field)) throw new Error(`field ${name}: must be a map`);
    bodiesOf(name, field);
    const from = field[WRITE_FROM];
    if (from === undefined) out[name] = field;
    else {
      if (typeof from !== 'string') throw new Error(`field ${name}: ${WRITE_FROM} names a record file`);
      const source = load(from)[WRITE]?.[name];
      if (!isMap(source)) throw new Error(`field ${name}: ${from} has no field ${name} in its ${WRITE}`);
      if (WRITE_FROM in source) throw new Error(`field ${name}: ${from} takes it from elsewhere too (name the record that writes it)`);
      out[name] = {
        ...layOver(unmarked(source), unmarked(field)),
        ...Object.fromEntries(Object.entries(field).filter(([k]) => k !== WRITE_FROM && FIELD_MARKERS.includes(k))),
      };
    }
  }
  return out;
}

/**
 * One body's `required` and `properties` from a (filled-in) write map.
 * @param {Node} map @param {string} body @returns {{ required: string[], properties: Node }}
 */
export function bodyFields(map, body) {
  /** @type {string[]} */
  const required = [];
  /** @type {Node} */
  const properties = {};
  for (const [name, field] of Object.entries(map)) {
    const mode = bodiesOf(name, field).get(body);
    if (!mode) continue;
    properties[name] = layOver(unmarked(field), field[BODY_OVERRIDE]?.[body] ?? {});
    if (mode === 'required') required.push(name);
  }
  if (!Object.keys(properties).length) throw new Error(`no field of ${WRITE} is in the body ${JSON.stringify(body)}`);
  return { required, properties };
}

/**
 * A body file's schema: its own keys, `required` and `properties` at the marker's place.
 * @param {Node} map the record's filled-in write map @param {Node} own the body file @returns {Node}
 */
export function bodySchema(map, own) {
  const bad = Object.keys(own).filter((k) => !BODY_KEYS.includes(k));
  if (bad.length) throw new Error(`${WRITE_OF}: a body file holds only ${BODY_KEYS.join(', ')} (found ${bad.join(', ')})`);
  const of = own[WRITE_OF];
  if (!isMap(of) || typeof of.record !== 'string' || typeof of.body !== 'string') throw new Error(`${WRITE_OF} must be {record: <file>, body: <name>}`);
  const made = bodyFields(map, of.body);
  const extra = own.properties ?? {};
  if (!isMap(extra)) throw new Error(`${WRITE_OF}: the body's own properties must be a map`);
  for (const [name, field] of Object.entries(extra)) made.properties[name] = structuredClone(field);
  const required = [...made.required, ...(Array.isArray(own.required) ? own.required : [])];
  /** @type {Node} */
  const out = {};
  for (const [k, v] of Object.entries(own)) {
    if (k === WRITE_OF) {
      if (required.length) out.required = required;
      out.properties = made.properties;
    } else if (k !== 'properties' && k !== 'required' && k !== WRITE) out[k] = structuredClone(v);
  }
  return out;
}

// Files are read from disk (not through Redocly's resolved documents, which the preprocessors change
// as they walk), once per run.
/** @type {Map<string, Node>} */
const cache = new Map();
/** @param {string} file @returns {Node} */
function readYaml(file) {
  const hit = cache.get(file) ?? parse(readFileSync(file, 'utf8'));
  cache.set(file, hit);
  return structuredClone(hit);
}

/**
 * Expand a schema node in place: a body file becomes its body, a record loses its write map.
 * Every file a body names is in the body's folder (openapi/components/schemas/), so `$ref`s keep.
 * @param {unknown} node @param {string} file @returns {boolean}
 */
export function expandBody(node, file) {
  if (!isMap(node)) return false;
  if (WRITE_OF in node) {
    const dir = dirname(file);
    const record = readYaml(join(dir, String(node[WRITE_OF]?.record ?? '')));
    const made = bodySchema(
      writeMap(record, (f) => readYaml(join(dir, f))),
      node,
    );
    for (const k of Object.keys(node)) delete node[k];
    Object.assign(node, made);
    return true;
  }
  if (WRITE in node) {
    delete node[WRITE];
    return true;
  }
  return false;
}

function WriteBodies() {
  return {
    Schema: {
      /** @param {unknown} node @param {Ctx} ctx */
      enter(node, ctx) {
        try {
          const ref = ctx.location.source.absoluteRef;
          expandBody(node, ref.startsWith('file:') ? fileURLToPath(ref) : ref);
        } catch (e) {
          ctx.report({ message: e instanceof Error ? e.message : String(e), location: ctx.location });
        }
      },
    },
  };
}

export const preprocessors = { 'write-bodies': WriteBodies };
