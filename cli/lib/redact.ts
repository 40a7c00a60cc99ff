// Credentials never reach an output in any encoding. `createRedactor` lists every form in which the
// password (and the Basic credentials built from it) can come back from a site or be written by the
// CLI: raw, without the spaces of an application password, base64 of `user:password` (padded, bare,
// URL-safe), JSON-escaped (JSON.stringify, PHP's json_encode with `\/` and `\uXXXX`), HTML-escaped
// (named, decimal and hex entities), URL-encoded (percent, form `+`, lower-case hex), and each of those
// commonest forms of those forms (JSON in HTML, HTML in JSON, JSON in a URL). `redact(text)` replaces them all; `redactDeep(value)` does it on every string
// (and key) of a JSON value. Used on stdout, stderr, every report and the HAR recording.
//
// Pieces too (issue 23, D114): a site may echo the password inside a long message that an output
// cuts, or split it between a header's name and its value. After the whole forms, `redact` replaces
// every run of text covered by a piece: any window of FRAGMENT (6) characters of the password (with
// or without its spaces) in any of the forms above, its UTF-8 bytes read as Latin-1, or base64 at
// each of the three byte alignments, standard and URL-safe (the characters that depend on the
// window's bytes only, so base64 of any text holding the password is caught), in one linear pass
// with a rolling hash. No piece of 6 or more characters of the password, in those encodings,
// survives; a piece of 5 or fewer may (it is not the password).
export const REDACTED = '[redacted]';

const jsonForms = (s) => {
  const std = JSON.stringify(s).slice(1, -1);
  const php = std.replace(/\//g, '\\/');
  const uni = (t, upper) => t.replace(/[^\x20-\x7e]/g, (c) => {
    const h = c.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upper ? h.toUpperCase() : h}`;
  });
  return [std, php, uni(std, false), uni(php, false), uni(std, true), uni(php, true)];
};

const htmlForms = (s) => {
  const named = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
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

const urlForms = (s) => {
  const pct = encodeURIComponent(s);
  const strict = pct.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const lower = (t) => t.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  return [pct, strict, pct.replace(/%20/g, '+'), strict.replace(/%20/g, '+'), lower(pct), lower(strict), lower(strict.replace(/%20/g, '+')), encodeURI(s)];
};

const b64 = (s) => Buffer.from(s, 'utf8').toString('base64');

/** The length of the pieces of the password that are redacted wherever they appear. */
export const FRAGMENT = 6;

/**
 * The base64 characters of `secret` that depend on its bytes only, for each of the three byte
 * alignments it can have inside a longer text (standard and URL-safe alphabets).
 */
function base64Cores(secret) {
  const bytes = Buffer.from(secret, 'utf8');
  const out = [];
  for (let pre = 0; pre < 3; pre++) {
    const enc = Buffer.concat([Buffer.alloc(pre), bytes]).toString('base64').replace(/=+$/, '');
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
const hashPow = (n) => { let p = 1; for (let i = 0; i < n; i++) p = Math.imul(p, HASH_BASE); return p; };
const TOP = hashPow(FRAGMENT - 1);
function hashOf(s, from = 0) {
  let h = 0;
  for (let k = 0; k < FRAGMENT; k++) h = (Math.imul(h, HASH_BASE) + s.charCodeAt(from + k)) | 0;
  return h;
}

/**
 * @param {{user: string, password: string} | undefined} credentials
 * @returns {{ redact: (text: string) => string, redactDeep: (value: any) => any, forms: string[], pieces: Set<string> }}
 */
export function createRedactor(credentials) {
  const secrets = new Set();
  if (credentials?.password) {
    const { user = '', password } = credentials;
    const base = [password, password.replace(/\s+/g, ''), `${user}:${password}`];
    const basic = [`${user}:${password}`, `${user}:${password.replace(/\s+/g, '')}`].flatMap((x) => {
      const e = b64(x);
      return [e, e.replace(/=+$/, ''), e.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')];
    });
    const roots = [...base, ...basic, b64(password), Buffer.from(password, 'utf8').toString('latin1')];
    for (const r of roots) {
      secrets.add(r);
      const json = jsonForms(r);
      const html = htmlForms(r);
      for (const f of [...json, ...html, ...urlForms(r)]) secrets.add(f);
      // A form of a form: a JSON body echoed into HTML, an HTML page echoed into JSON, JSON in a URL.
      for (const g of [...htmlForms(json[0]), ...jsonForms(html[0]), ...urlForms(json[0])]) secrets.add(g);
    }
  }
  // A secret shorter than 4 characters would redact ordinary text; application passwords are 24.
  const forms = [...secrets].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  // Pieces: every form of every FRAGMENT-character window of the password alone (not of the user name).
  const pieces = new Set();
  if (credentials?.password && credentials.password.length >= FRAGMENT) {
    const { password } = credentials;
    for (const r of new Set([password, password.replace(/\s+/g, '')])) {
      const chars = [...r];
      for (let i = 0; i + FRAGMENT <= chars.length; i++) {
        const w = chars.slice(i, i + FRAGMENT).join('');
        const json = jsonForms(w);
        const html = htmlForms(w);
        for (const f of [w, ...json, ...html, ...urlForms(w), ...htmlForms(json[0]), ...jsonForms(html[0]), ...urlForms(json[0]), Buffer.from(w, 'utf8').toString('latin1')]) pieces.add(f);
        for (const core of base64Cores(w)) { pieces.add(core); for (const f of urlForms(core)) pieces.add(f); }
      }
    }
    for (const p of pieces) if (p.length < FRAGMENT) pieces.delete(p);
  }
  // Pieces by the hash of their first FRAGMENT characters (the rolling hash finds candidates).
  const byHead = new Map();
  for (const p of pieces) {
    const h = hashOf(p);
    if (!byHead.has(h)) byHead.set(h, []);
    byHead.get(h).push(p);
  }
  /** Replace every run of `text` covered by pieces of the password: one pass, a rolling hash. */
  const redactPieces = (text) => {
    if (!pieces.size || text.length < FRAGMENT) return text;
    let out = '';
    let last = 0; // text before `last` is written (or redacted)
    let coverFrom = -1;
    let coverTo = -1;
    let h = hashOf(text);
    for (let i = 0; ; i++) {
      const candidates = byHead.get(h);
      if (candidates) {
        let end = -1;
        for (const p of candidates) if (i + p.length > end && text.startsWith(p, i)) end = i + p.length;
        if (end >= 0) {
          if (i <= coverTo) coverTo = Math.max(coverTo, end);
          else {
            if (coverFrom >= 0) { out += text.slice(last, coverFrom) + REDACTED; last = coverTo; }
            coverFrom = i;
            coverTo = end;
          }
        }
      }
      if (i + FRAGMENT >= text.length) break;
      h = (Math.imul((h - Math.imul(text.charCodeAt(i), TOP)) | 0, HASH_BASE) + text.charCodeAt(i + FRAGMENT)) | 0;
    }
    if (coverFrom < 0) return text;
    return out + text.slice(last, coverFrom) + REDACTED + text.slice(coverTo);
  };
  /** Replace every form, longest first (each is looked for with a plain substring search), then every piece. */
  const redact = (text) => {
    if (!forms.length || typeof text !== 'string') return text;
    let out = text;
    for (const f of forms) if (out.includes(f)) out = out.split(f).join(REDACTED);
    return redactPieces(out);
  };
  const redactDeep = (value) => {
    if (!forms.length) return value;
    if (typeof value === 'string') return redact(value);
    if (Array.isArray(value)) return value.map(redactDeep);
    if (value && typeof value === 'object') {
      const out = {};
      for (const [k, v] of Object.entries(value)) out[redact(k)] = redactDeep(v);
      return out;
    }
    return value;
  };
  return { redact, redactDeep, forms, pieces };
}

/**
 * Text for a terminal: every control character a site could send (C0 but newline and tab, DEL,
 * C1, the Unicode line and paragraph separators and the bidi controls) is shown as a visible
 * escape (`\x1b`, `\u202e`), so no answer can move the cursor, clear the screen, ring the bell,
 * rewrite a line with CR or reorder what the terminal shows (issue 23, D115).
 */
export function forTerminal(text) {
  return String(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const n = c.charCodeAt(0);
    return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  });
}
