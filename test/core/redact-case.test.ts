// The redactor folds case (issue 31, point 2): Node lower-cases header names, so a site that sends
// the password as a header's name reaches the HAR in lower case. Every form the redactor covers, and
// every piece, must match whatever the case of its letters: raw, without spaces, JSON-, HTML- and
// URL-encoded, base64 of the Basic credentials, and windows of 6 characters in each of them.
import { describe, expect, it } from 'vitest';
import { createRedactor, foldCase, REDACTED, secretForms } from '../../core/redact.ts';

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
