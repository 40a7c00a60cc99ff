// Issue 26: a drift finding says in words what differs and which side is right (as far as the tool
// can know), instead of `media_type: enum {"spec":[null],"site":[]}`.
import { describe, expect, it } from 'vitest';
import { describeFinding } from '../../cli/lib/drift.ts';
import { driftText } from '../../cli/lib/report.ts';

const base = { route: '/core/v2/media', method: 'GET', param: 'media_type' };
const drift = (params: object[]) => ({
  specNamespacesAbsent: [],
  siteOtherNamespaces: [],
  routes: { siteOnly: [], specOnly: [] },
  methods: { siteOnly: [], specOnly: [] },
  paramsAbsentFromSite: [],
  params,
});

describe('drift findings in words', () => {
  it("the issue's line: a value only the spec allows", () => {
    const f = { ...base, kind: 'enum', specOnly: [null], siteOnly: [] };
    const { what, verdict } = describeFinding(f);
    expect(what).toBe("allowed values: the spec allows null, which the site's list of values lacks");
    expect(verdict).toMatch(/the site is right .*check the spec/);
    const text = driftText(drift([f]));
    expect(text).toContain('GET /core/v2/media media_type: allowed values: the spec allows null');
    expect(text).not.toMatch(/\{"spec"/);
  });

  it.each([
    [{ kind: 'type', spec: ['null', 'string'], site: ['string'] }, 'type: the spec says null or string, the site string (the site does not take null)'],
    [{ kind: 'enum', spec: [true], site: null }, 'allowed values: the spec allows only true; the site lists no values (it takes any of its type)'],
    [{ kind: 'enum', spec: null, site: ['a', 'b'] }, 'allowed values: the site allows only "a", "b"; the spec lists no values'],
    [{ kind: 'enum', specOnly: [], siteOnly: ['x'] }, 'allowed values: the site also accepts "x", which the spec does not list'],
    [{ kind: 'default', spec: null, site: false }, 'default: the spec says none, the site uses false'],
    [{ kind: 'required', spec: true, site: false }, 'required: the spec requires it, the site does not'],
    [{ kind: 'property', specOnly: ['footnotes'], siteOnly: [] }, 'object properties only in the spec: "footnotes"'],
    [{ kind: 'site-only', site: { type: ['string'], required: false } }, 'the site accepts this parameter (string); the spec does not document it'],
    [{ kind: 'spec-only', in: 'body' }, 'the spec documents this parameter (in body); the site does not list it on this route'],
  ])('%j', (f, words) => {
    expect(describeFinding({ ...base, ...f }).what).toBe(words);
  });

  it('a known difference keeps the spec and says why', () => {
    expect(describeFinding({ ...base, kind: 'property', specOnly: ['footnotes'], siteOnly: [], known: 'registered by WordPress 6.3 and later' }).verdict).toBe(
      'expected: registered by WordPress 6.3 and later',
    );
  });

  it('values from the site are cut and stripped of control characters', () => {
    const { what } = describeFinding({
      ...base,
      kind: 'enum',
      specOnly: [],
      siteOnly: ['a\u001b[31m'.padEnd(500, 'x'), ...Array.from({ length: 30 }, (_, i) => `v${i}`)],
    });
    expect(what).not.toMatch(/\u001b/);
    expect(what.length).toBeLessThan(400);
    expect(what).toMatch(/\(\d+ more\)/);
  });
});
