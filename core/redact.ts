// The one redactor: no secret reaches an output in any encoding. Hand-written on purpose (D114,
// D141): which encodings a secret can come back in is this platform's own business (PHP's
// json_encode, WordPress's HTML escaping, Basic credentials), which no library lists.
//
// A secret is redacted in every form in which a site can echo it or a tool can write it: raw,
// without the spaces of an application password, base64 of `user:password` (padded, bare,
// URL-safe), JSON-escaped (JSON.stringify, PHP's json_encode with `\/` and `\uXXXX`), HTML-escaped
// (named, decimal and hex entities), URL-encoded (percent, form `+`, lower-case hex), and the commonest
// forms of those forms (JSON in HTML, HTML in JSON, JSON in a URL), its UTF-8 read as Latin-1.
//
// Pieces too (issue 23, D114): a site may echo the password inside a long message that an output
// cuts, or split it between a header's name and its value. After the whole forms, every run of
// text covered by a piece is replaced: any window of FRAGMENT (6) characters of the password (with or
// without its spaces) in any of the forms above, or base64 at each of the three byte alignments,
// standard and URL-safe, in one linear pass with a rolling hash.
//
// Case is folded (issue 31, D182): Node lower-cases header names, a proxy may upper-case a hex
// escape or a header, so every form and every piece matches whatever the case of its letters.
//
// Patterns last (the HAR's own secrets, D119): `Basic`/`Bearer`/`Digest` values, the user info of
// URLs and the values of query parameters whose names say they are credentials.
export const REDACTED = '[redacted]';
/**
 * The same mark inside a URL's query, percent-encoded: a redacted value keeps the URL a valid URI, so a
 * recorded body whose URL carried a nonce (`preview_link`) still validates against `format: uri`.
 */
export const REDACTED_IN_URL = encodeURIComponent(REDACTED);

const jsonForms = (s: string): string[] => {
  const std = JSON.stringify(s).slice(1, -1);
  const php = std.replace(/\//g, '\\/');
  const uni = (t: string, upper: boolean): string =>
    t.replace(/[^\x20-\x7e]/g, (c) => {
      const h = c.charCodeAt(0).toString(16).padStart(4, '0');
      return `\\u${upper ? h.toUpperCase() : h}`;
    });
  return [std, php, uni(std, false), uni(php, false), uni(std, true), uni(php, true)];
};

const htmlForms = (s: string): string[] => {
  const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  const special = /[&<>"']/g;
  const nonAscii = /[^\x20-\x7e]/g;
  return [
    s.replace(special, (c) => named[c]),
    s.replace(special, (c) => (c === "'" ? '&#039;' : named[c])),
    s.replace(special, (c) => (c === "'" ? '&apos;' : named[c])),
    s.replace(/[&<>"'\\]/g, (c) => `&#${c.charCodeAt(0)};`),
    s.replace(/[&<>"'\\]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`),
    s.replace(/[&<>"'\\]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`),
    s.replace(special, (c) => named[c]).replace(nonAscii, (c) => `&#${c.codePointAt(0)};`),
  ];
};

const urlForms = (s: string): string[] => {
  const pct = encodeURIComponent(s);
  const strict = pct.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const lower = (t: string): string => t.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  return [pct, strict, pct.replace(/%20/g, '+'), strict.replace(/%20/g, '+'), lower(pct), lower(strict), lower(strict.replace(/%20/g, '+')), encodeURI(s)];
};

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** The length of the pieces of the password that are redacted wherever they appear. */
export const FRAGMENT = 6;

/**
 * The base64 characters of `secret` that depend on its bytes only, for each of the three byte
 * alignments it can have inside a longer text (standard and URL-safe alphabets).
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out: string[] = [];
  for (let pre = 0; pre < 3; pre++) {
    const enc = Buffer.concat([Buffer.alloc(pre), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // Character k holds bits 6k..6k+5 of the stream: keep those inside the secret's own bytes.
    let from = 0;
    while (from < enc.length && Math.floor((6 * from) / 8) < pre) from++;
    let to = enc.length;
    while (to > from && Math.floor((6 * (to - 1) + 5) / 8) >= pre + bytes.length) to--;
    const core = enc.slice(from, to);
    out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

const HASH_BASE = 31;
const hashPow = (n: number): number => {
  let p = 1;
  for (let i = 0; i < n; i++) p = Math.imul(p, HASH_BASE);
  return p;
};
const TOP = hashPow(FRAGMENT - 1);
function hashOf(s: string, from = 0): number {
  let h = 0;
  for (let k = 0; k < FRAGMENT; k++) h = (Math.imul(h, HASH_BASE) + s.charCodeAt(from + k)) | 0;
  return h;
}

/** Every whole form of a secret (and, with a user, of its Basic credentials). */
export function secretForms(secret: string, user?: string): Set<string> {
  const out = new Set<string>();
  const roots = new Set([secret, secret.replace(/\s+/g, ''), b64(secret), Buffer.from(secret, 'utf8').toString('latin1')]);
  if (user !== undefined) {
    roots.add(`${user}:${secret}`);
    for (const x of [`${user}:${secret}`, `${user}:${secret.replace(/\s+/g, '')}`]) {
      const e = b64(x);
      for (const f of [e, e.replace(/=+$/, ''), e.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')]) roots.add(f);
    }
  }
  for (const r of roots) {
    out.add(r);
    const json = jsonForms(r);
    const html = htmlForms(r);
    for (const f of [...json, ...html, ...urlForms(r)]) out.add(f);
    // A form of a form: a JSON body echoed into HTML, an HTML page echoed into JSON, JSON in a URL.
    for (const g of [...htmlForms(json[0]), ...jsonForms(html[0]), ...urlForms(json[0])]) out.add(g);
  }
  return out;
}

/** Every form of every FRAGMENT-character window of a password. */
function pieceSet(password: string): Set<string> {
  const pieces = new Set<string>();
  if (password.length < FRAGMENT) return pieces;
  for (const r of new Set([password, password.replace(/\s+/g, '')])) {
    const chars = [...r];
    for (let i = 0; i + FRAGMENT <= chars.length; i++) {
      const w = chars.slice(i, i + FRAGMENT).join('');
      const json = jsonForms(w);
      const html = htmlForms(w);
      for (const f of [
        w,
        ...json,
        ...html,
        ...urlForms(w),
        ...htmlForms(json[0]),
        ...jsonForms(html[0]),
        ...urlForms(json[0]),
        Buffer.from(w, 'utf8').toString('latin1'),
      ])
        pieces.add(f);
      for (const core of base64Cores(w)) {
        pieces.add(core);
        for (const f of urlForms(core)) pieces.add(f);
      }
    }
  }
  for (const p of pieces) if (p.length < FRAGMENT) pieces.delete(p);
  return pieces;
}

/**
 * A text with each UTF-16 unit in lower case, unit for unit (the same length and positions as the
 * text: a unit whose lower case is longer, as `İ`, stays as it is).
 */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return text.replace(/[^\x00-\x40\x5b-\x7f]/g, (c) => {
    const l = c.toLowerCase();
    return l.length === 1 ? l : c;
  });
}

/** Replace every run of a text covered by pieces: one pass, a rolling hash over FRAGMENT characters of the text with its case folded. */
function pieceRedactor(given: Set<string>): (text: string) => string {
  const pieces = new Set([...given].map(foldCase));
  const byHead = new Map<number, string[]>();
  for (const p of pieces) {
    const h = hashOf(p);
    byHead.set(h, [...(byHead.get(h) ?? []), p]);
  }
  return (original) => {
    if (!pieces.size || original.length < FRAGMENT) return original;
    const text = foldCase(original);
    let out = '';
    let last = 0; // text before `last` is written (or redacted)
    let coverFrom = -1;
    let coverTo = -1;
    let h = hashOf(text);
    for (let i = 0; ; i++) {
      let end = -1;
      for (const p of byHead.get(h) ?? []) if (i + p.length > end && text.startsWith(p, i)) end = i + p.length;
      if (end >= 0 && i <= coverTo) coverTo = Math.max(coverTo, end);
      else if (end >= 0) {
        if (coverFrom >= 0) {
          out += original.slice(last, coverFrom) + REDACTED;
          last = coverTo;
        }
        coverFrom = i;
        coverTo = end;
      }
      if (i + FRAGMENT >= text.length) break;
      h = (Math.imul((h - Math.imul(text.charCodeAt(i), TOP)) | 0, HASH_BASE) + text.charCodeAt(i + FRAGMENT)) | 0;
    }
    if (coverFrom < 0) return original;
    return out + original.slice(last, coverFrom) + REDACTED + original.slice(coverTo);
  };
}

/** Query parameters whose values are credentials (not `author`). */
export const SENSITIVE_PARAM = /pass|secret|token|nonce|api_?key|auth(?!or)/i;

/** The credentials the patterns find without knowing them: auth schemes, URL user info, sensitive query values. */
function redactPatterns(text: string): string {
  return text
    .replace(/\b(Basic|Bearer|Digest)(\s+)(?!\[redacted\])[A-Za-z0-9+/=._~-]{6,}/gi, `$1$2${REDACTED}`)
    .replace(/\/\/[^/@\s"\\:]{0,200}:[^/@\s"\\]{0,400}@/g, `//${REDACTED}@`)
    .replace(/([?&])([^=&#\s"\\]{0,200})=([^&#\s"\\]*)/g, (m, sep: string, name: string) =>
      SENSITIVE_PARAM.test(name) ? `${sep}${name}=${REDACTED_IN_URL}` : m,
    );
}

/** The most forms one redactor holds (a hostile HAR can carry many "secrets"). */
const MAX_FORMS = 50_000;

export interface Redactor {
  /** Replace every form, piece and pattern in a text. */
  redact(text: string): string;
  /** `redact` on every string (and key) of a JSON value. */
  redactDeep<T>(value: T): T;
  /** Add secrets found on the way (a HAR's credentials), in all their forms. */
  add(secrets: Iterable<string>): void;
  /** The whole forms, longest first. */
  readonly forms: string[];
  /** The pieces of the password. */
  readonly pieces: Set<string>;
  /** The number of whole forms held. */
  readonly size: number;
}

/**
 * A redactor for known credentials (`{user, password}`: the password's forms and pieces, and the
 * Basic credentials'), secrets added later (`add`), and the credential patterns.
 */
export function createRedactor(credentials?: { user?: string; password?: string }): Redactor {
  const secrets = new Set<string>();
  const keep = (forms: Iterable<string>): void => {
    // A secret shorter than 4 characters would redact ordinary text; application passwords are 24.
    for (const f of forms) if (f.length >= 4 && secrets.size < MAX_FORMS) secrets.add(f);
  };
  if (credentials?.password) keep(secretForms(credentials.password, credentials.user ?? ''));
  const pieces = credentials?.password ? pieceSet(credentials.password) : new Set<string>();
  const redactPieces = pieceRedactor(pieces);
  let forms: string[] = [];
  let re: RegExp | undefined;
  const refresh = (): void => {
    forms = [...secrets].sort((a, b) => b.length - a.length);
    // `i`: whatever the case of its letters (a header name comes lower-cased).
    re = forms.length ? new RegExp(forms.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi') : undefined;
  };
  refresh();
  const redact = (text: string): string => {
    if (typeof text !== 'string') return text;
    const whole = re ? text.replace(re, REDACTED) : text;
    return redactPatterns(redactPieces(whole));
  };
  const redactDeep = <T>(value: T): T => {
    if (typeof value === 'string') return redact(value) as T;
    if (Array.isArray(value)) return value.map(redactDeep) as T;
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[redact(k)] = redactDeep(v);
      return out as T;
    }
    return value;
  };
  const add = (found: Iterable<string>): void => {
    const before = secrets.size;
    for (const s of found) keep(secretForms(s));
    if (secrets.size !== before) refresh();
  };
  return {
    redact,
    redactDeep,
    add,
    get forms() {
      return forms;
    },
    pieces,
    get size() {
      return secrets.size;
    },
  };
}

/** Control characters a site could send to a terminal: C0 but newline and tab, DEL, C1, line/paragraph separators, bidi controls. */
export const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for a terminal: every control character is shown as a visible escape (`\x1b`, `\u202e`), so
 * no answer can move the cursor, clear the screen, ring the bell, rewrite a line with CR or reorder
 * what the terminal shows (issue 23, D115).
 */
export function forTerminal(text: unknown): string {
  return String(text).replace(CONTROL_CHARS, (c) => {
    const n = c.charCodeAt(0);
    return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  });
}
