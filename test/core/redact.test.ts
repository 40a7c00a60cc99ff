// A redacted query value keeps a URL a valid URI: a recorded answer whose URL carried a nonce (an
// autosave's `preview_link`) must still validate against `format: uri` after redaction (D114).
import { describe, expect, it } from 'vitest';
import addFormats from 'ajv-formats';
import Ajv from 'ajv/dist/2020.js';
import { createRedactor, foldCase, REDACTED, secretForms } from '../../core/redact.ts';

const uri = (() => {
  const ajv = new Ajv.default({ strict: false });
  addFormats.default(ajv);
  return ajv.compile({ type: 'string', format: 'uri' });
})();

describe('redaction inside URLs', () => {
  const redact = createRedactor({ user: 'admin', password: 'abcd EFGH ijkl MNOP qrst UVWX' });

  it('replaces a sensitive query value and keeps the URL a valid URI', () => {
    const link = 'http://127.0.0.1:8881/theatre/?preview_id=8&preview_nonce=565cee9830&preview=true';
    const out = redact.redact(link);
    expect(out).not.toContain('565cee9830');
    expect(out).toContain('preview_nonce=%5Bredacted%5D');
    expect(uri(out)).toBe(true);
  });

  it('does the same inside a JSON body', () => {
    const body = JSON.stringify({ preview_link: 'http://site.example/p/?_wpnonce=0123456789&preview=true' });
    const out = JSON.parse(redact.redact(body));
    expect(out.preview_link).toBe('http://site.example/p/?_wpnonce=%5Bredacted%5D&preview=true');
    expect(uri(out.preview_link)).toBe(true);
  });
});

// The redactor folds case (issue 31, point 2): Node lower-cases header names, so a site that sends
// the password as a header's name reaches the HAR in lower case. Every form the redactor covers, and
// every piece, must match whatever the case of its letters: raw, without spaces, JSON-, HTML- and
// URL-encoded, base64 of the Basic credentials, and windows of 6 characters in each of them.
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const redactor = createRedactor({ user: 'admin', password: PASSWORD });
const swap = (s: string): string => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

describe('case folding', () => {
  const forms = [...secretForms(PASSWORD, 'admin')].filter((f) => /[a-z]/i.test(f));

  it('redacts every whole form in lower case, upper case and swapped case', () => {
    expect(forms.length).toBeGreaterThan(10);
    for (const f of forms)
      for (const variant of [f.toLowerCase(), f.toUpperCase(), swap(f)]) {
        const out = redactor.redact(`x-echo-${variant}: 1`);
        expect([f, out.includes(variant)]).toEqual([f, false]);
        expect(out).toContain(REDACTED);
      }
  });

  it('redacts every piece of 6 characters in any case, in a header name as Node gives it', () => {
    const nospace = PASSWORD.replace(/ /g, '');
    for (let i = 0; i + 6 <= nospace.length; i++) {
      const piece = nospace.slice(i, i + 6);
      for (const variant of [piece.toLowerCase(), piece.toUpperCase(), encodeURIComponent(swap(piece)), Buffer.from(piece).toString('base64').toLowerCase()]) {
        const out = redactor.redact(`x-${variant}-tail`);
        expect([variant, out]).toEqual([variant, `x-${REDACTED}-tail`]);
      }
    }
  });

  it('keeps the text around a redaction as it was (positions of the folded text are the original ones)', () => {
    expect(redactor.redact(`Éé İ ${PASSWORD.toLowerCase()} ÉND`)).toBe(`Éé İ ${REDACTED} ÉND`);
    expect(foldCase('AİB')).toBe('aİb');
    expect(foldCase('ABC')).toBe('abc');
  });
});
