// The CLI's only way to the network. Requests are built from spec names and mapped to the site's
// names; credentials (from the environment) go only to the base URL's origin; without
// `allowWrites` any method other than GET and HEAD is refused here, before anything is sent.

export class WriteRefused extends Error {}

/**
 * @param {object} o
 * @param {string} o.baseUrl REST root, e.g. http://127.0.0.1:8881/wp-json
 * @param {object} o.mapping a NameMapping
 * @param {object} o.map the mapping module
 * @param {{user: string, password: string} | undefined} o.credentials
 * @param {boolean} o.allowWrites
 * @param {typeof fetch} [o.fetch]
 * @param {number} [o.timeoutMs]
 */
export function createHttp({ baseUrl, mapping, map, credentials, allowWrites, fetch: fetchImpl = globalThis.fetch, timeoutMs = 30_000, onRequest }) {
  const root = new URL(baseUrl.replace(/\/+$/, ''));
  const rootText = root.toString().replace(/\/+$/, '');
  const authHeader = credentials ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}` : undefined;
  let count = 0;

  /** Build the site URL of a spec path with a spec-named query (values: string | number | boolean | array). */
  function url(specPath, query = {}) {
    const u = new URL(rootText + map.mapPath(specPath, mapping, 'toSite'));
    const parts = [];
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined) continue;
      const name = map.mapParam(k, mapping, 'toSite');
      const value = Array.isArray(v) ? v.join(',') : String(v);
      parts.push(`${encodeURIComponent(name).replace(/%5B/gi, '[').replace(/%5D/gi, ']')}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`);
    }
    u.search = parts.length ? `?${parts.join('&')}` : '';
    return u;
  }

  /**
   * Send a request. `auth`: send credentials (only when the URL is on the base origin).
   * `body`: JSON value; `raw`: {data, type, headers} for uploads.
   * Returns `{ method, url, specUrl, status, headers, type, text, json, ms }`.
   */
  async function request(method, specPath, { query, body, raw, auth = true, headers: extra = {} } = {}) {
    const m = method.toUpperCase();
    if (!allowWrites && m !== 'GET' && m !== 'HEAD') throw new WriteRefused(`${m} ${specPath} refused: read-only run (add --allow-writes)`);
    const target = url(specPath, query);
    const headers = { Accept: 'application/json, */*;q=0.1', ...extra };
    if (auth && authHeader && target.origin === root.origin) headers.Authorization = authHeader;
    let payload;
    if (raw) { payload = raw.data; headers['Content-Type'] = raw.type; Object.assign(headers, raw.headers ?? {}); }
    else if (body !== undefined) { payload = JSON.stringify(body); headers['Content-Type'] = 'application/json'; }
    count++;
    onRequest?.(m, target);
    const started = Date.now();
    let res;
    try {
      res = await fetchImpl(target, { method: m, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      const cause = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(e);
      const err = new Error(`${m} ${target.origin}${target.pathname}: ${cause}`);
      err.network = true;
      throw err;
    }
    const text = m === 'HEAD' ? '' : await res.text();
    const type = res.headers.get('content-type') ?? '';
    let json;
    if (/json/i.test(type) && text) {
      try { json = map.mapBody(JSON.parse(text), rootText, mapping, 'toSpec'); } catch { json = undefined; }
    }
    const hdrs = {};
    res.headers.forEach((v, k) => { hdrs[k.toLowerCase()] = k.toLowerCase() === 'link' ? map.mapLinkHeader(v, rootText, mapping, 'toSpec') : k.toLowerCase() === 'location' ? map.mapUrl(v, rootText, mapping, 'toSpec') : v; });
    const specUrl = specPath + (target.search ? map.mapQueryString(target.search.slice(1), mapping, 'toSpec').replace(/^(?=.)/, '?') : '');
    return { method: m, url: target.toString(), specUrl, status: res.status, headers: hdrs, type, text, json, ms: Date.now() - started };
  }

  return { request, url, rootText, get count() { return count; }, hasCredentials: Boolean(authHeader) };
}
