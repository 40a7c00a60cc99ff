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
