// Drift between the spec and a live site's own description (GET / of the REST root, mapped to the
// spec's names): routes, methods and parameters (type, default, enum, required) that one side has and
// the other lacks, the spec's namespaces apart from the site's other namespaces. Known version and
// plugin differences (../known-differences.ts) are marked as such.
import { knownReason } from '../known-differences.js';
import { endpointFor, indexRoutes, normaliseRoute, routeKey } from './routes.js';
import { asArray, asObject, at, member, type JsonObject } from '../../core/json.js';
import { bodySchema, deref, operations, schemaEnum, schemaTypes, specNamespaces } from '../../core/spec.js';
import type { MaybeRef, OpenApiDoc, Operation, Schema } from '../../core/spec.js';

/** Parameters the platform accepts on every route without listing them per route. */
export const GLOBAL_PARAMS = ['_fields', '_embed', '_envelope', '_method', '_jsonp', '_locale'];

export { normaliseRoute };

/**
 * One parameter finding: `kind` is type, enum, default, required, property, site-only or spec-only.
 * `spec` and `site` hold what each side says (types, allowed values, a default, whether it is
 * required, the site's parameter), `specOnly` and `siteOnly` the values or properties one side lacks;
 * the site's values are as its index gives them (any JSON). `known`: why a known difference explains it.
 */
export interface DriftFinding {
  route: string;
  /** The route as the site names it, when a name mapping renames it (`withSiteNames`). */
  siteRoute?: string;
  method: string;
  param: string;
  /** The parameter as the site names it, when a name mapping renames it. */
  siteParam?: string;
  kind: string;
  in?: string;
  spec?: unknown;
  site?: unknown;
  specOnly?: unknown[];
  siteOnly?: unknown[];
  known?: string;
}

/** A route key of the site index that could not be read as a route, and why. */
export interface UnparseableRoute {
  key: string;
  error: string;
}

/** A route of the site index (routes.ts `indexRoutes`): its path template with spec names, and its entry as the site gives it. */
export interface SiteRoute {
  route: string;
  entry: unknown;
}

/** The routes of a site index as `indexRoutes` returns them. */
export interface SiteRoutes {
  byKey: Map<string, SiteRoute>;
  unparseable: UnparseableRoute[];
}

/** The counts of a drift report. */
export interface DriftSummary {
  specNamespacesAbsent: number;
  siteOtherNamespaces: number;
  siteOnlyRoutes: number;
  specOnlyRoutes: number;
  siteOnlyMethods: number;
  specOnlyMethods: number;
  paramFindings: number;
  knownParamFindings: number;
  unknownParamFindings: number;
  unparseableRoutes?: number;
}

/** A route one side has, with its methods (the site's as its index lists them). */
export interface RouteMethods {
  route: string;
  siteRoute?: string;
  methods: unknown[];
}

/** A method of a route that one side has (the site's as its index names it). */
export interface RouteMethod {
  route: string;
  siteRoute?: string;
  method: unknown;
}

/** The drift report (drift.json): plain JSON, sorted, stable. */
export interface DriftReport {
  siteNamespaces: string[];
  specNamespacesAbsent: { namespace: string; siteNamespace?: string; routes: number }[];
  siteOtherNamespaces: { namespace: string; routes: string[] }[];
  paramsAbsentFromSite: { param: string; siteParam?: string; routes: number; known?: string }[];
  globalParams: string[];
  routes: { siteOnly: RouteMethods[]; specOnly: RouteMethods[] };
  methods: { siteOnly: RouteMethod[]; specOnly: RouteMethod[] };
  params: DriftFinding[];
  summary: DriftSummary;
  /** Only when the index has route keys that are not routes. */
  unparseableRoutes?: UnparseableRoute[];
}

/** What computeDrift takes besides the bundle and the index. */
export interface DriftOptions {
  globalParams?: readonly string[];
  /** A site namespace (a parameter's default) to the spec's name. */
  mapNamespace?: (ns: string) => string;
  /** The index's routes, when the caller has them already. */
  routes?: SiteRoutes;
}

/** The spec's side of one parameter. */
interface SpecParam {
  in: string;
  types: string[];
  enum: unknown[] | undefined;
  default: unknown;
  required: boolean;
  schema: MaybeRef<Schema> | undefined;
}

/** A route of the spec and its operations. */
interface SpecRoute {
  route: string;
  ops: Operation[];
}

/** Per spec parameter name: on how many routes the spec has it, and on how many of those the site has it too. */
type ParamSeen = Map<string, { spec: number; site: number }>;

/** The spec namespace a route belongs to (`namespaces` sorted longest first), or undefined. */
function nsOfRoute(route: string, sortedNamespaces: readonly string[]) {
  if (route === '/') return '(index)';
  for (const ns of sortedNamespaces) if (route.startsWith(ns, 1) && (route.length === ns.length + 1 || route[ns.length + 1] === '/')) return ns;
  return undefined;
}

/** The leading segment prefixes of a route (`/a/b/c` -> `a`, `a/b`, `a/b/c`), at most four. */
function prefixes(route: string) {
  const out = [];
  let i = 1;
  while (out.length < 4 && i < route.length) {
    const j = route.indexOf('/', i);
    const end = j < 0 ? route.length : j;
    if (end > i) out.push(route.slice(1, end));
    if (j < 0) break;
    i = j + 1;
  }
  return out;
}

const sortBy = <T extends object>(list: T[], ...keys: (keyof T)[]) =>
  list.sort((a, b) => {
    for (const k of keys) {
      const c = String(a[k] ?? '').localeCompare(String(b[k] ?? ''));
      if (c) return c;
    }
    return 0;
  });
const canon = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );

/** The types a site's arg declares (`type`, one or a list), sorted. */
function siteTypes(arg: unknown) {
  const type = member(arg, 'type');
  const t: unknown[] = Array.isArray(type) ? type : type ? [type] : [];
  const set = new Set(t);
  if (set.has('integer') && set.has('number')) set.delete('integer');
  return [...set].sort();
}
/** The values a site's arg allows (its `enum`, or its items'), or undefined. */
function siteEnum(arg: unknown) {
  return asArray(member(arg, 'enum')) ?? asArray(at(arg, 'items', 'enum'));
}

/** The spec's parameters of one operation, by name: {types, enum, default, required, in}. */
function specParams(o: Operation, doc: OpenApiDoc) {
  const out = new Map<string, SpecParam>();
  for (const p of o.params) {
    if (p.in !== 'query' && p.in !== 'path') continue;
    out.set(p.name, {
      in: p.in,
      types: schemaTypes(p.schema, doc),
      enum: schemaEnum(p.schema, doc),
      default: deref(p.schema, doc)?.default,
      required: Boolean(p.required),
      schema: p.schema,
    });
  }
  const schema = bodySchema(o, doc) ?? bodySchema(o, doc, 'application/x-www-form-urlencoded');
  if (schema) {
    const props = collectProperties(schema, doc);
    for (const [name, { schema: s, required }] of props) {
      if (out.has(name)) continue;
      out.set(name, { in: 'body', types: schemaTypes(s, doc), enum: schemaEnum(s, doc), default: deref(s, doc)?.default, required, schema: s });
    }
  }
  return out;
}

function collectProperties(schema: MaybeRef<Schema> | undefined, doc: OpenApiDoc, acc = new Map<string, { schema: Schema; required: boolean }>()) {
  const s = deref(schema, doc);
  if (!s || typeof s !== 'object') return acc;
  const req = new Set(s.required ?? []);
  for (const [k, v] of Object.entries(s.properties ?? {})) acc.set(k, { schema: v, required: req.has(k) });
  for (const m of s.allOf ?? []) collectProperties(m, doc, acc);
  return acc;
}

/** The differences between the spec's parameter `p` and the site's arg `a` of the same name on one route and method. */
function paramFindings(route: string, M: string, name: string, p: SpecParam, a: unknown, doc: OpenApiDoc, mapNamespace: (x: string) => string): DriftFinding[] {
  const out: DriftFinding[] = [];
  const st = siteTypes(a);
  if (st.length && p.types.length && canon(st) !== canon(p.types)) out.push({ route, method: M, param: name, kind: 'type', spec: p.types, site: st });
  const se = siteEnum(a);
  if (se || p.enum) {
    const specOnly = (p.enum ?? []).filter((v) => !(se ?? []).includes(v));
    const siteOnly = (se ?? []).filter((v) => !(p.enum ?? []).includes(v));
    if (!se || !p.enum) out.push({ route, method: M, param: name, kind: 'enum', spec: p.enum ?? null, site: se ?? null });
    else if (specOnly.length || siteOnly.length) out.push({ route, method: M, param: name, kind: 'enum', specOnly, siteOnly });
  }
  const siteDefault = member(a, 'default');
  let sd = name === 'namespace' && typeof siteDefault === 'string' ? mapNamespace(siteDefault) : siteDefault;
  // PHP casts a scalar default of an array parameter to a one-item list.
  if (sd !== undefined && !Array.isArray(sd) && Array.isArray(p.default) && p.types.includes('array')) sd = [sd];
  // A numeric default the site declares as a string ("10", the calendar's habit) is the same value
  // for a numeric parameter: PHP's validation casts it before the handler reads it.
  if (typeof sd === 'string' && typeof p.default === 'number' && /^-?\d+(\.\d+)?$/.test(sd) && Number(sd) === p.default) sd = p.default;
  if ((sd !== undefined || p.default !== undefined) && canon(sd) !== canon(p.default))
    out.push({ route, method: M, param: name, kind: 'default', spec: p.default ?? null, site: sd ?? null });
  const siteRequired = Boolean(member(a, 'required'));
  if (p.in !== 'path' && siteRequired !== p.required) out.push({ route, method: M, param: name, kind: 'required', spec: p.required, site: siteRequired });
  // Object properties the spec documents and the site's arg lacks (e.g. meta.footnotes).
  const specProps = collectProperties(p.schema, doc);
  const siteProps = member(a, 'properties');
  if (specProps.size && siteProps && typeof siteProps === 'object') {
    const missing = [...specProps.keys()].filter((x) => !(x in siteProps));
    const extra = Object.keys(siteProps).filter((x) => !specProps.has(x));
    if (missing.length || extra.length) out.push({ route, method: M, param: name, kind: 'property', specOnly: missing, siteOnly: extra });
  }
  return out;
}

/** The site's args on one route and method that the spec does not have (nor the global parameters). */
function siteOnlyParams(route: string, M: string, args: JsonObject, sp: Map<string, SpecParam>, globalParams: readonly string[]): DriftFinding[] {
  const out: DriftFinding[] = [];
  for (const name of Object.keys(args)) {
    if (sp.has(name) || globalParams.includes(name)) continue;
    const a = args[name];
    const siteDefault = member(a, 'default');
    const values = siteEnum(a);
    out.push({
      route,
      method: M,
      param: name,
      kind: 'site-only',
      site: {
        type: siteTypes(a),
        ...(siteDefault !== undefined ? { default: siteDefault } : {}),
        ...(values ? { enum: values } : {}),
        required: Boolean(member(a, 'required')),
      },
    });
  }
  return out;
}

/** The site's routes outside the spec's namespaces, grouped by the longest namespace of the index they fall under. */
function otherNamespaces(siteRoutes: Map<string, SiteRoute>, specNs: string[], siteNsSet: Set<string>) {
  const other = new Map<string, string[]>();
  for (const { route } of siteRoutes.values()) {
    if (nsOfRoute(route, specNs)) continue;
    const pre = prefixes(route);
    const ns = pre.reverse().find((p) => siteNsSet.has(p)) ?? route.split('/').filter(Boolean).slice(0, 2).join('/');
    const list = other.get(ns) ?? [];
    other.set(ns, list);
    list.push(route);
  }
  return [...other].map(([namespace, routes]) => ({ namespace, routes: routes.sort() })).sort((a, b) => a.namespace.localeCompare(b.namespace));
}

/** Count, per spec parameter name, its routes in the spec and those where the site has it too. */
function countParams(paramSeen: ParamSeen, sp: Map<string, SpecParam>, args: JsonObject, globalParams: readonly string[]) {
  for (const [name] of sp) {
    if (globalParams.includes(name)) continue;
    const c = paramSeen.get(name) ?? { spec: 0, site: 0 };
    c.spec++;
    if (name in args) c.site++;
    paramSeen.set(name, c);
  }
}

/** The spec's namespaces the site does not have at all (listed in drift.specNamespacesAbsent, sorted); returns their set. */
function absentNamespaces(
  drift: DriftReport,
  specRoutes: Map<string, SpecRoute>,
  siteRoutes: Map<string, SiteRoute>,
  specNs: string[],
  siteNsSet: Set<string>,
) {
  const specNsWithRoutes = new Map<string, number>();
  for (const { route } of specRoutes.values()) {
    const ns = nsOfRoute(route, specNs) ?? '(other)';
    specNsWithRoutes.set(ns, (specNsWithRoutes.get(ns) ?? 0) + 1);
  }
  const sitePrefixes = new Set<string>();
  for (const { route } of siteRoutes.values()) for (const p of prefixes(route)) sitePrefixes.add(p);
  const siteHasNs = (ns: string) => ns === '(index)' || siteNsSet.has(ns) || sitePrefixes.has(ns);
  const absent = new Set<string>();
  for (const [ns, n] of specNsWithRoutes)
    if (!siteHasNs(ns)) {
      absent.add(ns);
      drift.specNamespacesAbsent.push({ namespace: ns, routes: n });
    }
  sortBy(drift.specNamespacesAbsent, 'namespace');
  return absent;
}

/** The methods of each endpoint of a site route entry that lists them (the site's values as they are). */
const endpointMethods = (entry: unknown): unknown[][] =>
  (asArray(member(entry, 'endpoints')) ?? []).map((e) => asArray(member(e, 'methods'))).filter((m) => m !== undefined);

/** The routes of the spec by route key, each with its operations. */
function specRoutesOf(ops: Operation[]) {
  const specRoutes = new Map<string, SpecRoute>();
  for (const o of ops) {
    const k = routeKey(o.path);
    const r = specRoutes.get(k) ?? { route: o.path, ops: [] };
    specRoutes.set(k, r);
    r.ops.push(o);
  }
  return specRoutes;
}

/**
 * Compare a bundle with a site index (already mapped to spec names). `routes`: the index's routes as
 * `indexRoutes` returns them, when the caller has them already.
 * @returns the drift report (plain JSON, sorted, stable).
 */
export function computeDrift(doc: OpenApiDoc, index: unknown, { globalParams = GLOBAL_PARAMS, mapNamespace = (x: string) => x, routes }: DriftOptions = {}) {
  const specNs = [...specNamespaces(doc), '(index)'].sort((a, b) => b.length - a.length);
  const ops = operations(doc);
  const { byKey: siteRoutes, unparseable }: SiteRoutes = routes ?? indexRoutes(index);
  const specRoutes = specRoutesOf(ops);
  const siteNamespaces = [...new Set((asArray(member(index, 'namespaces')) ?? []).filter((n) => typeof n === 'string'))];
  const drift: DriftReport = {
    siteNamespaces: [...siteNamespaces].sort(),
    specNamespacesAbsent: [],
    siteOtherNamespaces: [],
    paramsAbsentFromSite: [],
    globalParams: [...globalParams],
    routes: { siteOnly: [], specOnly: [] },
    methods: { siteOnly: [], specOnly: [] },
    params: [],
    // In its place of the report; finishDrift counts it.
    summary: {
      specNamespacesAbsent: 0,
      siteOtherNamespaces: 0,
      siteOnlyRoutes: 0,
      specOnlyRoutes: 0,
      siteOnlyMethods: 0,
      specOnlyMethods: 0,
      paramFindings: 0,
      knownParamFindings: 0,
      unknownParamFindings: 0,
    },
  };
  if (unparseable.length) drift.unparseableRoutes = unparseable.sort((a, b) => a.key.localeCompare(b.key));
  // Namespaces of the spec the site doesn't have at all.
  const siteNsSet = new Set(siteNamespaces);
  const absent = absentNamespaces(drift, specRoutes, siteRoutes, specNs, siteNsSet);
  // The site's routes outside the spec's namespaces, by the longest namespace of the index they fall under.
  drift.siteOtherNamespaces = otherNamespaces(siteRoutes, specNs, siteNsSet);

  // Count, per spec parameter name, on how many common routes the site has it at all.
  const paramSeen: ParamSeen = new Map();
  const findings: DriftFinding[] = [];
  for (const [k, s] of specRoutes) {
    const ns = nsOfRoute(s.route, specNs);
    if (ns !== undefined && absent.has(ns)) continue;
    const site = siteRoutes.get(k);
    if (!site) {
      drift.routes.specOnly.push({ route: s.route, methods: s.ops.map((o) => o.method.toUpperCase()).sort() });
      continue;
    }
    for (const o of s.ops) {
      const M = o.method.toUpperCase();
      const ep: unknown = endpointFor(site.entry, M);
      if (!ep) {
        drift.methods.specOnly.push({ route: s.route, method: M });
        continue;
      }
      const sp = specParams(o, doc);
      const args = asObject(member(ep, 'args')) ?? {};
      countParams(paramSeen, sp, args, globalParams);
      for (const [name, p] of sp) {
        if (globalParams.includes(name)) continue;
        const a = args[name];
        // Path parameters are matched by the route pattern (the site may name or list them differently).
        if (!a) {
          if (p.in !== 'path') findings.push({ route: s.route, method: M, param: name, kind: 'spec-only', in: p.in });
          continue;
        }
        findings.push(...paramFindings(s.route, M, name, p, a, doc, mapNamespace));
      }
      findings.push(...siteOnlyParams(s.route, M, args, sp, globalParams));
    }
    for (const methods of endpointMethods(site.entry))
      for (const M of methods) {
        if (!s.ops.some((o) => o.method.toUpperCase() === M) && !drift.methods.siteOnly.some((x) => x.route === s.route && x.method === M))
          drift.methods.siteOnly.push({ route: s.route, method: M });
      }
  }
  for (const [k, site] of siteRoutes) {
    if (specRoutes.has(k)) continue;
    const ns = nsOfRoute(site.route, specNs);
    if (!ns) continue;
    drift.routes.siteOnly.push({ route: site.route, methods: [...new Set(endpointMethods(site.entry).flat())].sort() });
  }
  return finishDrift(drift, findings, paramSeen, unparseable);
}

/** The values a known difference is looked up for: an enum finding's values the spec lists, a property finding's properties. */
const findingValues = (f: DriftFinding): unknown[] | undefined =>
  f.kind === 'enum' ? (f.specOnly ?? asArray(f.spec) ?? []) : f.kind === 'property' ? f.specOnly : undefined;

/** Known differences, sorting and the summary of a drift report. */
function finishDrift(drift: DriftReport, findings: DriftFinding[], paramSeen: ParamSeen, unparseable: UnparseableRoute[]) {
  // A spec parameter the site has on no route at all (e.g. a plugin's parameter): one finding.
  const everywhere = new Set([...paramSeen].filter(([, c]) => c.site === 0 && c.spec > 1).map(([n]) => n));
  drift.paramsAbsentFromSite = [...paramSeen]
    .filter(([n]) => everywhere.has(n))
    .map(([param, c]) => {
      const reason = knownReason({ param, kind: 'absent', route: '' });
      return { param, routes: c.spec, ...(reason ? { known: reason } : {}) };
    })
    .sort((a, b) => a.param.localeCompare(b.param));
  for (const f of findings) {
    if (f.kind === 'spec-only' && everywhere.has(f.param)) continue;
    const values = findingValues(f);
    const reason = knownReason({ route: f.route, param: f.param, kind: f.kind, values, spec: f.spec, site: f.site });
    const explainedAll =
      reason &&
      (f.kind !== 'enum' ||
        ((f.siteOnly ?? []).length === 0 && (f.specOnly ?? []).every((v) => knownReason({ route: f.route, param: f.param, kind: 'enum', values: [v] })))) &&
      (f.kind !== 'property' ||
        ((f.siteOnly ?? []).length === 0 && (f.specOnly ?? []).every((v) => knownReason({ route: f.route, param: f.param, kind: 'property', values: [v] }))));
    if (reason) f.known = explainedAll ? knownReasonsFor(f) : `partly: ${knownReasonsFor(f)}`;
    drift.params.push(f);
  }
  sortBy(drift.params, 'route', 'method', 'param', 'kind');
  sortBy(drift.routes.siteOnly, 'route');
  sortBy(drift.routes.specOnly, 'route');
  sortBy(drift.methods.siteOnly, 'route', 'method');
  sortBy(drift.methods.specOnly, 'route', 'method');
  const known = drift.params.filter((f) => f.known && !String(f.known).startsWith('partly')).length;
  drift.summary = {
    specNamespacesAbsent: drift.specNamespacesAbsent.length,
    siteOtherNamespaces: drift.siteOtherNamespaces.length,
    siteOnlyRoutes: drift.routes.siteOnly.length,
    specOnlyRoutes: drift.routes.specOnly.length,
    siteOnlyMethods: drift.methods.siteOnly.length,
    specOnlyMethods: drift.methods.specOnly.length,
    paramFindings: drift.params.length,
    knownParamFindings: known,
    unknownParamFindings: drift.params.length - known,
    ...(unparseable.length ? { unparseableRoutes: unparseable.length } : {}),
  };
  return drift;
}

function knownReasonsFor(f: DriftFinding) {
  const vals = findingValues(f) ?? [undefined];
  const reasons = new Set(
    vals
      .map((v) => knownReason({ route: f.route, param: f.param, kind: f.kind, values: v === undefined ? undefined : [v], spec: f.spec, site: f.site }))
      .filter(Boolean),
  );
  return [...reasons].join('; ');
}

/**
 * How the site names what the spec names: the name mapping in its `toSite` direction (core/mapping.ts
 * `mapPath`, `mapParam`, `mapNamespace`).
 */
export interface SiteNaming {
  route: (route: string) => string;
  param: (name: string) => string;
  namespace: (ns: string) => string;
}

/**
 * Set `x[siteKey]` to the site's name of `x[key]`, right after `key` (in place, so drift.json shows the
 * two side by side), when the mapping renames it: a name it does not rename gets none.
 */
function beside<T extends object>(x: T, key: keyof T & string, siteKey: string, name: (v: string) => string): T {
  const value = x[key];
  if (typeof value !== 'string' || name(value) === value) return x;
  const o = x as Record<string, unknown>;
  const entries = Object.entries(o);
  for (const [k] of entries) delete o[k];
  for (const [k, v] of entries) {
    o[k] = v;
    if (k === key) o[siteKey] = name(value);
  }
  return x;
}

/**
 * Put the site's names beside the spec's in a drift report, in place (DECISIONS.md D185): the report
 * is computed on the index mapped to the spec's names and keeps them (its keys are what known
 * differences and consumers match on); `siteRoute`, `siteParam` and `siteNamespace` say how the site
 * names a route, a parameter or a namespace the mapping renames, and the reports show those. The
 * site's other namespaces and unparseable keys are the site's own already.
 * @returns the same report.
 */
export function withSiteNames(drift: DriftReport, naming: SiteNaming): DriftReport {
  for (const x of drift.specNamespacesAbsent) beside(x, 'namespace', 'siteNamespace', naming.namespace);
  for (const x of drift.paramsAbsentFromSite) beside(x, 'param', 'siteParam', naming.param);
  for (const list of [drift.routes.siteOnly, drift.routes.specOnly, drift.methods.siteOnly, drift.methods.specOnly])
    for (const x of list) beside(x, 'route', 'siteRoute', naming.route);
  for (const f of drift.params) beside(beside(f, 'route', 'siteRoute', naming.route), 'param', 'siteParam', naming.param);
  return drift;
}

const MAX_VALUES = 10;
/** One value of a finding, printable: JSON, cut (values come from the site: hostile input). */
function showValue(v: unknown) {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = '?';
  }
  s = s.replace(/[\x00-\x1f\x7f]/g, '?');
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}
function showValues(xs: unknown) {
  const list = Array.isArray(xs) ? xs : [xs];
  const shown = list.slice(0, MAX_VALUES).map(showValue).join(', ');
  return list.length > MAX_VALUES ? `${shown}, … (${list.length - MAX_VALUES} more)` : shown;
}
const types = (xs: unknown) =>
  Array.isArray(xs) && xs.length
    ? xs
        .map(showValue)
        .map((t) => t.replace(/^"|"$/g, ''))
        .join(' or ')
    : 'untyped';

/**
 * A parameter finding of the drift report in words: what differs, and which side the tool takes to
 * be right. The site's own index is what the site accepts, so a difference no known platform version
 * or plugin explains is the spec's to fix; a known difference keeps the spec (it documents another
 * version) and says why. Returns `{ what, verdict }`. Any member may be missing (a finding read
 * back from drift.json, say): a kind it does not know is described by its values.
 */
export function describeFinding(f: Partial<DriftFinding>) {
  let what: string;
  switch (f.kind) {
    case 'type': {
      const siteList = asArray(f.site) ?? [];
      const extra = (asArray(f.spec) ?? []).filter((t) => !siteList.includes(t));
      what = `type: the spec says ${types(f.spec)}, the site ${types(f.site)}${extra.length ? ` (the site does not take ${extra.map((t) => showValue(t).replace(/^"|"$/g, '')).join(' or ')})` : ''}`;
      break;
    }
    case 'enum':
      if (f.specOnly || f.siteOnly) {
        const parts = [];
        if (f.specOnly?.length) parts.push(`the spec allows ${showValues(f.specOnly)}, which the site's list of values lacks`);
        if (f.siteOnly?.length) parts.push(`the site also accepts ${showValues(f.siteOnly)}, which the spec does not list`);
        what = `allowed values: ${parts.join('; ')}`;
      } else if (f.site === null || f.site === undefined)
        what = `allowed values: the spec allows only ${showValues(f.spec ?? [])}; the site lists no values (it takes any of its type)`;
      else what = `allowed values: the site allows only ${showValues(f.site)}; the spec lists no values`;
      break;
    case 'default':
      what = `default: the spec says ${f.spec === null || f.spec === undefined ? 'none' : showValue(f.spec)}, the site uses ${f.site === null || f.site === undefined ? 'none' : showValue(f.site)}`;
      break;
    case 'required':
      what = f.spec ? 'required: the spec requires it, the site does not' : 'required: the site requires it, the spec does not';
      break;
    case 'property': {
      const parts = [];
      if (f.specOnly?.length) parts.push(`only in the spec: ${showValues(f.specOnly)}`);
      if (f.siteOnly?.length) parts.push(`only on the site: ${showValues(f.siteOnly)}`);
      what = `object properties ${parts.join('; ')}`;
      break;
    }
    case 'site-only':
      what = `the site accepts this parameter (${types(member(f.site, 'type'))}${member(f.site, 'required') ? ', required' : ''}); the spec does not document it`;
      break;
    case 'spec-only':
      what = `the spec documents this parameter${f.in ? ` (in ${f.in})` : ''}; the site does not list it on this route`;
      break;
    default:
      what = `${f.kind}: spec ${showValue(f.spec ?? f.specOnly ?? null)}, site ${showValue(f.site ?? f.siteOnly ?? null)}`;
  }
  const verdict = f.known
    ? `${String(f.known).startsWith('partly') ? 'partly explained' : 'expected'}: ${f.known}`
    : "as far as the site's index shows, the site is right (the index is what it accepts): check the spec, or record a known difference";
  return { what, verdict };
}
