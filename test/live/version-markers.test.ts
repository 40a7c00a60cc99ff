// The version markers (`x-since: WordPress X` / `x-since: TEC X`, openapi/EXTENSIONS.md) hold on this
// site: the test reads the site's own releases (WordPress from its feed's generator, the calendar from
// the plugins route as an administrator; a site without the calendar counts as older than every TEC
// release) and checks, on real records and on the site's index, that a field or parameter marked
// since a newer release is absent, and one marked since the site's release or an older one is present
// wherever its parent object is. The fields present only under a condition are listed with it.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRoute } from '../../cli/lib/routes.js';
import { FESTIVAL_PLATFORM } from '../../src/mapping.js';
import { adminCredentials, caller, frontUrl, liveSite } from '../support/site.js';
import { bundle, deref, operations, type Json } from '../support/spec.js';

const SITE = liveSite();
const call = caller(SITE, FESTIVAL_PLATFORM);
const doc = bundle();

type Version = number[];
const parse = (v: string): Version =>
  v
    .split(/[.+-]/)
    .map((x) => Number.parseInt(x, 10))
    .filter((n) => Number.isFinite(n));
const cmp = (a: Version, b: Version) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d) return d;
  }
  return 0;
};

/** Fields sent only under a condition the records here may not meet: [property name, the condition]. */
const CONDITIONAL: Record<string, string> = {
  custom_fields: 'sent only when the site defines Additional Fields (TEC Pro), absent otherwise',
  footnotes: 'registered for post types with the editor and revisions (posts, pages): not on media or menu items',
  wp_pattern_sync_status: "a reusable block's meta key, in its revisions' and autosaves' meta: not on posts' and pages'",
  exif_orientation: 'images only',
  image_output_format: 'images only',
  image_quality: 'images only',
  image_save_progressive: 'images only',
  'wp:featuredmedia': 'the index links the site logo or icon only when the site has one',
  plugin: 'a block template a plugin registers (register_block_template) only: not on theme files or stored templates',
};

interface Releases {
  wordpress: Version;
  tec?: Version;
}
let releases: Releases;

async function siteReleases(): Promise<Releases> {
  const feed = await fetch(`${frontUrl(SITE.baseUrl)}/?feed=rss2`, { signal: AbortSignal.timeout(20_000) });
  const text = (await feed.text()).slice(0, 200_000);
  const m = /<generator>https?:\/\/wordpress\.org\/\?v=([0-9][0-9.]*)<\/generator>/.exec(text);
  if (!m) throw new Error(`${SITE.baseUrl}: the feed names no WordPress release (<generator>); cannot check the version markers`);
  adminCredentials(SITE, "reading the calendar plugin's release");
  const plugins = await call('GET', '/core/v2/plugins', { auth: true });
  if (plugins.status !== 200 || !Array.isArray(plugins.json))
    throw new Error(`GET /wp/v2/plugins answered ${plugins.status}: cannot tell the calendar's release`);
  const tec = plugins.json.find((p: Json) => p.plugin === 'the-events-calendar/the-events-calendar' && p.status === 'active');
  return { wordpress: parse(m[1]), tec: tec ? parse(String(tec.version)) : undefined };
}

/** Is a marker satisfied on this site? undefined for a marker of another product. */
function has(marker: string): boolean {
  const m = /^(WordPress|TEC) (\d+(?:\.\d+)*)$/.exec(marker);
  if (!m) throw new Error(`a version marker of an unknown form: '${marker}'`);
  const v = parse(m[2]);
  if (m[1] === 'WordPress') return cmp(releases.wordpress, v) >= 0;
  return releases.tec !== undefined && cmp(releases.tec, v) >= 0;
}

interface Finding {
  where: string;
  marker: string;
  present: boolean;
}

/** Walk a value along its schema: every marked property of every object met, present or not. */
function walk(schema: Json, value: unknown, where: string, out: Finding[], depth = 0): void {
  if (depth > 20 || schema === undefined || schema === null || typeof schema !== 'object') return;
  const s = deref(schema, doc);
  for (const sub of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(sub, value, where, out, depth + 1);
  if (Array.isArray(value) && s.items) {
    value.slice(0, 20).forEach((v, i) => walk(s.items, v, `${where}/${i}`, out, depth + 1));
    return;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || !s.properties) return;
  for (const [name, prop] of Object.entries<Json>(s.properties)) {
    const p = deref(prop, doc);
    const marker = prop['x-since'] ?? p['x-since'];
    const present = Object.hasOwn(value, name);
    if (marker) out.push({ where: `${where}/${name}`, marker, present });
    if (present) walk(prop, (value as Json)[name], `${where}/${name}`, out, depth + 1);
  }
}

const responseSchema = (method: string, path: string) => {
  const op = operations(doc).find((o) => o.method === method && o.path === path);
  if (!op) throw new Error(`no ${method} ${path} in the spec`);
  return deref(deref(op.op.responses['200'], doc).content['application/json'].schema, doc);
};

/** The records the check reads: spec route, query, and the response schema to walk. */
const READS: { path: string; query: Record<string, string>; auth: boolean; schema: [string, string]; calendar?: boolean }[] = [
  { path: '/', query: {}, auth: true, schema: ['get', '/'] },
  { path: '/core/v2/posts', query: { context: 'edit', per_page: '5' }, auth: true, schema: ['get', '/core/v2/posts'] },
  { path: '/core/v2/pages', query: { context: 'edit', per_page: '5' }, auth: true, schema: ['get', '/core/v2/pages'] },
  { path: '/core/v2/media', query: { context: 'edit', per_page: '5' }, auth: true, schema: ['get', '/core/v2/media'] },
  { path: '/core/v2/media', query: { per_page: '5' }, auth: false, schema: ['get', '/core/v2/media'] },
  { path: '/core/v2/menu-items', query: { context: 'edit', per_page: '5' }, auth: true, schema: ['get', '/core/v2/menu-items'] },
  { path: '/core/v2/templates', query: { context: 'edit' }, auth: true, schema: ['get', '/core/v2/templates'] },
  { path: '/core/v2/template-parts', query: { context: 'edit' }, auth: true, schema: ['get', '/core/v2/template-parts'] },
  {
    path: '/cal/events/v1/events',
    query: { per_page: '20', start_date: '2025-01-01 00:00:00' },
    auth: true,
    schema: ['get', '/cal/events/v1/events'],
    calendar: true,
  },
  { path: '/cal/events/v1/venues', query: { per_page: '20' }, auth: true, schema: ['get', '/cal/events/v1/venues'], calendar: true },
  { path: '/cal/events/v1/organizers', query: { per_page: '20' }, auth: true, schema: ['get', '/cal/events/v1/organizers'], calendar: true },
];

const findings: Finding[] = [];
beforeAll(async () => {
  releases = await siteReleases();
  for (const r of READS) {
    if (r.calendar && !releases.tec) continue;
    const res = await call('GET', r.path, { query: r.query, auth: r.auth });
    if (res.status !== 200) throw new Error(`GET ${r.path} answered ${res.status}`);
    walk(responseSchema(...r.schema), res.json, `GET ${r.path}${r.query.context ? ` (${r.query.context})` : ''}`, findings);
  }
}, 120_000);

describe(`version markers on ${SITE.baseUrl}`, () => {
  it("the site's releases are read from the site itself, and agree with the sandbox's record of them", () => {
    expect(releases.wordpress.length).toBeGreaterThanOrEqual(2);
    if (SITE.isSandbox) {
      expect(releases.wordpress.join('.')).toBe(parse(String(SITE.wordpress)).join('.'));
      expect(releases.tec?.join('.')).toBe(SITE.calendar ? parse(SITE.calendar).join('.') : undefined);
    }
  });

  it('the records meet marked fields (the check is not empty)', () => {
    expect(findings.length).toBeGreaterThan(10);
    expect(new Set(findings.map((f) => f.marker.split(' ')[0]))).toEqual(new Set(releases.tec ? ['WordPress', 'TEC'] : ['WordPress']));
  });

  it("no field marked since a newer release than the site's is sent", () => {
    const early = findings.filter((f) => f.present && !has(f.marker)).map((f) => `${f.where}: sent, but marked x-since ${f.marker}`);
    expect([...new Set(early)]).toEqual([]);
  });

  it("every field marked since the site's release or an older one is sent (unless its condition is not met)", () => {
    const missing = findings
      .filter((f) => !f.present && has(f.marker) && !CONDITIONAL[f.where.split('/').pop()!])
      .map((f) => `${f.where}: missing, though marked x-since ${f.marker}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  // WordPress declares every parameter it reads in the route's args. The calendar's marked parameters
  // (`password`, `context`) are read by its handlers without being declared, so the index cannot show
  // them: their markers are checked on behaviour (the contract run), not here.
  it("every WordPress-marked query parameter is in the site's index exactly when the site's release has it", async () => {
    const index = await call('GET', '/');
    const routes: Json = index.json.routes ?? {};
    const wrong: string[] = [];
    let checked = 0;
    for (const o of operations(doc)) {
      for (const p of o.params.map((x: Json) => deref(x, doc)).filter((x: Json) => x.in === 'query' && String(x['x-since'] ?? '').startsWith('WordPress '))) {
        // The caller maps the answer back to spec names: the index's route keys are the spec's too.
        const entry = Object.entries<Json>(routes).find(([route]) =>
          new RegExp(`^${route.replace(/\(\?P</g, '(?<')}$`).test(o.path.replace(/\{[^}]+\}/g, '1')),
        );
        if (!entry) continue; // a route the site does not have: nothing to compare
        const endpoint = (entry[1].endpoints ?? []).find((e: Json) => (e.methods ?? []).includes(o.method.toUpperCase()));
        if (!endpoint) continue;
        checked++;
        const declared = Object.hasOwn(endpoint.args ?? {}, p.name);
        if (declared !== has(p['x-since']))
          wrong.push(`${o.method.toUpperCase()} ${o.path} ${p.name}: ${declared ? 'declared' : 'not declared'} by the site, marked x-since ${p['x-since']}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});

describe(`marked routes on ${SITE.baseUrl}`, () => {
  // A route every operation of which carries `x-since` (pattern categories, WordPress 6.3; calendar
  // embeds, TEC 6.11.0) is in the site's index exactly when the site's release has it: the contract run
  // finds it absent from an older site's index and skips it (D204, D225).
  it("every route marked on all its operations is in the site's index exactly when the site's release has it", async () => {
    const index = await call('GET', '/');
    // The site's route keys as templates (`(?P<id>…)` -> `{}`), the way the drift report compares
    // them: a key's pattern may match more than its route (WordPress 6.1's `global-styles/(?P<id>[\/\w-]+)`
    // matches `global-styles/1/revisions`).
    // A key of the same template is the described route only if its pattern takes the spec's parameter
    // examples: WordPress 6.1 lists `templates/(?P<parent>[\d]+)/revisions`, for post ids, where 6.4's
    // route takes the template's `<theme>//<slug>`.
    const template = (route: string) => route.replace(/\{[^}]+\}/g, '{}');
    const keys = Object.keys(index.json.routes ?? {}).flatMap((key) => {
      const parsed = parseRoute(key);
      return parsed.route === undefined ? [] : [{ template: template(parsed.route), re: new RegExp(`^${key.replace(/\(\?P</g, '(?<')}$`) }];
    });
    const samples = new Map<string, string>();
    for (const o of operations(doc)) {
      const params = o.params.map((x: Json) => deref(x, doc)).filter((x: Json) => x.in === 'path');
      const value = (name: string) => {
        const p = params.find((x: Json) => x.name === name);
        return String(p?.example ?? p?.schema?.example ?? '1');
      };
      samples.set(
        o.path,
        o.path.replace(/\{([^}]+)\}/g, (_m: string, name: string) => value(name)),
      );
    }
    const listedBySite = (path: string) => keys.some((k) => k.template === template(path) && k.re.test(samples.get(path) ?? path));
    const byPath = new Map<string, string[]>();
    for (const o of operations(doc)) byPath.set(o.path, [...(byPath.get(o.path) ?? []), String(o.op['x-since'] ?? '')]);
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, markers] of byPath) {
      if (markers.some((m) => m === '') || new Set(markers).size !== 1) continue;
      checked++;
      const listed = listedBySite(path);
      if (listed !== has(markers[0])) wrong.push(`${path}: ${listed ? 'listed' : 'not listed'} by the site, marked x-since ${markers[0]}`);
    }
    expect(checked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});

describe(`list values of media_type and mime_type on ${SITE.baseUrl} (x-since WordPress 6.9 on the list member)`, () => {
  // A comma list of MIME types is a plain string that WordPress splits on every release; the list (array)
  // form is what 6.9 added, so it is sent with PHP brackets here.
  it.each([
    ['media_type', 'image,video'],
    ['mime_type[]', 'image/png'],
  ])('%s=%s is accepted exactly from WordPress 6.9', async (name, value) => {
    const a = await call('GET', '/core/v2/media', { query: { [name]: value, _fields: 'id' } });
    if (has('WordPress 6.9')) expect(a.status).toBe(200);
    else {
      expect(a.status).toBe(400);
      expect(a.json.code).toBe('rest_invalid_param');
    }
  });
});
