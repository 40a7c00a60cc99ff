// Compare two bundles and list the changes that break clients. Requests and responses are judged by
// opposite rules: a request may widen (accept more) but not narrow; a response may narrow (send less
// variety) but not widen, lose or retype a field.
import { deref, operations, schemaTypes } from './spec.mjs';

const routeKey = (p) => p.replace(/\{[^}]+\}/g, '{}');

/** Properties of a schema, through allOf and the members of oneOf/anyOf; with the required names. */
function shape(schema, doc, depth = 0) {
  const s = deref(schema, doc);
  const props = new Map();
  const required = new Set();
  if (!s || typeof s !== 'object' || depth > 6) return { props, required, s };
  for (const [k, v] of Object.entries(s.properties ?? {})) props.set(k, v);
  for (const r of s.required ?? []) required.add(r);
  for (const m of s.allOf ?? []) {
    const sub = shape(m, doc, depth + 1);
    sub.props.forEach((v, k) => { if (!props.has(k)) props.set(k, v); });
    sub.required.forEach((r) => required.add(r));
  }
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const sub = shape(m, doc, depth + 1);
    sub.props.forEach((v, k) => { if (!props.has(k)) props.set(k, v); });
  }
  return { props, required, s };
}

function directEnum(schema, doc) {
  const s = deref(schema, doc);
  if (!s || typeof s !== 'object') return undefined;
  if (Array.isArray(s.enum)) return s.enum.filter((v) => v !== null);
  if (s.const !== undefined && s.const !== null) return [s.const];
  let out;
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const ms = deref(m, doc);
    if (ms?.type === 'null' || (Array.isArray(ms?.type) && ms.type.length === 1 && ms.type[0] === 'null')) continue;
    const e = directEnum(m, doc);
    if (!e) return undefined; // an unrestricted member: no enum overall
    out = [...new Set([...(out ?? []), ...e])];
  }
  return out;
}

function itemsOf(schema, doc) {
  const s = deref(schema, doc);
  if (!s) return undefined;
  if (s.items) return s.items;
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) { const ms = deref(m, doc); if (ms?.items) return ms.items; }
  return undefined;
}

const fmt = (v) => JSON.stringify(v);

/**
 * @param {object} base the older bundle
 * @param {object} head the newer bundle
 * @returns {{ changes: {breaking: boolean, rule: string, operation: string, where: string, message: string}[], base: {version}, head: {version} }}
 */
export function compareBundles(base, head) {
  const changes = [];
  const add = (breaking, rule, operation, where, message) => changes.push({ breaking, rule, operation, where, message });

  /** Compare two schemas in one direction ('request' | 'response'). */
  function schemas(b, h, dir, op, where, seen = new Set()) {
    if (b === undefined || h === undefined) return;
    const key = `${b?.$ref ?? ''}|${h?.$ref ?? ''}|${dir}|${where}`;
    if ((b?.$ref || h?.$ref) && seen.has(`${b?.$ref}|${h?.$ref}|${dir}`)) return;
    const nextSeen = new Set(seen);
    if (b?.$ref || h?.$ref) nextSeen.add(`${b?.$ref}|${h?.$ref}|${dir}`);
    void key;
    const bs = deref(b, base);
    const hs = deref(h, head);
    if (!bs || !hs || typeof bs !== 'object' || typeof hs !== 'object') return;
    const tb = schemaTypes(bs, base);
    const th = schemaTypes(hs, head);
    if (tb.length && th.length) {
      const widen = (from, to) => from.filter((t) => !to.includes(t) && !(t === 'integer' && to.includes('number')));
      if (dir === 'request') {
        const lost = widen(tb, th);
        if (lost.length) add(true, 'request-type-narrowed', op, where, `no longer accepts ${lost.join(', ')} (was ${tb.join('|')}, now ${th.join('|')})`);
      } else {
        const gained = widen(th, tb);
        if (gained.length) add(true, 'response-type-changed', op, where, `may now be ${gained.join(', ')} (was ${tb.join('|')}, now ${th.join('|')})`);
      }
    } else if (tb.length && !th.length && dir === 'response') {
      add(true, 'response-type-changed', op, where, `type no longer stated (was ${tb.join('|')})`);
    } else if (!tb.length && th.length && dir === 'request' && Object.keys(bs).length === 0) {
      add(true, 'request-type-narrowed', op, where, `now restricted to ${th.join('|')} (accepted anything)`);
    }
    const eb = directEnum(bs, base);
    const eh = directEnum(hs, head);
    if (dir === 'request') {
      if (eh && !eb) add(true, 'request-enum-narrowed', op, where, `now restricted to ${fmt(eh)}`);
      else if (eh && eb) {
        const lost = eb.filter((v) => !eh.some((x) => fmt(x) === fmt(v)));
        if (lost.length) add(true, 'request-enum-narrowed', op, where, `no longer accepts ${lost.map(fmt).join(', ')}`);
        const gained = eh.filter((v) => !eb.some((x) => fmt(x) === fmt(v)));
        if (gained.length) add(false, 'request-enum-widened', op, where, `now also accepts ${gained.map(fmt).join(', ')}`);
      }
      for (const [k, tighter] of [['maximum', (x, y) => y < x], ['exclusiveMaximum', (x, y) => y < x], ['maxLength', (x, y) => y < x], ['maxItems', (x, y) => y < x], ['minimum', (x, y) => y > x], ['exclusiveMinimum', (x, y) => y > x], ['minLength', (x, y) => y > x], ['minItems', (x, y) => y > x]]) {
        const x = bs[k]; const y = hs[k];
        if (typeof y === 'number' && (typeof x !== 'number' || tighter(x, y))) add(true, 'request-constraint-narrowed', op, where, `${k} ${x === undefined ? 'added' : `${x} ->`} ${y}`);
      }
      if (hs.pattern && hs.pattern !== bs.pattern) add(true, 'request-constraint-narrowed', op, where, `pattern ${bs.pattern ? `changed from ${fmt(bs.pattern)} ` : 'added '}to ${fmt(hs.pattern)}`);
    } else {
      if (eh && eb) {
        const gained = eh.filter((v) => !eb.some((x) => fmt(x) === fmt(v)));
        if (gained.length) add(true, 'response-enum-widened', op, where, `may now send ${gained.map(fmt).join(', ')}`);
        const lost = eb.filter((v) => !eh.some((x) => fmt(x) === fmt(v)));
        if (lost.length) add(false, 'response-enum-narrowed', op, where, `no longer sends ${lost.map(fmt).join(', ')}`);
      } else if (eb && !eh) add(true, 'response-enum-widened', op, where, `no longer restricted to ${fmt(eb)}`);
    }
    const B = shape(bs, base);
    const H = shape(hs, head);
    for (const [name, bp] of B.props) {
      const w = `${where}.${name}`;
      if (!H.props.has(name)) {
        if (dir === 'request') add(true, 'request-field-removed', op, w, 'request field removed');
        else add(true, 'response-field-removed', op, w, 'response field removed');
        continue;
      }
      if (dir === 'response' && B.required.has(name) && !H.required.has(name)) add(true, 'response-field-no-longer-required', op, w, 'response field may now be missing');
      schemas(bp, H.props.get(name), dir, op, w, nextSeen);
    }
    for (const name of H.props.keys()) {
      if (B.props.has(name)) continue;
      if (dir === 'request' && H.required.has(name)) add(true, 'required-request-field-added', op, `${where}.${name}`, 'new required request field');
      else add(false, dir === 'request' ? 'request-field-added' : 'response-field-added', op, `${where}.${name}`, 'field added');
    }
    if (dir === 'request') for (const name of H.required) if (B.props.has(name) && !B.required.has(name)) add(true, 'request-field-became-required', op, `${where}.${name}`, 'request field is now required');
    const bi = itemsOf(bs, base);
    const hi = itemsOf(hs, head);
    if (bi && hi) schemas(bi, hi, dir, op, `${where}[]`, nextSeen);
  }

  const bOps = new Map(operations(base).map((o) => [`${o.method.toUpperCase()} ${routeKey(o.path)}`, o]));
  const hOps = new Map(operations(head).map((o) => [`${o.method.toUpperCase()} ${routeKey(o.path)}`, o]));
  for (const [k, bo] of bOps) {
    const name = `${bo.method.toUpperCase()} ${bo.path}`;
    const ho = hOps.get(k);
    if (!ho) { add(true, 'operation-removed', name, 'operation', `operation removed (operationId ${bo.id})`); continue; }
    if (bo.op.operationId && ho.op.operationId !== bo.op.operationId) add(true, 'operationId-renamed', name, 'operationId', `operationId ${bo.op.operationId} renamed to ${ho.op.operationId ?? '(none)'}`);
    // Parameters (path parameters by position: a renamed path variable changes nothing on the wire).
    const pkey = (o) => {
      const m = new Map();
      const pathNames = (o.path.match(/\{[^}]+\}/g) ?? []).map((x) => x.slice(1, -1));
      for (const p of o.params) m.set(p.in === 'path' ? `path#${pathNames.indexOf(p.name)}` : `${p.in}:${p.name}`, p);
      return m;
    };
    const bp = pkey(bo);
    const hp = pkey(ho);
    for (const [pk, p] of bp) {
      const w = `parameter ${p.in} ${p.name}`;
      const q = hp.get(pk);
      if (!q) { add(true, 'parameter-removed', name, w, 'parameter removed'); continue; }
      if (q.required && !p.required) add(true, 'parameter-became-required', name, w, 'parameter is now required');
      if (p.in === 'query' && (p.style ?? 'form') !== (q.style ?? 'form')) add(true, 'parameter-serialisation-changed', name, w, `style ${p.style ?? 'form'} -> ${q.style ?? 'form'}`);
      if (p.in === 'query' && (p.explode ?? (p.style ?? 'form') === 'form') !== (q.explode ?? (q.style ?? 'form') === 'form')) add(true, 'parameter-serialisation-changed', name, w, `explode ${p.explode} -> ${q.explode}`);
      schemas(p.schema, q.schema, 'request', name, w);
    }
    for (const [pk, q] of hp) {
      if (bp.has(pk)) continue;
      const w = `parameter ${q.in} ${q.name}`;
      add(Boolean(q.required), q.required ? 'required-parameter-added' : 'parameter-added', name, w, q.required ? 'new required parameter' : 'new optional parameter');
    }
    // Request body.
    const bb = bo.body;
    const hb = ho.body;
    if (bb && !hb) add(true, 'request-body-removed', name, 'requestBody', 'request body removed');
    if (!bb && hb?.required) add(true, 'required-request-body-added', name, 'requestBody', 'new required request body');
    if (bb && hb) {
      if (hb.required && !bb.required) add(true, 'request-body-became-required', name, 'requestBody', 'request body is now required');
      for (const [mt, media] of Object.entries(bb.content ?? {})) {
        const hm = hb.content?.[mt];
        if (!hm) { add(true, 'request-media-type-removed', name, `requestBody ${mt}`, 'media type no longer accepted'); continue; }
        schemas(media.schema, hm.schema, 'request', name, `requestBody ${mt}`);
      }
    }
    // Responses.
    const br = bo.op.responses ?? {};
    const hr = ho.op.responses ?? {};
    for (const [status, bRef] of Object.entries(br)) {
      const hRef = hr[status];
      if (!hRef) { add(/^2/.test(status), 'response-status-removed', name, `response ${status}`, `response ${status} removed`); continue; }
      const b = deref(bRef, base);
      const h = deref(hRef, head);
      for (const [mt, media] of Object.entries(b.content ?? {})) {
        const hm = h.content?.[mt];
        if (!hm) { add(true, 'response-media-type-removed', name, `response ${status} ${mt}`, 'media type no longer sent'); continue; }
        schemas(media.schema, hm.schema, 'response', name, `response ${status} ${mt}`);
      }
      for (const hn of Object.keys(b.headers ?? {})) {
        if (!Object.keys(h.headers ?? {}).some((x) => x.toLowerCase() === hn.toLowerCase())) add(true, 'response-header-removed', name, `response ${status} header ${hn}`, 'response header removed');
      }
    }
    for (const status of Object.keys(hr)) if (!br[status] && /^2/.test(status)) add(false, 'response-status-added', name, `response ${status}`, `new success status ${status}`);
  }
  for (const [k, ho] of hOps) if (!bOps.has(k)) add(false, 'operation-added', `${ho.method.toUpperCase()} ${ho.path}`, 'operation', `operation added (${ho.id})`);

  const uniq = new Map();
  for (const c of changes) uniq.set(`${c.breaking}|${c.rule}|${c.operation}|${c.where}|${c.message}`, c);
  const list = [...uniq.values()].sort((a, b) => Number(b.breaking) - Number(a.breaking) || a.operation.localeCompare(b.operation) || a.where.localeCompare(b.where) || a.rule.localeCompare(b.rule));
  return { changes: list, base: { version: base.info?.version }, head: { version: head.info?.version } };
}

/** The major version of a semver-like string (NaN when unparsable). */
export function major(version) {
  const m = /^v?(\d+)\./.exec(String(version ?? ''));
  return m ? Number(m[1]) : NaN;
}

/** The verdict: `{ ok, breaking, announced }`: breaks are allowed only when head's major is greater. */
export function verdict(result) {
  const breaking = result.changes.filter((c) => c.breaking);
  const announced = major(result.head.version) > major(result.base.version);
  return { ok: breaking.length === 0 || announced, breaking: breaking.length, announced };
}
