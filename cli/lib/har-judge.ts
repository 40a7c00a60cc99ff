// Judge one recorded HAR entry against the spec: find its REST route (`…/wp-json/<route>` or
// `?rest_route=<route>`), map the site's names back to the spec's, match an operation (path
// templates, then the method; HEAD is judged as GET without a body), then judge the response
// (documented status, content type, documented headers, body schema; strict: no undocumented field)
// and, separately, the request (path and query parameters, body). Every value is hostile: nothing
// here throws on odd input, recursion is bounded by a depth check before parsing.
import { bodySchema, deref, operations, schemaTypes, specNamespaces } from './spec.mjs';
import { createPointerValidator } from './validate.mjs';

// Totals and Location are sent by the platform whenever the spec documents them (as in `contract`).
const MUST_HEADERS = new Set(['x-wp-total', 'x-wp-totalpages', 'x-tec-total', 'x-tec-totalpages', 'location']);
// Parameters the platform accepts on every route (never "undocumented" in strict mode).
const GLOBAL_PARAMS = new Set(['rest_route', '_fields', '_embed', '_envelope', '_jsonp', '_method', '_wpnonce', '_locale', '_pretty']);
const MAX_URL = 64 * 1024;
const MAX_BODY_DEPTH = 128;
const MAX_HEADERS = 1000;

/** Percent-decode without throwing; `ok` is false for malformed escapes (kept as they are). */
export function safeDecode(s, plus = false) {
  const t = plus ? s.replace(/\+/g, ' ') : s;
  try { return { value: decodeURIComponent(t), ok: true }; } catch {
    return { value: t.replace(/%[0-9A-Fa-f]{2}/g, (m) => { try { return decodeURIComponent(m); } catch { return m; } }), ok: false };
  }
}

/** The pairs of a raw query string, decoded safely. */
export function queryPairs(raw) {
  const out = [];
  if (!raw) return out;
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = safeDecode(eq < 0 ? part : part.slice(0, eq), true);
    const v = safeDecode(eq < 0 ? '' : part.slice(eq + 1), true);
    out.push({ key: k.value, value: v.value, ok: k.ok && v.ok });
    if (out.length >= 1000) break;
  }
  return out;
}

/** True when a JSON text nests no deeper than `max` (strings skipped). */
export function depthWithin(text, max) {
  let depth = 0;
  const re = /["\\{}[\]]/g;
  let inStr = false;
  let m;
  while ((m = re.exec(text))) {
    const c = m[0];
    if (inStr) { if (c === '\\') re.lastIndex = m.index + 2; else if (c === '"') inStr = false; continue; }
    if (c === '"') inStr = true;
    else if (c === '{' || c === '[') { if (++depth > max) return false; } else if (c === '}' || c === ']') depth--;
  }
  return true;
}

const str = (v) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** Headers of a HAR request or response as a lower-case map (duplicates joined), bounded. */
function headerMap(list, notes, where) {
  const out = {};
  if (list === undefined) return out;
  if (!Array.isArray(list)) { notes.push(`${where}.headers is not a list (ignored)`); return out; }
  let bad = 0;
  for (const h of list.slice(0, MAX_HEADERS)) {
    const name = str(h?.name);
    const value = str(h?.value);
    if (name === undefined || value === undefined) { bad++; continue; }
    const k = name.toLowerCase().slice(0, 200);
    const v = value.slice(0, 64 * 1024);
    out[k] = out[k] === undefined ? v : `${out[k]}, ${v}`;
  }
  if (bad) notes.push(`${where}.headers: ${bad} malformed header(s) ignored`);
  if (list.length > MAX_HEADERS) notes.push(`${where}.headers: only the first ${MAX_HEADERS} read`);
  return out;
}

/**
 * A judge bound to one spec. `judge(entry)` returns
 * `{ scope, reason?, method, url, operation?, status, failures: [{pointer, reason}], request, notes }`
 * with scope `in-spec` | `not-in-spec` | `not-selected` | `no-response` | `unreadable`.
 */
export function createHarJudge({ doc, map, mapping, strict = false, namespaces = [], restPrefixes = ['/wp-json'] }) {
  const ops = operations(doc);
  const specNs = new Set(specNamespaces(doc));
  const { check } = createPointerValidator(doc);
  const byLength = new Map();
  for (const o of ops) {
    const segs = o.path === '/' ? [] : o.path.slice(1).split('/');
    const tpl = segs.map((s) => (/^\{[^}]+\}$/.test(s) ? { param: s.slice(1, -1) } : { lit: s }));
    const list = byLength.get(segs.length) ?? [];
    list.push({ o, tpl, literals: tpl.filter((t) => t.lit !== undefined).length });
    byLength.set(segs.length, list);
  }
  const c = { doc, map, mapping, strict, check, byLength, restPrefixes };
  const selected = (o) => !namespaces.length || namespaces.includes(o.namespace);

  function judge(entry) {
    const notes = [];
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return { scope: 'unreadable', reason: 'the entry is not an object', failures: [], notes };
    const req = entry.request;
    const res = entry.response;
    const comment = str(entry.comment);
    if (!req || typeof req !== 'object' || typeof req.url !== 'string' || typeof req.method !== 'string') {
      return { scope: 'unreadable', comment, reason: 'request.method or request.url is missing or not a string', failures: [], notes };
    }
    let method = req.method.toUpperCase().slice(0, 20);
    const url = req.url;
    const base = { method, url, comment, failures: [], notes };
    const r = routeOf(c, url);
    if (r.outOfScope) return { ...base, scope: 'not-in-spec', reason: r.outOfScope };
    const override = r.query.find((p) => p.key === '_method');
    if (method === 'POST' && override && /^[A-Za-z]{3,7}$/.test(override.value)) { method = override.value.toUpperCase(); notes.push(`_method=${method}: judged as ${method}`); }
    let route = r.route.replace(/\/+$/, '') || '/';
    if (!route.startsWith('/')) route = `/${route}`;
    const specRoute = map.mapPath(route, mapping, 'toSpec');
    const segs = specRoute === '/' ? [] : specRoute.slice(1).split('/').map((s) => {
      if (r.decoded) return s;
      const d = safeDecode(s);
      if (!d.ok) notes.push(`malformed percent-encoding in the path segment ${JSON.stringify(s.slice(0, 80))}`);
      return d.value;
    });
    const hit = matchRoute(c, segs);
    if (!hit) {
      const ns = [...specNs].sort((a, b) => b.length - a.length).find((n) => specRoute === `/${n}` || specRoute.startsWith(`/${n}/`));
      if (ns) return { ...base, scope: 'not-in-spec', reason: `route not in the spec (namespace ${ns})` };
      const siteNs = route.split('/').filter(Boolean).slice(0, 2).join('/').slice(0, 80);
      return { ...base, scope: 'not-in-spec', reason: `namespace not in the spec (${siteNs || '/'})` };
    }
    const judgedAs = method === 'HEAD' ? 'get' : method.toLowerCase();
    const x = ops.find((o) => o.path === hit.o.path && o.method === judgedAs);
    if (!x) {
      const has = ops.filter((o) => o.path === hit.o.path).map((o) => o.method.toUpperCase()).join(', ');
      return { ...base, scope: 'not-in-spec', reason: `method ${method} not in the spec for ${hit.o.path} (it has ${has})`, path: hit.o.path };
    }
    const operation = { id: x.id, method: x.method.toUpperCase(), path: x.path, namespace: x.namespace };
    if (!selected(x)) return { ...base, scope: 'not-selected', operation };
    const restRoot = r.restRoot;
    const request = judgeRequest(c, x, req, r, hit.values);
    if (!res || typeof res !== 'object') return { ...base, scope: 'unreadable', operation, reason: 'the entry has no response object', request };
    const status = res.status;
    if (status === 0 || status === -1) return { ...base, scope: 'no-response', operation, reason: 'no response was recorded (status 0: blocked, aborted or failed)', request };
    if (!Number.isInteger(status) || status < 100 || status > 599) return { ...base, scope: 'unreadable', operation, reason: 'response.status is not an HTTP status', request };
    // The platform answers 404 rest_no_route when no registered route matched: the site does not serve
    // this route at all (its plugin is absent, or an older version lacks it), so the exchange says
    // nothing about the operation (D47).
    if (status === 404 && !(x.op.responses ?? {})['404'] && errorCodeOf(res) === 'rest_no_route') {
      return { ...base, scope: 'not-in-spec', operation, reason: `route not served by the site (404 rest_no_route): ${x.path}`, request };
    }
    const fieldsFiltered = r.query.some((p) => p.key === '_fields');
    if (fieldsFiltered) notes.push('_fields: the platform leaves out the fields not asked for, so missing required fields are not failures');
    const failures = judgeResponse(c, x, method, res, restRoot, notes, fieldsFiltered);
    if (request.verdict === 'invalid' && status >= 200 && status < 300) request.accepted = true;
    return { ...base, scope: 'in-spec', form: r.form, operation, status, failures, request };
  }

  return { judge };
}

/** The platform error code of a small JSON response body (`{code, message, data}`), or ''. */
function errorCodeOf(res) {
  const content = res.content && typeof res.content === 'object' ? res.content : {};
  let text = str(content.text);
  if (text === undefined || text.length > 65536) return '';
  if (str(content.encoding)?.toLowerCase() === 'base64') text = Buffer.from(text, 'base64').toString('utf8');
  if (!depthWithin(text, MAX_BODY_DEPTH)) return '';
  try { const j = JSON.parse(text); return typeof j?.code === 'string' ? j.code.slice(0, 80) : ''; } catch { return ''; }
}

/**
 * Errors of a body against a schema; for a union (oneOf/anyOf, also as array items) the errors of
 * the member the value comes closest to, so a report names the field that is wrong, not every
 * member's complaints.
 */
function checkBody(c, schema, value, opts, depth = 0) {
  const errs = c.check(schema, value, opts);
  if (!errs.length || depth > 3) return errs;
  const s = deref(schema, c.doc);
  const members = s?.oneOf ?? s?.anyOf;
  if (Array.isArray(members) && members.length > 1 && !s.properties) {
    let best;
    for (const m of members) {
      const e = checkBody(c, m, value, opts, depth + 1);
      if (!best || e.length < best.length) best = e;
    }
    return best.length && best.length <= errs.length ? best : errs;
  }
  const items = s?.type === 'array' && s.items ? deref(s.items, c.doc) : undefined;
  if (items && Array.isArray(value) && (items.oneOf || items.anyOf)) {
    const out = [];
    for (let i = 0; i < value.length && out.length < 20; i++) {
      for (const e of checkBody(c, items, value[i], opts, depth + 1)) out.push({ ...e, pointer: `/${i}${e.pointer}` });
    }
    // The count of the whole check (validate.mjs: first problems, then counts) stays last.
    const count = errs.find((e) => e.keyword === 'count');
    return out.length ? [...out.slice(0, 20), ...(count ? [count] : [])] : errs;
  }
  return errs;
}

/** The REST route of a URL: `{ route, restRoot, form, query }` or `{ outOfScope }`. */
function routeOf(c, url) {
  if (url.length > MAX_URL) return { outOfScope: 'a URL longer than 64 KiB' };
  let u;
  try { u = new URL(url); } catch { return { outOfScope: 'not an absolute URL' }; }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { outOfScope: `not an HTTP URL (${u.protocol.slice(0, 20)})` };
  const query = queryPairs(u.search.slice(1));
  const rr = query.find((p) => p.key === 'rest_route');
  if (rr) return { route: rr.value, restRoot: `${u.origin}${u.pathname}`, form: 'rest_route', query, decoded: true, badEncoding: !rr.ok };
  for (const prefix of c.restPrefixes) {
    const p = u.pathname;
    if (prefix === '/') return { route: p, restRoot: u.origin, form: 'path', query, decoded: false };
    const at = p.endsWith(prefix) ? p.length - prefix.length : p.indexOf(`${prefix}/`);
    if (at < 0) continue;
    return { route: p.slice(at + prefix.length) || '/', restRoot: `${u.origin}${p.slice(0, at + prefix.length)}`, form: 'path', query, decoded: false };
  }
  return { outOfScope: 'not a REST URL (no /wp-json/ path, no ?rest_route=)' };
}

/** Match a spec-named route to templates: `{ x, values }` of the most literal match, or undefined. */
function matchRoute(c, segs) {
  let best;
  for (const cand of c.byLength.get(segs.length) ?? []) {
    const values = {};
    let ok = true;
    for (let i = 0; i < cand.tpl.length && ok; i++) {
      const t = cand.tpl[i];
      if (t.lit !== undefined) ok = t.lit === segs[i];
      else if (segs[i] === '') ok = false;
      else values[t.param] = segs[i];
    }
    if (ok && (!best || cand.literals > best.literals)) best = { ...cand, values };
  }
  return best;
}

/** Coerce query or path values (strings) to what a schema takes, as the platform does. */
function coerceScalar(c, v, schema) {
  const types = schemaTypes(schema, c.doc);
  if (types.includes('integer') && /^-?\d+$/.test(v)) return Number(v);
  if (types.includes('number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(v)) return Number(v);
  if (types.includes('boolean') && /^(true|false|1|0)$/.test(v)) return v === 'true' || v === '1';
  return v;
}

function arrayItems(c, schema) {
  const s = deref(schema, c.doc) ?? {};
  if (s.items) return deref(s.items, c.doc);
  for (const m of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) { const d = deref(m, c.doc); if (d?.items) return deref(d.items, c.doc); }
  return {};
}

function checkParam(c, pointer, values, schema) {
  const types = schemaTypes(schema, c.doc);
  const candidates = [];
  const listy = values.length > 1 || /,/.test(values[0] ?? '');
  const asArray = () => (values.length > 1 ? values : String(values[0]).split(/[\s,]+/).filter(Boolean)).map((v) => coerceScalar(c, v, arrayItems(c, schema)));
  if (types.includes('array') && listy) candidates.push(asArray());
  if (types.some((t) => t !== 'array') || !types.length) candidates.push(coerceScalar(c, values[values.length - 1], schema));
  if (types.includes('array') && !listy) candidates.push(asArray());
  let first;
  for (const candidate of candidates) {
    const errs = c.check(schema, candidate);
    if (!errs.length) return [];
    first ??= errs;
  }
  return (first ?? []).slice(0, 5).map((e) => ({ pointer: `${pointer}${e.pointer}`, reason: `${e.message}` }));
}

function judgeRequest(c, x, req, r, pathValues) {
  const problems = [];
  for (const p of x.params.filter((q) => q.in === 'path')) {
    if (pathValues[p.name] !== undefined && p.schema) problems.push(...checkParam(c, `request.path.${p.name}`, [pathValues[p.name]], p.schema));
  }
  const byName = new Map();
  for (const q of r.query) {
    if (!q.ok) problems.push({ pointer: `request.query.${q.key.slice(0, 60)}`, reason: 'malformed percent-encoding' });
    const name = c.map.mapParam(q.key, c.mapping, 'toSpec');
    const m = /^([^[]+)\[(.*)\]$/.exec(name);
    const key = m ? m[1] : name;
    if (!byName.has(key)) byName.set(key, []);
    byName.get(key).push(q.value);
  }
  const documented = new Map(x.params.filter((p) => p.in === 'query').map((p) => [p.name, p]));
  for (const [name, values] of byName) {
    const p = documented.get(name);
    if (!p) { if (c.strict && !GLOBAL_PARAMS.has(name)) problems.push({ pointer: `request.query.${name.slice(0, 60)}`, reason: 'is not a documented parameter of this operation' }); continue; }
    if (p.schema) problems.push(...checkParam(c, `request.query.${name}`, values, p.schema));
  }
  for (const p of documented.values()) if (p.required && !byName.has(p.name)) problems.push({ pointer: `request.query.${p.name}`, reason: 'is required but missing' });
  const pd = req.postData;
  const text = str(pd?.text);
  const type = String(str(pd?.mimeType) ?? '').split(';')[0].trim().toLowerCase();
  if (x.body) {
    if ((text === undefined || text === '') && !Array.isArray(pd?.params)) {
      if (x.body.required) problems.push({ pointer: 'request.body', reason: 'the operation requires a body; none was recorded' });
    } else if (/json/.test(type) || (!type && text !== undefined)) {
      const schema = bodySchema(x, c.doc, 'application/json');
      let value;
      let parsed = false;
      if (text !== undefined && depthWithin(text, MAX_BODY_DEPTH)) { try { value = JSON.parse(text); parsed = true; } catch { /* below */ } }
      if (!parsed) problems.push({ pointer: 'request.body', reason: 'is not valid JSON' });
      else if (schema) problems.push(...checkBody(c, schema, value, { strict: c.strict }).map((e) => ({ pointer: `request.body#${e.pointer}`, reason: e.message })));
    } else if (type === 'application/x-www-form-urlencoded') {
      const schema = bodySchema(x, c.doc, type) ?? bodySchema(x, c.doc, 'application/json');
      const props = deref(schema, c.doc)?.properties ?? {};
      const obj = {};
      const pairs = text !== undefined ? queryPairs(text) : pd.params.slice(0, 1000).map((p) => ({ key: str(p?.name) ?? '', value: str(p?.value) ?? '' }));
      for (const q of pairs) obj[q.key] = props[q.key] ? coerceScalar(c, q.value, deref(props[q.key], c.doc)) : q.value;
      if (schema) problems.push(...c.check(schema, obj, { strict: c.strict }).map((e) => ({ pointer: `request.body#${e.pointer}`, reason: e.message })));
    } else if (x.body.content?.[type]) problems.push({ pointer: 'request.body', reason: `a ${type} body is not judged (only JSON and form bodies are)`, note: true });
    else if (!x.body.content?.[type]) problems.push({ pointer: 'request.postData.mimeType', reason: `${type || '(none)'} is not a documented request body type (documented: ${Object.keys(x.body.content ?? {}).join(', ')})` });
  } else if (c.strict && text) problems.push({ pointer: 'request.body', reason: 'the operation takes no request body' });
  const notes = problems.filter((p) => p.note);
  const real = problems.filter((p) => !p.note);
  return { verdict: real.length ? 'invalid' : notes.length ? 'not judged' : 'valid', problems: (real.length ? real : notes).slice(0, 20).map(({ pointer, reason }) => ({ pointer, reason })) };
}

function judgeResponse(c, x, method, res, restRoot, notes, fieldsFiltered) {
  const failures = [];
  const fail = (pointer, reason) => failures.push({ pointer, reason });
  const headers = headerMap(res.headers, notes, 'response');
  const content = res.content && typeof res.content === 'object' ? res.content : {};
  const ctype = str(headers['content-type']) ?? str(content.mimeType) ?? '';
  const baseType = ctype.split(';')[0].trim().toLowerCase();
  let text = str(content.text);
  const notRecorded = text === undefined;
  const enc = str(content.encoding);
  if (text !== undefined && enc) {
    if (enc.toLowerCase() !== 'base64') { notes.push(`content.encoding ${enc.slice(0, 20)} is not understood: the body is not judged`); text = undefined; } else if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text.replace(/\s+/g, ''))) { fail('response.content.text', 'content.encoding is base64 but the text is not base64'); text = undefined; } else text = Buffer.from(text, 'base64').toString('utf8');
  }
  const responses = x.op.responses ?? {};
  const status = String(res.status);
  const doc0 = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!doc0) {
    let code = '';
    if (text && /json/.test(baseType) && text.length < 65536 && depthWithin(text, MAX_BODY_DEPTH)) { try { const j = JSON.parse(text); if (typeof j?.code === 'string') code = `; site code ${j.code.slice(0, 80)}`; } catch { /* not JSON */ } }
    fail('response.status', `status ${status} is not documented for ${x.id} (documented: ${Object.keys(responses).join(', ')})${code}`);
    return failures;
  }
  const r = deref(doc0, c.doc);
  const types = Object.keys(r.content ?? {});
  const head = method === 'HEAD';
  const recordedEmpty = text === undefined && !head;
  if (notRecorded && !head) notes.push('the body is not in the HAR (not recorded): not judged');
  const empty = !head && text !== undefined && text.length === 0;
  if (types.length) {
    const mt = types.find((t) => t.toLowerCase() === baseType) ?? types.find((t) => t.endsWith('/*') && baseType.startsWith(t.slice(0, -1))) ?? (types.includes('*/*') ? '*/*' : undefined);
    if (!baseType && (head || recordedEmpty)) { /* nothing to judge */ } else if (!mt) fail('response.headers.Content-Type', `content type ${ctype.slice(0, 100) || '(none)'} is not documented for ${status} (documented: ${types.join(', ')})`);
    else if (empty) { if (/json/.test(mt)) fail('response.content.text', `the body is empty; ${status} documents ${mt}`); } else if (!head && text !== undefined && /json/.test(mt)) {
      const media = r.content[mt];
      let json;
      let ok = false;
      if (!depthWithin(text, MAX_BODY_DEPTH)) fail('response.content.text', `the body nests deeper than ${MAX_BODY_DEPTH} levels (not judged)`);
      else { try { json = JSON.parse(text); ok = true; } catch { fail('response.content.text', 'the body is not valid JSON'); } }
      if (ok && media.schema && !media['x-undocumented-body']) {
        const mapped = c.map.mapBody(json, restRoot, c.mapping, 'toSpec');
        for (const e of checkBody(c, media.schema, mapped, { strict: c.strict })) if (!(fieldsFiltered && e.keyword === 'required')) fail(`response.body#${e.pointer}`, e.message);
      }
    }
  } else if (!head && text) fail('response.content.text', `${status} documents no body, the response has ${text.length} characters`);
  for (const [name, hRef] of Object.entries(r.headers ?? {})) {
    const h = deref(hRef, c.doc);
    const lower = name.toLowerCase();
    let value = headers[lower];
    if (value === undefined) { if (h.required || MUST_HEADERS.has(lower)) fail(`response.headers.${name}`, 'is documented for this response but missing'); continue; }
    if (lower === 'link') value = c.map.mapLinkHeader(value, restRoot, c.mapping, 'toSpec');
    if (lower === 'location') value = c.map.mapUrl(value, restRoot, c.mapping, 'toSpec');
    const hs = deref(h.schema, c.doc);
    if (!hs) continue;
    if (hs.type === 'integer' && !/^\d+$/.test(value.trim())) { fail(`response.headers.${name}`, 'is not an integer'); continue; }
    const v = hs.type === 'integer' ? Number(value.trim()) : value;
    for (const e of c.check(hs, v)) fail(`response.headers.${name}`, e.message);
  }
  return failures;
}

/** Secrets an entry carries (credentials, cookies, nonces), for redaction of every output. */
export function secretsOf(entry) {
  const out = new Set();
  const add = (s) => {
    if (typeof s !== 'string') return;
    const t = s.trim();
    if (t.length < 4 || t.length > 4096 || /^\[?redacted\]?$/i.test(t) || /^[*x.]+$/i.test(t)) return;
    out.add(t);
    const enc = encodeURIComponent(t);
    if (enc !== t) out.add(enc);
    if (t.length >= 6) out.add(Buffer.from(t).toString('base64').replace(/=+$/, ''));
  };
  const auth = (v) => {
    const m = /^\s*(\w+)\s+(.*)$/s.exec(v);
    if (!m) return add(v);
    add(m[2]);
    if (/^basic$/i.test(m[1])) {
      const plain = Buffer.from(m[2].trim(), 'base64').toString('utf8');
      if (/^[\x20-\x7e]+:[\x20-\x7e]+$/.test(plain)) { add(plain); add(plain.slice(plain.indexOf(':') + 1)); }
    }
  };
  for (const side of ['request', 'response']) {
    const part = entry?.[side];
    if (!part || typeof part !== 'object') continue;
    if (Array.isArray(part.headers)) {
      for (const h of part.headers.slice(0, MAX_HEADERS)) {
        const name = typeof h?.name === 'string' ? h.name.toLowerCase() : '';
        const value = typeof h?.value === 'string' ? h.value : undefined;
        if (value === undefined) continue;
        if (name === 'authorization' || name === 'proxy-authorization') auth(value);
        else if (name === 'cookie') value.split(';').forEach((c) => add(c.slice(c.indexOf('=') + 1)));
        else if (name === 'set-cookie') add(value.split(';')[0].slice(value.indexOf('=') + 1));
        else if (/nonce|token|api-key|secret/.test(name)) add(value);
      }
    }
    if (Array.isArray(part.cookies)) for (const c of part.cookies.slice(0, MAX_HEADERS)) add(c?.value);
  }
  if (typeof entry?.request?.url === 'string' && entry.request.url.length <= MAX_URL) {
    try {
      const u = new URL(entry.request.url);
      if (u.password) add(decodeURIComponent(u.password));
      for (const q of queryPairs(u.search.slice(1))) if (/pass|secret|token|nonce|api_?key|auth(?!or)/i.test(q.key)) add(q.value);
    } catch { /* not a URL */ }
  }
  return out;
}
