// The example memo: Prism's answer to one valid request of an operation, replayed for every other
// valid request of it (D261). Prism serves static examples: once a request passes its checks, its
// answer depends on the operation and on the few request parts it reads besides the values
// (`Prefer`, which the front also sets for `context`; the credentials its security check reads, kept
// in the key only as a digest), never on the values themselves. (Its CORS headers echo `Origin` and
// the `Access-Control-*` request headers, but no answer keeps them: every answer's `access-control-*`
// headers are its own request's, reply.ts `withCors`.) So a request the front's judge finds valid
// (the core's judge; test/mock/example-memo.test.ts holds the memo to change no answer) gets the
// answer Prism gave the first valid request of its operation, without a round trip. Everything else
// still goes to Prism: a request the front's check refuses (store-routes.ts `invalidityOf`, the
// judge; the platform's errors are built from Prism's), Prism's own switches (`__code`,
// `__example`, `__dynamic` in the query, `Prefer: dynamic=`), an empty value of a required parameter
// (missing to Prism, present to the platform), bodies, and every request under `--verbose` (Prism's
// per-request violations are what that mode shows).
import type { IncomingMessage } from 'node:http';
import { createHash } from 'node:crypto';
import { queryPairs, type QueryPair } from '../core/php-query.ts';
import { invalidityOf } from './store-routes.ts';
import type { Asked, Front, ToForward } from './types.ts';

/** Where the spec's security schemes put credentials: header names (lower case) and query names. */
function credentialPlaces(front: Front): { headers: string[]; query: string[] } {
  const cached = places.get(front);
  if (cached) return cached;
  const headers = new Set<string>(['authorization', 'cookie']);
  const query = new Set<string>();
  for (const scheme of Object.values(front.doc.components?.securitySchemes ?? {})) {
    const s = scheme as { type?: string; in?: string; name?: string };
    if (s.type === 'apiKey' && s.in === 'header' && s.name) headers.add(s.name.toLowerCase());
    if (s.type === 'apiKey' && s.in === 'query' && s.name) query.add(s.name);
  }
  const out = { headers: [...headers].sort(), query: [...query].sort() };
  places.set(front, out);
  return out;
}
const places = new WeakMap<Front, { headers: string[]; query: string[] }>();

/** A digest of the credentials a request carries (what Prism's security check reads), '' without any. */
function credentialsDigest(front: Front, req: IncomingMessage, query: QueryPair[]): string {
  const { headers, query: names } = credentialPlaces(front);
  const parts = [...headers.map((h) => req.headers[h]), ...names.map((n) => query.filter((p) => p.key === n).map((p) => p.value))];
  if (parts.every((x) => x === undefined || (Array.isArray(x) && x.length === 0))) return '';
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64');
}

/**
 * The example memo's key of a request forwarded to Prism, or null when Prism must see it: the
 * operation (method and route template) and the request parts Prism's answer to a valid request
 * depends on. Null unless the request is a GET or HEAD without a body, found valid by the front's
 * judge, without Prism's own switches or an empty required parameter, and the front keeps such a
 * memo (not `--no-memo`, not `--static`, not `--verbose`).
 */
export function exampleMemoKey(front: Front, req: IncomingMessage, asked: Asked, prepared: ToForward): string | null {
  if (!front.examples || !front.store || front.verbose) return null;
  const { fwd } = prepared;
  if (fwd.method !== 'GET' || fwd.body.length > 0) return null;
  const prefer = String(fwd.headers.prefer ?? '');
  if (/dynamic/i.test(prefer)) return null;
  const q = fwd.path.indexOf('?');
  const query = queryPairs(q < 0 ? '' : fwd.path.slice(q + 1));
  if (query.some((p) => p.key.startsWith('__'))) return null;
  const entry = asked.match.entry!;
  // An empty value of a required parameter: Prism calls it missing, the judge (as the platform) present.
  const required = entry.params.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  if (query.some((p) => p.value === '' && required.includes(p.key))) return null;
  // Invalid to the front's own check (the store routes' one: the judge): Prism's answer, whose errors the platform's are built from.
  if (invalidityOf(front, front.store, asked, prepared)) return null;
  return `${fwd.method} ${asked.match.route.template}\n${prefer}\n${credentialsDigest(front, req, query)}`;
}
