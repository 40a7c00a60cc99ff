// The route table of the bundle, matched the way the platform matches routes: a path template is a
// regular expression over the whole path (case-insensitive, trailing slash ignored), and a path
// parameter that does not satisfy its schema (type, pattern, enum, bounds) means "no route".
import * as walker from '../../cli/lib/spec.mjs';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Follow local `#/...` $refs of the bundle: the project's one walker (cli/lib/spec.mjs), in the mock's (doc, node) order. */
export const deref = (doc, node) => walker.deref(node, doc);

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compile the bundle's paths into [{template, regex, names, literal, ops: {method: {op, params}}}]. */
export function routeTable(doc) {
  const table = [];
  for (const [template, itemRef] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, itemRef);
    const names = [];
    const source = template.split(/(\{[^}]+\})/).map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (!m) return escape(part);
      names.push(m[1]);
      return '([^/]+)';
    }).join('');
    const ops = {};
    for (const method of METHODS) {
      if (!item[method]) continue;
      ops[method] = { op: item[method], params: walker.operationParams(item, item[method], doc) };
    }
    table.push({ template, regex: new RegExp(`^${source}$`, 'i'), names, literal: names.length === 0, ops });
  }
  // Literal paths win over templated ones (as in Prism); otherwise the order of the spec.
  return table.sort((a, b) => Number(b.literal) - Number(a.literal));
}

/** Does a raw path-segment value satisfy the parameter's schema? (the platform's route regex) */
export function pathValueOk(doc, schema, raw) {
  const s = deref(doc, schema) ?? {};
  if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) return (s.oneOf ?? s.anyOf).some((x) => pathValueOk(doc, x, raw));
  if (Array.isArray(s.allOf)) return s.allOf.every((x) => pathValueOk(doc, x, raw));
  let value;
  try { value = decodeURIComponent(raw); } catch { return false; }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length) {
    const okType = types.some((t) => (t === 'integer' ? /^-?\d+$/.test(value) : t === 'number' ? /^-?\d+(\.\d+)?$/.test(value) : t === 'boolean' ? /^(true|false|1|0)$/.test(value) : t === 'string'));
    if (!okType) return false;
  }
  if (types.includes('integer') || types.includes('number')) {
    const n = Number(value);
    if (s.minimum !== undefined && n < s.minimum) return false;
    if (s.maximum !== undefined && n > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) return false;
    if (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum) return false;
  }
  if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) return false;
  if (Array.isArray(s.enum) && !s.enum.map(String).includes(value)) return false;
  if (s.const !== undefined && String(s.const) !== value) return false;
  if (s.minLength !== undefined && [...value].length < s.minLength) return false;
  if (s.maxLength !== undefined && [...value].length > s.maxLength) return false;
  return true;
}

/**
 * Match a request (method, path). Answers {route, values, canonical, ok} or null when no template
 * matches the path. `ok` is true when the route has the method and the path parameters satisfy that
 * method's parameter schemas; of several matching templates the first that is `ok` wins.
 * `canonical` is the path with the template's own spelling of literal parts (what Prism expects).
 */
export function matchRoute(doc, table, method, rawPath) {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath;
  let first = null;
  for (const route of table) {
    const m = route.regex.exec(path);
    if (!m) continue;
    const values = Object.fromEntries(route.names.map((n, i) => [n, m[i + 1]]));
    let i = 0;
    const canonical = route.template.replace(/\{[^}]+\}/g, () => m[++i]);
    const entry = route.ops[method];
    const ok = !!entry && route.names.every((n) => {
      const p = entry.params.find((x) => x.in === 'path' && x.name === n);
      return !p || pathValueOk(doc, p.schema, values[n]);
    });
    const found = { route, values, canonical, ok, entry };
    if (ok) return found;
    first ??= found;
  }
  return first;
}
