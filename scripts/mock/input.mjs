// What the platform makes of a raw request, before Prism sees it. Prism trusts its input: a
// malformed percent-escape in a form or query key (`%=x`) throws an uncaught URIError that kills
// it, an unknown or malformed content type answers 500, an unknown charset 400 `invalid_body`.
// PHP (and so WordPress) never fails there: it decodes the escapes it can, keeps the others as
// they are, ignores the charset, and does not parse a body whose type it does not know. The front
// does the same here and forwards only what it has re-encoded itself.

/** Percent-decode like PHP's urldecode: `+` is a space, a malformed escape stays as it is (bytes -> UTF-8). */
export function phpDecode(text) {
  if (!/[%+]/.test(text)) return text;
  const bytes = [];
  const raw = Buffer.from(text, 'utf8');
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i];
    if (b === 0x2b) { bytes.push(0x20); continue; }
    if (b === 0x25 && i + 2 < raw.length && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
      bytes.push(parseInt(String.fromCharCode(raw[i + 1], raw[i + 2]), 16));
      i += 2;
      continue;
    }
    bytes.push(b);
  }
  return Buffer.from(bytes).toString('utf8');
}
const isHex = (b) => b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));

/**
 * Parse a query string or form body as PHP does (parse_str), as ordered [key, value] pairs: pairs
 * split on `&`, key and value decoded leniently, pairs with an empty key dropped, and in the base
 * name (before the first `[`) spaces and dots become `_`. At most `maxPairs` pairs (PHP's
 * max_input_vars is 1,000).
 */
export function phpPairs(text, maxPairs = 1000) {
  const out = [];
  if (!text) return out;
  for (const part of text.split('&')) {
    if (out.length >= maxPairs) break;
    if (part === '') continue;
    const eq = part.indexOf('=');
    let key = phpDecode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : phpDecode(part.slice(eq + 1));
    const bracket = key.indexOf('[');
    const base = (bracket < 0 ? key : key.slice(0, bracket)).replace(/[ .]/g, '_');
    if (base === '') continue;
    key = base + (bracket < 0 ? '' : key.slice(bracket));
    out.push([key, value]);
  }
  return out;
}

/**
 * Pairs back to a strictly encoded query string (what Prism can always parse). The brackets of a
 * key stay as they are (`tags[]`, `title[raw]`), as clients send them.
 */
export function encodePairs(pairs) {
  return pairs.map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`).join('&');
}

/** A path without its trailing slashes, in linear time (a regex `\/+$` is quadratic on a slash flood). */
export function trimSlashes(path) {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end--;
  return end === path.length ? path : path.slice(0, end);
}

/**
 * The media type of a Content-Type header, lower-cased, or null when it is absent or malformed
 * (`a/b/c`, `;;;`). Parameters (charset, boundary) are read separately; the platform ignores charset.
 */
export function mediaType(header) {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string') return null;
  const type = value.split(';', 1)[0].trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : null;
}

export const isJsonMedia = (type) => type === 'application/json' || (type !== null && /^application\/[\w.-]+\+json$/.test(type));

/** The multipart boundary of a Content-Type header, or null when absent, empty or malformed. */
function boundaryOf(header) {
  const m = /;\s*boundary=("([^"]{1,70})"|([0-9A-Za-z'()+_,./:=?-]{1,70}))\s*(;|$)/i.exec(String(header ?? ''));
  return m ? (m[2] ?? m[3]) : null;
}

/** Does `pattern` (a media range of the spec, e.g. `image/*`) accept `type`? */
const accepts = (pattern, type) => pattern === type || pattern === '*/*' || (pattern.endsWith('/*') && type.startsWith(pattern.slice(0, -1)));

/**
 * The body to forward for a request: {type, body} with a content type Prism can parse, or
 * {type: null, body: empty} when the platform would not read the body (no or unknown content
 * type, a multipart body without a usable boundary). `documented` are the operation's request
 * media types. JSON is forwarded as it is (the front checks it parses); a form body is parsed as
 * PHP does and re-encoded.
 */
export function bodyToForward(headers, body, documented = []) {
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
