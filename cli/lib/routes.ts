// Route keys of a site's index are untrusted input. `parseRoute` turns a platform route regex
// (`/wp/v2/posts/(?P<id>[\d]+)`) into a path template (`/wp/v2/posts/{id}`) in one left-to-right
// pass (every step advances, so it always ends), or says why the key is not a route it can read.
// `indexRoutes` does that for a whole index in linear time and keeps the unparseable keys for the report.
import { asArray, isObject, objects, type JsonObject } from '../../core/json.js';

/** Longest route key read; a longer one is reported as unparseable. */
export const MAX_ROUTE_KEY = 2048;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SPECIAL = /[()[\]\\]/;

/** A route key read (`route`: the path template), or why it cannot be read (`error`). */
export type ParsedRoute = { route: string; error?: undefined } | { error: string; route?: undefined };

/** One route of a site index: the path template (spec names), the site's key, the entry (the site's, any shape). */
export interface SiteRoute {
  route: string;
  pattern: string;
  entry: unknown;
}

/** Every route of a site index (`indexRoutes`). */
export interface IndexRoutes {
  byKey: Map<string, SiteRoute>;
  unparseable: { key: string; error: string }[];
}

/**
 * Skip a character class starting at `i` (`route[i] === '['`); returns the index after its `]`, or -1.
 * A `]` right after `[` or `[^` is a literal member, as in PCRE.
 */
function skipClass(route: string, i: number): number {
  let j = i + 1;
  if (route[j] === '^') j++;
  if (route[j] === ']') j++;
  for (; j < route.length; j++) {
    if (route[j] === '\\') {
      j++;
      continue;
    }
    if (route[j] === ']') return j + 1;
  }
  return -1;
}

/** The end (index after the closing `)`) of a group whose body starts at `i`, or -1 when unbalanced. */
function groupEnd(route: string, i: number): number {
  let depth = 1;
  let j = i;
  while (j < route.length) {
    const c = route[j];
    if (c === '\\') {
      j += 2;
      continue;
    }
    if (c === '[') {
      j = skipClass(route, j);
      if (j < 0) return -1;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return -1;
}

/**
 * `/core/v2/posts/(?P<id>[\d]+)` -> `{ route: '/core/v2/posts/{id}' }`; an unreadable key ->
 * `{ error }`. Named groups may nest parentheses and character classes; an unnamed group outside a
 * named one is kept as written.
 */
export function parseRoute(key: unknown): ParsedRoute {
  if (typeof key !== 'string' || !key.startsWith('/')) return { error: 'does not start with /' };
  if (key.length > MAX_ROUTE_KEY) return { error: `longer than ${MAX_ROUTE_KEY} characters` };
  if (!SPECIAL.test(key)) return { route: key.length > 1 ? key.replace(/\/+$/, '') : key };
  let out = '';
  let i = 0;
  while (i < key.length) {
    const c = key[i];
    if (key.startsWith('(?P<', i)) {
      const close = key.indexOf('>', i + 4);
      if (close < 0) return { error: `named group at ${i} has no closing >` };
      const name = key.slice(i + 4, close);
      if (!NAME.test(name)) return { error: `named group at ${i} has an invalid name ${JSON.stringify(name.slice(0, 40))}` };
      const end = groupEnd(key, close + 1);
      if (end < 0) return { error: `named group ${name} is not closed` };
      out += `{${name}}`;
      i = end;
    } else if (c === '(') {
      const end = groupEnd(key, i + 1);
      if (end < 0) return { error: `group at ${i} is not closed` };
      out += key.slice(i, end);
      i = end;
    } else if (c === ')') {
      return { error: `unbalanced ) at ${i}` };
    } else if (c === '[') {
      const end = skipClass(key, i);
      if (end < 0) return { error: `character class at ${i} is not closed` };
      out += key.slice(i, end);
      i = end;
    } else if (c === '\\') {
      out += key.slice(i, i + 2);
      i += 2;
    } else {
      out += c;
      i++;
    }
  }
  return { route: out.length > 1 ? out.replace(/\/+$/, '') : out };
}

/** `/core/v2/posts/(?P<id>[\d]+)` -> `/core/v2/posts/{id}`; an unparseable key is returned as it is. */
export function normaliseRoute(key: string): string {
  const r = parseRoute(key);
  return r.route ?? key;
}

/** Route key for matching: parameter names dropped (`/a/{id}` ~ `/a/{x}`). */
export const routeKey = (p: string): string => p.replace(/\{[^}]+\}/g, '{}');

/**
 * Every route of a site index: `{ byKey: Map(routeKey -> {route, pattern, entry}), unparseable:
 * [{key, error}] }`. `mapKey` and `mapEntry` turn the site's names into the spec's (mapping.ts
 * `indexMapper`); `route` has spec names, `pattern` is the site's key.
 */
export function indexRoutes(
  index: unknown,
  { mapKey = (k: string): string => k, mapEntry = (e: object): unknown => e }: { mapKey?: (k: string) => string; mapEntry?: (e: object) => unknown } = {},
): IndexRoutes {
  const byKey = new Map<string, SiteRoute>();
  const unparseable: IndexRoutes['unparseable'] = [];
  const routes = isObject(index) && isObject(index.routes) ? index.routes : {};
  for (const [pattern, entry] of Object.entries(routes)) {
    const r = parseRoute(pattern.startsWith('/') ? mapKey(pattern) : pattern);
    if (r.error !== undefined) {
      unparseable.push({ key: pattern.length > 200 ? `${pattern.slice(0, 200)}…` : pattern, error: r.error });
      continue;
    }
    byKey.set(routeKey(r.route), { route: r.route, pattern, entry: typeof entry === 'object' && entry !== null ? mapEntry(entry) : {} });
  }
  return { byKey, unparseable };
}

/** The endpoint of a site route entry that serves `method`, or undefined. */
export function endpointFor(entry: unknown, method: string): JsonObject | undefined {
  const eps = isObject(entry) ? entry.endpoints : undefined;
  return objects(eps).find((e) => asArray(e.methods)?.includes(method));
}
