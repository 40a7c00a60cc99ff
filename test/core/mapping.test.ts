// The one name mapping (core/mapping.ts) between the spec's names and a site's: raw query strings,
// batch paths and `?rest_route=` URLs, both ways. The client's use of it: test/client/mapping.test.ts.
import { describe, expect, it } from 'vitest';
import { FESTIVAL_PLATFORM, mapQueryString, mapRoutePath, mapUrl } from '../../core/mapping.ts';

describe('mapping helpers', () => {
  it('map raw query strings both ways without re-encoding values', () => {
    expect(mapQueryString('i18n_language=de&include=1,2&i18n_language[]=x', FESTIVAL_PLATFORM)).toBe('wpml_language=de&include=1,2&wpml_language[]=x');
    expect(mapQueryString('wpml_language=de&categories[terms]=1,2', FESTIVAL_PLATFORM, 'toSpec')).toBe('i18n_language=de&categories[terms]=1,2');
  });

  it('map batch paths and rest_route URLs', () => {
    expect(mapRoutePath('/core/v2/posts/5?i18n_language=nl', FESTIVAL_PLATFORM)).toBe('/wp/v2/posts/5?wpml_language=nl');
    expect(mapRoutePath('/wp/v2/posts', FESTIVAL_PLATFORM, 'toSpec')).toBe('/core/v2/posts');
    expect(mapUrl('https://s.example/?rest_route=/wp/v2/posts&wpml_language=de&page=2', 'https://s.example/wp-json', FESTIVAL_PLATFORM, 'toSpec')).toBe(
      'https://s.example/?rest_route=/core/v2/posts&i18n_language=de&page=2',
    );
  });
});
