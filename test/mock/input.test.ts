// How the mock's front reads a request (mock/input.ts; PHP's queries and forms: test/core/php-query.test.ts): as PHP and WordPress do, checked
// against the sandbox (a malformed percent-escape stays as it is, the charset is ignored, a body of
// an unknown type is not read), and what it forwards to Prism is always strictly encoded.
import { describe, expect, it } from 'vitest';
import { bodyToForward, mediaType } from '../../mock/input.ts';

describe('paths and content types', () => {
  it('reads the media type; malformed ones are none', () => {
    expect(mediaType('application/json; charset=utf-16')).toBe('application/json');
    for (const bad of ['a/b/c', ';;;', '', '/', 'application/', undefined]) expect(mediaType(bad)).toBeNull();
  });

  it('forwards JSON without its charset, a form re-encoded, and drops a body it would not read', () => {
    const body = Buffer.from('{"a":1}');
    expect(bodyToForward({ 'content-type': 'application/json; charset=foo' }, body)).toEqual({ type: 'application/json', body });
    expect(bodyToForward({ 'content-type': 'application/x-www-form-urlencoded; charset=utf-16' }, Buffer.from('%=x')).body.toString()).toBe('%25=x');
    for (const type of ['a/b/c', ';;;', 'text/plain', 'multipart/form-data; boundary=', 'multipart/form-data']) {
      expect(bodyToForward({ 'content-type': type }, body, ['multipart/form-data']).type, type).toBeNull();
    }
    expect(bodyToForward({}, body).type).toBeNull();
    const mp = Buffer.from('--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xx--\r\n');
    expect(bodyToForward({ 'content-type': 'multipart/form-data; boundary=xx' }, mp, ['multipart/form-data']).type).toBe('multipart/form-data; boundary=xx');
    expect(bodyToForward({ 'content-type': 'image/png' }, body, ['image/*']).type).toBe('image/png');
    expect(bodyToForward({ 'content-type': 'image/png' }, body, ['application/json']).type).toBeNull();
  });
});

describe('why a JSON body does not parse (json_error_code, as the sandbox answers)', () => {
  it('5 for bytes that are not UTF-8, 3 for a control character (a UTF-16 body), 4 otherwise', async () => {
    const { jsonErrorCode } = await import('../../mock/errors.ts');
    expect(jsonErrorCode(Buffer.from('{"requests":"\xff"}', 'latin1'))).toBe(5);
    expect(jsonErrorCode(Buffer.from('{"requests":5}', 'utf16le'))).toBe(3);
    expect(jsonErrorCode(Buffer.from('{"requests":\x01}'))).toBe(3);
    expect(jsonErrorCode(Buffer.from('{"requests":[1,]}'))).toBe(4);
    expect(jsonErrorCode(Buffer.from('\ufeff{"requests":5}'))).toBe(4);
    expect(jsonErrorCode(Buffer.from('{"a":"é"}'))).toBeNull();
  });
});
