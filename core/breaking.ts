// The breaking-change checker: compare two bundles (an older `base`, a newer `head`) and list every
// change, each marked breaking or not, with the rule that found it.
//
// COMPARISON MODEL
// - Operations are matched by method and path template with the variable names erased
//   (`/posts/{id}` = `/posts/{post}`): renaming a path variable changes nothing on the wire.
// - Parameters are matched by `in` + `name` (path parameters by position); path-level and
//   operation-level parameters are merged first, the operation's winning.
// - Requests (parameters, request bodies) are judged contravariantly: the head must accept every
//   request the base accepted, with the same meaning. Responses are judged covariantly: the head may
//   send only what the base could send, and must keep every field the base promised.
// - Schemas are compared structurally, $refs resolved: types, enums/const, constraints, `format`,
//   `default`, properties (own and through `allOf`), `required`, `additionalProperties`, array items,
//   and the members of `oneOf`/`anyOf` one by one. Members are paired by their $ref target, else by
//   position among the inline members; a member of a composition is never merged with its siblings.
//   A $ref pair met again below itself is not compared again (recursive schemas terminate).
// - Security: an operation's effective requirement is its own `security`, else the document's.
//
// RULES (breaking unless marked "ok")
//   operation-removed, operationId-renamed, operation-added (ok)
//   security-required: anonymous calls were allowed and are not any more
//   security-scheme-removed: a credential kind the base accepted is no longer accepted; -added (ok)
//   parameter-removed, required-parameter-added, parameter-became-required, parameter-added (ok),
//   parameter-serialisation-changed (query style; explode, unless the base parameter was a scalar)
//   request-default-changed: the default of a request value changed or was dropped (clients that
//     omit it get another behaviour); request-default-added (ok)
//   request-body-removed, required-request-body-added, request-body-became-required,
//   request-media-type-removed
//   request-type-narrowed, request-enum-narrowed, request-enum-widened (ok)
//   request-constraint-narrowed: maximum/minimum (and exclusive), maxLength/minLength, maxItems/
//     minItems, maxProperties/minProperties tightened or added; multipleOf added or not a divisor of
//     the old one; uniqueItems added; any new or changed `pattern` or `format`; additionalProperties
//     or unevaluatedProperties becoming false (or a schema where it was absent or true)
//   request-field-removed, required-request-field-added, request-field-became-required,
//   request-field-added (ok)
//   request-variant-removed: a oneOf/anyOf member a request could match is gone; -added (ok)
//   response-status-removed (2xx; other statuses ok), response-status-added (ok, 2xx only)
//   response-media-type-removed, response-header-removed
//   response-type-changed, response-enum-widened, response-enum-narrowed (ok)
//   response-format-changed: a response value's `format` changed or was dropped
//   response-field-removed, response-field-no-longer-required, response-field-added (ok)
//   response-variant-added: a response may match a new oneOf/anyOf member; -removed (ok)
//
// KNOWN LIMITS (what this checker does not see; review such changes by hand)
// - Regular expressions are compared as text: any changed `pattern` counts as narrower, even one that
//   accepts more. Formats likewise: any new or changed request `format` counts.
// - `not`, `if`/`then`/`else`, `dependentRequired`/`dependentSchemas`, `prefixItems`,
//   `patternProperties`, `propertyNames`, `contains` and `discriminator` are not compared; nor are a
//   changed `additionalProperties` schema (only true/absent -> false/schema), `readOnly`/`writeOnly`,
//   or response `default`s.
// - Inline composition members are paired by position: reordering them reads as changed members. Where
//   only one side composes, the plain side is held against each member whose declared type it shares
//   (a member of another type is a new or removed variant, judged with the union's types).
// - Media types are matched exactly (no `application/*` wildcard matching); response headers only by
//   presence; only 2xx statuses count when removed.
// - Security scheme definitions (`components.securitySchemes`), servers, descriptions, examples and
//   extensions (`x-*`) are not compared. Semantics the schema does not state are invisible.
// - Properties merged through `allOf` are followed 6 levels deep.
//
// The verdict: breaks are allowed only when the head's info.version has a greater major than the base's.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deref, operations, PACKAGE_ROOT, schemaTypes } from './spec.js';
import type { OpenApiDoc, Operation, ParameterObject, Schema } from './spec.js';

/** Request or response: which way a schema is read. */
type Direction = 'request' | 'response';

/** One change between two bundles. */
export interface Change {
  breaking: boolean;
  rule: string;
  operation: string;
  where: string;
  message: string;
}

/** The changes between two bundles, and their versions. */
export interface BundleComparison {
  changes: Change[];
  base: { version?: string };
  head: { version?: string };
}

const routeKey = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
const fmt = (v: unknown) => JSON.stringify(v);
const isNullSchema = (s: Schema | undefined) => s?.type === 'null' || (Array.isArray(s?.type) && s.type.length === 1 && s.type[0] === 'null');

/** Properties of a schema, through allOf (not oneOf/anyOf members: those are compared one by one). */
function shape(schema: Schema | undefined, doc: OpenApiDoc, depth = 0) {
  const s = deref(schema, doc);
  const props = new Map<string, Schema>();
  const required = new Set<string>();
  if (!s || typeof s !== 'object' || depth > 6) return { props, required };
  for (const [k, v] of Object.entries(s.properties ?? {})) props.set(k, v);
  for (const r of s.required ?? []) required.add(r);
  for (const m of s.allOf ?? []) {
    const sub = shape(m, doc, depth + 1);
    sub.props.forEach((v, k) => {
      if (!props.has(k)) props.set(k, v);
    });
    sub.required.forEach((r) => required.add(r));
  }
  return { props, required };
}

function directEnum(schema: Schema | undefined, doc: OpenApiDoc): unknown[] | undefined {
  const s = deref(schema, doc);
  if (!s || typeof s !== 'object') return undefined;
  if (Array.isArray(s.enum)) return s.enum.filter((v) => v !== null);
  if (s.const !== undefined && s.const !== null) return [s.const];
  let out: unknown[] | undefined;
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    if (isNullSchema(deref(m, doc))) continue;
    const e = directEnum(m, doc);
    if (!e) return undefined; // an unrestricted member: no enum overall
    out = [...new Set([...(out ?? []), ...e])];
  }
  return out;
}

/** The members of a schema's oneOf/anyOf, each with the key it is paired by. */
function members(s: Schema) {
  const list = [...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  let inline = 0;
  return list.map((m) => ({ m, key: typeof m?.$ref === 'string' ? `ref ${m.$ref.split('/').pop()}` : isNullSchema(m) ? 'null' : `#${inline++}` }));
}
const memberLabel = (key: string) => (key.startsWith('ref ') ? key.slice(4) : key === 'null' ? 'null' : `member ${key}`);

type NumericKeyword =
  'maximum' | 'exclusiveMaximum' | 'maxLength' | 'maxItems' | 'maxProperties' | 'minimum' | 'exclusiveMinimum' | 'minLength' | 'minItems' | 'minProperties';

/** Tightened numeric keywords of a request schema: [keyword, tighter(old, new)]. */
const BOUNDS: [NumericKeyword, (x: number, y: number) => boolean][] = [
  ['maximum', (x, y) => y < x],
  ['exclusiveMaximum', (x, y) => y < x],
  ['maxLength', (x, y) => y < x],
  ['maxItems', (x, y) => y < x],
  ['maxProperties', (x, y) => y < x],
  ['minimum', (x, y) => y > x],
  ['exclusiveMinimum', (x, y) => y > x],
  ['minLength', (x, y) => y > x],
  ['minItems', (x, y) => y > x],
  ['minProperties', (x, y) => y > x],
];

/** Closed means: no longer accepts unknown properties (false, or a schema where anything went). */
const closes = (x: unknown, y: unknown) => y !== undefined && y !== true && (x === undefined || x === true);

/** One comparison of two bundles: `base` and `head`, and `add`, which records a change. */
interface Comparison {
  base: OpenApiDoc;
  head: OpenApiDoc;
  add: (breaking: boolean, rule: string, operation: string, where: string, message: string) => void;
}

function types(cx: Comparison, bs: Schema, hs: Schema, dir: Direction, op: string, where: string) {
  const tb = schemaTypes(bs, cx.base);
  const th = schemaTypes(hs, cx.head);
  const lostFrom = (from: string[], to: string[]) => from.filter((t) => !to.includes(t) && !(t === 'integer' && to.includes('number')));
  if (tb.length && th.length) {
    const lost = dir === 'request' ? lostFrom(tb, th) : lostFrom(th, tb);
    if (lost.length && dir === 'request')
      cx.add(true, 'request-type-narrowed', op, where, `no longer accepts ${lost.join(', ')} (was ${tb.join('|')}, now ${th.join('|')})`);
    if (lost.length && dir === 'response')
      cx.add(true, 'response-type-changed', op, where, `may now be ${lost.join(', ')} (was ${tb.join('|')}, now ${th.join('|')})`);
  } else if (tb.length && !th.length && dir === 'response') {
    cx.add(true, 'response-type-changed', op, where, `type no longer stated (was ${tb.join('|')})`);
  } else if (!tb.length && th.length && dir === 'request' && Object.keys(bs).length === 0) {
    cx.add(true, 'request-type-narrowed', op, where, `now restricted to ${th.join('|')} (accepted anything)`);
  }
}

function enums(cx: Comparison, bs: Schema, hs: Schema, dir: Direction, op: string, where: string) {
  const eb = directEnum(bs, cx.base);
  const eh = directEnum(hs, cx.head);
  const minus = (a: unknown[], b: unknown[]) => a.filter((v) => !b.some((x) => fmt(x) === fmt(v)));
  if (dir === 'request') {
    if (eh && !eb) cx.add(true, 'request-enum-narrowed', op, where, `now restricted to ${fmt(eh)}`);
    else if (eh && eb) {
      const lost = minus(eb, eh);
      if (lost.length) cx.add(true, 'request-enum-narrowed', op, where, `no longer accepts ${lost.map(fmt).join(', ')}`);
      const gained = minus(eh, eb);
      if (gained.length) cx.add(false, 'request-enum-widened', op, where, `now also accepts ${gained.map(fmt).join(', ')}`);
    }
  } else if (eh && eb) {
    const gained = minus(eh, eb);
    if (gained.length) cx.add(true, 'response-enum-widened', op, where, `may now send ${gained.map(fmt).join(', ')}`);
    const lost = minus(eb, eh);
    if (lost.length) cx.add(false, 'response-enum-narrowed', op, where, `no longer sends ${lost.map(fmt).join(', ')}`);
  } else if (eb && !eh) cx.add(true, 'response-enum-widened', op, where, `no longer restricted to ${fmt(eb)}`);
}

/** Keywords of one schema level: constraints, format, default, closed objects. */
function keywords(cx: Comparison, bs: Schema, hs: Schema, dir: Direction, op: string, where: string) {
  if (dir === 'response') {
    if (bs.format && bs.format !== hs.format)
      cx.add(true, 'response-format-changed', op, where, `format ${fmt(bs.format)} ${hs.format ? `-> ${fmt(hs.format)}` : 'dropped'}`);
    return;
  }
  const narrowed = (msg: string) => cx.add(true, 'request-constraint-narrowed', op, where, msg);
  for (const [k, tighter] of BOUNDS) {
    const x = bs[k];
    const y = hs[k];
    if (typeof y === 'number' && (typeof x !== 'number' || tighter(x, y))) narrowed(`${k} ${x === undefined ? 'added' : `${x} ->`} ${y}`);
  }
  const mb = bs.multipleOf;
  const mh = hs.multipleOf;
  if (typeof mh === 'number' && (typeof mb !== 'number' || !Number.isInteger(mb / mh))) narrowed(`multipleOf ${mb === undefined ? 'added' : `${mb} ->`} ${mh}`);
  if (hs.uniqueItems === true && bs.uniqueItems !== true) narrowed('uniqueItems added');
  if (hs.pattern && hs.pattern !== bs.pattern) narrowed(`pattern ${bs.pattern ? `changed from ${fmt(bs.pattern)} ` : 'added '}to ${fmt(hs.pattern)}`);
  if (hs.format && hs.format !== bs.format) narrowed(`format ${bs.format ? `changed from ${fmt(bs.format)} ` : 'added '}to ${fmt(hs.format)}`);
  for (const k of ['additionalProperties', 'unevaluatedProperties'] as const)
    if (closes(bs[k], hs[k]))
      narrowed(`${k} ${bs[k] === undefined ? 'absent' : fmt(bs[k])} -> ${hs[k] === false ? 'false' : 'a schema'}: unknown properties are refused`);
  if (bs.default !== undefined && fmt(bs.default) !== fmt(hs.default))
    cx.add(true, 'request-default-changed', op, where, `default ${fmt(bs.default)} -> ${hs.default === undefined ? 'none' : fmt(hs.default)}`);
  else if (bs.default === undefined && hs.default !== undefined) cx.add(false, 'request-default-added', op, where, `default ${fmt(hs.default)} added`);
}

function properties(cx: Comparison, bs: Schema, hs: Schema, dir: Direction, op: string, where: string, seen: Set<string>) {
  const B = shape(bs, cx.base);
  const H = shape(hs, cx.head);
  for (const [name, bp] of B.props) {
    const w = `${where}.${name}`;
    if (!H.props.has(name)) {
      cx.add(true, dir === 'request' ? 'request-field-removed' : 'response-field-removed', op, w, `${dir} field removed`);
      continue;
    }
    if (dir === 'response' && B.required.has(name) && !H.required.has(name))
      cx.add(true, 'response-field-no-longer-required', op, w, 'response field may now be missing');
    schemas(cx, bp, H.props.get(name), dir, op, w, seen);
  }
  for (const name of H.props.keys()) {
    if (B.props.has(name)) continue;
    if (dir === 'request' && H.required.has(name)) cx.add(true, 'required-request-field-added', op, `${where}.${name}`, 'new required request field');
    else cx.add(false, dir === 'request' ? 'request-field-added' : 'response-field-added', op, `${where}.${name}`, 'field added');
  }
  if (dir === 'request')
    for (const name of H.required)
      if (B.props.has(name) && !B.required.has(name)) cx.add(true, 'request-field-became-required', op, `${where}.${name}`, 'request field is now required');
}

function compositions(cx: Comparison, bs: Schema, hs: Schema, dir: Direction, op: string, where: string, seen: Set<string>) {
  const mb = members(bs);
  const mh = members(hs);
  if (!mb.length && !mh.length) return;
  if (!mb.length || !mh.length) {
    // One side composes, the other does not (e.g. a value that became nullable): compare the plain
    // side's keywords with each member's, and in a response the fields each member promises. Types
    // and enums were compared on the whole (a union), so members are not held to them one by one.
    const plain = (s: Schema): Schema => ({ ...s, oneOf: undefined, anyOf: undefined });
    const pairs: [Schema, Schema, string][] = mb.length
      ? mb.map(({ m, key }) => [deref(m, cx.base), plain(hs), key])
      : mh.map(({ m, key }) => [plain(bs), deref(m, cx.head), key]);
    // A member whose type the plain side does not have at all (a string member where the base took
    // only integers) is a new variant, already judged with the union's types: its keywords bound
    // values the other side never had, so they narrow nothing.
    const own = (s: Schema) => {
      const t = new Set(typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : []);
      if (t.has('number')) t.add('integer');
      return t;
    };
    const disjoint = (x: Schema, y: Schema) => {
      const a = own(x);
      const b = own(y);
      return a.size > 0 && b.size > 0 && ![...a].some((t) => b.has(t));
    };
    for (const [x, y, key] of pairs) {
      if (key === 'null' || !x || !y || typeof x !== 'object' || typeof y !== 'object') continue;
      if (disjoint(x, y)) continue;
      keywords(cx, x, y, dir, op, `${where}<${memberLabel(key)}>`);
      if (dir === 'response') properties(cx, x, y, dir, op, `${where}<${memberLabel(key)}>`, seen);
    }
    return;
  }
  const hByKey = new Map(mh.map((x) => [x.key, x.m]));
  const bKeys = new Set(mb.map((x) => x.key));
  for (const { m, key } of mb) {
    const w = `${where}<${memberLabel(key)}>`;
    if (!hByKey.has(key)) {
      if (dir === 'request') cx.add(true, 'request-variant-removed', op, w, 'a request of this shape is no longer accepted');
      else cx.add(false, 'response-variant-removed', op, w, 'this shape is no longer sent');
      continue;
    }
    schemas(cx, m, hByKey.get(key), dir, op, w, seen);
  }
  for (const { key } of mh) {
    if (bKeys.has(key)) continue;
    const w = `${where}<${memberLabel(key)}>`;
    if (dir === 'response') cx.add(true, 'response-variant-added', op, w, 'a response may now have this shape');
    else cx.add(false, 'request-variant-added', op, w, 'a request of this shape is now accepted');
  }
}

/** Compare two schemas in one direction ('request' | 'response'). */
function schemas(cx: Comparison, b: Schema | undefined, h: Schema | undefined, dir: Direction, op: string, where: string, seen = new Set<string>()) {
  if (b === undefined || h === undefined) return;
  const pair = `${b?.$ref}|${h?.$ref}|${dir}`;
  if ((b?.$ref || h?.$ref) && seen.has(pair)) return;
  const nextSeen = new Set(seen);
  if (b?.$ref || h?.$ref) nextSeen.add(pair);
  const bs = deref(b, cx.base);
  const hs = deref(h, cx.head);
  if (!bs || !hs || typeof bs !== 'object' || typeof hs !== 'object') return;
  types(cx, bs, hs, dir, op, where);
  enums(cx, bs, hs, dir, op, where);
  keywords(cx, bs, hs, dir, op, where);
  properties(cx, bs, hs, dir, op, where, nextSeen);
  compositions(cx, bs, hs, dir, op, where, nextSeen);
  if (bs.items && hs.items) schemas(cx, bs.items, hs.items, dir, op, `${where}[]`, nextSeen);
}

const security = (o: Operation, doc: OpenApiDoc): string[] => (o.op.security ?? doc.security ?? []).map((req) => Object.keys(req).sort().join('+'));
function compareSecurity(cx: Comparison, bo: Operation, ho: Operation, name: string) {
  const sb = security(bo, cx.base);
  const sh = security(ho, cx.head);
  const anonymous = (s: string[]) => s.length === 0 || s.includes('');
  if (anonymous(sb) && !anonymous(sh))
    cx.add(true, 'security-required', name, 'security', `credentials now required (${sh.join(', ')}); anonymous calls were allowed`);
  for (const s of sb) if (s && !sh.includes(s)) cx.add(true, 'security-scheme-removed', name, 'security', `credentials ${s} no longer accepted`);
  for (const s of sh) if (s && !sb.includes(s)) cx.add(false, 'security-scheme-added', name, 'security', `credentials ${s} now accepted`);
}

function compareParameters(cx: Comparison, bo: Operation, ho: Operation, name: string) {
  const pkey = (o: Operation) => {
    const m = new Map<string, ParameterObject>();
    const pathNames = (o.path.match(/\{[^}]+\}/g) ?? []).map((x) => x.slice(1, -1));
    for (const p of o.params) m.set(p.in === 'path' ? `path#${pathNames.indexOf(p.name)}` : `${p.in}:${p.name}`, p);
    return m;
  };
  const bp = pkey(bo);
  const hp = pkey(ho);
  for (const [pk, p] of bp) {
    const w = `parameter ${p.in} ${p.name}`;
    const q = hp.get(pk);
    if (!q) {
      cx.add(true, 'parameter-removed', name, w, 'parameter removed');
      continue;
    }
    if (q.required && !p.required) cx.add(true, 'parameter-became-required', name, w, 'parameter is now required');
    if (p.in === 'query' && (p.style ?? 'form') !== (q.style ?? 'form'))
      cx.add(true, 'parameter-serialisation-changed', name, w, `style ${p.style ?? 'form'} -> ${q.style ?? 'form'}`);
    // `explode` only changes how arrays and objects are written: a parameter that was a scalar in the
    // base is written the same way either way (`media_type=image`), so widening it to a list is not
    // a serialisation change for the values clients already send.
    const baseScalar = !schemaTypes(p.schema, cx.base).some((t) => t === 'array' || t === 'object');
    if (p.in === 'query' && !baseScalar && (p.explode ?? (p.style ?? 'form') === 'form') !== (q.explode ?? (q.style ?? 'form') === 'form'))
      cx.add(true, 'parameter-serialisation-changed', name, w, `explode ${p.explode} -> ${q.explode}`);
    schemas(cx, p.schema, q.schema, 'request', name, w);
  }
  for (const [pk, q] of hp) {
    if (bp.has(pk)) continue;
    const w = `parameter ${q.in} ${q.name}`;
    cx.add(
      Boolean(q.required),
      q.required ? 'required-parameter-added' : 'parameter-added',
      name,
      w,
      q.required ? 'new required parameter' : 'new optional parameter',
    );
  }
}

function compareBodies(cx: Comparison, bo: Operation, ho: Operation, name: string) {
  const bb = bo.body;
  const hb = ho.body;
  if (bb && !hb) cx.add(true, 'request-body-removed', name, 'requestBody', 'request body removed');
  if (!bb && hb?.required) cx.add(true, 'required-request-body-added', name, 'requestBody', 'new required request body');
  if (!bb || !hb) return;
  if (hb.required && !bb.required) cx.add(true, 'request-body-became-required', name, 'requestBody', 'request body is now required');
  for (const [mt, media] of Object.entries(bb.content ?? {})) {
    const hm = hb.content?.[mt];
    if (!hm) {
      cx.add(true, 'request-media-type-removed', name, `requestBody ${mt}`, 'media type no longer accepted');
      continue;
    }
    schemas(cx, media.schema, hm.schema, 'request', name, `requestBody ${mt}`);
  }
}

function compareResponses(cx: Comparison, bo: Operation, ho: Operation, name: string) {
  const br = bo.op.responses ?? {};
  const hr = ho.op.responses ?? {};
  for (const [status, bRef] of Object.entries(br)) {
    const hRef = hr[status];
    if (!hRef) {
      cx.add(/^2/.test(status), 'response-status-removed', name, `response ${status}`, `response ${status} removed`);
      continue;
    }
    const b = deref(bRef, cx.base);
    const h = deref(hRef, cx.head);
    for (const [mt, media] of Object.entries(b.content ?? {})) {
      const hm = h.content?.[mt];
      if (!hm) {
        cx.add(true, 'response-media-type-removed', name, `response ${status} ${mt}`, 'media type no longer sent');
        continue;
      }
      schemas(cx, media.schema, hm.schema, 'response', name, `response ${status} ${mt}`);
    }
    for (const hn of Object.keys(b.headers ?? {})) {
      if (!Object.keys(h.headers ?? {}).some((x) => x.toLowerCase() === hn.toLowerCase()))
        cx.add(true, 'response-header-removed', name, `response ${status} header ${hn}`, 'response header removed');
    }
  }
  for (const status of Object.keys(hr))
    if (!br[status] && /^2/.test(status)) cx.add(false, 'response-status-added', name, `response ${status}`, `new success status ${status}`);
}

export function compareBundles(base: OpenApiDoc, head: OpenApiDoc): BundleComparison {
  const changes: Change[] = [];
  const add = (breaking: boolean, rule: string, operation: string, where: string, message: string) =>
    changes.push({ breaking, rule, operation, where, message });
  const cx: Comparison = { base, head, add };

  const bOps = new Map(operations(base).map((o) => [`${o.method.toUpperCase()} ${routeKey(o.path)}`, o]));
  const hOps = new Map(operations(head).map((o) => [`${o.method.toUpperCase()} ${routeKey(o.path)}`, o]));
  for (const [k, bo] of bOps) {
    const name = `${bo.method.toUpperCase()} ${bo.path}`;
    const ho = hOps.get(k);
    if (!ho) {
      add(true, 'operation-removed', name, 'operation', `operation removed (operationId ${bo.id})`);
      continue;
    }
    if (bo.op.operationId && ho.op.operationId !== bo.op.operationId)
      add(true, 'operationId-renamed', name, 'operationId', `operationId ${bo.op.operationId} renamed to ${ho.op.operationId ?? '(none)'}`);
    compareSecurity(cx, bo, ho, name);
    compareParameters(cx, bo, ho, name);
    compareBodies(cx, bo, ho, name);
    compareResponses(cx, bo, ho, name);
  }
  for (const [k, ho] of hOps)
    if (!bOps.has(k)) add(false, 'operation-added', `${ho.method.toUpperCase()} ${ho.path}`, 'operation', `operation added (${ho.id})`);

  const uniq = new Map<string, Change>();
  for (const c of changes) uniq.set(`${c.breaking}|${c.rule}|${c.operation}|${c.where}|${c.message}`, c);
  const list = [...uniq.values()].sort(
    (a, b) =>
      Number(b.breaking) - Number(a.breaking) || a.operation.localeCompare(b.operation) || a.where.localeCompare(b.where) || a.rule.localeCompare(b.rule),
  );
  return { changes: list, base: { version: base.info?.version }, head: { version: head.info?.version } };
}

/** The major version of a semver-like string (NaN when unparsable). */
export function major(version: unknown): number {
  const m = /^v?(\d+)\./.exec(String(version ?? ''));
  return m ? Number(m[1]) : NaN;
}

/** The verdict: `{ ok, breaking, announced }`: breaks are allowed only when head's major is greater. */
export function verdict(result: BundleComparison): { ok: boolean; breaking: number; announced: boolean } {
  const breaking = result.changes.filter((c) => c.breaking);
  const announced = major(result.head.version) > major(result.base.version);
  return { ok: breaking.length === 0 || announced, breaking: breaking.length, announced };
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)\.json$/;

/** The newest released bundle `<major>.<minor>.<patch>.json` in a folder (releases/ of the package). */
export function latestRelease(dir = join(PACKAGE_ROOT, 'releases')): { file: string; version: string } | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const found = names
    .map((n) => SEMVER.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]) || Number(b[2]) - Number(a[2]) || Number(b[3]) - Number(a[3]));
  return found.length ? { file: join(dir, found[0][0]), version: found[0][0].slice(0, -5) } : undefined;
}
