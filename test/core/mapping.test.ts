// The one name mapping (core/mapping.ts) between the spec's names and a site's: every namespace of
// the festival platform and every renamed route segment and parameter, both ways; the longest match;
// raw query strings, batch paths and `?rest_route=` URLs; the `from=to` config format. The client's
// use of it: test/client/mapping.test.ts.
import { describe, expect, it } from 'vitest';
import {
  FESTIVAL_PLATFORM,
  IDENTITY,
  isIdentity,
  mapBody,
  mappingLines,
  mapParam,
  mapPath,
  mapQueryString,
  mapRoutePath,
  mapUrl,
  parseMapping,
} from '../../core/mapping.ts';
import { specNamespaces } from '../../core/spec.ts';
import { bundle } from '../support/spec.js';

/** Every namespace of the seed, spec name -> the real product's (../shared/reference/addon-facts.md). */
const REAL: [string, string][] = [
  ['core/v2', 'wp/v2'],
  ['cal/events/v1', 'tribe/events/v1'],
  ['batch/v1', 'batch/v1'],
  ['oembed/1.0', 'oembed/1.0'],
  ['ml/v1', 'wpml/v1'],
  ['ml/st/v1', 'wpml/st/v1'],
  ['ml/tm/v1', 'wpml/tm/v1'],
  ['ml/ate/v1', 'wpml/ate/v1'],
  ['installer/v1', 'otgs/installer/v1'],
  ['forms/v1', 'forminator/v1'],
  ['connector/v1', 'hub-connector/v1'],
  ['crosssell/v1', 'wpmudev_pcs/v1'],
  ['survey/v1', 'nps-survey/v1'],
  ['builder/v1', 'ultimate-vc/v1'],
  ['builderx/v1', 'uavc/v1'],
  ['slider', 'sliderrevolution'],
  ['theme/v1', 'the7/v1'],
];

/** Every route the products name otherwise: spec route -> site route. */
const RENAMED_ROUTES: [string, string][] = [
  ['/builder/v1/font-library', '/ultimate-vc/v1/google-fonts'],
  ['/builder/v1/font-library/refresh', '/ultimate-vc/v1/google-fonts/refresh'],
  ['/builder/v1/font-library/variants', '/ultimate-vc/v1/google-fonts/variants'],
  ['/builderx/v1/marketplace-activation', '/uavc/v1/envato-activation'],
  ['/ml/tm/v1/ate/jobs/receive/{mlJobId}', '/wpml/tm/v1/ate/jobs/receive/{wpmlJobId}'],
];

describe('FESTIVAL_PLATFORM', () => {
  it('maps every namespace of the spec, the 17 of the seed, to its real name', () => {
    expect(Object.entries(FESTIVAL_PLATFORM.namespaces)).toEqual(REAL);
    expect(Object.keys(FESTIVAL_PLATFORM.namespaces).sort()).toEqual([...specNamespaces(bundle())].sort());
  });

  it.each(REAL)('%s <-> %s: the root, a route under it and a query, both ways', (spec, site) => {
    for (const [a, b] of [
      [`/${spec}`, `/${site}`],
      [`/${spec}/x/1`, `/${site}/x/1`],
      [`/${spec}?i18n_language=nl`, `/${site}?i18n_language=nl`],
    ]) {
      expect(mapPath(a, FESTIVAL_PLATFORM, 'toSite')).toBe(b);
      expect(mapPath(b, FESTIVAL_PLATFORM, 'toSpec')).toBe(a);
    }
  });

  it.each(RENAMED_ROUTES)('renames the route %s <-> %s', (spec, site) => {
    expect(mapPath(spec, FESTIVAL_PLATFORM, 'toSite')).toBe(site);
    expect(mapPath(site, FESTIVAL_PLATFORM, 'toSpec')).toBe(spec);
  });

  it('renames a route segment only below its own namespace, and only whole segments', () => {
    expect(mapPath('/builderx/v1/font-library', FESTIVAL_PLATFORM)).toBe('/uavc/v1/font-library');
    expect(mapPath('/builder/v1/font-library-x', FESTIVAL_PLATFORM)).toBe('/ultimate-vc/v1/font-library-x');
    expect(mapPath('/ml/v1/marketplace-activation', FESTIVAL_PLATFORM)).toBe('/wpml/v1/marketplace-activation');
    expect(mapPath('/uavc/v1/google-fonts', FESTIVAL_PLATFORM, 'toSpec')).toBe('/builderx/v1/google-fonts');
    expect(mapRoutePath('/builder/v1/font-library/variants?font_name=Lato', FESTIVAL_PLATFORM)).toBe('/ultimate-vc/v1/google-fonts/variants?font_name=Lato');
  });

  it('renames the parameters: the language and the translation job id (a query, a body field, a path template)', () => {
    for (const [spec, site] of [
      ['i18n_language', 'wpml_language'],
      ['ml_job_id', 'wpml_job_id'],
      ['mlJobId', 'wpmlJobId'],
    ]) {
      expect(mapParam(spec, FESTIVAL_PLATFORM, 'toSite')).toBe(site);
      expect(mapParam(site, FESTIVAL_PLATFORM, 'toSpec')).toBe(spec);
    }
    expect(mapQueryString('ml_job_id=7&ate_job_data[a]=1', FESTIVAL_PLATFORM)).toBe('wpml_job_id=7&ate_job_data[a]=1');
  });

  it('takes the longest namespace first, by whole segments (ml/st/v1 before ml/v1, wpml/st/v1 before wpml/v1)', () => {
    expect(mapPath('/ml/st/v1/strings', FESTIVAL_PLATFORM)).toBe('/wpml/st/v1/strings');
    expect(mapPath('/ml/v1/posts', FESTIVAL_PLATFORM)).toBe('/wpml/v1/posts');
    expect(mapPath('/wpml/st/v1/strings', FESTIVAL_PLATFORM, 'toSpec')).toBe('/ml/st/v1/strings');
    expect(mapPath('/wpml/tm/v1/jobs', FESTIVAL_PLATFORM, 'toSpec')).toBe('/ml/tm/v1/jobs');
    // WPML's own telemetry route carries the vendor's name below the namespace: only the namespace maps.
    expect(mapPath('/wpml/v1/wpml/posthog/capture-event', FESTIVAL_PLATFORM, 'toSpec')).toBe('/ml/v1/wpml/posthog/capture-event');
    expect(mapPath('/slider/sliders/7', FESTIVAL_PLATFORM)).toBe('/sliderrevolution/sliders/7');
    expect(mapPath('/sliders/7', FESTIVAL_PLATFORM)).toBe('/sliders/7');
    expect(mapPath('/sliderrevolution2/x', FESTIVAL_PLATFORM, 'toSpec')).toBe('/sliderrevolution2/x');
  });

  it('round trip: every route of the spec maps to the site and back to itself', () => {
    const paths = Object.keys(bundle().paths as object);
    expect(paths.length).toBeGreaterThan(150);
    for (const p of paths) expect(mapPath(mapPath(p, FESTIVAL_PLATFORM, 'toSite'), FESTIVAL_PLATFORM, 'toSpec'), p).toBe(p);
    const sites = new Set(paths.map((p) => mapPath(p, FESTIVAL_PLATFORM, 'toSite')));
    expect(sites.size).toBe(paths.length);
    // Only the batch route and the embeds keep their spec names on the site.
    expect(paths.filter((p) => mapPath(p, FESTIVAL_PLATFORM) === p).sort()).toEqual([
      '/',
      '/batch/v1',
      '/oembed/1.0',
      '/oembed/1.0/embed',
      '/oembed/1.0/proxy',
    ]);
  });

  it('a name it does not know is left as it is (not on this site), never an error', () => {
    for (const p of ['/other/v1/x', '/wp-json-ish', '/', '']) {
      expect(mapPath(p, FESTIVAL_PLATFORM, 'toSite')).toBe(p);
      expect(mapPath(p, FESTIVAL_PLATFORM, 'toSpec')).toBe(p);
    }
    expect(mapParam('lang', FESTIVAL_PLATFORM, 'toSpec')).toBe('lang');
  });

  it("maps an index's namespaces, route keys and arguments back", () => {
    const index = {
      namespaces: ['wp/v2', 'wpml/tm/v1', 'ultimate-vc/v1'],
      routes: {
        '/wpml/tm/v1/ate/jobs/store': { namespace: 'wpml/tm/v1', endpoints: [{ methods: ['POST'], args: { wpml_job_id: {}, wpml_language: {} } }] },
        '/ultimate-vc/v1/google-fonts': { namespace: 'ultimate-vc/v1', endpoints: [] },
      },
    };
    expect(mapBody(index, 'https://s.example/wp-json', FESTIVAL_PLATFORM)).toEqual({
      namespaces: ['core/v2', 'ml/tm/v1', 'builder/v1'],
      routes: {
        '/ml/tm/v1/ate/jobs/store': { namespace: 'ml/tm/v1', endpoints: [{ methods: ['POST'], args: { ml_job_id: {}, i18n_language: {} } }] },
        '/builder/v1/font-library': { namespace: 'builder/v1', endpoints: [] },
      },
    });
  });
});

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
    expect(mapUrl('https://s.example/?rest_route=/builderx/v1/marketplace-activation', 'https://s.example/wp-json', FESTIVAL_PLATFORM)).toBe(
      'https://s.example/?rest_route=/uavc/v1/envato-activation',
    );
    expect(mapUrl('https://s.example/wp-json/ultimate-vc/v1/google-fonts/refresh', 'https://s.example/wp-json', FESTIVAL_PLATFORM, 'toSpec')).toBe(
      'https://s.example/wp-json/builder/v1/font-library/refresh',
    );
  });
});

describe('parseMapping', () => {
  it('reads namespaces, parameters and route segments (namespace:segment=segment), and writes them back', () => {
    const m = parseMapping([
      'core/v2=wp/v2',
      ' # a comment',
      '',
      'slider=sliderrevolution',
      'i18n_language = wpml_language',
      'builder/v1:font-library=google-fonts',
      'ml/tm/v1:{mlJobId}={wpmlJobId}',
    ]);
    expect(m).toEqual({
      namespaces: { 'core/v2': 'wp/v2', slider: 'sliderrevolution' },
      params: { i18n_language: 'wpml_language' },
      segments: { 'builder/v1': { 'font-library': 'google-fonts' }, 'ml/tm/v1': { '{mlJobId}': '{wpmlJobId}' } },
    });
    expect(parseMapping(mappingLines(m))).toEqual(m);
    expect(parseMapping(mappingLines(FESTIVAL_PLATFORM))).toEqual(FESTIVAL_PLATFORM);
    // A segment rename of a namespace the mapping does not rename applies under the spec's name.
    expect(mapPath('/builder/v1/font-library', parseMapping(['builder/v1:font-library=google-fonts']))).toBe('/builder/v1/google-fonts');
    expect(parseMapping([])).toEqual(IDENTITY);
  });

  it('a pair overrides a default of the base, which gives its site name up', () => {
    const m = parseMapping(['forms/v1=forms-pro/v1', 'builder/v1:font-library=fonts'], FESTIVAL_PLATFORM);
    expect(m.namespaces['forms/v1']).toBe('forms-pro/v1');
    expect(mapPath('/builder/v1/font-library', m)).toBe('/ultimate-vc/v1/fonts');
    expect(mapPath('/ultimate-vc/v1/fonts', m, 'toSpec')).toBe('/builder/v1/font-library');
  });

  it.each([
    [['core/v2'], /expected spec-name=site-name/],
    [['core/v2=wp/v2=x'], /expected spec-name=site-name/],
    [['a b=c'], /expected spec-name=site-name/],
    [['core/v2=w p'], /expected spec-name=site-name/],
    [['core/v2=wp/v2', 'core/v2=wp/v3'], /core\/v2 is already mapped to wp\/v2/],
    [['ml/v1=x/v1', 'ml/st/v1=x/v1'], /x\/v1 is already the site's name of ml\/v1 \(mapping back must be exact\)/],
    [['builder/v1:font-library/x=y'], /expected namespace:segment=segment/],
    [['builder/v1:{a}=b'], /expected namespace:segment=segment/],
    [['builder/v1:a=x', 'builder/v1:b=x'], /x is already the site's name of a/],
    [['co%re=x'], /names may hold/],
  ])('refuses %j', (pairs, message) => {
    expect(() => parseMapping(pairs)).toThrow(message);
  });

  it('isIdentity: a mapping of names to themselves renames nothing', () => {
    expect(isIdentity(IDENTITY)).toBe(true);
    expect(isIdentity(parseMapping(['batch/v1=batch/v1']))).toBe(true);
    expect(isIdentity(FESTIVAL_PLATFORM)).toBe(false);
    expect(isIdentity(parseMapping(['builder/v1:a=b']))).toBe(false);
  });
});
