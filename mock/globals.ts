// The platform's global parameters, which every route accepts and Prism does not apply:
// `context` (the edit and embed shapes: the example of that context, else the view example
// projected onto the context's schema), `_fields` (only the listed fields, dotted names for nested
// ones), `_embed` (an `_embedded` member holding, per link relation, the embed-context answers of
// the embeddable links) and `_envelope` (a 200 `{body, status, headers}`).
import { asArray, entriesOf, isObject, member } from '../core/json.ts';
import { deref, type MediaType, type OpenApiDoc } from '../core/spec.ts';
import type { Entry, Headers, Pairs } from './types.ts';

/** A `_fields` tree: a name maps to `true` (keep whole) or to the tree of its kept members. */
interface FieldTree {
  [name: string]: true | FieldTree;
}

/** Value of the last `name` pair (PHP keeps the last), or undefined. */
export function lastParam(pairs: Pairs, name: string): string | undefined {
  let v: string | undefined;
  for (const [k, x] of pairs) if (k === name) v = x;
  return v;
}

function successMedia(doc: OpenApiDoc, entry: Entry | undefined): MediaType | undefined {
  const ok = Object.entries(entry?.op?.responses ?? {}).find(([c]) => /^2\d\d$/.test(c));
  return ok ? deref(ok[1], doc)?.content?.['application/json'] : undefined;
}

/** The example key of the success answer for `context` (`edit_context`, `edit`, ...), or undefined. */
export function contextExample(doc: OpenApiDoc, entry: Entry, context: string | undefined): string | undefined {
  if (context !== 'edit' && context !== 'embed') return undefined;
  const keys = Object.keys(successMedia(doc, entry)?.examples ?? {});
  return keys.find((k) => k === `${context}_context`) ?? keys.find((k) => k === context);
}

/** The property names of the `context` shape of an answer (the `*Edit` / `*Embed` branch of its anyOf), or null. */
export function contextProperties(doc: OpenApiDoc, entry: Entry, context: string): Set<string> | null {
  let schema = deref(successMedia(doc, entry)?.schema, doc);
  if (schema?.type === 'array') schema = deref(schema.items, doc);
  const branches = schema?.anyOf ?? schema?.oneOf;
  if (!Array.isArray(branches)) return null;
  const suffix = context === 'edit' ? 'Edit' : 'Embed';
  const branch = branches.find((b) => typeof b.$ref === 'string' && b.$ref.endsWith(suffix));
  const props = deref(branch, doc)?.properties;
  return props ? new Set([...Object.keys(props), '_links']) : null;
}

/** Project an answer (object or list of objects) onto a set of top-level names. */
export function projectContext(json: unknown, names: Set<string>): unknown {
  const one = (o: unknown): unknown => (isObject(o) ? Object.fromEntries(Object.entries(o).filter(([k]) => names.has(k))) : o);
  return Array.isArray(json) ? json.map(one) : one(json);
}

/**
 * `_fields=id,title.rendered` -> a tree {id: true, title: {rendered: true}}. Every node has no
 * prototype, so a name from the request (`__proto__`, `constructor`, `prototype`) is an ordinary
 * key of the tree and never reaches Object.prototype (D112).
 */
function fieldTree(list: string): FieldTree {
  const tree: FieldTree = Object.create(null);
  for (const raw of list.split(',')) {
    const path = raw.trim().split('.').filter(Boolean);
    if (!path.length) continue;
    let node: FieldTree = tree;
    for (let i = 0; i < path.length; i++) {
      if (node[path[i]] === true) break;
      if (i === path.length - 1) node[path[i]] = true;
      else {
        const sub = node[path[i]];
        node = node[path[i]] = typeof sub === 'object' ? sub : (Object.create(null) as FieldTree);
      }
    }
  }
  return tree;
}

/** A plain object with `key` set as an own data property (also `__proto__`), never through a setter. */
const define = (out: object, key: string, v: unknown): object =>
  Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });

function pick(value: unknown, tree: FieldTree): unknown {
  if (!isObject(value)) return value;
  const out = {};
  for (const k of Object.keys(tree)) {
    if (!Object.hasOwn(value, k)) continue;
    const sub = tree[k];
    define(out, k, sub === true ? value[k] : pick(value[k], sub));
  }
  return out;
}

/**
 * Apply `_fields` (a comma list) to a success answer: each item of a list, or the object. As on the
 * platform, naming `_links` or `_embedded` (or anything under them) keeps both whole.
 */
export function applyFields(json: unknown, list: string): unknown {
  const tree = fieldTree(list);
  if (!Object.keys(tree).length) return json;
  if (Object.hasOwn(tree, '_links') || Object.hasOwn(tree, '_embedded')) {
    tree._links = true;
    tree._embedded = true;
  }
  return Array.isArray(json) ? json.map((x: unknown) => pick(x, tree)) : pick(json, tree);
}

/** The link relations `_embed` asks for: null = every embeddable one. */
export function embedRels(value: string | undefined): Set<string> | null | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (v === '' || v === '1' || v === 'true') return null;
  return new Set(
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );
}

/** The path (+ query) of an href on the site or on the mock, or null for another site. */
export function sitePath(href: unknown, origin: string): string | null {
  if (typeof href !== 'string') return null;
  if (href.startsWith(`${origin}/`)) return href.slice(origin.length);
  const m = /^https?:\/\/[^/]+\/wp-json(\/[^#]*)$/.exec(href);
  return m ? m[1] : null;
}

/** PHP's truthiness of decoded JSON (`array_filter` without a callback): an empty list or object, '', 0, false and null are not. */
const phpTruthy = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : isObject(v) ? Object.keys(v).length > 0 : v !== '' && v !== '0' && v !== 0 && v !== false && v !== null && v !== undefined;

/**
 * Add `_embedded` to each object of an answer: for every embeddable link of an asked relation,
 * `fetchEmbed(path)` (the mock's own embed-context answer, at most `max` links per request).
 */
export async function addEmbedded(
  json: unknown,
  rels: Set<string> | null,
  origin: string,
  fetchEmbed: (path: string) => Promise<unknown>,
  max = 40,
): Promise<unknown> {
  const objects: unknown[] = Array.isArray(json) ? json : [json];
  let budget = max;
  const cache = new Map<string, Promise<unknown>>();
  const get = (path: string): Promise<unknown> => {
    if (!cache.has(path)) cache.set(path, fetchEmbed(path));
    return cache.get(path)!;
  };
  const out: unknown[] = [];
  for (const o of objects) {
    if (!isObject(o) || !o._links || typeof o._links !== 'object') {
      out.push(o);
      continue;
    }
    const embedded: Record<string, unknown[]> = {};
    for (const [rel, value] of entriesOf(o._links)) {
      if (rels && !rels.has(rel)) continue;
      const links = asArray(value);
      if (!links) continue;
      const items: Promise<unknown>[] = [];
      for (const l of links) {
        if (!member(l, 'embeddable')) continue;
        const path = sitePath(member(l, 'href'), origin);
        if (path === null || budget-- <= 0) continue;
        items.push(get(path));
      }
      // WordPress keeps a relation only when one of its embeds holds something (WP_REST_Server::embed_links:
      // `array_filter($embeds)`): a post without comments embeds no `replies`, though it links them.
      const got = items.length ? await Promise.all(items) : [];
      if (got.some(phpTruthy)) embedded[rel] = got;
    }
    out.push(Object.keys(embedded).length ? { ...o, _embedded: embedded } : o);
  }
  return Array.isArray(json) ? out : out[0];
}

/** The headers of an answer as the platform puts them into an `_envelope` (its own headers, integers as numbers). */
export function envelopeHeaders(headers: Headers, doc: OpenApiDoc, entry: Entry | undefined): Record<string, unknown> {
  const ok = Object.entries(entry?.op?.responses ?? {}).find(([c]) => /^2\d\d$/.test(c));
  const documented = Object.keys((ok && deref(ok[1], doc)?.headers) ?? {});
  const out: Record<string, unknown> = {};
  for (const name of [...documented, 'Location', 'Allow']) {
    const v = headers[name.toLowerCase()];
    if (v === undefined || Object.hasOwn(out, name)) continue;
    out[name] = /^\d+$/.test(String(v)) && /total/i.test(name) ? Number(v) : v;
  }
  return out;
}
