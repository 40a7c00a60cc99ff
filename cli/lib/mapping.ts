// The CLI uses THE name mapping of the package: src/mapping.ts compiled by the build
// (`npm run build:client`, also run by `prepack`) to dist/src/mapping.js. Nothing is transpiled at
// run time. In a checkout where the compiled file is missing or older than its source, the CLI stops
// with one line saying which command builds it (`npm run contract` builds it first by itself).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from './spec.mjs';

export class MappingNotBuilt extends Error {}

let cached;

/** Where the compiled mapping must be, and whether it is usable: `{ file, problem? }`. */
export function mappingStatus(root = PACKAGE_ROOT) {
  const src = join(root, 'src', 'mapping.ts');
  const file = join(root, 'dist', 'src', 'mapping.js');
  if (!existsSync(file)) return { file, problem: `the name mapping is not compiled (${file} is missing): run \`npm run build:client\` first` };
  if (existsSync(src) && statSync(src).mtimeMs > statSync(file).mtimeMs) return { file, problem: `the compiled name mapping is older than src/mapping.ts: run \`npm run build:client\` first` };
  return { file };
}

/** Import the mapping module: `{ parseMapping, mapPath, mapParam, mapBody, mapUrl, mapLinkHeader, mapNamespace, IDENTITY, FESTIVAL_PLATFORM, ... }`. */
export async function loadMapping(root = PACKAGE_ROOT) {
  if (cached && root === PACKAGE_ROOT) return cached;
  const { file, problem } = mappingStatus(root);
  if (problem) throw new MappingNotBuilt(problem);
  const mod = await import(pathToFileURL(file).href);
  if (root === PACKAGE_ROOT) cached = mod;
  return mod;
}

/** `core/v2=wp/v2` lines of a mapping (namespaces, then parameters). */
export function mappingPairs(mapping) {
  return [...Object.entries(mapping.namespaces ?? {}), ...Object.entries(mapping.params ?? {})].map(([a, b]) => `${a}=${b}`);
}

/**
 * Choose the mapping from a site's index (raw, the site's names): every pair of the festival platform
 * (`core/v2=wp/v2`, `cal/events/v1=tribe/events/v1`, `i18n_language=wpml_language`) whose site name
 * the index has and whose spec name it does not. `explicit` pairs (from --map or the config) override
 * per name. Returns `{ mapping, detected: string[], explicit: string[] }`.
 */
export function detectMapping(index, map, explicitPairs = []) {
  const known = map.FESTIVAL_PLATFORM;
  const namespaces = new Set((Array.isArray(index?.namespaces) ? index.namespaces : []).filter((n) => typeof n === 'string'));
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
export function indexMapper(index, map, mapping) {
  const siteNs = Object.values(mapping.namespaces ?? {}).map((ns) => `/${ns}`);
  const mapKey = siteNs.length ? (k) => (siteNs.some((p) => k === p || k.startsWith(`${p}/`)) ? map.mapPath(k, mapping, 'toSpec') : k) : (k) => k;
  const renamesParams = Object.keys(mapping.params ?? {}).length > 0;
  const mapEntry = !renamesParams ? (e) => e : (entry) => (entry && Array.isArray(entry.endpoints)
    ? { ...entry, endpoints: entry.endpoints.map((ep) => (ep?.args && typeof ep.args === 'object' ? { ...ep, args: Object.fromEntries(Object.entries(ep.args).map(([a, v]) => [map.mapParam(a, mapping, 'toSpec'), v])) } : ep)) }
    : entry);
  const namespaces = (Array.isArray(index?.namespaces) ? index.namespaces : []).filter((n) => typeof n === 'string').map((n) => map.mapNamespace(n, mapping, 'toSpec'));
  return { namespaces, mapKey, mapEntry };
}
