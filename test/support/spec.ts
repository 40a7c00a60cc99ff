// Load the bundled spec (generated/openapi.json) and walk it with the project's one spec walker
// (cli/lib/spec.mjs: deref, operations).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM JavaScript without type declarations
import * as walker from '../../cli/lib/spec.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const METHODS = walker.METHODS as readonly string[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

let cached: Json;
export function bundle(): Json {
  cached ??= JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi.json'), 'utf8'));
  return cached;
}

/** Follow a local `#/...` $ref (repeatedly) in the bundle: the walker of cli/lib/spec.mjs. */
export function deref<T = Json>(node: Json, doc: Json = bundle()): T {
  return walker.deref(node, doc) as T;
}

export interface Operation { path: string; method: string; op: Json; params: Json[]; id: string }

/** Every operation of the bundle, listed by the one walker (cli/lib/spec.mjs). */
export function operations(doc: Json = bundle()): Operation[] {
  return (walker.operations(doc) as Operation[]).map(({ path, method, op, params, id }) => ({ path, method, op, params, id }));
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
