// The contract run: every selected operation of the spec against a live site, read-only by default.
// Reads are built from the spec's parameters and from ids the site's own lists return; writes
// (--allow-writes) only touch records this run creates, removed at the end even when a step fails.
import { computeDrift, normaliseRoute } from './drift.mjs';
import { createHttp, WriteRefused } from './http.mjs';
import { bodySchema, deref, operations, schemaBounds, schemaEnum, schemaTypes, specNamespaces } from './spec.mjs';
import { createValidator } from './validate.mjs';

/** Headers that must be present whenever the spec documents them on a response. */
const MUST_HEADERS = new Set(['x-wp-total', 'x-wp-totalpages', 'x-tec-total', 'x-tec-totalpages', 'location']);
const NO_SUCH_ID = 999999999;
const MAX_PARENT_PROBES = 25;
/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export class SiteUnreachable extends Error {}

/**
 * @param {object} o
 * @param {object} o.doc the bundle
 * @param {string} o.specFile
 * @param {string} o.baseUrl
 * @param {object} o.mapping NameMapping
 * @param {object} o.map the mapping module
 * @param {{user: string, password: string}} [o.credentials]
 * @param {string[]} [o.namespaces] spec namespaces to check (default all)
 * @param {string[]} [o.operations] operationIds to check (default all)
 * @param {boolean} [o.strict]
 * @param {boolean} [o.allowWrites]
 * @param {boolean} [o.driftOnly]
 * @param {(line: string) => void} [o.progress]
 * @param {typeof fetch} [o.fetch]
 */
export async function runContract(o) {
  const started = new Date();
  const stamp = started.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  const marker = `contract-run ${stamp}`;
  const progress = o.progress ?? (() => {});
  const { doc, map, mapping } = o;
  const writeLog = [];
  const http = createHttp({ baseUrl: o.baseUrl, mapping, map, credentials: o.credentials, allowWrites: Boolean(o.allowWrites), fetch: o.fetch, onRequest: (m, url) => { if (m !== 'GET' && m !== 'HEAD') writeLog.push({ method: m, path: url.pathname }); } });
  const { check } = createValidator(doc);
  const strict = Boolean(o.strict);
  const allOps = operations(doc);

  // 0. The site index: reachability, drift, namespaces.
  let index;
  try {
    index = await http.request('GET', '/', { auth: false });
  } catch (e) {
    throw new SiteUnreachable(`the site ${http.rootText} is unreachable: ${e.message.replace(/^GET \S+: /, '')}`);
  }
  if (index.status !== 200 || !index.json || typeof index.json !== 'object' || !index.json.routes) {
    throw new SiteUnreachable(`${http.rootText}/ is not a REST root: GET answered ${index.status} ${index.type || '(no content type)'}${index.json?.code ? ` ${index.json.code}` : ''}`);
  }
  const drift = computeDrift(doc, index.json, { mapNamespace: (ns) => map.mapNamespace(ns, mapping, 'toSpec') });
  const siteIndex = index.json;
  const absentNs = new Set(drift.specNamespacesAbsent.map((x) => x.namespace));

  const select = (x) => (!o.namespaces?.length || o.namespaces.includes(x.namespace)) && (!o.operations?.length || o.operations.includes(x.id));
  const selected = allOps.filter(select);
  if (o.operations?.length) {
    const unknown = o.operations.filter((id) => !allOps.some((x) => x.id === id));
    if (unknown.length) throw Object.assign(new Error(`unknown operation ${unknown.join(', ')} (not an operationId of the spec)`), { usage: true });
  }
  if (o.namespaces?.length) {
    const known = new Set([...specNamespaces(doc), '(index)']);
    const unknown = o.namespaces.filter((n) => !known.has(n));
    if (unknown.length) throw Object.assign(new Error(`unknown namespace ${unknown.join(', ')} (the spec has ${[...known].sort().join(', ')})`), { usage: true });
  }

  /** @type {Map<string, {id, method, path, namespace, verdict?, reason?, checks: any[]}>} */
  const results = new Map(selected.map((x) => [x.key, { id: x.id, method: x.method.toUpperCase(), path: x.path, namespace: x.namespace, checks: [] }]));
  const opByKey = new Map(allOps.map((x) => [x.key, x]));
  const report = {
    tool: 'festival-site-api contract', startedAt: started.toISOString(), baseUrl: http.rootText,
    spec: { file: o.specFile, title: doc.info?.title, version: doc.info?.version },
    mapping, strict, allowWrites: Boolean(o.allowWrites), credentials: http.hasCredentials ? 'from environment (WP_USER)' : 'none',
    marker: o.allowWrites ? marker : undefined, operations: [], records: undefined, drift, notes: [],
  };
  if (o.driftOnly) { report.driftOnly = true; return finish(); }

  // Namespaces the site doesn't have: confirm with the namespace root (404 rest_no_route) and mark.
  for (const ns of absentNs) {
    const nsOps = selected.filter((x) => x.namespace === ns);
    if (!nsOps.length) continue;
    let evidence = 'absent from the site index';
    try {
      const r = await http.request('GET', `/${ns}`, { auth: false });
      evidence = r.status === 404 && r.json?.code === 'rest_no_route' ? `GET /${ns} answered 404 rest_no_route` : `absent from the site index; GET /${ns} answered ${r.status}${r.json?.code ? ` ${r.json.code}` : ''}`;
    } catch (e) { evidence = `absent from the site index (${e.message})`; }
    for (const x of nsOps) Object.assign(results.get(x.key), { verdict: 'not-reachable', reason: `not reachable on this site: ${evidence}` });
  }

  const siteArgs = (x) => {
    const route = Object.entries(siteIndex.routes ?? {}).find(([pattern]) => routeKey(normaliseRoute(map.mapPath(pattern, mapping, 'toSpec'))) === routeKey(x.path));
    const ep = route?.[1].endpoints?.find((e) => (e.methods ?? []).includes(x.method.toUpperCase()));
    return ep ? ep.args ?? {} : undefined;
  };

  // ---- response checking --------------------------------------------------------------------------
  function verify(x, res, { expect, label }) {
    const errors = [];
    const responses = x.op.responses ?? {};
    const documented = responses[String(res.status)] ?? responses[`${String(res.status)[0]}XX`] ?? responses.default;
    const exp = expect === undefined ? undefined : [].concat(expect);
    if (exp && !exp.includes(res.status)) errors.push(`status ${res.status}, expected ${exp.join(' or ')}${res.json?.code ? ` (site: ${res.json.code}: ${String(res.json.message ?? '').slice(0, 160)})` : ''}`);
    if (!documented) errors.push(`status ${res.status} is not documented (documented: ${Object.keys(responses).join(', ')})${res.json?.code ? `; site code ${res.json.code}` : ''}`);
    if (documented) {
      const r = deref(documented, doc);
      const content = r.content ?? {};
      const types = Object.keys(content);
      const base = (res.type.split(';')[0] || '').trim().toLowerCase();
      if (types.length) {
        const mt = types.find((t) => t.toLowerCase() === base) ?? types.find((t) => t.endsWith('/*') && base.startsWith(t.slice(0, -1))) ?? (types.includes('*/*') ? '*/*' : undefined);
        if (!mt) errors.push(`content type ${res.type || '(none)'} is not documented for ${res.status} (documented: ${types.join(', ')})`);
        else {
          const media = content[mt];
          if (/json/.test(mt) && media.schema && !media['x-undocumented-body']) {
            if (res.json === undefined && res.text) errors.push(`body is not valid JSON: ${res.text.slice(0, 120)}`);
            else errors.push(...check(media.schema, res.json ?? null, { strict }).map((e) => `body${e.startsWith('/') ? '' : ' '}${e}`));
          }
        }
      }
      for (const [name, hRef] of Object.entries(r.headers ?? {})) {
        const h = deref(hRef, doc);
        const value = res.headers[name.toLowerCase()];
        if (value === undefined) {
          if (h.required || MUST_HEADERS.has(name.toLowerCase())) errors.push(`header ${name} is missing`);
          continue;
        }
        const hs = deref(h.schema, doc);
        if (hs?.type === 'integer' && !/^\d+$/.test(value)) errors.push(`header ${name}: ${JSON.stringify(value)} is not an integer`);
        else if (hs?.type === 'integer') errors.push(...check(hs, Number(value)).map((e) => `header ${name} ${e}`));
        else if (hs) errors.push(...check(hs, value).map((e) => `header ${name} ${e}`));
      }
    }
    return errors;
  }

  function record(x, res, { expect, label, kind = 'response', errors: extra = [] }) {
    const r = results.get(x.key);
    const errors = res ? [...extra, ...verify(x, res, { expect, label })] : extra;
    const entry = { name: label, kind, ok: errors.length === 0, errors, request: res ? { method: res.method, url: res.specUrl } : undefined, status: res?.status, code: res?.json && typeof res.json === 'object' && !Array.isArray(res.json) ? res.json.code : undefined, ms: res?.ms };
    if (r) r.checks.push(entry);
    return entry;
  }

  /** Send a request for spec operation `key` with concrete path values; record it when selected. */
  async function exercise(key, pathValues, req = {}, { expect, label, kind } = {}) {
    const x = opByKey.get(key);
    const path = fill(x ? x.path : key.split(' ')[1], pathValues);
    const method = key.split(' ')[0];
    done++;
    progress(`[${done}] ${method} ${path}`);
    let res;
    try {
      res = await http.request(method, path, req);
    } catch (e) {
      if (e instanceof WriteRefused) throw e;
      if (x) record(x, undefined, { label: label ?? method, kind, errors: [`request failed: ${e.message}`] });
      return undefined;
    }
    if (x && results.has(key)) record(x, res, { expect, label: label ?? `${method} ${path}`, kind });
    return res;
  }
  let done = 0;

  // ---- ids from the site's own lists -------------------------------------------------------------
  const listCache = new Map();
  async function list(specPath, query = {}) {
    const k = `${specPath}?${JSON.stringify(query)}`;
    if (!listCache.has(k)) {
      let items = [];
      try {
        const r = await http.request('GET', specPath, { query });
        items = r.status === 200 ? itemsOf(r.json) : [];
      } catch { items = []; }
      listCache.set(k, items);
    }
    return listCache.get(k);
  }
  const getByRoute = new Map(allOps.filter((x) => x.method === 'get').map((x) => [routeKey(x.path), x]));
  const hasGet = (path) => getByRoute.has(routeKey(path));
  const listQuery = (path, extra = {}) => {
    const x = getByRoute.get(routeKey(path));
    const q = { ...extra };
    const per = x?.params.find((p) => p.name === 'per_page');
    if (per) q.per_page = Math.min(100, schemaBounds(per.schema, doc).maximum ?? 100);
    return q;
  };
  const anyStatus = (path) => {
    const x = getByRoute.get(routeKey(path));
    const st = x?.params.find((p) => p.name === 'status' && p.in === 'query');
    if (!st || !http.hasCredentials) return undefined;
    const e = schemaEnum(st.schema, doc) ?? [];
    return e.includes('any') ? 'any' : e.length ? e : undefined;
  };

  /** Resolve a path template's parameters to real values from the site's lists, or explain why not. */
  async function resolvePath(template) {
    const segs = template.split('/');
    const values = {};
    for (let i = 0; i < segs.length; i++) {
      const m = /^\{(.+)\}$/.exec(segs[i]);
      if (!m) continue;
      const name = m[1];
      let j = i;
      let collection = fill(segs.slice(0, j).join('/'), values);
      let collectionTemplate = segs.slice(0, j).join('/');
      while (!hasGet(collectionTemplate) && j > 1 && !/^\{/.test(segs[j - 1])) { j--; collectionTemplate = segs.slice(0, j).join('/'); collection = fill(collectionTemplate, values); }
      if (!hasGet(collectionTemplate)) return { why: `no list to take a ${name} from` };
      const field = name === 'slug' ? 'slug' : 'id';
      const last = !segs.slice(i + 1).some((s) => /^\{/.test(s)) && i === segs.length - 1;
      if (last) {
        let items = await list(collection, listQuery(collectionTemplate));
        if (!items.length && anyStatus(collectionTemplate)) items = await list(collection, listQuery(collectionTemplate, { status: anyStatus(collectionTemplate) }));
        const item = items.find((it) => it && it[field] !== undefined && it[field] !== '');
        if (!item) return { why: `the site's list ${collection} is empty` };
        values[name] = item[field];
        continue;
      }
      // A parent: the first record whose child list (the next static segment) is not empty.
      const child = segs.slice(i + 1).findIndex((s) => /^\{/.test(s));
      const childTemplate = segs.slice(0, child < 0 ? segs.length : i + 1 + child).join('/');
      const candidates = [...new Map([
        ...(await list(collection, listQuery(collectionTemplate))),
        ...(anyStatus(collectionTemplate) ? await list(collection, listQuery(collectionTemplate, { status: anyStatus(collectionTemplate) })) : []),
      ].filter((it) => it && it[field] !== undefined).map((it) => [it[field], it])).values()].slice(0, MAX_PARENT_PROBES);
      let found;
      for (const c of candidates) {
        const kids = await list(fill(childTemplate, { ...values, [name]: c[field] }), {});
        if (kids.length) { found = c; break; }
      }
      if (!found) return { why: `no record of ${collection} has ${childTemplate.split('/').pop()} (checked ${candidates.length})` };
      values[name] = found[field];
    }
    return { values };
  }

  let sampleUrl;
  async function sample() {
    if (sampleUrl !== undefined) return sampleUrl;
    sampleUrl = siteIndex.url ?? siteIndex.home ?? '';
    const postsList = selected.concat(allOps).find((x) => x.method === 'get' && /\/posts$/.test(x.path) && !x.path.includes('{') && !absentNs.has(x.namespace));
    if (postsList) {
      const items = await list(postsList.path, {});
      if (items[0]?.link) sampleUrl = items[0].link;
    }
    return sampleUrl;
  }

  /** Values for the required query parameters of an operation (spec names). */
  async function requiredQuery(x, without) {
    const q = {};
    for (const p of x.params) {
      if (p.in !== 'query' || !p.required || p.name === without) continue;
      q[p.name] = await valueFor(p);
    }
    return q;
  }
  async function valueFor(p) {
    const s = deref(p.schema, doc) ?? {};
    if (s.format === 'uri' || p.name === 'url') return sample();
    if (p.example !== undefined) return p.example;
    if (s.default !== undefined) return s.default;
    const e = schemaEnum(s, doc);
    if (e?.length) return e[0];
    if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
    if (s.type === 'boolean') return true;
    return 'contract';
  }

  // ---- records before --------------------------------------------------------------------------------
  const counted = allOps.filter((x) => x.method === 'get' && !x.path.includes('{') && x.params.some((p) => p.name === 'per_page') && !absentNs.has(x.namespace) && selected.some((s) => s.namespace === x.namespace));
  async function idsOf(x) {
    const ids = [];
    const st = anyStatus(x.path);
    for (let page = 1; page <= 10; page++) {
      let r;
      try { r = await http.request('GET', x.path, { query: { per_page: 100, page, ...(st ? { status: st } : {}) } }); } catch { break; }
      const items = r.status === 200 ? itemsOf(r.json) : [];
      ids.push(...items.map((it) => it.id));
      if (items.length < 100) break;
    }
    return ids;
  }
  async function countRecords() {
    const out = {};
    for (const x of counted) {
      const q = { per_page: 1 };
      const st = anyStatus(x.path);
      if (st) q.status = st;
      try {
        const r = await http.request('GET', x.path, { query: q });
        const total = r.headers['x-wp-total'] ?? r.headers['x-tec-total'] ?? (r.json && typeof r.json.total === 'number' ? String(r.json.total) : undefined);
        out[x.path] = r.status === 200 && total !== undefined ? Number(total) : `status ${r.status}`;
      } catch (e) { out[x.path] = `error ${e.message}`; }
    }
    return out;
  }
  const records = { before: undefined, after: undefined, created: [], removed: [], trashed: [], leftBehind: [] };
  const idsBefore = {};
  if (o.allowWrites) {
    records.before = await countRecords();
    for (const x of counted) idsBefore[x.path] = await idsOf(x);
    report.records = records;
  }

  // ---- 1. reads ------------------------------------------------------------------------------------
  const reads = selected.filter((x) => x.method === 'get' && !absentNs.has(x.namespace));
  for (const x of reads) {
    const r = results.get(x.key);
    const resolved = await resolvePath(x.path);
    if (!resolved.values) { r.reason = `no real id: ${resolved.why}${o.allowWrites ? '' : ' (a run with --allow-writes checks it on a record it creates)'}`; continue; }
    const query = await requiredQuery(x);
    const open = (x.op.security ?? [{}]).some((s) => Object.keys(s).length === 0);
    const needs = !open;
    await exercise(x.key, resolved.values, { query, auth: true }, { expect: http.hasCredentials || !needs ? 200 : 401, label: http.hasCredentials ? 'GET as the configured user' : 'GET anonymous' });
    if (http.hasCredentials) {
      await exercise(x.key, resolved.values, { query, auth: false }, { expect: open ? undefined : [401], label: 'GET anonymous' });
      const ctx = x.params.find((p) => p.name === 'context' && p.in === 'query');
      if (ctx && (schemaEnum(ctx.schema, doc) ?? []).includes('edit')) {
        await exercise(x.key, resolved.values, { query: { ...query, context: 'edit' }, auth: true }, { expect: 200, label: 'GET context=edit as the configured user' });
      }
    }
    await readProbes(x, resolved.values, query);
  }

  // ---- 2. negative probes on reads -----------------------------------------------------------------
  async function readProbes(x, values, query) {
    // A probe tests validation the site declares: the parameter must be in the site's own index, with
    // a type (for the wrong-type probe) or an enum (for the bad-enum probe) there.
    const args = siteArgs(x) ?? {};
    const known = (p) => p.in === 'path' || p.name in args;
    // A parameter the platform does not validate (`x-not-validated`) gets no wrong-value probe.
    const qp = x.params.filter((p) => p.in === 'query' && known(p));
    const validated = (p) => p['x-not-validated'] !== true;
    const siteType = (p) => [].concat(args[p.name]?.type ?? []);
    const siteEnum = (p) => args[p.name]?.enum ?? args[p.name]?.items?.enum;
    const probe = (label, q, expect, pv = values) => exercise(x.key, pv, { query: q, auth: true }, { expect, label, kind: 'probe' });
    const missing = qp.find((p) => p.required);
    if (missing) await probe(`probe: missing required ${missing.name}`, await requiredQuery(x, missing.name), 400);
    const typed = qp.find((p) => validated(p) && !p.required && ['integer', 'number', 'boolean'].some((t) => schemaTypes(p.schema, doc).includes(t)) && !schemaTypes(p.schema, doc).includes('string') && siteType(p).some((t) => ['integer', 'number', 'boolean'].includes(t)) && !siteType(p).includes('string'));
    if (typed) await probe(`probe: wrong type ${typed.name}=not-a-number`, { ...query, [typed.name]: 'not-a-number' }, 400);
    const per = qp.find((p) => p.name === 'per_page');
    const max = per && schemaBounds(per.schema, doc).maximum;
    if (max !== undefined) await probe(`probe: out-of-range per_page=${max + 1}`, { ...query, per_page: max + 1 }, 400);
    const en = qp.find((p) => validated(p) && !p.required && p.name !== 'per_page' && (schemaEnum(p.schema, doc) ?? []).length && typeof schemaEnum(p.schema, doc)[0] === 'string' && (siteEnum(p) ?? []).length);
    if (en) await probe(`probe: bad enum ${en.name}=not-a-valid-value`, { ...query, [en.name]: 'not-a-valid-value' }, 400);
    const idParams = x.params.filter((p) => p.in === 'path' && validated(p) && schemaTypes(p.schema, doc).includes('integer'));
    for (const idParam of idParams) await probe(`probe: non-existent ${idParam.name}=${NO_SUCH_ID}`, query, 404, { ...values, [idParam.name]: NO_SUCH_ID });
    if (!idParams.length) {
      const slug = x.params.find((p) => p.in === 'path' && p.name === 'slug');
      if (slug) await probe('probe: non-existent slug', query, 404, { ...values, slug: `no-such-slug-${Date.now()}` });
    }
  }

  // ---- 3. writes -----------------------------------------------------------------------------------
  const writes = selected.filter((x) => x.method !== 'get' && !absentNs.has(x.namespace));
  if (!o.allowWrites) {
    for (const x of writes) Object.assign(results.get(x.key), { verdict: 'skipped', reason: 'write operation: not run without --allow-writes (read-only run)' });
  } else if (writes.length) {
    if (!http.hasCredentials) report.notes.push('--allow-writes without credentials (WP_USER, WP_APP_PASSWORD): only refusals can be checked');
    const cleanup = [];
    try {
      await writeSequences({ writes, cleanup });
    } catch (e) {
      report.notes.push(`a write step failed: ${e.message}`);
      const anyOp = writes[0];
      if (anyOp) results.get(anyOp.key).checks.push({ name: 'write sequence', kind: 'response', ok: false, errors: [`aborted: ${e.message}`] });
    } finally {
      for (const c of cleanup.reverse()) {
        try { await c(); } catch (e) { report.notes.push(`cleanup step failed: ${e.message}`); }
      }
      // Safety net: anything carrying this run's stamp that no cleanup step removed.
      for (const x of counted) {
        if (!x.params.some((p) => p.name === 'search')) continue;
        const st = anyStatus(x.path);
        const item = [...opByKey.keys()].find((k) => k.startsWith('DELETE ') && routeKey(k.slice(7)) === routeKey(`${x.path}/{id}`));
        if (!item) continue;
        let found = [];
        try { found = itemsOf((await http.request('GET', x.path, { query: { search: stamp, per_page: 100, ...(st ? { status: st } : {}) } })).json); } catch { found = []; }
        for (const it of found) {
          const path = `${x.path}/${it.id}`;
          if (records.removed.some((r) => r.path === path)) continue;
          const hasForce = opByKey.get(item)?.params.some((p) => p.name === 'force');
          try {
            const r = await http.request('DELETE', path, { query: hasForce ? { force: true } : {} });
            if (r.status === 200) { records.removed.push({ path, title: it.title?.rendered ?? it.title, note: 'found by the final sweep for this run\'s stamp' }); if (!records.created.some((c) => c.path === path)) records.created.push({ path, title: it.title?.rendered ?? it.title }); }
          } catch (e) { report.notes.push(`sweep: ${e.message}`); }
        }
      }
      records.after = await countRecords();
      // Other clients may write to the site meanwhile: a count change is ours only when the changed ids are.
      records.foreign = [];
      for (const x of counted) {
        const after = await idsOf(x);
        const mine = (id) => records.created.some((c) => c.path === `${x.path}/${id}`);
        const appeared = after.filter((id) => !idsBefore[x.path].includes(id) && !mine(id));
        const disappeared = idsBefore[x.path].filter((id) => !after.includes(id));
        if (appeared.length || disappeared.length) records.foreign.push({ collection: x.path, appeared, disappeared });
        const n = records.before[x.path];
        const a = records.after[x.path];
        if (typeof n === 'number' && typeof a === 'number' && a - n !== appeared.length - disappeared.length) records.leftBehind.push({ collection: x.path, before: n, after: a, explainedByOthers: appeared.length - disappeared.length });
      }
      // Every write went to a record this run created (or to a non-existent id, or a collection).
      const own = new Set(records.created.map((c) => map.mapPath(c.path, mapping, 'toSite')));
      const root = new URL(http.rootText).pathname.replace(/\/+$/, '');
      records.foreignWrites = writeLog.filter((w) => {
        const p = w.path.slice(root.length);
        const m = /^(.*?\/)(\d+)(\/.*)?$/.exec(p);
        if (!m || Number(m[2]) === NO_SUCH_ID) return false;
        return !own.has(`${m[1]}${m[2]}`);
      }).map((w) => `${w.method} ${w.path}`);
      for (const c of records.foreign) if (c.disappeared.length) report.notes.push(`${c.collection}: records ${c.disappeared.join(', ')} disappeared during the run; this run sent no write to them`);
      const still = records.created.filter((c) => !records.removed.some((r) => r.path === c.path) && !records.trashed.some((r) => r.path === c.path));
      for (const c of still) records.leftBehind.push({ record: c.path, title: c.title });
    }
  }

  async function writeSequences({ writes, cleanup }) {
    const wantPrefixes = new Set();
    for (const x of writes) wantPrefixes.add(resourceOf(x.path));
    for (const x of selected.filter((s) => s.method === 'get')) if (writes.length) wantPrefixes.add(resourceOf(x.path));
    const resources = [...wantPrefixes].filter((c) => opByKey.has(`POST ${c}`) && [...opByKey.keys()].some((k) => k.startsWith(`DELETE ${c}/{`)));
    for (const c of resources) await resourceSequence(c, cleanup);
    if (opByKey.has('POST /batch/v1') && results.has('POST /batch/v1')) await batchSequence(cleanup);
    // Write operations on routes no sequence covers: probe the refusal of anonymous callers.
    for (const x of writes) {
      const r = results.get(x.key);
      if (r.checks.length) continue;
      const resolved = await resolvePath(x.path);
      if (!resolved.values) { Object.assign(r, { verdict: 'skipped', reason: `no sequence creates a record for it and no real id: ${resolved.why}` }); continue; }
      Object.assign(r, { verdict: 'skipped', reason: 'no write sequence covers this operation' });
    }
  }

  function created(path, title) { records.created.push({ path, title }); }

  async function resourceSequence(c, cleanup) {
    const item = `${c}/{id}`;
    const kind = c.split('/').pop();
    const title = `${marker} ${kind}`;
    const createKey = `POST ${c}`;
    // Unauthenticated create: the documented 401 (nothing may be created).
    const unauth = await exercise(createKey, {}, { ...(kind === 'media' ? upload(title) : { body: createBody(kind, title) }), auth: false }, { expect: 401, label: 'probe: unauthenticated create', kind: 'probe' });
    if (unauth?.status === 201 && unauth.json?.id) registerCleanup(c, unauth.json.id, title, cleanup);
    if (!http.hasCredentials) return;
    // Create (a menu item goes into a menu the site already has, as a real one would).
    const body = kind === 'media' ? undefined : createBody(kind, title);
    if (kind === 'menu-items') {
      const menu = (await list(c, listQuery(c))).map((it) => [].concat(it.menus ?? [])[0]).find((m) => typeof m === 'number');
      if (menu !== undefined) body.menus = menu;
    }
    const res = await exercise(createKey, {}, kind === 'media' ? upload(title) : { body }, { expect: 201, label: 'create' });
    const id = res?.json?.id;
    if (!(res?.status === 201 || res?.status === 200) || id === undefined) throw new Error(`creating a ${kind} record failed: ${res ? `${res.status} ${res.json?.code ?? ''}` : 'no answer'}`);
    registerCleanup(c, id, title, cleanup);
    // Missing required body field / wrong type on create: documented 400 (a record created anyway is cleaned up).
    const cx = opByKey.get(createKey);
    const cs = cx && bodySchema(cx, doc);
    if (cs && kind !== 'media') {
      const props = Object.entries(deref(cs, doc)?.properties ?? {});
      const intProp = props.find(([, s]) => { const t = schemaTypes(s, doc); return t.length === 1 && t[0] === 'integer'; });
      if (intProp) {
        const bad = await exercise(createKey, {}, { body: { ...createBody(kind, `${title} wrong-type`), [intProp[0]]: 'not-a-number' } }, { expect: 400, label: `probe: wrong type ${intProp[0]}`, kind: 'probe' });
        if (bad?.status === 201 && bad.json?.id) registerCleanup(c, bad.json.id, `${title} wrong-type`, cleanup);
      }
      const enumProp = props.find(([n, s]) => n !== 'i18n_language' && typeof (schemaEnum(s, doc) ?? [])[0] === 'string');
      if (enumProp) {
        const bad = await exercise(createKey, {}, { body: { ...createBody(kind, `${title} bad-enum`), [enumProp[0]]: 'not-a-valid-value' } }, { expect: 400, label: `probe: bad enum ${enumProp[0]}`, kind: 'probe' });
        if (bad?.status === 201 && bad.json?.id) registerCleanup(c, bad.json.id, `${title} bad-enum`, cleanup);
      }
      const req = deref(cs, doc)?.required ?? [];
      if (req.length) {
        const body = createBody(kind, `${title} missing`);
        delete body[req[0]];
        const bad = await exercise(createKey, {}, { body }, { expect: 400, label: `probe: missing required ${req[0]}`, kind: 'probe' });
        if (bad?.status === 201 && bad.json?.id) registerCleanup(c, bad.json.id, `${title} missing`, cleanup);
      }
    }
    // Read it back, update it three ways.
    await exercise(`GET ${item}`, { id }, { query: { context: 'edit' } }, { expect: 200, label: 'GET the created record, context=edit' });
    for (const m of ['POST', 'PUT', 'PATCH']) {
      const k = `${m} ${item}`;
      if (!opByKey.has(k)) continue;
      await exercise(k, { id }, { auth: false, body: updateBody(kind, `${title} anonymous`) }, { expect: 401, label: `probe: unauthenticated ${m}`, kind: 'probe' });
      await exercise(k, { id: NO_SUCH_ID }, { body: updateBody(kind, `${title} nothing`) }, { expect: 404, label: `probe: ${m} non-existent id`, kind: 'probe' });
      await exercise(k, { id }, { body: updateBody(kind, `${title} (updated via ${m})`) }, { expect: 200, label: `update via ${m}` });
    }
    // Children: revisions, autosaves (posts, pages), media extras.
    await childSequences(c, id, title, cleanup);
    // Delete: anonymous refusal, non-existent id, then without force (documented answer), then force.
    const delKey = `DELETE ${item}`;
    const delOp = opByKey.get(delKey);
    const hasForce = delOp?.params.some((p) => p.name === 'force');
    await exercise(delKey, { id }, { auth: false, query: hasForce ? { force: true } : {} }, { expect: 401, label: 'probe: unauthenticated DELETE', kind: 'probe' });
    await exercise(delKey, { id: NO_SUCH_ID }, { query: hasForce ? { force: true } : {} }, { expect: 404, label: 'probe: DELETE non-existent id', kind: 'probe' });
    if (hasForce) {
      const soft = await exercise(delKey, { id }, {}, { label: 'DELETE without force (trash, or the documented refusal)' });
      if (soft && soft.status === 200) {
        const again = await exercise(delKey, { id }, {}, { label: 'DELETE of a trashed record again' });
        void again;
      }
    }
  }

  function registerCleanup(c, id, title, cleanup) {
    const path = `${c}/${id}`;
    created(path, title);
    cleanup.push(async () => {
      if (records.removed.some((r) => r.path === path) || records.trashed.some((r) => r.path === path)) return;
      const delOp = opByKey.get(`DELETE ${c}/{id}`);
      const hasForce = delOp?.params.some((p) => p.name === 'force');
      const res = await exercise(`DELETE ${c}/{id}`, { id }, { query: hasForce ? { force: true } : {} }, { expect: 200, label: hasForce ? 'DELETE force=true (cleanup)' : 'DELETE (cleanup)' });
      if (res?.status === 200) (hasForce ? records.removed : records.trashed).push({ path, title, ...(hasForce ? {} : { note: 'the platform has no force: trashed, counts as removed' }) });
      else if (res?.status === 404 || res?.status === 410) records.removed.push({ path, title, note: `already gone (${res.status})` });
    });
  }

  async function childSequences(c, id, title, cleanup) {
    const rev = `${c}/{parent}/revisions`;
    const auto = `${c}/{id}/autosaves`;
    if (opByKey.has(`POST ${auto}`)) {
      await exercise(`POST ${auto}`, { id }, { auth: false, body: { title: `${title} autosave anonymous` } }, { expect: 401, label: 'probe: unauthenticated autosave', kind: 'probe' });
      await exercise(`POST ${auto}`, { id: NO_SUCH_ID }, { body: { title: `${title} autosave` } }, { expect: 404, label: 'probe: autosave of a non-existent parent', kind: 'probe' });
      await exercise(`POST ${auto}`, { id }, { body: { title: `${title} autosave`, content: `${marker} autosaved content` } }, { expect: 200, label: 'create an autosave' });
    }
    if (opByKey.has(`GET ${auto}`)) {
      const r = await exercise(`GET ${auto}`, { id }, {}, { expect: 200, label: 'GET autosaves of the created record' });
      const a = itemsOf(r?.json)[0];
      if (a && opByKey.has(`GET ${c}/{parent}/autosaves/{id}`)) await exercise(`GET ${c}/{parent}/autosaves/{id}`, { parent: id, id: a.id }, {}, { expect: 200, label: 'GET the autosave of the created record' });
    }
    if (opByKey.has(`GET ${rev}`)) {
      const r = await exercise(`GET ${rev}`, { parent: id }, {}, { expect: 200, label: 'GET revisions of the created record' });
      const v = itemsOf(r?.json)[0];
      if (v) {
        await exercise(`GET ${rev}/{id}`, { parent: id, id: v.id }, {}, { expect: 200, label: 'GET a revision of the created record' });
        if (opByKey.has(`DELETE ${rev}/{id}`)) {
          await exercise(`DELETE ${rev}/{id}`, { parent: id, id: v.id }, { auth: false, query: { force: true } }, { expect: 401, label: 'probe: unauthenticated revision DELETE', kind: 'probe' });
          await exercise(`DELETE ${rev}/{id}`, { parent: id, id: NO_SUCH_ID }, { query: { force: true } }, { expect: 404, label: 'probe: revision DELETE non-existent id', kind: 'probe' });
          const del = await exercise(`DELETE ${rev}/{id}`, { parent: id, id: v.id }, { query: { force: true } }, { expect: 403, label: 'DELETE a revision force=true: the documented refusal on a stock site' });
          if (del?.status === 200) report.notes.push(`a revision of ${c}/${id} was deleted (the site allows it)`);
        }
      } else report.notes.push(`${c}/${id}: no revision after three updates`);
    }
    if (c.endsWith('/media')) {
      const pp = `POST ${c}/{id}/post-process`;
      if (opByKey.has(pp)) {
        await exercise(pp, { id }, { auth: false, body: { action: 'create-image-subsizes' } }, { expect: 401, label: 'probe: unauthenticated post-process', kind: 'probe' });
        await exercise(pp, { id }, { body: {} }, { expect: 400, label: 'probe: missing required action', kind: 'probe' });
        await exercise(pp, { id }, { body: { action: 'not-a-valid-value' } }, { expect: 400, label: 'probe: bad enum action', kind: 'probe' });
        await exercise(pp, { id: NO_SUCH_ID }, { body: { action: 'create-image-subsizes' } }, { expect: 404, label: 'probe: post-process non-existent id', kind: 'probe' });
        await exercise(pp, { id }, { body: { action: 'create-image-subsizes' } }, { expect: 200, label: 'post-process the upload' });
      }
      const ed = `POST ${c}/{id}/edit`;
      if (opByKey.has(ed)) {
        const src = (await http.request('GET', fill(`${c}/{id}`, { id }), { query: { context: 'edit' } })).json?.source_url;
        await exercise(ed, { id }, { auth: false, body: { src, modifiers: [{ type: 'rotate', args: { angle: 90 } }] } }, { expect: 401, label: 'probe: unauthenticated edit', kind: 'probe' });
        await exercise(ed, { id }, { body: { modifiers: [{ type: 'rotate', args: { angle: 90 } }] } }, { expect: 400, label: 'probe: missing required src', kind: 'probe' });
        await exercise(ed, { id }, { body: { src, modifiers: [{ type: 'rotate', args: { angle: 'not-a-number' } }] } }, { expect: 400, label: 'probe: wrong type modifiers[0].args.angle', kind: 'probe' });
        await exercise(ed, { id: NO_SUCH_ID }, { body: { src, modifiers: [{ type: 'rotate', args: { angle: 90 } }] } }, { expect: 404, label: 'probe: edit non-existent id', kind: 'probe' });
        const r = await exercise(ed, { id }, { body: { src, modifiers: [{ type: 'rotate', args: { angle: 90 } }] } }, { expect: 201, label: 'edit (rotate) the upload: a new attachment' });
        if (r?.json?.id !== undefined && (r.status === 201 || r.status === 200)) registerCleanup(c, r.json.id, `${title} (edited copy)`, cleanup);
      }
    }
  }

  async function batchSequence(cleanup) {
    const key = 'POST /batch/v1';
    const postsPath = [...opByKey.keys()].map((k) => k.split(' ')[1]).find((p) => /\/posts$/.test(p) && !p.includes('{') && !absentNs.has(opByKey.get(`GET ${p}`)?.namespace));
    await exercise(key, {}, { body: {} }, { expect: 400, label: 'probe: missing required requests', kind: 'probe' });
    await exercise(key, {}, { body: { validation: 'not-a-valid-value', requests: [] } }, { expect: 400, label: 'probe: bad enum validation', kind: 'probe' });
    await exercise(key, {}, { body: { requests: 'not-an-array' } }, { expect: 400, label: 'probe: wrong type requests', kind: 'probe' });
    if (!postsPath) return;
    const sitePath = map.mapPath(postsPath, mapping, 'toSite');
    const title = `${marker} batch`;
    const tooMany = Array.from({ length: 26 }, () => ({ method: 'POST', path: sitePath, body: { title: `${title} too-many`, status: 'draft' } }));
    const over = await exercise(key, {}, { body: { requests: tooMany } }, { expect: 400, label: 'probe: 26 requests (out of range)', kind: 'probe' });
    for (const r of itemsOf(over?.json?.responses ? over.json.responses.map((x) => x?.body) : [])) if (r?.id) registerCleanup(postsPath, r.id, `${title} too-many`, cleanup);
    const res = await exercise(key, {}, { body: { requests: [{ method: 'POST', path: sitePath, body: { title, status: 'draft' } }] } }, { expect: 207, label: 'batch: create a post' });
    const newId = res?.json?.responses?.[0]?.body?.id;
    if (newId !== undefined) {
      registerCleanup(postsPath, newId, title, cleanup);
      const del = await exercise(key, {}, { body: { requests: [{ method: 'DELETE', path: `${sitePath}/${newId}?force=true` }] } }, { expect: 207, label: 'batch: delete it (force=true)' });
      if (del?.json?.responses?.[0]?.status === 200) records.removed.push({ path: `${postsPath}/${newId}`, title, note: 'deleted by the batch' });
    }
  }

  function finish() {
    for (const r of results.values()) {
      if (!r.verdict) {
        if (!r.checks.length) Object.assign(r, { verdict: 'skipped', reason: r.reason ?? 'not exercised' });
        else { r.verdict = r.checks.every((c) => c.ok) ? 'passed' : 'failed'; delete r.reason; }
      } else if (r.checks.some((c) => !c.ok)) r.verdict = 'failed';
    }
    report.operations = [...results.values()];
    report.finishedAt = new Date().toISOString();
    report.requests = http.count;
    const count = (v) => report.operations.filter((x) => x.verdict === v).length;
    const probes = report.operations.flatMap((x) => x.checks.filter((c) => c.kind === 'probe'));
    report.summary = {
      operations: report.operations.length, passed: count('passed'), failed: count('failed'), notReachable: count('not-reachable'), skipped: count('skipped'),
      checks: report.operations.reduce((n, x) => n + x.checks.length, 0), probes: probes.length, probesFailed: probes.filter((c) => !c.ok).length,
      leftBehind: report.records?.leftBehind?.length ?? 0,
      foreignWrites: report.records?.foreignWrites?.length ?? 0,
    };
    report.ok = report.summary.failed === 0 && report.summary.leftBehind === 0 && report.summary.foreignWrites === 0;
    return report;
  }

  return finish();
}

// ---- helpers ---------------------------------------------------------------------------------------
function fill(template, values) {
  return template.replace(/\{([^}]+)\}/g, (m, n) => (values[n] !== undefined ? encodeURIComponent(String(values[n])) : m));
}
const routeKey = (p) => p.replace(/\{[^}]+\}/g, '{}');
/** The records of a list answer: the array itself, or the first array of records in an envelope. */
export function itemsOf(json) {
  if (Array.isArray(json)) return json.filter((x) => x && typeof x === 'object');
  if (json && typeof json === 'object') for (const v of Object.values(json)) if (Array.isArray(v) && v.length && v[0] && typeof v[0] === 'object' && 'id' in v[0]) return v;
  return [];
}
/** `/core/v2/posts/{id}/autosaves` -> `/core/v2/posts`. */
function resourceOf(path) {
  const i = path.indexOf('/{');
  return i < 0 ? path : path.slice(0, i);
}
function createBody(kind, title) {
  switch (kind) {
    case 'posts': case 'pages': return { title, content: `<p>${title}</p>`, status: 'pending' };
    case 'menu-items': return { title, url: 'https://example.invalid/contract-run', type: 'custom', status: 'publish' };
    case 'events': return { title, description: title, start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 12:00:00', status: 'draft' };
    case 'venues': return { venue: title, status: 'draft' };
    case 'organizers': return { organizer: title, status: 'draft' };
    case 'categories': case 'tags': return { name: title };
    default: return { title };
  }
}
function updateBody(kind, title) {
  switch (kind) {
    case 'media': return { title, alt_text: title };
    case 'venues': return { venue: title };
    case 'organizers': return { organizer: title };
    case 'categories': case 'tags': return { name: title };
    case 'posts': case 'pages': return { title, content: `<p>${title}</p>` };
    default: return { title };
  }
}
function upload(title) {
  const file = `${title.replace(/[^A-Za-z0-9-]+/g, '-').replace(/-+/g, '-').toLowerCase()}.png`;
  return { raw: { data: TINY_PNG, type: 'image/png', headers: { 'Content-Disposition': `attachment; filename="${file}"` } } };
}
