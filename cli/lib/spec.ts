// The one spec walker of the project: load an OpenAPI bundle (JSON or YAML), follow local $refs,
// list its operations with merged parameters. Used by the CLI, the tests (test/support/spec.ts), the
// docs' code samples (scripts/code-samples.mjs) and the mock (scripts/mock/routes.mjs). Arguments
// are always (node, doc): the thing to resolve first, the bundle second.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

/** The package root (the folder holding package.json, cli/ and generated/). */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The bundled spec shipped with the package. */
export const DEFAULT_SPEC = join(PACKAGE_ROOT, 'generated', 'openapi.json');
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Parse a bundle from text (JSON first, then YAML). */
export function parseBundle(text, name = 'spec') {
  try { return JSON.parse(text); } catch { /* not JSON */ }
  try {
    const doc = YAML.parse(text);
    if (doc && typeof doc === 'object') return doc;
  } catch { /* not YAML either */ }
  throw new Error(`${name}: neither JSON nor YAML`);
}

/** Read a bundle file; throws a readable error. */
export function loadBundle(file) {
  let text;
  try { text = readFileSync(file, 'utf8'); } catch (e) { throw new Error(`cannot read the spec ${file}: ${e.code ?? e.message}`); }
  const doc = parseBundle(text, file);
  if (!doc.openapi || !doc.paths) throw new Error(`${file} is not an OpenAPI document (no openapi/paths)`);
  return doc;
}

/** Follow local `#/...` $refs (repeatedly). */
export function deref(node, doc) {
  let n = node;
  const seen = new Set();
  while (n && typeof n === 'object' && typeof n.$ref === 'string') {
    if (!n.$ref.startsWith('#/')) throw new Error(`external $ref ${n.$ref} (use a bundled spec)`);
    if (seen.has(n.$ref)) throw new Error(`circular $ref ${n.$ref}`);
    seen.add(n.$ref);
    const ref = n.$ref;
    n = ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((o, k) => o?.[k], doc);
    if (n === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return n;
}

/** The namespace of a spec path: `/core/v2/posts` -> `core/v2`; `/` -> `(index)`. */
export function namespaceOf(path, namespaces = []) {
  if (path === '/') return '(index)';
  const sorted = [...namespaces].sort((a, b) => b.length - a.length);
  for (const ns of sorted) if (path === `/${ns}` || path.startsWith(`/${ns}/`)) return ns;
  const segs = path.split('/').filter(Boolean);
  return segs.slice(0, 2).join('/');
}

/**
 * The spec's namespaces: namespace roots (paths whose GET takes a `namespace` query parameter), and
 * for paths under no root their leading segments: two when the second is a version (`batch/v1`,
 * `core/v2`), else one (`slider`).
 */
export function specNamespaces(doc) {
  const paths = Object.keys(doc.paths ?? {});
  const roots = new Set();
  for (const p of paths) {
    const get = deref(doc.paths[p], doc)?.get;
    if (p !== '/' && (get?.parameters ?? []).some((x) => { const r = deref(x, doc); return r?.in === 'query' && r.name === 'namespace'; })) roots.add(p.slice(1));
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

/**
 * The parameters of one operation: the path item's and the operation's, resolved, the operation's
 * winning on the same `in`+`name` (OpenAPI's rule). Returns the resolved parameter objects.
 */
export function operationParams(item, op, doc) {
  const byKey = new Map();
  for (const p of [...(item?.parameters ?? []), ...(op?.parameters ?? [])].map((x) => deref(x, doc))) byKey.set(`${p.in}:${p.name}`, p);
  return [...byKey.values()];
}

/**
 * Every operation, in the order of the bundle: `{ key, method, path, id, op, params, namespace, body }`
 * where params are the merged path-item and operation parameters (resolved objects of the bundle) and
 * body is the resolved request body (or undefined).
 */
export function operations(doc) {
  const namespaces = specNamespaces(doc);
  const out = [];
  for (const [path, itemRef] of Object.entries(doc.paths ?? {})) {
    const item = deref(itemRef, doc);
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      out.push({
        key: `${method.toUpperCase()} ${path}`, method, path, id: op.operationId ?? `${method} ${path}`, op,
        params: operationParams(item, op, doc),
        namespace: namespaceOf(path, namespaces),
        body: op.requestBody ? deref(op.requestBody, doc) : undefined,
      });
    }
  }
  return out;
}

/** The resolved schema of a request body's media type. */
export function bodySchema(o, doc, type = 'application/json') {
  return o.body?.content?.[type]?.schema ? deref(o.body.content[type].schema, doc) : undefined;
}

/** Types a (resolved) schema allows, flattening oneOf/anyOf/allOf members one level deep. */
export function schemaTypes(schema, doc) {
  const s = deref(schema, doc);
  if (!s || typeof s !== 'object') return [];
  const out = new Set();
  if (typeof s.type === 'string') out.add(s.type);
  if (Array.isArray(s.type)) s.type.forEach((t) => out.add(t));
  if (s.const === null) out.add('null');
  for (const k of ['oneOf', 'anyOf']) if (Array.isArray(s[k])) for (const m of s[k]) schemaTypes(m, doc).forEach((t) => out.add(t));
  if (Array.isArray(s.allOf)) for (const m of s.allOf) schemaTypes(m, doc).forEach((t) => out.add(t));
  if (out.has('integer') && out.has('number')) out.delete('integer');
  return [...out].sort();
}

/** Enum values a schema allows (or of its array items), or undefined. */
export function schemaEnum(schema, doc, { items = true } = {}) {
  const s = deref(schema, doc);
  if (!s || typeof s !== 'object') return undefined;
  if (Array.isArray(s.enum)) return s.enum;
  if (s.const !== undefined && s.const !== null) return [s.const];
  const members = [...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  let found;
  for (const m of members) {
    const e = schemaEnum(m, doc, { items });
    if (e) found = [...new Set([...(found ?? []), ...e])];
  }
  if (found) return found;
  if (items && s.items) return schemaEnum(s.items, doc, { items: false });
  return undefined;
}

/** A resolved schema's numeric bounds. */
export function schemaBounds(schema, doc) {
  const s = deref(schema, doc) ?? {};
  const pick = (k) => (typeof s[k] === 'number' ? s[k] : undefined);
  let b = { minimum: pick('minimum'), maximum: pick('maximum'), exclusiveMinimum: pick('exclusiveMinimum'), exclusiveMaximum: pick('exclusiveMaximum') };
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const mb = schemaBounds(m, doc);
    for (const k of Object.keys(b)) if (b[k] === undefined && mb[k] !== undefined) b[k] = mb[k];
  }
  return b;
}
