// The one matcher: a request (method, path) to an operation of the bundle, with the platform's rules.
// WordPress's REST server compiles each route into a regular expression over the whole route and
// matches it case-insensitively (`@^route$@i`) after removing the trailing slashes; a path parameter
// is a pattern of that expression, so a value its schema refuses (type, pattern, enum, bounds) means
// "no route" (404 rest_no_route), as does a route without the method. HEAD is served by the GET
// handler. The route comes from the path under the REST root or from `?rest_route=` (base-url.ts).
// Used by the mock (which answers), by the judge (validate-har) and by the tests.
import {
  deref,
  METHODS,
  operationParams,
  operations,
  type Method,
  type OpenApiDoc,
  type Operation,
  type OperationObject,
  type Parameter,
  type Schema,
} from './spec.js';
import { pathScalarFits } from './scalar.js';

/** The operation of one method of a route. */
export interface RouteEntry {
  op: OperationObject;
  params: Parameter[];
  operation: Operation;
}

/** One compiled path of the bundle. */
export interface Route {
  template: string;
  regex: RegExp;
  /** The path parameters, in order. */
  names: string[];
  /** True for a path without parameters. */
  literal: boolean;
  /** The literal segments of the template. */
  literals: number;
  /**
   * The template's text before its first parameter, lower-cased (ASCII): a path the route's regex
   * matches starts with it, lower-cased, so the regex is run only on those (a request was tried
   * against every route's regex).
   */
  prefix: string;
  ops: Partial<Record<Method, RouteEntry>>;
}

/** A matched request. */
export interface RouteMatch {
  route: Route;
  /** The path values, as written in the request (percent-encoded unless matched `decoded`). */
  values: Record<string, string>;
  /** The path with the template's own spelling of its literal parts. */
  canonical: string;
  /** The route has the method and the path values satisfy that method's parameter schemas. */
  ok: boolean;
  /** The route's operation for the method (absent when the route lacks the method). */
  entry: RouteEntry | undefined;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compile the bundle's paths; literal paths first, then the more literal segments, then the bundle's order. */
export function routeTable(doc: OpenApiDoc): Route[] {
  const byKey = new Map(operations(doc).map((o) => [o.key, o]));
  const table: Route[] = [];
  for (const [template, itemRef] of Object.entries(doc.paths ?? {})) {
    const item = deref(itemRef, doc);
    const names: string[] = [];
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const m = /^\{([^}]+)\}$/.exec(part);
        if (!m) return escapeRe(part);
        names.push(m[1]);
        return '([^/]+)';
      })
      .join('');
    const ops: Partial<Record<Method, RouteEntry>> = {};
    for (const method of METHODS) {
      const operation = byKey.get(`${method.toUpperCase()} ${template}`);
      if (item?.[method] && operation) ops[method] = { op: item[method], params: operationParams(item, item[method], doc), operation };
    }
    const literals = template.split('/').filter((s) => s && !/\{[^}]+\}/.test(s)).length;
    const head = template.split('{', 1)[0];
    // The regex's `i` (without `u`) folds ASCII letters only: its literal part matches ASCII text, whose lower case keeps its length.
    const prefix = /^[\x20-\x7e]*$/.test(head) ? head.toLowerCase() : '';
    table.push({ template, regex: new RegExp(`^${source}$`, 'i'), names, literal: names.length === 0, literals, prefix, ops });
  }
  return table.sort((a, b) => Number(b.literal) - Number(a.literal) || b.literals - a.literals);
}

function boundsOk(s: Schema, n: number): boolean {
  if (s.minimum !== undefined && n < s.minimum) return false;
  if (s.maximum !== undefined && n > s.maximum) return false;
  if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) return false;
  return !(s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum);
}

/** Does a path value satisfy the parameter's schema? (the platform's route pattern) `decoded`: the value is not percent-encoded. */
export function pathValueOk(doc: unknown, schema: Schema | undefined, raw: string, decoded = false): boolean {
  const s: Schema = deref(schema, doc) ?? {};
  const union = s.oneOf ?? s.anyOf;
  if (Array.isArray(union)) return union.some((x) => pathValueOk(doc, x, raw, decoded));
  if (Array.isArray(s.allOf)) return s.allOf.every((x) => pathValueOk(doc, x, raw, decoded));
  let value = raw;
  if (!decoded) {
    try {
      value = decodeURIComponent(raw);
    } catch {
      return false;
    }
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length && !types.some((t) => pathScalarFits(t, value))) return false;
  if ((types.includes('integer') || types.includes('number')) && !boundsOk(s, Number(value))) return false;
  if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) return false;
  if (Array.isArray(s.enum) && !s.enum.map(String).includes(value)) return false;
  if (s.const !== undefined && String(s.const) !== value) return false;
  if (s.minLength !== undefined && [...value].length < s.minLength) return false;
  return !(s.maxLength !== undefined && [...value].length > s.maxLength);
}

/** A route without its trailing slashes (`/` stays), in linear time. */
export function trimRoute(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end--;
  return path.slice(0, end);
}

/**
 * Match a request. Answers null when no template matches the path; else the first match that is
 * `ok`, or, when none is, the first whose route has the method (its path values refused), or the
 * first match. `method` is lower- or upper-case; HEAD uses the GET operation when the route has no
 * HEAD of its own.
 */
export function matchRoute(doc: unknown, table: readonly Route[], method: string, rawPath: string, { decoded = false } = {}): RouteMatch | null {
  const path = trimRoute(rawPath || '/');
  const m0 = method.toLowerCase() as Method;
  let first: RouteMatch | null = null;
  let withMethod: RouteMatch | null = null;
  const lower = path.toLowerCase();
  for (const route of table) {
    if (!lower.startsWith(route.prefix)) continue;
    const m = route.regex.exec(path);
    if (!m) continue;
    const values = Object.fromEntries(route.names.map((n, i) => [n, m[i + 1]]));
    let i = 0;
    const canonical = route.template.replace(/\{[^}]+\}/g, () => m[++i]);
    const entry = route.ops[m0] ?? (m0 === 'head' ? route.ops.get : undefined);
    const ok =
      !!entry &&
      route.names.every((n) => {
        const p = entry.params.find((x) => x.in === 'path' && x.name === n);
        return !p || pathValueOk(doc, p.schema, values[n], decoded);
      });
    const found: RouteMatch = { route, values, canonical, ok, entry };
    if (ok) return found;
    first ??= found;
    if (entry) withMethod ??= found;
  }
  return withMethod ?? first;
}
