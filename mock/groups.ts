// The mock runs one Prism per group of namespaces (two groups): Prism compares every request against every
// operation of its document and sorts them (about 1.5 ms per request for the whole bundle), so each
// Prism serves only its group's paths. The front already knows each request's route and sends it to
// its group's Prism.
import { entriesOf, type JsonObject } from '../core/json.ts';
import { METHODS, deref, type MaybeRef, type OpenApiDoc, type PathItem } from '../core/spec.ts';

/** One group's document for its Prism. */
export interface GroupDoc {
  name: string;
  doc: OpenApiDoc;
  routes: number;
  operations: number;
}

/**
 * The groups, in order; a route belongs to the first group whose `match` accepts its first two
 * path segments (`/core/v2/posts/{id}` -> `core/v2`; `/` -> ``). The last group takes the rest.
 * Two groups of about half the operations each, the two busiest namespaces (core, calendar) apart:
 * each Prism costs ~110 MB before it reads its document, so four Prisms (~650 MB) broke the
 * mock's memory budget (400 MB), and on 2 cores more Prisms than cores serve no more requests.
 */
export const GROUPS: { name: string; match: (ns: string) => boolean }[] = [
  { name: 'core', match: (ns) => ns === '' || /^(core|batch|oembed)\//.test(ns) }, // site-wide routes, core/v2
  { name: 'cal', match: () => true }, // cal/events/v1, ml/* and the other add-ons
];

/** The namespace of a path template: its first two segments (`` for `/`). */
export const namespaceOf = (template: string): string => template.split('/').filter(Boolean).slice(0, 2).join('/');

/** The name of the group that serves a path template. */
export function groupOf(template: string): string {
  const ns = namespaceOf(template);
  return GROUPS.find((g) => g.match(ns))?.name ?? GROUPS[GROUPS.length - 1].name;
}

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

/**
 * A copy of the document whose `_embedded` members are plain objects (`{type: object}`), for Prism.
 * The embedded records refer back to the records (a post embeds its terms, which embed their
 * posts' ...): Prism compiles a validator per response in which that cycle is inlined, and the core
 * group's Prism outgrew its heap (112 MB) before it had answered every operation once (D216). Prism
 * never builds an `_embedded` (its answers are the documented examples, which the spec tests check
 * against the full schema, and `_embed` is the store's); only `--errors` checked it there.
 */
export function withLooseEmbeds(doc: OpenApiDoc): OpenApiDoc {
  const loosen = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(loosen);
    if (!node || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'example' || k === 'examples' || k === 'default' || k === 'const' || k === 'enum')
        out[k] = v; // data, not schemas
      else if (k === 'properties' && v && typeof v === 'object' && !Array.isArray(v))
        out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, name === '_embedded' ? { type: 'object' } : loosen(s)]));
      else out[k] = loosen(v);
    }
    return out;
  };
  const components = doc.components
    ? { ...doc.components, schemas: loosen(doc.components.schemas) as NonNullable<OpenApiDoc['components']>['schemas'] }
    : undefined;
  return { ...doc, paths: loosen(doc.paths) as OpenApiDoc['paths'], ...(components ? { components } : {}) };
}

/**
 * The document one group's Prism serves: the same root document with `paths` filtered to the
 * group and `components` pruned to what those paths reach (security schemes are kept whole: they
 * are named, not referenced). Answers [{name, doc, routes, operations}] for the non-empty groups.
 */
export function groupDocs(full: OpenApiDoc): GroupDoc[] {
  const doc = withLooseEmbeds(full);
  const byGroup = new Map<string, Record<string, PathItem>>();
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    const name = groupOf(template);
    if (!byGroup.has(name)) byGroup.set(name, {});
    byGroup.get(name)![template] = item;
  }
  const out: GroupDoc[] = [];
  for (const g of GROUPS) {
    const paths = byGroup.get(g.name);
    if (!paths) continue;
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
    out.push({ name: g.name, doc: { ...doc, paths, components }, routes: Object.keys(paths).length, operations });
  }
  return out;
}
