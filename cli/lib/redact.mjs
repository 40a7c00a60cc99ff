// Credentials never reach an output in any encoding. `createRedactor` lists every form in which the
// password (and the Basic credentials built from it) can come back from a site or be written by the
// CLI: raw, without the spaces of an application password, base64 of `user:password` (padded, bare,
// URL-safe), JSON-escaped (JSON.stringify, PHP's json_encode with `\/` and `\uXXXX`), HTML-escaped
// (named, decimal and hex entities), URL-encoded (percent, form `+`, lower-case hex), and each of those
// commonest forms of those forms (JSON in HTML, HTML in JSON, JSON in a URL). `redact(text)` replaces them all; `redactDeep(value)` does it on every string
// (and key) of a JSON value. Used on stdout, stderr, every report and the HAR recording.

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

/**
 * @param {{user: string, password: string} | undefined} credentials
 * @returns {{ redact: (text: string) => string, redactDeep: (value: any) => any, forms: string[] }}
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
    const roots = [...base, ...basic, b64(password)];
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
  /** Replace every form, longest first (each is looked for with a plain substring search). */
  const redact = (text) => {
    if (!forms.length || typeof text !== 'string') return text;
    let out = text;
    for (const f of forms) if (out.includes(f)) out = out.split(f).join(REDACTED);
    return out;
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
  return { redact, redactDeep, forms };
}
