// PHP's reading of queries and forms (core/php-query.ts), as the sandbox's WordPress reads them: a
// malformed percent-escape stays as it is, parse_str's names, and a strict re-encoding.
import { describe, expect, it } from 'vitest';
import { encodePairs, phpDecode, phpPairs } from '../../core/php-query.ts';

describe('PHP-style decoding', () => {
  it('decodes valid escapes and + and keeps malformed ones', () => {
    expect(phpDecode('a%20b+c')).toBe('a b c');
    expect(phpDecode('%')).toBe('%');
    expect(phpDecode('%zz%4')).toBe('%zz%4');
    expect(phpDecode('%C3%A9')).toBe('é');
    expect(phpDecode('%C3')).toBe('\uFFFD'); // an incomplete UTF-8 sequence
    expect(() => decodeURIComponent('%')).toThrow(URIError); // what killed Prism
  });

  it('parses pairs as parse_str: empty keys dropped, dots and spaces in the base name become _', () => {
    expect(phpPairs('%=x&=y&a.b=1&c d[e.f]=2&&g')).toEqual([
      ['%', 'x'],
      ['a_b', '1'],
      ['c_d[e.f]', '2'],
      ['g', ''],
    ]);
    expect(phpPairs('a=1&'.repeat(2000), 1000)).toHaveLength(1000);
  });

  it('re-encodes strictly (Prism decodes every forwarded key and value)', () => {
    const q = encodePairs(phpPairs('%=x&%zz=%&tags[]=1&t=a,b'));
    expect(q).toBe('%25=x&%25zz=%25&tags[]=1&t=a%2Cb');
    for (const part of q.split('&')) expect(() => decodeURIComponent(part)).not.toThrow();
  });
});
