// The live site the tests in test/live run against: WP_BASE_URL (with WP_USER and WP_APP_PASSWORD),
// or a site of the sandbox's matrix (.sandbox/env.json): the one SANDBOX_SITE names (wp61, wp68,
// wp71, wp71b; `npm test` runs the live tests once per site), else the file's top-level site (wp61). No site
// is an error, never a skip.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBaseUrl, urlOfRoute } from '../../core/base-url.js';
import { mapBody, mapPath, WORDPRESS, type NameMapping } from '../../src/mapping.js';
import { ROOT, type Json } from './spec.js';

export const ENV_FILE = join(ROOT, '.sandbox', 'env.json');

export interface LiveSite {
  /** The REST root without a trailing slash, e.g. http://127.0.0.1:8881/wp-json. */
  baseUrl: string;
  user?: string;
  appPassword?: string;
  /** The sandbox's seeded ids ({} for another site). */
  ids: Json;
  /** The sandbox site's env.json entry ({} when there is none). */
  env: Json;
  isSandbox: boolean;
  /** The sandbox site's name (wp61, wp68, wp71, wp71b), or undefined for another site. */
  name?: string;
  /** The WordPress release the sandbox site runs, when known. */
  wordpress?: string;
  /** The calendar plugin's release on the sandbox site; null when the site has none; undefined when unknown. */
  calendar?: string | null;
}

/** The sandbox's sites, by name, from env.json ({} when there is no sandbox). */
export function sandboxSites(): Record<string, Json> {
  if (!existsSync(ENV_FILE)) return {};
  try {
    const env = JSON.parse(readFileSync(ENV_FILE, 'utf8'));
    return env.sites ?? (env.baseUrl ? { [env.site ?? 'wp61']: env } : {});
  } catch (e) {
    throw new Error(`${ENV_FILE} is not valid JSON (${(e as Error).message}); re-run npm run sandbox`);
  }
}

const trim = (url: string) => url.replace(/\/+$/, '');

/**
 * The URL of a site route (`/wp/v2/tags/5?force=true`) under a REST root of either form: `…/wp-json`
 * or `…/?rest_route=` (a site with plain permalinks, the sandbox's wp71b), where the route's own
 * query joins with `&`.
 */
export const routeUrl = (baseUrl: string, route: string): string => urlOfRoute(parseBaseUrl(baseUrl), route);

/** The site's front (home) URL without a trailing slash, from a REST root of either form. */
export function frontUrl(baseUrl: string): string {
  const b = parseBaseUrl(baseUrl);
  return b.restRoute ? trim(new URL('.', `${b.origin}${b.path.startsWith('/') ? '' : '/'}${b.path}`).href) : trim(baseUrl).replace(/\/wp-json$/, '');
}

export function liveSite(): LiveSite {
  let env: Json = {};
  if (existsSync(ENV_FILE)) {
    try {
      env = JSON.parse(readFileSync(ENV_FILE, 'utf8'));
    } catch (e) {
      throw new Error(`${ENV_FILE} is not valid JSON (${(e as Error).message}); re-run npm run sandbox`);
    }
  }
  const wanted = process.env.SANDBOX_SITE;
  if (wanted) {
    const sites = env.sites ?? {};
    if (!sites[wanted])
      throw new Error(
        `SANDBOX_SITE=${wanted}: the sandbox has no such site (it has: ${Object.keys(sites).join(', ') || 'none'}); provision it with npm run sandbox -- --site ${wanted}`,
      );
    env = sites[wanted];
  }
  const base = process.env.WP_BASE_URL ?? env.baseUrl;
  if (!base)
    throw new Error(`no live site: start the sandbox (npm run sandbox, root on Debian 12; writes ${ENV_FILE}) or set WP_BASE_URL, WP_USER and WP_APP_PASSWORD`);
  const baseUrl = trim(String(base));
  const isSandbox = env.baseUrl !== undefined && trim(env.baseUrl) === baseUrl;
  return {
    baseUrl,
    user: process.env.WP_USER ?? (isSandbox ? env.admin?.user : undefined),
    appPassword: process.env.WP_APP_PASSWORD ?? (isSandbox ? env.admin?.appPassword : undefined),
    ids: isSandbox ? (env.ids ?? {}) : {},
    env: isSandbox ? env : {},
    isSandbox,
    name: isSandbox ? (env.site ?? 'wp61') : undefined,
    wordpress: isSandbox ? env.wordpress : undefined,
    calendar: isSandbox ? (env.calendar ?? null) : undefined,
  };
}

/** The administrator's credentials, or an error naming where they come from. */
export function adminCredentials(site: LiveSite, what = 'this test'): { user: string; appPassword: string } {
  if (!site.user || !site.appPassword) throw new Error(`${what} needs admin credentials (sandbox env.json admin, or WP_USER and WP_APP_PASSWORD)`);
  return { user: site.user, appPassword: site.appPassword };
}

/** An HTTP Basic Authorization header value. */
export const basicAuth = (user: string, appPassword: string) => `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`;

export interface Answer {
  status: number;
  type: string;
  text: string;
  json: Json;
  headers: Headers;
}
export interface CallOptions {
  query?: Record<string, string>;
  body?: Json;
  auth?: boolean;
  form?: string;
  raw?: { data: Uint8Array<ArrayBuffer>; type: string; disposition?: string };
  multipart?: FormData;
}

/**
 * A function that calls a spec route (spec names) on the live site through the name mapping, with
 * admin credentials when `auth` is set; the answer's JSON is mapped back to spec names.
 */
export function caller(site: LiveSite, mapping: NameMapping = WORDPRESS) {
  const auth = site.user && site.appPassword ? basicAuth(site.user, site.appPassword) : undefined;
  return async function call(
    method: string,
    specPath: string,
    { query = {}, body, auth: withAuth = false, form, raw, multipart }: CallOptions = {},
  ): Promise<Answer> {
    const url = new URL(site.baseUrl + mapPath(specPath, mapping, 'toSite'));
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (withAuth) {
      if (!auth) throw new Error('this test needs admin credentials (sandbox env.json admin, or WP_USER and WP_APP_PASSWORD)');
      headers.Authorization = auth;
    }
    let payload: BodyInit | undefined;
    if (raw) {
      headers['Content-Type'] = raw.type;
      if (raw.disposition) headers['Content-Disposition'] = raw.disposition;
      payload = raw.data;
    } else if (multipart) payload = multipart;
    else if (form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      payload = form;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(url, { method, headers, body: payload });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    let json: Json;
    if (/json/.test(type) && text) json = mapBody(JSON.parse(text), site.baseUrl, mapping, 'toSpec');
    return { status: res.status, type, text, json, headers: res.headers };
  };
}
