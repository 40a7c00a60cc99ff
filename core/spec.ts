// The one spec walker of the project: load an OpenAPI bundle (JSON or YAML), follow local $refs,
// list its operations with merged parameters. Every product (the client's tooling, the CLI, the mock,
// the pipeline scripts, the tests) walks the bundle through this module. Arguments are always
// (node, doc): the thing to resolve first, the bundle second.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

import type { MaybeRef, OpenApiDoc, Ref, OperationObject, ParameterObject, PathItem, RequestBody, Schema } from './openapi.js';

export type * from './openapi.js';

/** The HTTP methods an OpenAPI path item can hold, in the order the tools list them. */
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
export type Method = (typeof METHODS)[number];

/** The package root: the nearest folder above this module holding package.json and generated/. */
function findRoot(from: string): string {
  let dir = from;
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'generated'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return dirname(from);
}

/** The package root (the folder holding package.json and generated/), from the source or from dist/. */
export const PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
/** The bundled spec shipped with the package. */
export const DEFAULT_SPEC = join(PACKAGE_ROOT, 'generated', 'openapi.json');

/** Parse a bundle from text (JSON first, then YAML). */
export function parseBundle(text: string, name = 'spec'): OpenApiDoc {
  try {
    return JSON.parse(text) as OpenApiDoc;
  } catch {
    /* not JSON */
  }
  try {
    const doc: unknown = YAML.parse(text);
    if (doc && typeof doc === 'object') return doc as OpenApiDoc;
  } catch {
    /* not YAML either */
  }
  throw new Error(`${name}: neither JSON nor YAML`);
}

/** Read a bundle file; throws a readable error. */
export function loadBundle(file: string = DEFAULT_SPEC): OpenApiDoc {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new Error(`cannot read the spec ${file}: ${err.code ?? err.message}`);
  }
  const doc = parseBundle(text, file);
  if (!doc.openapi || !doc.paths) throw new Error(`${file} is not an OpenAPI document (no openapi/paths)`);
  return doc;
}

let shipped: OpenApiDoc | undefined;
/** The package's own bundle (generated/openapi.json), read once. */
export function bundle(): OpenApiDoc {
  shipped ??= loadBundle(DEFAULT_SPEC);
  return shipped;
}

/** Decode one segment of a JSON pointer (`~1` is `/`, `~0` is `~`). */
export const unescapePointer = (p: string): string => p.replace(/~1/g, '/').replace(/~0/g, '~');
/** Encode one segment of a JSON pointer. */
export const escapePointer = (p: string | number): string => String(p).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * What `deref` gives for a node of type N: the node's type without the reference; a node of no
 * known type (`unknown`, read from JSON) stays of no known type.
 */
export type Resolved<N> = unknown extends N ? unknown : Exclude<N, Ref>;

/** Follow local `#/...` $refs (repeatedly): the node itself when it is not a reference. */
export function deref<N>(node: N, doc: unknown): Resolved<N> {
  if (!isRef(node)) return node as Resolved<N>;
  if (!doc || typeof doc !== 'object') return resolve<Resolved<N>>(node, doc);
  // A $ref node resolves the same way every time in one document: remembered per document.
  let known = RESOLVED.get(doc);
  if (!known) RESOLVED.set(doc, (known = new WeakMap()));
  const hit = known.get(node);
  if (hit !== undefined) return hit as Resolved<N>;
  const out = resolve<Resolved<N>>(node, doc);
  known.set(node, out);
  return out;
}

const RESOLVED = new WeakMap<object, WeakMap<object, unknown>>();

const isRef = (n: unknown): n is { $ref: string } => typeof n === 'object' && n !== null && typeof (n as { $ref?: unknown }).$ref === 'string';

function resolve<T>(node: unknown, doc: unknown): T {
  let n = node;
  const seen = new Set<string>();
  while (isRef(n)) {
    const ref = n.$ref;
    if (!ref.startsWith('#/')) throw new Error(`external $ref ${ref} (use a bundled spec)`);
    if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
    seen.add(ref);
    n = ref
      .slice(2)
      .split('/')
      .map(unescapePointer)
      .reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined), doc);
    if (n === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return n as T;
}

/** The namespace of a spec path: `/core/v2/posts` -> `core/v2`; `/` -> `(index)`. */
export function namespaceOf(path: string, namespaces: readonly string[] = []): string {
  if (path === '/') return '(index)';
  const sorted = [...namespaces].sort((a, b) => b.length - a.length);
  for (const ns of sorted) if (path === `/${ns}` || path.startsWith(`/${ns}/`)) return ns;
  return path.split('/').filter(Boolean).slice(0, 2).join('/');
}

/**
 * The spec's namespaces: namespace roots (paths whose GET takes a `namespace` query parameter whose
 * default is the path itself, as the platform registers a namespace's index: the block types' list
 * takes a `namespace` filter with no default, and is no root), and for paths under no root their
 * leading segments: two when the second is a version (`batch/v1`, `core/v2`), else one (`slider`).
 */
export function specNamespaces(doc: OpenApiDoc): string[] {
  const paths = Object.keys(doc.paths ?? {});
  const roots = new Set<string>();
  for (const p of paths) {
    const get = deref(doc.paths[p], doc)?.get;
    const takesNamespace = (get?.parameters ?? []).some((x) => {
      const r = deref(x, doc);
      return r?.in === 'query' && r.name === 'namespace' && deref(r.schema, doc)?.default === p.slice(1);
    });
    if (p !== '/' && takesNamespace) roots.add(p.slice(1));
  }
  const set = new Set(roots);
  for (const p of paths) {
    if (p === '/') continue;
    if ([...roots].some((r) => p === `/${r}` || p.startsWith(`/${r}/`))) continue;
    const segs = p.split('/').filter(Boolean);
    set.add(segs.length > 1 && /^(v\d|\d)/.test(segs[1]) ? segs.slice(0, 2).join('/') : segs[0]);
  }
  return [...set].sort();
}

/** A resolved parameter object. */
export type Parameter = ParameterObject;

/**
 * The parameters of one operation: the path item's and the operation's, resolved, the operation's
 * winning on the same `in`+`name` (OpenAPI's rule).
 */
export function operationParams(item: PathItem | undefined, op: OperationObject | undefined, doc: unknown): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const x of [...(item?.parameters ?? []), ...(op?.parameters ?? [])]) {
    const p = deref(x, doc);
    byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

/** One operation of the bundle. */
export interface Operation {
  /** `GET /core/v2/posts` */
  key: string;
  method: Method;
  path: string;
  id: string;
  op: OperationObject;
  /** The merged path-item and operation parameters (resolved objects of the bundle). */
  params: Parameter[];
  namespace: string;
  /** The resolved request body, if any. */
  body: RequestBody | undefined;
}

/** Every operation, in the order of the bundle. */
export function operations(doc: OpenApiDoc): Operation[] {
  const namespaces = specNamespaces(doc);
  const out: Operation[] = [];
  for (const [path, itemRef] of Object.entries(doc.paths ?? {})) {
    const item = deref(itemRef, doc);
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        id: op.operationId ?? `${method} ${path}`,
        op,
        params: operationParams(item, op, doc),
        namespace: namespaceOf(path, namespaces),
        body: op.requestBody ? deref(op.requestBody, doc) : undefined,
      });
    }
  }
  return out;
}

/** The resolved schema of a request body's media type. */
export function bodySchema(o: Pick<Operation, 'body'>, doc: unknown, type = 'application/json'): Schema | undefined {
  return deref(o.body?.content?.[type]?.schema, doc);
}

/**
 * The JSON types a schema allows, flattening oneOf/anyOf/allOf members (at most 16 levels deep): the
 * one `schemaTypes`. By default a set to compare (sorted; `integer` folded into `number` when both
 * are there); `order: 'schema'` keeps every type in the schema's own order, as the platform names
 * them in a message ("per_page is not of type integer,null.").
 */
export function schemaTypes(schema: MaybeRef<Schema> | undefined, doc: unknown, { order = 'sorted' }: { order?: 'sorted' | 'schema' } = {}): string[] {
  const out = new Set<string>();
  const walk = (ref: MaybeRef<Schema> | undefined, depth: number): void => {
    const s = deref(ref, doc);
    if (!s || typeof s !== 'object' || depth > 16) return;
    if (typeof s.type === 'string') out.add(s.type);
    if (Array.isArray(s.type)) s.type.forEach((t) => out.add(t));
    if (s.const === null) out.add('null');
    for (const k of ['oneOf', 'anyOf', 'allOf'] as const) for (const m of s[k] ?? []) walk(m, depth + 1);
  };
  walk(schema, 0);
  if (order === 'schema') return [...out];
  if (out.has('integer') && out.has('number')) out.delete('integer');
  return [...out].sort();
}

/** Enum values a schema allows (or of its array items), or undefined. */
export function schemaEnum(schema: MaybeRef<Schema> | undefined, doc: unknown, { items = true } = {}): unknown[] | undefined {
  const s = deref(schema, doc);
  if (!s || typeof s !== 'object') return undefined;
  if (Array.isArray(s.enum)) return s.enum;
  if (s.const !== undefined && s.const !== null) return [s.const];
  let found: unknown[] | undefined;
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const e = schemaEnum(m, doc, { items });
    if (e) found = [...new Set([...(found ?? []), ...e])];
  }
  if (found) return found;
  if (items && s.items) return schemaEnum(s.items, doc, { items: false });
  return undefined;
}

/** Numeric bounds of a schema. */
export interface Bounds {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** A resolved schema's numeric bounds (the first member's that states one). */
export function schemaBounds(schema: MaybeRef<Schema> | undefined, doc: unknown): Bounds {
  const s: Schema = deref(schema, doc) ?? {};
  const pick = (k: keyof Bounds): number | undefined => s[k];
  const b: Bounds = {
    minimum: pick('minimum'),
    maximum: pick('maximum'),
    exclusiveMinimum: pick('exclusiveMinimum'),
    exclusiveMaximum: pick('exclusiveMaximum'),
  };
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const mb = schemaBounds(m, doc);
    for (const k of Object.keys(b) as (keyof Bounds)[]) if (b[k] === undefined && mb[k] !== undefined) b[k] = mb[k];
  }
  return b;
}
