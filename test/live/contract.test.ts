// The contract CLI against a real WordPress (each site of the sandbox's matrix in turn, or WP_BASE_URL
// with WP_USER and WP_APP_PASSWORD), without any --map but the add-ons' (the mapping is detected from
// the site's index), in strict mode: a read-only run and a run with --allow-writes must both pass for
// every operation of the core namespace, the site index, batch, oEmbed, (where the site has the
// calendar plugin) the calendar and (where it has them) the add-ons that run for real, every negative probe must see the documented error, no record may be left behind (the
// run's own audit, and on a sandbox site the record counts read directly from its database before and
// after), and the drift report must equal the site's committed fixture
// (test/fixtures/drift/<site>.json; rewrite it with UPDATE_DRIFT_FIXTURE=1 after a reviewed spec
// change). An unreachable site fails the suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseRoute, routeKey } from '../../cli/lib/routes.js';
import { FESTIVAL_PLATFORM } from '../../src/mapping.js';
import { adminCredentials, caller, liveSite } from '../support/site.js';
import { operations, ROOT, type Json } from '../support/spec.js';

const LIVE = liveSite();
/** Does the site run the calendar plugin? Known on a sandbox site; else read from the site's index. */
const HAS_CALENDAR = LIVE.calendar !== undefined ? LIVE.calendar !== null : await hasNamespace(LIVE.baseUrl, 'tribe/events/v1');
/**
 * The add-ons that run for real (sandbox wp71, D194), spec name -> real name (addon-facts.md): given
 * with --map until the default mapping knows them. Their writes are sent only as requests WordPress
 * refuses before the add-on's code runs (D196).
 */
const ADDONS: Record<string, string> = {
  'forms/v1': 'forminator/v1',
  'connector/v1': 'hub-connector/v1',
  'crosssell/v1': 'wpmudev_pcs/v1',
  'survey/v1': 'nps-survey/v1',
};
const HAS_ADDONS = LIVE.isSandbox ? Boolean(LIVE.env.addons?.forminator) : await hasNamespace(LIVE.baseUrl, 'forminator/v1');
const NAMESPACES = ['core/v2', '(index)', 'batch/v1', 'oembed/1.0', ...(HAS_CALENDAR ? ['cal/events/v1'] : []), ...(HAS_ADDONS ? Object.keys(ADDONS) : [])];
const ADDON_MAP = HAS_ADDONS ? Object.entries(ADDONS).flatMap(([spec, site]) => ['--map', `${spec}=${site}`]) : [];
const FIXTURE = join(ROOT, 'test', 'fixtures', 'drift', `${LIVE.name ?? 'wp61'}.json`);

/** `6.6.4.2` -> [6, 6, 4, 2] (a Debian suffix such as `+dfsg1` ends it). */
const release = (v: string): number[] =>
  v
    .split(/[+~-]/)[0]
    .split('.')
    .map((x) => Number.parseInt(x, 10));
/** Does the `x-since` marker name a release newer than the site's? A site without the calendar is older
 *  than every TEC release; where the site's release is not known (not a sandbox site), any marker counts. */
function newerThanSite(marker: unknown): boolean {
  const m = /^(WordPress|TEC) (\d+(?:\.\d+)*)$/.exec(String(marker ?? ''));
  if (!m) return false;
  const site = m[1] === 'WordPress' ? LIVE.wordpress : HAS_CALENDAR ? LIVE.calendar : null;
  if (site === null || site === undefined) return true;
  const [a, b] = [release(site), release(m[2])];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

async function hasNamespace(baseUrl: string, ns: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(20_000) });
  const index = (await res.json()) as Json;
  return Array.isArray(index.namespaces) && index.namespaces.includes(ns);
}

function site() {
  const { user, appPassword: password } = adminCredentials(LIVE, 'the contract run');
  return { baseUrl: LIVE.baseUrl, user, password };
}
const SITE = site();

/** The site's records counted in its database (sandbox sites only; scripts/sandbox/count.sh). */
function dbCounts(): Json {
  const r = spawnSync('bash', [join(ROOT, 'scripts', 'sandbox', 'count.sh'), LIVE.name!], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`counting the records of ${LIVE.name} in its database failed: ${r.stderr.trim()}`);
  return JSON.parse(r.stdout);
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  report: Json;
}
const dirs: string[] = [];
function contract(...args: string[]): Run {
  const ns = NAMESPACES.flatMap((n) => ['--namespace', n]);
  return cli('--strict', ...ns, ...ADDON_MAP, ...args);
}
/** The contract command as the README gives it (no --map), plus `args`. */
function cli(...args: string[]): Run {
  const out = mkdtempSync(join(tmpdir(), 'contract-live-'));
  dirs.push(out);
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), 'contract', '--base-url', SITE.baseUrl, '--out', out, '--quiet', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, WP_USER: SITE.user, WP_APP_PASSWORD: SITE.password },
  });
  if (r.status === 2) throw new Error(`contract could not run against ${SITE.baseUrl} (exit 2): ${r.stderr.trim()}`);
  const file = join(out, 'report.json');
  if (!existsSync(file)) throw new Error(`contract wrote no report (exit ${r.status}): ${r.stderr.trim()}`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, report: JSON.parse(readFileSync(file, 'utf8')) };
}

const OPS = operations().filter((o) => {
  const ns = o.path === '/' ? '(index)' : NAMESPACES.find((n) => n !== '(index)' && (o.path === `/${n}` || o.path.startsWith(`/${n}/`)));
  return Boolean(ns);
});
const failures = (op: Json) =>
  op.checks
    .filter((c: Json) => !c.ok)
    .map((c: Json) => `${c.name}: ${c.request?.method} ${c.request?.url} -> ${c.status}${c.code ? ` ${c.code}` : ''}\n  ${c.errors.join('\n  ')}`)
    .join('\n');

/** The site's own index: its core routes as regular expressions on the site's names, and as templates. */
const SITE_KEYS: string[] = await (async () => {
  const index = (await (await fetch(`${SITE.baseUrl}/`, { signal: AbortSignal.timeout(20_000) })).json()) as Json;
  return Object.keys(index.routes ?? {}).filter((k) => k.startsWith('/wp/v2'));
})();
// The platform's route keys are PCRE: named groups are `(?P<name>…)`, JavaScript's `(?<name>…)`.
const SITE_ROUTES = SITE_KEYS.map((k) => ({ re: new RegExp(`^${k.replace(/\(\?P</g, '(?<')}$`), segments: normaliseRoute(k).split('/').length }));
/** The same routes as templates (`/wp/v2/templates/{id}`), for parameters no sample value fits (`<theme>//<slug>`, `core/archives`). */
const SITE_TEMPLATES = new Set(SITE_KEYS.map((k) => routeKey(normaliseRoute(k))));
/** Does the site's index list this spec route (`/core/v2/tribe_events/{id}` as `/wp/v2/tribe_events/1`)? */
function siteHasRoute(path: string): boolean {
  if (!/^\/core\/v2(\/|$)/.test(path)) return true;
  const template = path.replace(/^\/core\/v2(?=\/|$)/, '/wp/v2');
  // A key's pattern may take more segments than its route (WordPress 6.1's `global-styles/(?P<id>[\/\w-]+)`
  // takes `global-styles/1/revisions`): a match counts for a route of as many segments.
  const segments = template.split('/').length;
  return SITE_ROUTES.some((r) => r.segments === segments && r.re.test(template.replace(/\{[^}]+\}/g, '1'))) || SITE_TEMPLATES.has(routeKey(template));
}
/**
 * The operations a run with writes leaves alone by design, with the reason it reports (a skip for
 * another reason, or a pass, fails): writes that would change what the run did not create, and
 * reads of records the sandbox sites have none of and the run may not make.
 */
const NOT_EXERCISED: { path: RegExp; methods: string[]; reason: RegExp }[] = [
  // Application passwords: the run never creates one (a second live credential) and never revokes them all (D238).
  {
    path: /^\/core\/v2\/users\/\{user_id\}\/application-passwords(\/\{uuid\})?$/,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    reason: /^(never sent: .*D238\)|no write sequence covers this operation)$/,
  },
  // Plugins: never installed, activated, deactivated or deleted (D239).
  { path: /^\/core\/v2\/plugins(\/\{plugin\})?$/, methods: ['POST', 'PUT', 'PATCH', 'DELETE'], reason: /^never sent: .*D239\)$/ },
  // The active theme's global styles, the sidebars and the widgets in them, the templates: the site's, not the run's (D228, D231, D236).
  {
    path: /^\/core\/v2\/(global-styles|sidebars|widgets|templates|template-parts)\/\{id\}$/,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    reason: /^no write sequence covers this operation$/,
  },
  // The block renderer's POST and a widget type's encode and render: previews the run does not send (D234, D236).
  { path: /^\/core\/v2\/block-renderer\/\{name\}$/, methods: ['POST'], reason: /^no write sequence covers this operation$/ },
  { path: /^\/core\/v2\/widget-types\/\{id\}\/(encode|render)$/, methods: ['POST'], reason: /^no sequence creates a record for it and no real id: / },
  // No stored template, global styles record or font collection on the sandbox has revisions, autosaves or data (D228, D230, D240).
  {
    path: /^\/core\/v2\/(templates|template-parts)\/(\{parent\}\/(revisions|autosaves)(\/\{id\})?|\{id\}\/autosaves)$/,
    methods: ['GET', 'POST', 'DELETE'],
    reason: /^(no sequence creates a record for it and )?no real id: no record of \/core\/v2\/(templates|template-parts) has (revisions|autosaves) /,
  },
  {
    path: /^\/core\/v2\/global-styles\/\{parent\}\/revisions\/\{id\}$/,
    methods: ['GET'],
    reason: /^no real id: the site's list \/core\/v2\/global-styles\/\d+\/revisions is empty$/,
  },
  { path: /^\/core\/v2\/font-collections\/\{slug\}$/, methods: ['GET'], reason: /^no real id: the site's list \/core\/v2\/font-collections is empty$/ },
];
/**
 * The operations a run with writes does not pass on every site, and why: the settings are never
 * written (DECISIONS.md D203); a theme without menu locations (the sandbox's block themes) has no
 * location to read; a route the site's index lacks (the calendar's post types without the calendar)
 * is not on this site.
 */
function exemptFromWrites(method: string, path: string): [string, string] | undefined {
  if (!siteHasRoute(path))
    return method === 'GET'
      ? ['not-reachable', "not on this site: the site's index does not list this route"]
      : ['skipped', "the site's index does not list this route and method"];
  if (path === '/core/v2/menu-locations/{location}') return ['skipped', "no real id: the site's list /core/v2/menu-locations is empty"];
  return undefined;
}
/** The reason pattern of an operation the run leaves alone by design (NOT_EXERCISED), if it is one. */
const notExercised = (method: string, path: string): RegExp | undefined => NOT_EXERCISED.find((n) => n.methods.includes(method) && n.path.test(path))?.reason;

let readOnly: Run;
let withWrites: Run;
let readme: Run;
let readmeWrites: Run;
// The README's write run is recorded as HAR (contract --record) and the recording is judged by the
// product's own validate-har --strict: the round trip a user makes when attaching a run to a bug report.
const RECORDING = join(mkdtempSync(join(tmpdir(), 'contract-har-')), 'run.har');
dirs.push(dirname(RECORDING));
let countsBefore: Json;
let countsAfter: Json;
/**
 * Reads that make records the first time anyone sends them, so the run's own reads would count as
 * records it left behind on a fresh site; each is sent once before counting.
 * - The active theme: WordPress makes its global styles record (`wp_global_styles`) the first time a
 *   user reads it (`WP_REST_Themes_Controller::prepare_links`), DECISIONS D227.
 * - The block templates: the calendar stores its two (`tec//archive-events`, `tec//single-event`,
 *   with a `wp_theme` term `tec`) the first time anyone lists them (`Block_Templates\Controller` on
 *   `get_block_templates`, `Template_Utils::save_block_template`), DECISIONS D252.
 */
const FIRST_READS: { path: string; query: Record<string, string> }[] = [
  { path: '/core/v2/themes', query: { status: 'active' } },
  { path: '/core/v2/templates', query: { context: 'edit' } },
];
async function readWhatMakesRecords(): Promise<void> {
  const call = caller({ ...LIVE, user: SITE.user, appPassword: SITE.password }, FESTIVAL_PLATFORM);
  for (const { path, query } of FIRST_READS.filter((r) => siteHasRoute(r.path))) {
    const res = await call('GET', path, { query, auth: true });
    if (res.status !== 200) throw new Error(`reading ${path} before counting the records answered ${res.status}`);
  }
}
beforeAll(async () => {
  if (LIVE.isSandbox) {
    await readWhatMakesRecords();
    countsBefore = dbCounts();
  }
  readOnly = contract();
  withWrites = contract('--allow-writes');
  readme = cli('--strict');
  readmeWrites = cli('--strict', '--allow-writes', '--record', RECORDING);
  if (LIVE.isSandbox) countsAfter = dbCounts();
}, 1_200_000);
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe(`contract, read-only, strict, on ${SITE.baseUrl}`, () => {
  it(`checks the core namespace, the site index, batch and oEmbed${HAS_CALENDAR ? ', the calendar' : ''}${HAS_ADDONS ? ' and the add-ons' : ''}`, () => {
    expect(OPS.length).toBeGreaterThan(20);
    expect(readOnly.report.operations.map((o: Json) => `${o.method} ${o.path}`).sort()).toEqual(OPS.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort());
  });

  it.each(OPS.map((o) => [o.id, o.method.toUpperCase(), o.path]))('%s (%s %s)', (id, method, path) => {
    const op = readOnly.report.operations.find((x: Json) => x.method === method && x.path === path);
    expect(op, id).toBeDefined();
    if (method === 'GET') {
      // A read the site has no data for (e.g. a page with revisions) is checked by the write run.
      if (op.verdict === 'skipped') expect(op.reason).toMatch(/^no real id: /);
      else if (!siteHasRoute(path)) expect([op.verdict, op.reason]).toEqual(['not-reachable', "not on this site: the site's index does not list this route"]);
      else expect(op.verdict, failures(op)).toBe('passed');
    } else {
      expect([op.verdict, op.reason]).toEqual(['skipped', 'write operation: not run without --allow-writes (read-only run)']);
      expect(op.checks).toEqual([]);
    }
  });

  it('exits 0', () => {
    expect(readOnly.code, readOnly.stdout).toBe(0);
  });
});

describe(`contract, --allow-writes, strict, on ${SITE.baseUrl}`, () => {
  it.each(OPS.map((o) => [o.id, o.method.toUpperCase(), o.path]))('%s (%s %s) passes', (id, method, path) => {
    const op = withWrites.report.operations.find((x: Json) => x.method === method && x.path === path);
    expect(op, id).toBeDefined();
    const exempt = exemptFromWrites(method, path);
    const alone = notExercised(method, path);
    if (exempt) expect([op.verdict, op.reason], failures(op)).toEqual(exempt);
    else if (alone) {
      expect(op.verdict, failures(op)).toBe('skipped');
      expect(op.reason).toMatch(alone);
    } else expect(op.verdict, `${op.reason ?? ''}\n${failures(op)}`).toBe('passed');
  });

  if (HAS_ADDONS)
    it("sends the add-ons' writes only as requests WordPress refuses before the add-on's code runs (401, 400), or the refusal of an application password by a cookie-nonce-only operation (D218)", () => {
      const writes = withWrites.report.operations.filter((o: Json) => o.namespace in ADDONS && o.method !== 'GET');
      expect(writes.length).toBeGreaterThanOrEqual(14);
      // An operation whose security lists only cookie-nonce: the run also sends the application password, which it must refuse (403, or 200 success:false).
      const all = operations();
      const nonceOnly = (o: Json) => {
        const sec: Json[] = all.find((x) => x.method === o.method.toLowerCase() && x.path === o.path)?.op.security ?? [{}];
        return sec.length > 0 && sec.every((r) => Object.keys(r).join() === 'cookie-nonce');
      };
      let refusals = 0;
      for (const o of writes) {
        expect(o.checks.length, `${o.method} ${o.path}`).toBeGreaterThan(0);
        const refusal = (c: Json) => nonceOnly(o) && c.name.startsWith('probe: application password') && c.ok && [403, 200].includes(c.status);
        refusals += o.checks.filter(refusal).length;
        expect(
          o.checks
            .filter((c: Json) => !refusal(c))
            .map((c: Json) => [c.kind, c.status])
            .filter(([kind, status]: [string, number]) => kind !== 'probe' || ![400, 401].includes(status)),
          `${o.method} ${o.path}`,
        ).toEqual([]);
      }
      // The survey library's two actions are the site's cookie-nonce-only writes.
      expect(refusals).toBe(writes.filter(nonceOnly).length);
      expect(refusals).toBeGreaterThanOrEqual(2);
    });

  it("sends the settings' writes only as requests WordPress refuses before the settings change (400, 401: D203)", () => {
    const writes = withWrites.report.operations.filter((o: Json) => o.path === '/core/v2/settings' && o.method !== 'GET');
    expect(writes.length).toBe(3);
    for (const o of writes) {
      expect(o.checks.length, `${o.method} ${o.path}`).toBeGreaterThan(0);
      expect(
        o.checks.map((c: Json) => [c.kind, c.status]).filter(([kind, status]: [string, number]) => kind !== 'probe' || ![400, 401].includes(status)),
        `${o.method} ${o.path}`,
      ).toEqual([]);
    }
  });

  it('every negative probe saw the documented error', () => {
    const probes = withWrites.report.operations.flatMap((o: Json) => o.checks.filter((c: Json) => c.kind === 'probe').map((c: Json) => ({ op: o.id, ...c })));
    expect(probes.length).toBeGreaterThan(50);
    expect(probes.filter((p: Json) => !p.ok).map((p: Json) => `${p.op} ${p.name}: ${p.status} ${p.errors.join('; ')}`)).toEqual([]);
    for (const kind of ['missing required', 'wrong type', 'out-of-range per_page', 'bad enum', 'non-existent', 'unauthenticated']) {
      expect(
        probes.some((p: Json) => p.name.includes(kind)),
        kind,
      ).toBe(true);
    }
  });

  it('leaves no record behind and loses none (X-WP-Total with status=any before and after)', () => {
    const r = withWrites.report.records;
    expect(r.created.length).toBeGreaterThanOrEqual(5);
    expect(r.leftBehind).toEqual([]);
    expect(r.foreignWrites).toEqual([]);
    // Counts match, except for what other clients of the shared site did meanwhile (listed by id).
    for (const [collection, n] of Object.entries<number>(r.before)) {
      const f = r.foreign.find((x: Json) => x.collection === collection) ?? { appeared: [], disappeared: [] };
      expect(r.after[collection] - n, collection).toBe(f.appeared.length - f.disappeared.length);
    }
    for (const c of r.created) expect(c.title).toMatch(/contract-run/);
  });

  it('exits 0', () => {
    expect(withWrites.code, withWrites.stdout).toBe(0);
  });
});

// Defined only where the database can be read (a sandbox site): elsewhere there is nothing to count.
if (LIVE.isSandbox)
  describe("the site's database, before the first run and after the last", () => {
    it('holds exactly the records it held: posts by type and status, terms, comments, users, meta', () => {
      expect(countsAfter).toEqual(countsBefore);
      expect(countsBefore.posts['post/publish']).toBeGreaterThanOrEqual(12);
    });
  });

describe("the README's commands, the whole spec, no --map", () => {
  it('detect the mapping from the site index and print it', () => {
    // The namespaces the site has, the add-ons' included (the default mapping knows their real names, D187).
    const detected: Record<string, string> = {
      'core/v2': 'wp/v2',
      ...(HAS_CALENDAR ? { 'cal/events/v1': 'tribe/events/v1' } : {}),
      ...(HAS_ADDONS ? ADDONS : {}),
    };
    const pairs = Object.entries(detected)
      .map(([spec, site]) => `${spec}=${site}`)
      .join(', ');
    expect(readme.stderr).toContain(`contract: mapping: ${pairs} (detected from the site index`);
    expect(readme.report.mapping.namespaces).toEqual(detected);
  });

  it('read-only exits 0; the namespaces the site lacks are one line each', () => {
    expect(readme.code, readme.stdout).toBe(0);
    if (HAS_CALENDAR) expect(readme.stdout).not.toMatch(/not reachable on this site \d+ operations: GET \/cal\/events\/v1 /);
    else expect(readme.stdout).toMatch(/^ {2}not reachable on this site 52 operations: GET \/cal\/events\/v1 answered 404 rest_no_route$/m);
  });

  it('--allow-writes exits 0, writes only to namespaces the site has, leaves 0 records behind', () => {
    expect(readmeWrites.code, readmeWrites.stdout).toBe(0);
    const r = readmeWrites.report.records;
    expect(r.created.length).toBeGreaterThanOrEqual(5);
    expect(r.leftBehind).toEqual([]);
    expect(r.foreignWrites).toEqual([]);
    expect(r.suspects).toEqual([]);
    const cal = readmeWrites.report.operations.filter((o: Json) => o.namespace === 'cal/events/v1');
    if (HAS_CALENDAR) {
      // The calendar's write sequences ran against the real plugin, and every operation passed.
      expect(cal.filter((o: Json) => o.verdict !== 'passed').map((o: Json) => `${o.method} ${o.path}: ${o.verdict} ${o.reason ?? ''}\n${failures(o)}`)).toEqual(
        [],
      );
      expect(r.created.filter((c: Json) => c.path.startsWith('/cal/events/v1/')).length).toBeGreaterThanOrEqual(5);
      expect(r.trashed).toEqual([]);
    } else expect(cal.every((o: Json) => o.verdict === 'not-reachable' && o.checks.length === 0)).toBe(true);
  });
});

/**
 * The drift report without what changes by the minute: the calendar declares the defaults of
 * `start_date` and `end_date` as dates computed from the current time (now, two years ahead), so the
 * site's value of such a default finding is replaced by a mark before comparing with the fixture.
 */
function stableDrift(drift: Json): Json {
  const copy = structuredClone(drift);
  for (const f of copy.params ?? []) {
    if (f.kind === 'default' && typeof f.site === 'string' && /^\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?$/.test(f.site))
      f.site = '<a date computed from the current time>';
  }
  return copy;
}

describe('drift report', () => {
  it(`equals the committed fixture of the site (${FIXTURE.slice(ROOT.length + 1)})`, () => {
    const drift = stableDrift(withWrites.report.drift);
    if (process.env.UPDATE_DRIFT_FIXTURE) writeFileSync(FIXTURE, `${JSON.stringify(drift, null, 2)}\n`);
    expect(drift).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')));
  });

  // The stock 6.1 site only: its differences are the ones named here.
  if (!HAS_CALENDAR)
    it('names the known version differences of an older site as such', () => {
      const drift = withWrites.report.drift;
      const absent = Object.fromEntries(drift.paramsAbsentFromSite.map((p: Json) => [p.param, p.known]));
      expect(absent.search_semantics).toMatch(/after WordPress 6\.1/);
      expect(absent.search_columns).toMatch(/after WordPress 6\.1/);
      expect(drift.params.some((f: Json) => f.param === 'meta' && /footnotes/.test(f.known ?? ''))).toBe(true);
    });

  it("separates the spec's namespaces from the site's other namespaces", () => {
    const drift = withWrites.report.drift;
    if (HAS_CALENDAR) expect(drift.specNamespacesAbsent.map((x: Json) => x.namespace)).not.toContain('cal/events/v1');
    else expect(drift.specNamespacesAbsent.map((x: Json) => x.namespace)).toContain('cal/events/v1');
    // No spec route is missing on a site that has its namespace, but the calendar's post types under
    // core/v2 on a site without the calendar, and a route every operation of which is marked newer than
    // the site (`x-since: WordPress 6.3`: the reusable blocks' pattern categories on WordPress 6.1;
    // `x-since: TEC 6.11.0`: the calendar embeds on TEC 6.6.4.2 and on a site without the calendar).
    const marked = (route: string) => {
      const ops = operations().filter((o) => o.path === route);
      return ops.length > 0 && ops.every((o) => newerThanSite(o.op['x-since']));
    };
    const missing = drift.routes.specOnly.filter((r: Json) => (HAS_CALENDAR || !/^\/core\/v2\/tribe_/.test(r.route)) && !marked(r.route));
    expect(missing).toEqual([]);
    expect(drift.summary.specOnlyRoutes).toBe(drift.routes.specOnly.length);
    expect(drift.siteOtherNamespaces.map((x: Json) => x.namespace)).toEqual(expect.arrayContaining(['wp-site-health/v1', 'wp-block-editor/v1']));
  });
});

describe('round trip: contract --record, then validate-har --strict', () => {
  let har: Json;
  let judged: { code: number | null; stdout: string; stderr: string; report: Json };
  beforeAll(() => {
    har = JSON.parse(readFileSync(RECORDING, 'utf8'));
    const out = mkdtempSync(join(tmpdir(), 'validate-har-live-'));
    dirs.push(out);
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), 'validate-har', RECORDING, '--strict', '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    });
    judged = { code: r.status, stdout: r.stdout, stderr: r.stderr, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) };
  }, 600_000);

  it('the recording is HAR 1.2 with every exchange of the run, credentials redacted', () => {
    expect(har.log.version).toBe('1.2');
    const checks = readmeWrites.report.operations.reduce((n: number, o: Json) => n + o.checks.length, 0);
    expect(har.log.entries.length).toBeGreaterThanOrEqual(checks);
    const text = readFileSync(RECORDING, 'utf8');
    const b64 = Buffer.from(`${SITE.user}:${SITE.password}`).toString('base64');
    for (const secret of [SITE.password, b64, encodeURIComponent(SITE.password!)]) expect(text.includes(secret!)).toBe(false);
    const auth = har.log.entries.flatMap((e: Json) =>
      e.request.headers.filter((h: Json) => h.name.toLowerCase() === 'authorization').map((h: Json) => h.value),
    );
    expect(auth.length).toBeGreaterThan(0);
    expect(new Set(auth)).toEqual(new Set(['Basic [redacted]']));
  });

  it('every in-scope entry conforms in strict mode (exit 0)', () => {
    const bad = (judged.report.entries ?? []).filter((e: Json) => e.verdict !== 'conforms').slice(0, 10);
    expect(judged.code, `${judged.stdout}\n${judged.stderr}\n${JSON.stringify(bad, null, 1)}`).toBe(0);
    expect(judged.stdout).toMatch(/ 0 do not conform/);
    expect(judged.stdout).toMatch(/ [1-9][0-9]+ in scope/);
  });
});
