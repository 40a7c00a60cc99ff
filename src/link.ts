// `Link` header parsing (RFC 8288) for paginate. No imports: `npm run bench` loads this file alone to
// measure that parsing time grows linearly with the header's length (bench/link-parse.ts).

/**
 * The URL of `rel="next"` in a `Link` header (RFC 8288). A single left-to-right pass: each character is
 * read a bounded number of times, so a hostile header costs time linear in its length (no regular
 * expression that could backtrack). Malformed parts are skipped; parsing stops at an unclosed `<`.
 */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  const n = header.length;
  let i = 0;
  while (i < n) {
    const open = header.indexOf('<', i);
    if (open < 0) return undefined;
    const close = header.indexOf('>', open + 1);
    if (close < 0) return undefined;
    i = close + 1;
    let next = false;
    // Parameters up to the comma that ends this link value (commas inside quotes do not count).
    // Nothing is copied unless it is a `rel` value, so long runs cost no allocation.
    while (i < n && header.charCodeAt(i) !== COMMA) {
      if (header.charCodeAt(i) !== SEMI) {
        i++;
        continue;
      }
      i++;
      let s = i;
      while (i < n && header.charCodeAt(i) !== EQ && header.charCodeAt(i) !== SEMI && header.charCodeAt(i) !== COMMA) i++;
      let e = i;
      while (s < e && isSpace(header.charCodeAt(s))) s++;
      while (e > s && isSpace(header.charCodeAt(e - 1))) e--;
      const isRel = e - s === 3 && word(header, s, 'rel');
      if (header.charCodeAt(i) !== EQ) continue;
      i++;
      while (i < n && isSpace(header.charCodeAt(i))) i++;
      let vs: number;
      let ve: number;
      if (header.charCodeAt(i) === QUOTE) {
        vs = ++i;
        while (i < n && header.charCodeAt(i) !== QUOTE) i += header.charCodeAt(i) === BACKSLASH ? 2 : 1;
        ve = Math.min(i, n);
        i++;
      } else {
        vs = i;
        while (i < n && header.charCodeAt(i) !== SEMI && header.charCodeAt(i) !== COMMA) i++;
        ve = i;
      }
      if (isRel && !next) next = relHasNext(header, vs, ve);
    }
    if (next) {
      const url = header.slice(open + 1, close).trim();
      if (url) return url;
    }
    i++;
  }
  return undefined;
}

const COMMA = 44;
const SEMI = 59;
const EQ = 61;
const QUOTE = 34;
const BACKSLASH = 92;
const isSpace = (c: number) => c === 32 || c === 9;

/** True when `h` holds `lower` (lower-case ASCII) at `at`, ignoring case; no copy. */
function word(h: string, at: number, lower: string): boolean {
  for (let k = 0; k < lower.length; k++) if ((h.charCodeAt(at + k) | 0x20) !== lower.charCodeAt(k)) return false;
  return true;
}

/** True when the relation types between `s` and `e` (space-separated, case-insensitive) include `next`. */
function relHasNext(h: string, s: number, e: number): boolean {
  let i = s;
  while (i < e) {
    while (i < e && isSpace(h.charCodeAt(i))) i++;
    const start = i;
    while (i < e && !isSpace(h.charCodeAt(i))) i++;
    if (i - start === 4 && word(h, start, 'next')) return true;
  }
  return false;
}
