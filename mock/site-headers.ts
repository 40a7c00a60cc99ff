// The headers WordPress's REST server adds to every answer of a matched route (WP_REST_Server::
// serve_request, rest_send_allow_header): the discovery link `Link: <…/wp-json/>; rel="https://api.w.org/"`,
// sent first and replaced by an answer's own `Link` (pagination, a post's `alternate`), and `Allow`:
// the route's methods the caller may use. Permissions are not emulated (any credentials pass), so an
// authenticated caller may use every method and an anonymous one those that need no credentials.
// A core record that does not exist (an unknown id, a record just deleted for good) fails every
// method's permission check, so its answer has no `Allow`; the calendar checks no record there.
// Checked on the sandbox (WordPress 7.1.4 + TEC 6.17.2).
import type { IncomingMessage } from 'node:http';
import type { RouteMatch } from '../core/match.ts';
import { CORE_NAMESPACE } from '../core/platform.js';
import type { OpenApiDoc } from '../core/spec.ts';
import { discoveryLink } from './site-index.ts';
import { tryJson } from './reply.ts';
import type { Reply } from './types.ts';

/** The order WordPress lists methods in (its endpoints' registration order). */
const ORDER = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The methods of a matched route the caller may use, as WordPress's `Allow` lists them. */
export function allowFor(doc: OpenApiDoc, match: RouteMatch, authed: boolean): string {
  const out: string[] = [];
  for (const m of ORDER) {
    const op = match.route.ops[m]?.op;
    if (!op) continue;
    const security = op.security ?? doc.security;
    const anonymous = !Array.isArray(security) || security.some((s) => Object.keys(s ?? {}).length === 0);
    if (authed || anonymous) out.push(m.toUpperCase());
  }
  return out.join(', ');
}

/** Whether the answer is about a core record that does not exist (any more). */
function goneCoreRecord(match: RouteMatch, method: string, reply: Reply): boolean {
  if (!match.route.template.startsWith(`/${CORE_NAMESPACE}/`) || match.route.literal) return false;
  if (reply.status === 404) return true;
  if (method !== 'delete' || reply.status !== 200) return false;
  const json = tryJson(reply.body) as { deleted?: unknown } | undefined;
  return json?.deleted === true;
}

/** A REST answer with the headers WordPress's server adds: the discovery link (unless it has its own `Link`) and `Allow`. */
export function withSiteHeaders(doc: OpenApiDoc, reply: Reply, origin: string, match: RouteMatch | null, method: string, req: IncomingMessage): Reply {
  const headers = { ...reply.headers };
  if (headers.link === undefined) headers.link = discoveryLink(origin);
  if (match?.ok && headers.allow === undefined && !goneCoreRecord(match, method, reply)) {
    const allow = allowFor(doc, match, req.headers.authorization !== undefined);
    if (allow) headers.allow = allow;
  }
  return { ...reply, headers };
}
