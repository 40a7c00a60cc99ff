// The bundled spec (generated/openapi.json) for the tests, walked with the core's one spec walker
// (core/spec.ts: deref, operations).
import * as core from '../../core/spec.ts';

export const ROOT = core.PACKAGE_ROOT;
export const METHODS: readonly string[] = core.METHODS;

/**
 * The tests read the bundle and the answers loosely: a value of the wrong shape fails the test's own
 * assertion (or throws, which fails the test too). The products never do this: they use the core's
 * OpenAPI model (core/openapi.ts) and check values from outside (core/json.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** The package's bundle, read once. */
export const bundle = (): Json => core.bundle();

/** Follow a local `#/...` $ref (repeatedly) in the bundle. */
export function deref<T = Json>(node: Json, doc: Json = bundle()): T {
  return core.deref(node, doc) as T;
}

/** An operation as the tests read it (its parameters as plain JSON). */
export interface Operation {
  path: string;
  method: string;
  op: Json;
  params: Json[];
  id: string;
}

/** Every operation of the bundle. */
export function operations(doc: Json = bundle()): Operation[] {
  return core.operations(doc).map(({ path, method, op, params, id }) => ({ path, method, op, params, id }));
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
