// Choosing the name mapping for a site: the CLI uses THE name mapping of the package
// (core/mapping.ts, the one the client uses), imported directly; here only what reads a site's index.
import type { Json } from '../../core/spec.js';

/** `core/v2=wp/v2` lines of a mapping (namespaces, then parameters). */
export function mappingPairs(mapping: Json) {
  return [...Object.entries(mapping.namespaces ?? {}), ...Object.entries(mapping.params ?? {})].map(([a, b]) => `${a}=${b}`);
}

/**
 * Choose the mapping from a site's index (raw, the site's names): every pair of the festival platform
 * (`core/v2=wp/v2`, `cal/events/v1=tribe/events/v1`, `i18n_language=wpml_language`) whose site name
 * the index has and whose spec name it does not. `explicit` pairs (from --map or the config) override
 * per name. Returns `{ mapping, detected: string[], explicit: string[] }`.
 */
export function detectMapping(index: Json, map: Json, explicitPairs = []) {
  const known = map.FESTIVAL_PLATFORM;
  const namespaces = new Set((Array.isArray(index?.namespaces) ? index.namespaces : []).filter((n: Json) => typeof n === 'string'));
  const routes = index && typeof index.routes === 'object' && index.routes ? index.routes : {};
  const keys = Object.keys(routes);
  const wanted = [...Object.keys(known.namespaces), ...Object.values(known.namespaces)];
  // An index without a namespaces list: the known namespaces are looked for among the route keys.
  for (const ns of wanted) if (!namespaces.has(ns) && keys.some((k) => k === `/${ns}` || k.startsWith(`/${ns}/`))) namespaces.add(ns);
  const detected = [];
  for (const [spec, site] of Object.entries(known.namespaces)) if (namespaces.has(site) && !namespaces.has(spec)) detected.push(`${spec}=${site}`);
  // Parameter names: the arguments of the routes of the known namespaces (a plugin adds its language
  // parameter to the core and calendar routes).
  const prefixes = wanted.map((ns) => `/${ns}/`);
  const paramNames = new Set();
  for (const k of keys) {
    if (!prefixes.some((p) => k.startsWith(p))) continue;
    const eps = routes[k]?.endpoints;
    for (const ep of Array.isArray(eps) ? eps : []) if (ep?.args && typeof ep.args === 'object') for (const a of Object.keys(ep.args)) paramNames.add(a);
  }
  for (const [spec, site] of Object.entries(known.params)) if (paramNames.has(site) && !paramNames.has(spec)) detected.push(`${spec}=${site}`);
  const explicit = [...explicitPairs];
  const overridden = map.parseMapping(explicit, map.parseMapping(detected));
  return { mapping: overridden, detected, explicit };
}

/**
 * How to read a site index with spec names, without copying it (an index can hold hundreds of
 * thousands of routes): `{ namespaces, mapKey, mapEntry }` — the namespaces list mapped, a function
 * mapping a route key (only keys under a renamed namespace are touched), and one mapping a route
 * entry's argument names (the entry itself when the mapping renames no parameter).
 */
export function indexMapper(index: Json, map: Json, mapping: Json) {
  const siteNs = Object.values(mapping.namespaces ?? {}).map((ns) => `/${ns}`);
  const mapKey = siteNs.length ? (k: Json) => (siteNs.some((p) => k === p || k.startsWith(`${p}/`)) ? map.mapPath(k, mapping, 'toSpec') : k) : (k: Json) => k;
  const renamesParams = Object.keys(mapping.params ?? {}).length > 0;
  const mapEntry = !renamesParams
    ? (e: Json) => e
    : (entry: Json) =>
        entry && Array.isArray(entry.endpoints)
          ? {
              ...entry,
              endpoints: entry.endpoints.map((ep: Json) =>
                ep?.args && typeof ep.args === 'object'
                  ? { ...ep, args: Object.fromEntries(Object.entries(ep.args).map(([a, v]) => [map.mapParam(a, mapping, 'toSpec'), v])) }
                  : ep,
              ),
            }
          : entry;
  const namespaces = (Array.isArray(index?.namespaces) ? index.namespaces : [])
    .filter((n: Json) => typeof n === 'string')
    .map((n: Json) => map.mapNamespace(n, mapping, 'toSpec'));
  return { namespaces, mapKey, mapEntry };
}
