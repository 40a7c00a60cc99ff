// Choosing the name mapping for a site: the CLI uses THE name mapping of the package
// (core/mapping.ts, the one the client uses), imported directly; here only what reads a site's index.
import { asArray, entriesOf, isObject, member } from '../../core/json.js';
import type { NameMapping } from '../../core/mapping.js';
import type { MapModule } from './types.js';

/** `core/v2=wp/v2` lines of a mapping (namespaces, route segments, then parameters), as parseMapping reads them. */
export function mappingPairs(mapping: NameMapping): string[] {
  return [
    ...Object.entries(mapping.namespaces ?? {}).map(([a, b]) => `${a}=${b}`),
    ...Object.entries(mapping.segments ?? {}).flatMap(([ns, t]) => Object.entries(t).map(([a, b]) => `${ns}:${a}=${b}`)),
    ...Object.entries(mapping.params ?? {}).map(([a, b]) => `${a}=${b}`),
  ];
}

/** The strings of an index's `namespaces` list (none when it has no list). */
const namespacesOf = (index: unknown): string[] => (asArray(member(index, 'namespaces')) ?? []).filter((n): n is string => typeof n === 'string');

/**
 * Choose the mapping from a site's index (raw, the site's names): every pair of the festival platform
 * (`core/v2=wp/v2`, `ml/v1=wpml/v1`, ..., `i18n_language=wpml_language`) whose site name the index
 * has and whose spec name it does not, each detected namespace with its renamed route segments
 * (`builder/v1:font-library=google-fonts`). A namespace the site lacks is not mapped: the run reports
 * it "not on this site". `explicit` pairs (from --map or the config) override per name. Returns
 * `{ mapping, detected: string[], explicit: string[] }`.
 */
export function detectMapping(
  index: unknown,
  map: MapModule,
  explicitPairs: readonly string[] = [],
): { mapping: NameMapping; detected: string[]; explicit: string[] } {
  const known = map.FESTIVAL_PLATFORM;
  const namespaces = new Set(namespacesOf(index));
  // A routes member that is an array has only index keys: none is a route of a known namespace.
  const routes = entriesOf(member(index, 'routes'));
  const keys = routes.map(([k]) => k);
  const wanted = [...Object.keys(known.namespaces), ...Object.values(known.namespaces)];
  // An index without a namespaces list: the known namespaces are looked for among the route keys.
  for (const ns of wanted) if (!namespaces.has(ns) && keys.some((k) => k === `/${ns}` || k.startsWith(`/${ns}/`))) namespaces.add(ns);
  const detected: string[] = [];
  for (const [spec, site] of Object.entries(known.namespaces))
    if (spec !== site && namespaces.has(site) && !namespaces.has(spec)) {
      detected.push(`${spec}=${site}`);
      for (const [a, b] of Object.entries(known.segments?.[spec] ?? {})) detected.push(`${spec}:${a}=${b}`);
    }
  // Parameter names: the arguments of the routes of the known namespaces (a plugin adds its language
  // parameter to the core and calendar routes).
  const prefixes = wanted.map((ns) => `/${ns}/`);
  const paramNames = new Set<string>();
  for (const [k, route] of routes) {
    if (!prefixes.some((p) => k.startsWith(p))) continue;
    const eps = member(route, 'endpoints');
    for (const ep of Array.isArray(eps) ? eps : []) {
      const args = member(ep, 'args');
      if (typeof args === 'object' && args !== null) for (const a of Object.keys(args)) paramNames.add(a);
    }
  }
  for (const [spec, site] of Object.entries(known.params)) if (paramNames.has(site) && !paramNames.has(spec)) detected.push(`${spec}=${site}`);
  const explicit = [...explicitPairs];
  const overridden = map.parseMapping(explicit, map.parseMapping(detected));
  return { mapping: overridden, detected, explicit };
}

/** How a run reads a site index with spec names (`indexMapper`). */
export interface IndexMapper {
  namespaces: string[];
  mapKey: (k: string) => string;
  mapEntry: (entry: unknown) => unknown;
}

/**
 * How to read a site index with spec names, without copying it (an index can hold hundreds of
 * thousands of routes): `{ namespaces, mapKey, mapEntry }` — the namespaces list mapped, a function
 * mapping a route key (only keys under a renamed namespace are touched), and one mapping a route
 * entry's argument names (the entry itself when the mapping renames no parameter).
 */
export function indexMapper(index: unknown, map: MapModule, mapping: NameMapping): IndexMapper {
  // The site's names of the namespaces the mapping renames, or whose route segments it renames.
  const renamed = [...Object.values(mapping.namespaces ?? {}), ...Object.keys(mapping.segments ?? {}).map((ns) => mapping.namespaces?.[ns] ?? ns)];
  const siteNs = [...new Set(renamed)].map((ns) => `/${ns}`);
  const mapKey = siteNs.length
    ? (k: string) => (siteNs.some((p) => k === p || k.startsWith(`${p}/`)) ? map.mapPath(k, mapping, 'toSpec') : k)
    : (k: string) => k;
  const renamesParams = Object.keys(mapping.params ?? {}).length > 0;
  const mapArgs = (ep: unknown): unknown =>
    isObject(ep) && typeof ep.args === 'object' && ep.args !== null
      ? { ...ep, args: Object.fromEntries(Object.entries(ep.args).map(([a, v]: [string, unknown]) => [map.mapParam(a, mapping, 'toSpec'), v])) }
      : ep;
  const mapEntry = !renamesParams
    ? (e: unknown) => e
    : (entry: unknown) => (isObject(entry) && Array.isArray(entry.endpoints) ? { ...entry, endpoints: entry.endpoints.map(mapArgs) } : entry);
  const namespaces = namespacesOf(index).map((n) => map.mapNamespace(n, mapping, 'toSpec'));
  return { namespaces, mapKey, mapEntry };
}
