#!/usr/bin/env node
// Derive the typed client's route tables and call signatures from the bundled spec (a pipeline stage,
// pipeline.ts). For each HTTP method: one table entry per route (its params and body, whether
// each is required, whether the init may be omitted, its `data` and `error` types) and one call
// signature per route, then a generic catch-all signature last (unions of paths, and a readable error
// for a wrong call). Also the literal path unions of `paginate`, `paginateCalendar` and `batch`, and a
// type-level test that compares every operation with openapi-fetch's own helpers.
// Usage: node dist/scripts/client-routes.js [--spec generated/openapi.json] [--out generated] [--check] [--help]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { member } from '../core/json.ts';
import { CALENDAR_NAMESPACE, isCalendarRoute } from '../core/platform.js';
import { METHODS as CORE_METHODS, deref, type MediaType, type Method, type OpenApiDoc, type OperationObject, type Schema } from '../core/spec.ts';
import { isMain } from '../core/args.ts';
import { generate } from './generate.ts';
import { operationTypes, splitTypes, type Key } from './types-split.ts';

/**
 * The core's methods in the order of openapi-fetch's client (GET, PUT, POST, DELETE, OPTIONS, HEAD,
 * PATCH, TRACE), which the generated tables follow.
 */
const FETCH_ORDER: readonly Method[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const METHODS = [...CORE_METHODS].sort((a, b) => FETCH_ORDER.indexOf(a) - FETCH_ORDER.indexOf(b));
/** The status codes openapi-fetch reads as success and as error (openapi-typescript-helpers 0.17). */
const OK = new Set(['200', '201', '202', '203', '204', '206', '207', '2XX']);
const ERR = new Set([
  '500',
  '501',
  '502',
  '503',
  '504',
  '505',
  '506',
  '507',
  '508',
  '510',
  '511',
  '5XX',
  '400',
  '401',
  '402',
  '403',
  '404',
  '405',
  '406',
  '407',
  '408',
  '409',
  '410',
  '411',
  '412',
  '413',
  '414',
  '415',
  '416',
  '417',
  '418',
  '420',
  '421',
  '422',
  '423',
  '424',
  '425',
  '426',
  '427',
  '428',
  '429',
  '430',
  '431',
  '444',
  '450',
  '451',
  '497',
  '498',
  '499',
  '4XX',
  'default',
]);
const q = (s: string) => JSON.stringify(s);
const cap = (m: string) => m[0].toUpperCase() + m.slice(1);

/** `components["schemas"]["X"]` when a media type's schema is just a reference to schema X (shorter to parse). */
function schemaRef(media: MediaType | undefined) {
  const m = /^#\/components\/schemas\/([^/]+)$/.exec(media?.schema?.$ref ?? '');
  return m ? `S[${q(m[1])}]` : undefined;
}

/** The type at an index path of `operations[id]`, written out (types-split.ts), e.g. `["parameters"]`. */
export type OpType = (id: string, keys: Key[]) => string;

/** A status code as a key of openapi-typescript's `responses` (numbers stay numbers). */
const statusIndex = (code: string): Key => (/^\d+$/.test(code) ? Number(code) : code);

/** The content union of the responses whose codes are in `set` (openapi-fetch's GetResponseContent). */
function responseUnion(spec: OpenApiDoc, op: OperationObject, id: string, set: Set<string>, type: OpType) {
  const parts = [];
  for (const [code, r0] of Object.entries(op.responses ?? {})) {
    if (!set.has(code)) continue;
    const res: Key[] = ['responses', statusIndex(code)];
    const content = deref(r0, spec).content;
    if (!content || !Object.keys(content).length) parts.push(type(id, [...res, 'content']));
    else for (const [mt, m] of Object.entries(content)) if (mt.includes('/')) parts.push(schemaRef(m) ?? type(id, [...res, 'content', mt]));
  }
  return parts.length ? [...new Set(parts)].join(' | ') : 'never';
}

/** Every operation of the bundle, in path order, with what the tables need. */
/** What the tables need of one operation. */
export interface RouteOp {
  path: string;
  method: string;
  id: string;
  paramsRequired: boolean;
  params: string;
  body: string | undefined;
  bodyRequired: boolean;
  data: string;
  error: string;
  successSchema: Schema | undefined;
  batchable: boolean;
  summary: string;
}

export function operationsOf(spec: OpenApiDoc, type: OpType): RouteOp[] {
  const out: RouteOp[] = [];
  for (const [path, item0] of Object.entries(spec.paths ?? {})) {
    const item = deref(item0, spec);
    const shared = (item.parameters ?? []).map((p) => deref(p, spec));
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const id = op.operationId;
      if (!id) throw new Error(`client-routes: ${method.toUpperCase()} ${path} has no operationId`);
      const params = [...shared, ...(op.parameters ?? []).map((p) => deref(p, spec))];
      const rb = op.requestBody ? deref(op.requestBody, spec) : undefined;
      const media = Object.keys(rb?.content ?? {}).filter((mt) => mt.includes('/'));
      out.push({
        path,
        method,
        id,
        paramsRequired: params.some((p) => p.in === 'path' || p.required === true),
        params: type(id, ['parameters']),
        body: media.length ? [...new Set(media.map((mt) => schemaRef(rb?.content[mt]) ?? type(id, ['requestBody', 'content', mt])))].join(' | ') : undefined,
        bodyRequired: rb?.required === true && media.length > 0,
        data: responseUnion(spec, op, id, OK, type),
        error: responseUnion(spec, op, id, ERR, type),
        successSchema: successSchema(spec, op),
        batchable: member(op['x-allow-batch'], 'v1') === true,
        summary: op.summary ?? '',
      });
    }
  }
  return out;
}

function successSchema(spec: OpenApiDoc, op: OperationObject): Schema | undefined {
  for (const code of ['200', '201']) {
    const r = op.responses?.[code];
    const s = r && deref(r, spec).content?.['application/json']?.schema;
    if (s) return deref(s, spec);
  }
  return undefined;
}

/** Core-style lists: GET outside the calendar namespace answering a JSON array. */
export function coreLists(ops: RouteOp[]) {
  return ops.filter((o) => o.method === 'get' && !isCalendarRoute(o.path) && o.successSchema?.type === 'array');
}

/** Calendar lists: GET in the calendar namespace answering an envelope with `total_pages` and array properties. */
export function calendarLists(spec: OpenApiDoc, ops: RouteOp[]) {
  const out: (RouteOp & { arrays: string[] })[] = [];
  for (const o of ops) {
    if (o.method !== 'get' || !o.path.startsWith(`/${CALENDAR_NAMESPACE}/`)) continue;
    const s = o.successSchema;
    if (!s || s.type !== 'object' || !s.properties?.total_pages) continue;
    const arrays = Object.entries(s.properties)
      .filter(([, v]) => deref(v, spec).type === 'array')
      .map(([k]) => k);
    if (arrays.length) out.push({ ...o, arrays });
  }
  return out;
}

const HEADER = [
  '// @ts-nocheck -- type-checked once, with this line removed, by test/pipeline/client-routes.test.ts',
  '// (consumers need not check 5,000 generated lines again). Generated by scripts/client-routes.ts from',
  '// the bundle (npm run build): do not edit.',
];

/** The init type of one route: params (by its alias) and body, each required or optional as the spec says. */
function initType(o: RouteOp, params0: string) {
  const params = `params${o.paramsRequired ? '' : '?'}: ${params0}`;
  const body = o.body ? `body${o.bodyRequired ? '' : '?'}: ${o.body}` : 'body?: never';
  return `{ ${params}; ${body} }`;
}

/** The list tables: core-style collections, calendar lists and the batchable operations. */
function renderLists(spec: OpenApiDoc, ops: RouteOp[]): string[] {
  const L: string[] = [];
  const core = coreLists(ops);
  L.push(
    "/** Core-style collections (GET outside cal/events/v1 answering a JSON array): `paginate`'s paths and item types. */",
    'export interface CoreLists {',
  );
  for (const o of core) L.push(`  ${q(o.path)}: GetRoutes[${q(o.path)}]["data"] extends readonly (infer I)[] ? I : never;`);
  L.push('}', 'export type CoreListPath = keyof CoreLists;', '');
  const cal = calendarLists(spec, ops);
  L.push("/** Calendar lists (an envelope with `total_pages`): `paginateCalendar`'s paths and item types. */", 'export interface CalendarLists {');
  for (const o of cal) L.push(`  ${q(o.path)}: ${o.arrays.map((k) => `NonNullable<GetRoutes[${q(o.path)}]["data"][${q(k)}]>[number]`).join(' | ')};`);
  L.push('}', 'export type CalendarListPath = keyof CalendarLists;', '');
  const batch = ops.filter((o) => o.batchable);
  L.push("/** The operations `POST /batch/v1` can run (`x-allow-batch`): `batch`'s requests and answers. */", 'export type BatchRequest =');
  for (const o of batch)
    L.push(
      `  | ({ method: ${q(o.method.toUpperCase())}; path: ${q(o.path)}; headers?: Record<string, string | string[]> } & ${cap(o.method)}Routes[${q(o.path)}]["init"])`,
    );
  if (!batch.length) L.push('  never');
  L.push(';', 'export interface BatchRoutes {');
  const bpaths = [...new Set(batch.map((o) => o.path))];
  for (const p of bpaths) {
    L.push(
      `  ${q(p)}: { ${batch
        .filter((o) => o.path === p)
        .map((o) => `${o.method.toUpperCase()}: ${cap(o.method)}Routes[${q(p)}]`)
        .join('; ')} };`,
    );
  }
  L.push('}', 'export type BatchablePath = keyof BatchRoutes;', '');
  return L;
}

function renderRoutes(spec: OpenApiDoc, ops: RouteOp[]) {
  const L = [
    ...HEADER,
    "// The typed client's route tables and call signatures (src/client.ts builds FestivalClient from them).",
    '// Per method: `<Method>Routes` maps each route to its `init` (params and body), `initOptional`, `data`',
    '// and `error`; `<Method>Calls` has one call signature per route and a generic catch-all last.',
    'import type { BodySerializer, HeadersOptions, Middleware, PathSerializer, QuerySerializerOptions } from "openapi-fetch";',
    '// The rows carry their parameter, body and answer types written out (from `operations`), so that the',
    '// client loads `components` alone, never `paths` and `operations` (DECISIONS D258).',
    'import type { components } from "./components.js";',
    '',
    'type S = components["schemas"];',
    "/** The per-call options besides `params` and `body` (openapi-fetch's, with `parseAs` apart). */",
    'export type CallOptions = Omit<RequestInit, "body" | "headers" | "method"> & {',
    '  baseUrl?: string;',
    '  querySerializer?: ((query: Record<string, unknown>) => string) | QuerySerializerOptions;',
    '  bodySerializer?: BodySerializer<unknown>;',
    '  pathSerializer?: PathSerializer;',
    '  fetch?: (input: Request) => Promise<Response>;',
    '  headers?: HeadersOptions;',
    '  middleware?: Middleware[];',
    '};',
    '/** How the answer is read: `json` (default, typed) or raw (`text`, `blob`, `arrayBuffer`, `stream`). */',
    'export type ParseAs = "json" | "text" | "blob" | "arrayBuffer" | "stream";',
    'export interface RawBody { json: never; text: string; blob: Blob; arrayBuffer: ArrayBuffer; stream: ReadableStream<Uint8Array> | null }',
    '/** One row of a route table. */',
    'export interface Route { init: { params?: unknown; body?: unknown }; initOptional: boolean; data: unknown; error: unknown }',
    '/** What a call resolves to: typed `data` or typed `error`, and the raw `response`. */',
    'export type CallResult<D, E> = { data: D; error?: never; response: Response } | { data?: never; error: E; response: Response };',
    '/** The init of route `R` with the per-call options, reading the answer as `A`. */',
    'export type InitOf<R extends Route, A extends ParseAs = "json"> = R["init"] & CallOptions & (A extends "json" ? { parseAs?: "json" } : { parseAs: A });',
    '/** The arguments after the path: the init, optional when the route needs no params or body (per route of a union, so an unknown path is reported on the path, not as a missing init). */',
    'export type ArgsOf<R extends Route, A extends ParseAs = "json"> = R extends Route ? (R["initOptional"] extends true ? [init?: InitOf<R, A>] : [init: InitOf<R, A>]) : never;',
    '/** The result of route `R` read as `A`. */',
    'export type ResultOf<R extends Route, A extends ParseAs = "json"> = Promise<CallResult<A extends "json" ? R["data"] : RawBody[A], R["error"]>>;',
    '',
  ];
  // One alias per distinct parameter type, named after the first operation that has it: most
  // operations share theirs with others (the shared parameters), and each is then parsed once (D259).
  const alias = new Map<string, string>();
  for (const o of ops) if (!alias.has(o.params)) alias.set(o.params, `Params_${o.id}`);
  L.push("// The parameter types, each written once; a route's alias names the first operation that has it.");
  for (const [text, name] of alias) L.push(`type ${name} = ${text};`);
  L.push('');
  const byMethod = Object.fromEntries(METHODS.map((m) => [m, ops.filter((o) => o.method === m)]));
  for (const m of METHODS) {
    const M = cap(m);
    const rows = byMethod[m];
    L.push(`/** ${m.toUpperCase()} routes (${rows.length}). */`, `export interface ${M}Routes {`);
    for (const o of rows) {
      L.push(`  /** ${o.id}${o.summary ? `: ${o.summary.replace(/\*\//g, '* /')}` : ''} */`);
      L.push(
        `  ${q(o.path)}: { init: ${initType(o, alias.get(o.params) ?? o.params)}; initOptional: ${!o.paramsRequired && !o.bodyRequired}; data: ${o.data}; error: ${o.error} };`,
      );
    }
    L.push('}', `/** The paths with a ${m.toUpperCase()} operation. */`, `export type ${M}Path = keyof ${M}Routes;`);
    L.push(`type ${M}I<P extends ${M}Path> = InitOf<${M}Routes[P]>;`, `type ${M}R<P extends ${M}Path> = ResultOf<${M}Routes[P]>;`);
    L.push(`/** \`client.${m.toUpperCase()}\`: one signature per route, then the generic catch-all. */`, `export interface ${M}Calls {`);
    for (const o of rows) {
      const opt = !o.paramsRequired && !o.bodyRequired;
      L.push(`  (path: ${q(o.path)}, init${opt ? '?' : ''}: ${M}I<${q(o.path)}>): ${M}R<${q(o.path)}>;`);
    }
    L.push(`  <P extends ${M}Path, A extends ParseAs = "json">(path: P, ...init: ArgsOf<${M}Routes[P], A>): ResultOf<${M}Routes[P], A>;`, '}', '');
  }
  // request(method, path, init): the generic signature only (per-route overloads of every method would
  // double this file for a rarely used entry point).
  L.push(
    '/** `client.request(method, path, init)`: generic over the route tables (the per-method calls are cheaper to check). */',
    'export interface RequestCalls {',
  );
  L.push(
    '  <M extends keyof RoutesByMethod, P extends keyof RoutesByMethod[M], A extends ParseAs = "json">(method: M, path: P, ...init: ArgsOf<RoutesByMethod[M][P] & Route, A>): ResultOf<RoutesByMethod[M][P] & Route, A>;',
    '}',
  );
  L.push(
    '/** The route tables by (lower-case) method. */',
    `export interface RoutesByMethod { ${METHODS.map((m) => `${m}: ${cap(m)}Routes`).join('; ')} }`,
    '',
  );

  L.push(...renderLists(spec, ops));
  return `${L.join('\n')}`;
}

/** A type-level test: each operation's table row against openapi-fetch's own helpers. */
function renderEquivalence(ops: RouteOp[]) {
  const L = [
    '// Generated by scripts/client-routes.ts from the bundle (npm run build): do not edit.',
    `// A type-level test (type-checked by test/pipeline/client-routes.test.ts): for each of the ${ops.length} operations, the`,
    "// client's route table gives the same data, error, params and body types, the same required keys and",
    "// the same init optionality as openapi-fetch 0.17's own helpers. Bodies are compared with the content",
    "// type before openapi-fetch's `Writable` widening (the body hole), and must be assignable to the widened one.",
    'import type { FetchResponse, MaybeOptionalInit } from "openapi-fetch";',
    'import type { MediaType, OperationRequestBodyContent } from "openapi-typescript-helpers";',
    `import type { ${[...new Set(ops.map((o) => `${cap(o.method)}Routes`))].sort().join(', ')}, Route } from "./routes.js";`,
    'import type { paths } from "./types.js";',
    '',
    'type IsAny<T> = 0 extends 1 & T ? true : false;',
    '/** Mutual assignability, and neither side `any`. */',
    'export type Same<A, B> = IsAny<A> extends true ? false : IsAny<B> extends true ? false : [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
    'type Req<T, K extends PropertyKey> = {} extends Pick<T, K & keyof T> ? false : true;',
    'type BodyOf<T> = T extends { body?: infer B } ? B : never;',
    'type ParamsOf<T> = T extends { params?: infer X } ? X : never;',
    '/**',
    ' * `true`, or the name of the first part that differs. Each row passes its types written out',
    " * (openapi-fetch's helpers evaluated at the row, as a caller's call evaluates them; through a",
    ' * generic alias its `Readable` gives another type).',
    ' */',
    'export type Equivalent<Row extends Route, Res, Init, Body, Name extends string> =',
    '  Same<Row["data"], Extract<Res, { error?: never }> extends { data: infer D } ? D : never> extends false ? `data of ${Name}` :',
    '  Same<Row["error"], Exclude<Res, { error?: never }> extends { error: infer E } ? E : never> extends false ? `error of ${Name}` :',
    '  Same<NonNullable<ParamsOf<Row["init"]>>, NonNullable<ParamsOf<NonNullable<Init>>>> extends false ? `params of ${Name}` :',
    '  Same<Req<Row["init"], "params">, Req<NonNullable<Init>, "params">> extends false ? `params optionality of ${Name}` :',
    '  Same<BodyOf<Row["init"]> | undefined, Body | undefined> extends false ? `body of ${Name}` :',
    '  [BodyOf<Row["init"]>] extends [BodyOf<NonNullable<Init>>] ? (',
    '    Same<Req<Row["init"], "body">, Req<NonNullable<Init>, "body">> extends false ? `body optionality of ${Name}` :',
    '    Same<Row["initOptional"], undefined extends Init ? true : false> extends false ? `init optionality of ${Name}` :',
    '    true',
    '  ) : `body of ${Name} is not accepted by openapi-fetch`;',
    '',
    `export const OPERATIONS = ${ops.length};`,
    '/** One row per operation of the bundle. */',
    'export type Checked = [',
  ];
  for (const o of ops) {
    const P = q(o.path);
    L.push(
      `  Equivalent<${cap(o.method)}Routes[${P}], FetchResponse<paths[${P}][${q(o.method)}], {}, MediaType>, MaybeOptionalInit<paths[${P}], ${q(o.method)}>, OperationRequestBodyContent<paths[${P}][${q(o.method)}]>, ${q(`${o.method} ${o.path}`)}>, // ${o.id}`,
    );
  }
  L.push('];', '/** Every row must be `true`: a row that is not makes this line fail to compile, naming the part. */');
  L.push(`export const checked: Checked = [${ops.map(() => 'true').join(', ')}];`, '');
  return L.join('\n');
}

/** The header that spares consumers from checking generated/types.ts again (see HEADER). */
export const NOCHECK = '// @ts-nocheck -- type-checked once, with this line removed, by test/pipeline/client-routes.test.ts\n';

/** The stage's files, from the bundle and openapi-typescript's types.ts (split or not). */
export function render(spec: OpenApiDoc, types: string) {
  const { at } = operationTypes(types);
  const ops = operationsOf(spec, (id, keys) => at(id, keys, '    '));
  return { 'routes.ts': renderRoutes(spec, ops), 'routes-equivalence.ts': renderEquivalence(ops) };
}

if (isMain(import.meta.url)) {
  // The routes are derived from the bundle and from openapi-typescript's `operations` (types.ts, the
  // `types` stage's output, split or not).
  const typesOf = (out: string) => {
    const file = join(out, 'types.ts');
    if (!existsSync(file)) throw new Error(`client-routes: ${file} not found (the types stage writes it)`);
    return readFileSync(file, 'utf8');
  };
  const derive = (spec: OpenApiDoc, out: string) =>
    Object.fromEntries(Object.entries(render(spec, typesOf(out))).map(([name, text]) => [join(out, name), text]));
  const { out, check, stale } = generate(
    'client-routes',
    process.argv.slice(2),
    { default: 'generated', help: 'the folder of types.ts, components.ts, routes.ts and routes-equivalence.ts' },
    derive,
  );
  // generated/types.ts (the `types` stage) gets the same header (18,000 lines a consumer of the source
  // need not check again, D91) and is split: `components` moves to components.ts (D258).
  const types = join(out, 'types.ts');
  const cur = readFileSync(types, 'utf8');
  const split = splitTypes(cur, NOCHECK);
  let unsplit = false;
  if (split) {
    if (check) {
      console.error(`client-routes: ${types} is not split (components.ts) or lacks its @ts-nocheck header; run npm run build`);
      unsplit = true;
    } else {
      writeFileSync(join(out, 'components.ts'), split.components);
      writeFileSync(types, split.types);
      console.log(`client-routes: wrote ${join(out, 'components.ts')} and ${types}`);
    }
  } else if (!cur.startsWith(NOCHECK) || !existsSync(join(out, 'components.ts'))) {
    console.error(`client-routes: ${types} lacks its @ts-nocheck header or ${join(out, 'components.ts')} is missing; run npm run build`);
    unsplit = true;
  }
  if (stale || unsplit) process.exit(1);
}
