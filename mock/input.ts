// What the platform makes of a raw request, before Prism sees it. Prism trusts its input: a
// malformed percent-escape in a form or query key (`%=x`) throws an uncaught URIError that kills
// it, an unknown or malformed content type answers 500, an unknown charset 400 `invalid_body`.
// PHP (and so WordPress) never fails there: it decodes the escapes it can, keeps the others as
// they are, ignores the charset, and does not parse a body whose type it does not know. The front
// does the same here and forwards only what it has re-encoded itself.
// PHP's own percent-decoding and query/form parsing are the core's (core/php-query.ts).
import { encodePairs, phpPairs } from '../core/php-query.ts';
import type { Headers } from './types.ts';

/**
 * The media type of a Content-Type header, lower-cased, or null when it is absent or malformed
 * (`a/b/c`, `;;;`). Parameters (charset, boundary) are read separately; the platform ignores charset.
 */
export function mediaType(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string') return null;
  const type = value.split(';', 1)[0].trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : null;
}

export const isJsonMedia = (type: string | null): boolean => type === 'application/json' || (type !== null && /^application\/[\w.-]+\+json$/.test(type));

/** The multipart boundary of a Content-Type header, or null when absent, empty or malformed. */
function boundaryOf(header: string | string[] | undefined): string | null {
  const m = /;\s*boundary=("([^"]{1,70})"|([0-9A-Za-z'()+_,./:=?-]{1,70}))\s*(;|$)/i.exec(String(header ?? ''));
  return m ? (m[2] ?? m[3]) : null;
}

/** Does `pattern` (a media range of the spec, e.g. `image/*`) accept `type`? */
const accepts = (pattern: string, type: string): boolean =>
  pattern === type || pattern === '*/*' || (pattern.endsWith('/*') && type.startsWith(pattern.slice(0, -1)));

/**
 * The body to forward for a request: {type, body} with a content type Prism can parse, or
 * {type: null, body: empty} when the platform would not read the body (no or unknown content
 * type, a multipart body without a usable boundary). `documented` are the operation's request
 * media types. JSON is forwarded as it is (the front checks it parses); a form body is parsed as
 * PHP does and re-encoded.
 */
export function bodyToForward(headers: Headers, body: Buffer, documented: string[] = []): { type: string | null; body: Buffer } {
  const none = { type: null, body: Buffer.alloc(0) };
  if (!body.length) return none;
  const type = mediaType(headers['content-type']);
  if (type === null) return none;
  if (isJsonMedia(type)) return { type: 'application/json', body };
  if (type === 'application/x-www-form-urlencoded') {
    return { type, body: Buffer.from(encodePairs(phpPairs(body.toString('utf8')))) };
  }
  if (type === 'multipart/form-data') {
    const boundary = boundaryOf(headers['content-type']);
    if (!boundary || !documented.includes(type) || !body.includes(`--${boundary}`)) return none;
    return { type: `multipart/form-data; boundary=${boundary}`, body };
  }
  // Raw uploads (media): forwarded when the operation takes that type; anything else is unread.
  if (documented.some((p) => accepts(p, type))) return { type, body };
  return none;
}
