// The base URL (core/base-url.ts): the two forms a site's REST root takes (`…/wp-json`, `?rest_route=`),
// the route of a URL under it and back, and what is refused. The client's requests on each form:
// test/client/base-url.test.ts.
import { describe, expect, it } from 'vitest';
import { parseBaseUrl, restRouteOf, routeOfUrl, urlOfRoute } from '../../core/base-url.ts';

describe('base URL forms', () => {
  it('routeOfUrl and urlOfRoute are inverse on both forms', () => {
    for (const raw of ['https://s.example/wp-json/', 'https://s.example/?rest_route=']) {
      const base = parseBaseUrl(raw);
      for (const route of ['/', '/core/v2/posts', '/core/v2/posts?per_page=2&categories=3,4']) expect(routeOfUrl(base, urlOfRoute(base, route))).toBe(route);
      expect(routeOfUrl(base, 'https://other.example/wp-json/core/v2/posts')).toBeUndefined();
    }
    expect(routeOfUrl(parseBaseUrl('https://s.example/wp-json'), 'https://s.example/wp-jsonx/core')).toBeUndefined();
    expect(routeOfUrl(parseBaseUrl('https://s.example/?rest_route='), 'https://s.example/?p=5')).toBeUndefined();
  });

  it('refuses what is not a REST root: a fragment, credentials, another query, another scheme', () => {
    for (const bad of ['https://s.example/wp-json#x', 'https://u:p@s.example/wp-json', 'https://s.example/wp-json?x=1', 'ftp://s.example/wp-json', 'not a url'])
      expect(() => parseBaseUrl(bad), bad).toThrow(TypeError);
  });
});

// [URL, route, form] or [URL, null, why it is not a REST URL]
const ROUTES: [string, string | null, string][] = [
  ['https://site/wp-json/core/v2/posts?per_page=5', '/core/v2/posts', 'path'],
  ['https://site/blog/wp-json/core/v2/posts', '/core/v2/posts', 'path'],
  ['https://site/wp-json', '/', 'path'],
  ['https://site/?rest_route=/core/v2/posts/5&context=edit', '/core/v2/posts/5', 'rest_route'],
  ['https://site/index.php?rest_route=%2Fcore%2Fv2%2Fposts', '/core/v2/posts', 'rest_route'],
  ['https://site/wp-json/other?rest_route=/core/v2/posts', '/core/v2/posts', 'rest_route'],
  ['https://site/about/', null, 'not a REST URL'],
  ['data:image/png;base64,AAAA', null, 'not an HTTP URL'],
  ['/wp-json/core/v2/posts', null, 'not an absolute URL'],
];

describe('where the route of a URL is', () => {
  it.each(ROUTES)('%s', (url, route, formOrWhy) => {
    const r = restRouteOf(url);
    if (route === null) {
      expect('outOfScope' in r && r.outOfScope).toMatch(formOrWhy);
      return;
    }
    expect(r).toMatchObject({ route, form: formOrWhy });
  });
});
