// The mock's Prism servers, one per group of routes: Prism compares every request against every
// operation of its document and sorts them (its routing cost grows with the operations it serves), so
// each server serves only its group's paths, and the front, which already knows each request's route,
// sends it to its group's server. All of them run in one process (prism-host.ts, D242): a group costs
// its document, not another copy of Prism's modules, so the groups stay small as the spec grows.
import { entriesOf, type JsonObject } from '../core/json.ts';
import { METHODS, deref, type MaybeRef, type OpenApiDoc, type PathItem } from '../core/spec.ts';

/** One group's document for its Prism server, and the resources (`resourceOf`) it serves. */
export interface GroupDoc {
  name: string;
  doc: OpenApiDoc;
  resources: string[];
  routes: number;
  operations: number;
}

/**
 * The most routes of one group (a resource with more routes is a group of its own). Measured on the
 * spec with 60 more core routes (D242): the Prism host spent 3.8 ms of CPU per distinct request with
 * one group of every route, 2.1 ms with groups of 60, 2.0 ms with 24 and 12, at the same memory.
 */
export const MAX_GROUP_ROUTES = 24;

/** The resource of a path template: its first three segments (`/core/v2/posts/{id}` -> `core/v2/posts`; `/` -> ``). */
export const resourceOf = (template: string): string => template.split('/').filter(Boolean).slice(0, 3).join('/');

/** Every local `#/components/...` reference reachable from `root` (transitively), as JSON pointers. */
function reachable(doc: OpenApiDoc, root: unknown): Set<string> {
  const seen = new Set<string>();
  const stack: unknown[] = [root];
  const visit = (ref: unknown): void => {
    if (typeof ref !== 'string' || !ref.startsWith('#/components/') || seen.has(ref)) return;
    seen.add(ref);
    stack.push(deref<MaybeRef<JsonObject>>({ $ref: ref }, doc)); // a component: an object of the bundle
  };
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const x of node) stack.push(x);
      continue;
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref') visit(v);
      else if (k === 'mapping' && v && typeof v === 'object')
        for (const x of Object.values(v)) visit(x); // discriminator mapping
      else if (v && typeof v === 'object') stack.push(v);
    }
  }
  return seen;
}

/** Keys whose value is data (an example, a default, an enumeration), copied as it is. */
const DATA = new Set(['example', 'default', 'const', 'enum', 'value', 'info']);
/** Keys whose value maps names (properties, headers, media types, codes, examples, components) to nodes: every name is kept. */
const NAME_MAPS = new Set([
  'paths',
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'responses',
  'headers',
  'content',
  'examples',
  'encoding',
  'links',
  'callbacks',
  'variables',
  'mapping',
  'schemas',
  'parameters',
  'requestBodies',
  'securitySchemes',
  'pathItems',
]);
/** Annotations (prose) that Prism never reads. */
const PROSE = new Set(['description', 'summary', 'title']);

/**
 * A copy of the document for Prism: every `_embedded` member a plain object (`{type: object}`),
 * and nothing Prism never reads (D243).
 * - `_embedded`: the embedded records refer back to the records (a post embeds its terms, which
 *   embed their posts' ...): Prism compiles a validator per response in which that cycle is
 *   inlined, and the core group's Prism outgrew its heap before it had answered every operation once
 *   (D216). Prism never builds an `_embedded` (its answers are the documented examples, which the
 *   spec tests check against the full schema, and `_embed` is the store's); only `--errors` checked
 *   it there.
 * - prose (`description`, `summary`, `title` strings; a response's required `description` is kept
 *   empty), `x-` extensions, `externalDocs`, and the
 *   examples of requests (a parameter's or a request body's `example` / `examples`): Prism answers
 *   with the responses' examples and validates requests against their schemas; the rest only sat in
 *   its memory, once per operation that reaches it. Names (of properties, headers, ...) and data
 *   (examples, defaults, enumerations) are copied as they are.
 */
export function forPrism(doc: OpenApiDoc): OpenApiDoc {
  // `request`: a parameter or a request body (its examples go); `response`: a response object, whose
  // `description` OpenAPI requires (Prism drops an operation whose response has none): kept, empty.
  const node = (n: unknown, role?: 'request' | 'response'): unknown => {
    if (Array.isArray(n)) return n.map((x) => node(x));
    if (!n || typeof n !== 'object') return n;
    const out: JsonObject = {};
    if (role === 'response' && typeof (n as JsonObject).description === 'string') out.description = '';
    for (const [k, v] of Object.entries(n)) {
      if ((PROSE.has(k) && typeof v === 'string') || k.startsWith('x-') || k === 'externalDocs') continue;
      if (role === 'request' && (k === 'example' || k === 'examples')) continue;
      if (DATA.has(k) || (k === 'examples' && Array.isArray(v))) out[k] = v;
      else if (k === 'properties' && v && typeof v === 'object' && !Array.isArray(v))
        out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, name === '_embedded' ? { type: 'object' } : node(s)]));
      else if (k === 'parameters' && Array.isArray(v)) out[k] = v.map((p) => node(p, 'request'));
      else if (k === 'requestBody') out[k] = node(v, 'request');
      else if (k === 'content' && role === 'request' && v && typeof v === 'object') out[k] = names(v, 'request');
      else if ((k === 'parameters' || k === 'requestBodies') && v && typeof v === 'object')
        out[k] = names(v, 'request'); // components'
      else if (k === 'responses' && v && typeof v === 'object')
        out[k] = names(v, 'response'); // an operation's, components'
      else if (NAME_MAPS.has(k) && v && typeof v === 'object' && !Array.isArray(v)) out[k] = names(v);
      else out[k] = node(v);
    }
    return out;
  };
  const names = (m: object, role?: 'request' | 'response'): JsonObject => Object.fromEntries(Object.entries(m).map(([name, v]) => [name, node(v, role)]));
  return node(doc) as OpenApiDoc;
}

/**
 * The documents of the Prism servers: the routes, by resource in the document's order, packed into
 * groups of at most `maxRoutes` routes (a resource is never split); each group's document is the
 * same root document (`forPrism`) with `paths` filtered to the group and `components` pruned to
 * what those paths reach (security schemes are kept whole: they are named, not referenced). Each
 * group is named after its first resource (`core/v2/posts`; `/` for the site index).
 */
export function groupDocs(full: OpenApiDoc, maxRoutes = MAX_GROUP_ROUTES): GroupDoc[] {
  const doc = forPrism(full);
  const byResource = new Map<string, Record<string, PathItem>>();
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    const r = resourceOf(template);
    if (!byResource.has(r)) byResource.set(r, {});
    byResource.get(r)![template] = item;
  }
  const packs: { resources: string[]; paths: Record<string, PathItem> }[] = [];
  for (const [r, paths] of byResource) {
    let last = packs[packs.length - 1];
    if (!last || Object.keys(last.paths).length + Object.keys(paths).length > maxRoutes) packs.push((last = { resources: [], paths: {} }));
    last.resources.push(r);
    Object.assign(last.paths, paths);
  }
  return packs.map(({ resources, paths }) => {
    const refs = reachable(doc, paths);
    const components: JsonObject = {};
    for (const [kind, entries] of Object.entries(doc.components ?? {})) {
      if (kind === 'securitySchemes') {
        components[kind] = entries;
        continue;
      }
      const kept = Object.fromEntries(entriesOf(entries).filter(([n]) => refs.has(`#/components/${kind}/${n.replace(/~/g, '~0').replace(/\//g, '~1')}`)));
      if (Object.keys(kept).length) components[kind] = kept;
    }
    const operations = Object.values(paths).reduce((n, it) => n + METHODS.filter((m) => m !== 'head' && m !== 'options' && deref(it, doc)?.[m]).length, 0);
    return { name: resources[0] || '/', doc: { ...doc, paths, components }, resources, routes: Object.keys(paths).length, operations };
  });
}
