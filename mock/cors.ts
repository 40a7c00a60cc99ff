// CORS as the platform sends it: who may read the mock's answers from a browser page.
import type { Headers } from './types.ts';

// CORS as WordPress sends it: serve_request always sends the allowed and the exposed headers (as
// lists: a `*` means nothing to a browser once credentials are involved), and rest_send_cors_headers
// echoes the request's Origin with credentials allowed (so `fetch(..., { credentials: 'include' })`
// from a browser app works). `Prefer` is the mock's own addition: it picks an example (README).
export const CORS = {
  'access-control-allow-headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, Prefer',
  'access-control-expose-headers': 'X-WP-Total, X-WP-TotalPages, Link',
};

/**
 * The CORS headers for a request's `Origin` header (hostile input): echoed when it is an origin
 * (`scheme://host[:port]`, at most 2048 characters) or `null` (file: and data: pages), as WordPress
 * does; anything else gets no Allow-Origin, so a browser refuses the answer.
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  const value = typeof origin === 'string' ? origin : undefined;
  if (value === undefined || value === '') return { ...CORS };
  const ok = value === 'null' || (value.length <= 2048 && /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9._~%!$&'()*+,;=:[\]-]+$/i.test(value));
  if (!ok) return { ...CORS, vary: 'Origin' };
  return {
    ...CORS,
    'access-control-allow-origin': value,
    'access-control-allow-methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  };
}

/** Headers with this request's CORS (its Origin) in place of any the reply carried (a memoised answer carries the asker's own). */
export function withCors(replyHeaders: Headers, origin: string | undefined): Headers {
  const cors = corsHeaders(origin);
  const headers = { ...replyHeaders };
  for (const k of Object.keys(headers)) if (k.startsWith('access-control-')) delete headers[k];
  if (headers.vary) cors.vary = cors.vary && !/(^|,)\s*origin\s*(,|$)/i.test(String(headers.vary)) ? `${String(headers.vary)}, Origin` : String(headers.vary);
  return { ...headers, ...cors };
}

/** A loopback host name: `localhost` (and `*.localhost`), 127.0.0.0/8, `[::1]`. */
const LOOPBACK = /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Does a request come from a foreign browser page? The request's `Origin` header (hostile input) is
 * foreign unless absent (not a browser's cross-origin write: curl, a test, a server), a loopback
 * origin (the developer's own app on localhost), or one of `allowed` (`--allow-origin`; `null`, the
 * origin of file: pages and sandboxed frames, only when allowed). DNS rebinding gives the attacker's
 * host name as the Origin, so it stays foreign.
 */
export function isForeignOrigin(origin: string | string[] | undefined, allowed: readonly string[] = []): boolean {
  if (origin === undefined) return false;
  const value = Array.isArray(origin) ? origin.join(',') : origin;
  if (allowed.includes(value)) return false;
  let host: string;
  try {
    const url = new URL(value);
    if (url.origin.toLowerCase() !== value.toLowerCase()) return true;
    host = url.hostname;
  } catch {
    return true;
  }
  return !LOOPBACK.test(host);
}
