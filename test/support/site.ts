// The live site the tests in test/live run against: WP_BASE_URL (with WP_USER and WP_APP_PASSWORD),
// or the sandbox's .sandbox/env.json. No site is an error, never a skip.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type Json } from './spec.js';

export const ENV_FILE = join(ROOT, '.sandbox', 'env.json');

export interface LiveSite {
  /** The REST root without a trailing slash, e.g. http://127.0.0.1:8881/wp-json. */
  baseUrl: string;
  user?: string;
  appPassword?: string;
  /** The sandbox's seeded ids ({} for another site). */
  ids: Json;
  /** The sandbox's env.json ({} when there is none). */
  env: Json;
  isSandbox: boolean;
}

const trim = (url: string) => url.replace(/\/+$/, '');

export function liveSite(): LiveSite {
  let env: Json = {};
  if (existsSync(ENV_FILE)) {
    try { env = JSON.parse(readFileSync(ENV_FILE, 'utf8')); } catch (e) { throw new Error(`${ENV_FILE} is not valid JSON (${(e as Error).message}); re-run npm run sandbox`); }
  }
  const base = process.env.WP_BASE_URL ?? env.baseUrl;
  if (!base) throw new Error(`no live site: start the sandbox (npm run sandbox, root on Debian 12; writes ${ENV_FILE}) or set WP_BASE_URL, WP_USER and WP_APP_PASSWORD`);
  const baseUrl = trim(String(base));
  const isSandbox = env.baseUrl !== undefined && trim(env.baseUrl) === baseUrl;
  return {
    baseUrl,
    user: process.env.WP_USER ?? (isSandbox ? env.admin?.user : undefined),
    appPassword: process.env.WP_APP_PASSWORD ?? (isSandbox ? env.admin?.appPassword : undefined),
    ids: isSandbox ? env.ids ?? {} : {},
    env,
    isSandbox,
  };
}

/** The administrator's credentials, or an error naming where they come from. */
export function adminCredentials(site: LiveSite, what = 'this test'): { user: string; appPassword: string } {
  if (!site.user || !site.appPassword) throw new Error(`${what} needs admin credentials (sandbox env.json admin, or WP_USER and WP_APP_PASSWORD)`);
  return { user: site.user, appPassword: site.appPassword };
}

/** An HTTP Basic Authorization header value. */
export const basicAuth = (user: string, appPassword: string) => `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`;
