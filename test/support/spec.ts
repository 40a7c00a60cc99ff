// Load the bundled spec (generated/openapi.json) and walk its operations with $refs resolved.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

let cached: Json;
export function bundle(): Json {
  cached ??= JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi.json'), 'utf8'));
  return cached;
}

/** Follow a local `#/...` $ref (repeatedly) in the bundle. */
export function deref<T = Json>(node: Json, doc: Json = bundle()): T {
  let n = node;
  const seen = new Set<string>();
  while (n && typeof n === 'object' && typeof n.$ref === 'string') {
    if (seen.has(n.$ref)) throw new Error(`circular $ref ${n.$ref}`);
    seen.add(n.$ref);
    n = n.$ref.slice(2).split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((o: Json, k: string) => o?.[k], doc);
    if (n === undefined) throw new Error(`unresolved $ref ${[...seen].pop()}`);
  }
  return n;
}

export interface Operation { path: string; method: string; op: Json; params: Json[]; id: string }

export function operations(doc: Json = bundle()): Operation[] {
  const out: Operation[] = [];
  for (const [path, itemRef] of Object.entries<Json>(doc.paths ?? {})) {
    const item = deref(itemRef, doc);
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const byKey = new Map<string, Json>();
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map((x: Json) => deref(x, doc))) byKey.set(`${p.in}:${p.name}`, p);
      out.push({ path, method, op, params: [...byKey.values()], id: op.operationId });
    }
  }
  return out;
}

export function operation(method: string, path: string, doc: Json = bundle()): Operation {
  const o = operations(doc).find((x) => x.method === method.toLowerCase() && x.path === path);
  if (!o) throw new Error(`no ${method.toUpperCase()} ${path} in the bundle`);
  return o;
}

/** The resolved JSON schema of a request body's media type (application/json by default). */
export function requestSchema(o: Operation, type = 'application/json'): Json {
  const body = deref(o.op.requestBody);
  return deref(body?.content?.[type]?.schema);
}

/** The security of a public operation: anonymous, or optional credentials (DECISIONS.md D27). */
export const PUBLIC = [{}, { 'application-passwords': [] }, { 'cookie-nonce': [] }];
/** The security of an operation that requires credentials. */
export const REQUIRED = [{ 'application-passwords': [] }, { 'cookie-nonce': [] }];

/** The JSON types a schema allows, looking through $ref and oneOf/anyOf/allOf. */
export function typesOf(schema: Json): Set<string> {
  const s = deref(schema);
  const out = new Set<string>();
  if (!s || typeof s !== 'object') return out;
  if (typeof s.type === 'string') out.add(s.type);
  if (Array.isArray(s.type)) s.type.forEach((t: string) => out.add(t));
  for (const k of ['oneOf', 'anyOf', 'allOf']) for (const m of s[k] ?? []) typesOf(m).forEach((t) => out.add(t));
  return out;
}
