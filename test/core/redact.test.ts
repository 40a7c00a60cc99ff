// A redacted query value keeps a URL a valid URI: a recorded answer whose URL carried a nonce (an
// autosave's `preview_link`) must still validate against `format: uri` after redaction (D114).
import { describe, expect, it } from 'vitest';
import addFormats from 'ajv-formats';
import Ajv from 'ajv/dist/2020.js';
import { createRedactor } from '../../core/redact.ts';

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
