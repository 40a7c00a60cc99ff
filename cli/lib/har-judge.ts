// Judge one recorded HAR entry against the spec with the core's judge (core/judge.ts, the one
// `contract` uses too): find its REST route (`…/wp-json/<route>` or `?rest_route=<route>`,
// core/base-url.ts), map the site's names back to the spec's, match an operation with the platform's
// rules (core/match.ts), then judge the response and, separately, the request. Every value is
// hostile: nothing here throws on odd input, recursion is bounded by a depth check before parsing.
import { MAX_URL, restRouteOf, type RestRoute } from '../../core/base-url.js';
import { asArray, asString, at, member } from '../../core/json.js';
import { SENSITIVE_PARAM } from '../../core/redact.js';
import { createJudge, depthWithin, MAX_BODY_DEPTH, type JudgedRequest, type JudgedResponse, type RequestVerdict, type Verdict } from '../../core/judge.js';
import * as map from '../../core/mapping.js';
import { matchRoute, routeTable, type RouteMatch } from '../../core/match.js';
import { phpDecodeChecked, queryPairs } from '../../core/php-query.js';
import { specNamespaces, type OpenApiDoc, type Operation } from '../../core/spec.js';
import { MAX_HAR_LIST, checkHarEntry, type HarRequest, type HarResponse } from './har-reader.js';

/** Headers of a HAR request or response as a lower-case map (duplicates joined), bounded. */
function headerMap(list: HarResponse['headers'], notes: string[], where: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (list === undefined) return out;
  if (list === 'not a list') {
    notes.push(`${where}.headers is not a list (ignored)`);
    return out;
  }
  for (const { name, value } of list.pairs) {
    const k = name.toLowerCase().slice(0, 200);
    const v = value.slice(0, 64 * 1024);
    out[k] = out[k] === undefined ? v : `${out[k]}, ${v}`;
  }
  if (list.malformed) notes.push(`${where}.headers: ${list.malformed} malformed header(s) ignored`);
  if (list.cut) notes.push(`${where}.headers: only the first ${MAX_HAR_LIST} read`);
  return out;
}

/** The operation a verdict names. */
export interface OperationRef {
  id: string;
  method: string;
  path: string;
  namespace: string;
}

/** The verdict on one HAR entry. */
export interface EntryVerdict {
  scope: 'in-spec' | 'not-in-spec' | 'not-selected' | 'no-response' | 'unreadable';
  reason?: string;
  method?: string;
  url?: string;
  comment?: string;
  form?: RestRoute['form'];
  path?: string;
  operation?: OperationRef;
  status?: number;
  failures: Verdict[];
  request?: RequestVerdict & { accepted?: boolean };
  notes: string[];
}

export interface HarJudgeOptions {
  doc: OpenApiDoc;
  mapping: map.NameMapping;
  strict?: boolean;
  namespaces?: readonly string[];
  restPrefixes?: readonly string[];
}

/** A recorded response whose status was checked to be an HTTP status. */
export type StatusResponse = HarResponse & { status: number };

/** The response of a HAR entry as the core judges it: body decoded (base64), headers as a map. */
export function harResponse(res: StatusResponse, method: string, notes: string[]): { response: JudgedResponse; failures: Verdict[] } {
  const failures: Verdict[] = [];
  const headers = headerMap(res.headers, notes, 'response');
  const { content } = res;
  if (headers['content-type'] === undefined && content.mimeType !== undefined) headers['content-type'] = content.mimeType;
  let text = content.text;
  if (text === undefined && method !== 'HEAD') notes.push('the body is not in the HAR (not recorded): not judged');
  const enc = content.encoding;
  if (text !== undefined && enc) {
    if (enc.toLowerCase() !== 'base64') {
      notes.push(`content.encoding ${enc.slice(0, 20)} is not understood: the body is not judged`);
      text = undefined;
    } else if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text.replace(/\s+/g, ''))) {
      failures.push({ pointer: 'response.content.text', reason: 'content.encoding is base64 but the text is not base64' });
      text = undefined;
    } else text = Buffer.from(text, 'base64').toString('utf8');
  }
  return { response: { method, status: res.status, headers, text }, failures };
}

/** The request of a HAR entry as the core judges it. */
function harRequest(req: HarRequest, r: RestRoute, pathValues: Record<string, string>): JudgedRequest {
  const pd = req.postData;
  const text = pd?.text;
  const type = pd?.mimeType ?? '';
  const form = type.split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';
  const params = !form ? undefined : text !== undefined ? queryPairs(text).map((q) => ({ name: q.key, value: q.value })) : pd?.params;
  return { pathValues, query: r.query, body: pd ? { type, text, params } : undefined };
}

/** The path values of a match, decoded; a malformed escape is noted. */
function decodedValues(hit: RouteMatch, decoded: boolean, notes: string[]): Record<string, string> {
  if (decoded) return hit.values;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(hit.values)) {
    const d = phpDecodeChecked(v, false);
    if (!d.ok) notes.push(`malformed percent-encoding in the path segment ${JSON.stringify(v.slice(0, 80))}`);
    out[k] = d.value;
  }
  return out;
}

/** The platform error code of a small JSON response body (`{code, message, data}`), or ''. */
function errorCodeOf(res: HarResponse): string {
  let text = res.content.text;
  if (text === undefined || text.length > 65536) return '';
  if (res.content.encoding?.toLowerCase() === 'base64') text = Buffer.from(text, 'base64').toString('utf8');
  if (!depthWithin(text, MAX_BODY_DEPTH)) return '';
  try {
    const code: unknown = member(JSON.parse(text), 'code');
    return typeof code === 'string' ? code.slice(0, 80) : '';
  } catch {
    return '';
  }
}

/**
 * A judge bound to one spec. `judge(entry)` returns an EntryVerdict with scope `in-spec` |
 * `not-in-spec` | `not-selected` | `no-response` | `unreadable`.
 */
export function createHarJudge({ doc, mapping, strict = false, namespaces = [], restPrefixes = ['/wp-json'] }: HarJudgeOptions): {
  judge: (entry: unknown) => EntryVerdict;
} {
  const table = routeTable(doc);
  const specNs = [...specNamespaces(doc)].sort((a, b) => b.length - a.length);
  const core = createJudge({ doc, strict });
  const selected = (o: Operation): boolean => !namespaces.length || namespaces.includes(o.namespace);

  /** The operation of a request, or why there is none. */
  function locate(
    method: string,
    r: RestRoute,
    notes: string[],
  ): { hit: RouteMatch; x: Operation; values: Record<string, string> } | { reason: string; path?: string } {
    let route = r.route.replace(/\/+$/, '') || '/';
    if (!route.startsWith('/')) route = `/${route}`;
    const specRoute = map.mapPath(route, mapping, 'toSpec');
    const hit = matchRoute(doc, table, method, specRoute, { decoded: r.decoded });
    if (!hit) {
      const ns = specNs.find((n) => specRoute === `/${n}` || specRoute.startsWith(`/${n}/`));
      if (ns) return { reason: `route not in the spec (namespace ${ns})` };
      const siteNs = route.split('/').filter(Boolean).slice(0, 2).join('/').slice(0, 80);
      return { reason: `namespace not in the spec (${siteNs || '/'})` };
    }
    if (!hit.entry) {
      const has = Object.keys(hit.route.ops)
        .map((m) => m.toUpperCase())
        .join(', ');
      return { reason: `method ${method} not in the spec for ${hit.route.template} (it has ${has})`, path: hit.route.template };
    }
    return { hit, x: hit.entry.operation, values: decodedValues(hit, r.decoded, notes) };
  }

  function judge(entry: unknown): EntryVerdict {
    const notes: string[] = [];
    const read = checkHarEntry(entry);
    if (!('request' in read)) return { scope: 'unreadable', ...read, failures: [], notes };
    const { request: req, response: res, comment } = read;
    let method = req.method.toUpperCase().slice(0, 20);
    const url = req.url;
    const base = { method, url, comment, failures: [], notes };
    const r = restRouteOf(url, restPrefixes);
    if ('outOfScope' in r) return { ...base, scope: 'not-in-spec', reason: r.outOfScope };
    const override = r.query.find((p) => p.key === '_method');
    if (method === 'POST' && override && /^[A-Za-z]{3,7}$/.test(override.value)) {
      method = override.value.toUpperCase();
      notes.push(`_method=${method}: judged as ${method}`);
    }
    const found = locate(method, r, notes);
    if ('reason' in found) return { ...base, scope: 'not-in-spec', ...found };
    const { x, values } = found;
    const operation = { id: x.id, method: x.method.toUpperCase(), path: x.path, namespace: x.namespace };
    if (!selected(x)) return { ...base, scope: 'not-selected', operation };
    const request: EntryVerdict['request'] = core.request(x, harRequest(req, r, values), {
      mapParam: (n) => map.mapParam(n, mapping, 'toSpec'),
      siteParam: (n) => map.mapParam(n, mapping, 'toSite'),
    });
    if (!res) return { ...base, scope: 'unreadable', operation, reason: 'the entry has no response object', request };
    const status = res.status;
    if (status === 0 || status === -1)
      return { ...base, scope: 'no-response', operation, reason: 'no response was recorded (status 0: blocked, aborted or failed)', request };
    if (status === undefined || !Number.isInteger(status) || status < 100 || status > 599)
      return { ...base, scope: 'unreadable', operation, reason: 'response.status is not an HTTP status', request };
    // The platform answers 404 rest_no_route when no registered route matched: the site does not serve
    // this route at all (its plugin is absent, or an older version lacks it), so the exchange says
    // nothing about the operation (D47).
    if (status === 404 && !(x.op.responses ?? {})['404'] && errorCodeOf(res) === 'rest_no_route') {
      return { ...base, scope: 'not-in-spec', operation, reason: `route not served by the site (404 rest_no_route): ${x.path}`, request };
    }
    const fieldsFiltered = r.query.some((p) => p.key === '_fields');
    if (fieldsFiltered) notes.push('_fields: the platform leaves out the fields not asked for, so missing required fields are not failures');
    const failures = judgeHarResponse(core, x, method, { ...res, status }, r.restRoot, mapping, notes, fieldsFiltered);
    if (request.verdict === 'invalid' && status >= 200 && status < 300) request.accepted = true;
    return { ...base, scope: 'in-spec', form: r.form, operation, status, failures, request };
  }

  return { judge };
}

/** The response of a HAR entry judged by the core judge, the site's names mapped back to the spec's. */
export function judgeHarResponse(
  core: ReturnType<typeof createJudge>,
  x: Operation,
  method: string,
  res: StatusResponse,
  restRoot: string,
  mapping: map.NameMapping,
  notes: string[] = [],
  fieldsFiltered = false,
): Verdict[] {
  const { response, failures } = harResponse(res, method, notes);
  return [
    ...failures,
    ...core.response(x, response, {
      fieldsFiltered,
      mapBody: (v) => map.mapBody(v, restRoot, mapping, 'toSpec'),
      mapHeader: (name, v) =>
        name === 'link' ? map.mapLinkHeader(v, restRoot, mapping, 'toSpec') : name === 'location' ? map.mapUrl(v, restRoot, mapping, 'toSpec') : v,
    }),
  ];
}

/** Secrets an entry carries (credentials, cookies, nonces), for redaction of every output. */
export function secretsOf(entry: unknown): Set<string> {
  const out = new Set<string>();
  const add = (s: unknown): void => {
    if (typeof s !== 'string') return;
    const t = s.trim();
    if (t.length < 4 || t.length > 4096 || /^\[?redacted\]?$/i.test(t) || /^[*x.]+$/i.test(t)) return;
    out.add(t);
    const enc = encodeURIComponent(t);
    if (enc !== t) out.add(enc);
    if (t.length >= 6) out.add(Buffer.from(t).toString('base64').replace(/=+$/, ''));
  };
  const auth = (v: string): void => {
    const m = /^\s*(\w+)\s+(.*)$/s.exec(v);
    if (!m) return add(v);
    add(m[2]);
    if (/^basic$/i.test(m[1])) {
      const plain = Buffer.from(m[2].trim(), 'base64').toString('utf8');
      if (/^[\x20-\x7e]+:[\x20-\x7e]+$/.test(plain)) {
        add(plain);
        add(plain.slice(plain.indexOf(':') + 1));
      }
    }
  };
  for (const side of ['request', 'response'] as const) {
    const part = member(entry, side);
    for (const h of asArray(member(part, 'headers'))?.slice(0, MAX_HAR_LIST) ?? []) {
      const name = asString(member(h, 'name'))?.toLowerCase() ?? '';
      const value = asString(member(h, 'value'));
      if (value === undefined) continue;
      if (name === 'authorization' || name === 'proxy-authorization') auth(value);
      else if (name === 'cookie') value.split(';').forEach((c) => add(c.slice(c.indexOf('=') + 1)));
      else if (name === 'set-cookie') add(value.split(';')[0].slice(value.indexOf('=') + 1));
      else if (/nonce|token|api-key|secret/.test(name)) add(value);
    }
    for (const c of asArray(member(part, 'cookies'))?.slice(0, MAX_HAR_LIST) ?? []) add(member(c, 'value'));
  }
  const url = asString(at(entry, 'request', 'url'));
  if (url !== undefined && url.length <= MAX_URL) {
    try {
      const u = new URL(url);
      if (u.password) add(decodeURIComponent(u.password));
      for (const q of queryPairs(u.search.slice(1))) if (SENSITIVE_PARAM.test(q.key)) add(q.value);
    } catch {
      /* not a URL */
    }
  }
  return out;
}
