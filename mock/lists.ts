// Comma lists in query parameters whose schema is a union (oneOf / anyOf) with an array branch,
// e.g. `categories` of GET /core/v2/posts: a list of term ids (`categories=4,5`, style form,
// explode false) or an object. Prism splits comma lists only when the schema itself is an array, so
// it rejects `categories=4,5` ("must be array"). The front checks such values itself against the
// array branch and does not forward them to Prism (the static examples do not depend on them).
import { scalarFits } from '../core/scalar.ts';
import { deref, schemaTypes, type OpenApiDoc, type Schema } from '../core/spec.ts';
import type { Detail, Entry, Pairs, Param } from './types.ts';

interface Problem {
  code: string;
  text: string;
}

/** The platform's code for one list item that breaks the item schema, or null when it is valid. */
function itemProblem(doc: OpenApiDoc, schema: Schema | undefined, value: string): Problem | null {
  const s: Schema = deref(schema, doc) ?? {};
  const union = s.oneOf ?? s.anyOf;
  if (Array.isArray(union))
    return union.some((x) => itemProblem(doc, x, value) === null)
      ? null
      : { code: 'rest_no_matching_schema', text: 'does not match any of the expected formats' };
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length && !types.some((t) => scalarFits(t, value))) return { code: 'rest_invalid_type', text: `is not of type ${types.join(',')}` };
  if (types.includes('integer') || types.includes('number')) {
    const n = Number(value);
    if (
      (s.minimum !== undefined && n < s.minimum) ||
      (s.maximum !== undefined && n > s.maximum) ||
      (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) ||
      (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum)
    )
      return { code: 'rest_out_of_bounds', text: 'is out of bounds' };
  }
  if (Array.isArray(s.enum) && !s.enum.map(String).includes(value)) return { code: 'rest_not_in_enum', text: `is not one of ${s.enum.join(', ')}` };
  if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) return { code: 'rest_invalid_pattern', text: `does not match pattern ${s.pattern}` };
  if (s.minLength !== undefined && [...value].length < s.minLength) return { code: 'rest_too_short', text: `must be at least ${s.minLength} characters long` };
  if (s.maxLength !== undefined && [...value].length > s.maxLength) return { code: 'rest_too_long', text: `must be at most ${s.maxLength} characters long` };
  return null;
}

/** The array branch of a query parameter's union schema, when it is a comma list (form, not exploded). */
export function unionListBranch(doc: OpenApiDoc, param: Param): Schema | null {
  if (param.in !== 'query' || (param.style ?? 'form') !== 'form' || param.explode !== false) return null;
  const s: Schema = deref(param.schema, doc) ?? {};
  const union = s.oneOf ?? s.anyOf;
  if (!Array.isArray(union)) return null;
  return union.map((x) => deref(x, doc)).find((x) => x?.type === 'array' || (Array.isArray(x?.type) && x.type.includes('array'))) ?? null;
}

/**
 * Check the union-with-array query parameters of an operation (`entry` = {op, params}) in `search`
 * (a URLSearchParams). Answers {search, invalid}: the query to forward (those parameters removed)
 * and a Map name -> platform detail {code, message, data: {param}} for the values that break the
 * array branch. The platform keeps the last of repeated keys.
 */
export function checkUnionLists(doc: OpenApiDoc, entry: Entry | undefined, search: URLSearchParams): { search: URLSearchParams; invalid: Map<string, Detail> } {
  const invalid = new Map<string, Detail>();
  if (!entry) return { search, invalid };
  let out = search;
  for (const p of entry.params) {
    const branch = unionListBranch(doc, p);
    // A required one stays with Prism (removing it would read as missing); none is required today.
    if (!branch || p.required || !search.has(p.name)) continue;
    const all = search.getAll(p.name);
    const raw = all[all.length - 1];
    if (out === search) out = new URLSearchParams(search);
    out.delete(p.name);
    const items = raw === '' ? [] : raw.split(',').map((x) => x.trim());
    const name = p.name;
    const fail = (param: string, code: string, text: string): unknown => invalid.set(name, { code, message: `${param} ${text}.`, data: { param } });
    const bad = items.findIndex((v) => itemProblem(doc, branch.items ?? {}, v) !== null);
    if (bad >= 0) {
      const pr = itemProblem(doc, branch.items ?? {}, items[bad])!;
      fail(`${name}[${bad}]`, pr.code, pr.text);
      continue;
    }
    if (branch.minItems !== undefined && items.length < branch.minItems) fail(name, 'rest_too_few_items', `must contain at least ${branch.minItems} items`);
    else if (branch.maxItems !== undefined && items.length > branch.maxItems)
      fail(name, 'rest_too_many_items', `must contain at most ${branch.maxItems} items`);
    else if (branch.uniqueItems && new Set(items).size !== items.length) fail(name, 'rest_duplicate_items', 'has duplicate items');
  }
  return { search: out, invalid };
}

/**
 * Query keys in PHP's bracket form (`per_page[]=abc`, `order[x]=asc`): PHP reads them as an array,
 * and the platform validates that array against the parameter's schema, so a parameter that only
 * takes scalars answers 400 rest_invalid_param / rest_invalid_type ("per_page is not of type
 * integer."). As in PHP, the last key with the base name decides: `per_page[]=x&per_page=5` is the
 * scalar 5. Answers {pairs, invalid}: the pairs to forward (the bracketed keys of those parameters
 * removed) and a Map name -> platform detail. Parameters that take an array or object are left as
 * they are. With `bodySchema` the pairs are a form body's, checked against that schema's properties.
 */
export function checkBracketScalars(
  doc: OpenApiDoc,
  entry: Entry | undefined,
  pairs: Pairs,
  { bodySchema }: { bodySchema?: Schema } = {},
): { pairs: Pairs; invalid: Map<string, Detail> } {
  const invalid = new Map<string, Detail>();
  if (!entry || !pairs.some(([k]) => k.includes('['))) return { pairs, invalid };
  const scalar = new Map<string, string[]>();
  // The query parameters, or (for a form body) the properties of the body's schema.
  const named: [string, Schema | undefined][] = bodySchema
    ? Object.entries(deref(bodySchema, doc)?.properties ?? {})
    : entry.params.filter((p) => p.in === 'query').map((p): [string, Schema | undefined] => [p.name, p.schema]);
  for (const [name, schema] of named) {
    const types = schemaTypes(schema, doc, { order: 'schema' });
    if (types.length && !types.includes('array') && !types.includes('object')) scalar.set(name, types);
  }
  const last = new Map<string, boolean>(); // base name -> is the last key bracketed?
  for (const [k] of pairs) {
    const b = k.indexOf('[');
    const base = b < 0 ? k : k.slice(0, b);
    if (scalar.has(base)) last.set(base, b >= 0);
  }
  for (const [name, bracketed] of last) {
    if (!bracketed) continue;
    const types = scalar.get(name)!;
    invalid.set(name, { code: 'rest_invalid_type', message: `${name} is not of type ${types.join(',')}.`, data: { param: name } });
  }
  const kept = pairs.filter(([k]) => {
    const b = k.indexOf('[');
    return b < 0 || !scalar.has(k.slice(0, b));
  });
  return { pairs: kept, invalid };
}
