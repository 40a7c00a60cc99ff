// The docs' request samples (scripts/code-samples.ts) are right for both namings: the mock's curl
// calls the spec's route on the mock; the real site's curl calls the same request with the platform's
// names (its URL is exactly mapPath/mapQueryString of the mock's, a batch item's path mapped, every
// other line the same) and no neutral name is left in it; the typed client's sample targets a real
// site with the platform's mapping; and every client sample compiles under strict against the
// client's source, imported as a user imports the package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FESTIVAL_PLATFORM, mapFields, mapPath, mapQueryString, mapRoutePath } from '../../core/mapping.ts';
import { clientSample, curlSample, MOCK_URL, operationsOf, SITE_URL } from '../../scripts/code-samples.ts';
import { bundle, ROOT } from '../support/spec.js';

const doc = bundle();
const ops = operationsOf(doc);
const samples = ops.map((o) => ({
  o,
  name: `${o.method.toUpperCase()} ${o.path}`,
  mock: curlSample(doc, o, 'mock'),
  site: curlSample(doc, o, 'site'),
  client: clientSample(doc, o),
}));

/** The URL of a curl sample (its first line: `curl -X METHOD '<url>'`). */
function urlOf(curl: string): string {
  const m = /^curl -X [A-Z]+ '([^']*)'/.exec(curl);
  if (!m) throw new Error(`not a curl sample: ${curl.slice(0, 80)}`);
  return m[1];
}

/** The JSON body of a curl sample (`-d '…'`), or undefined. */
function bodyOf(curl: string): unknown {
  const m = /\n {2}-d '([\s\S]*)'$/.exec(curl);
  return m ? JSON.parse(m[1].replace(/'\\''/g, "'")) : undefined;
}

/** Every line but the URL and the body. */
const otherLines = (curl: string): string[] =>
  curl
    .replace(/\n {2}-d '[\s\S]*'$/, '')
    .split(' \\\n')
    .slice(1);

// The names a real site spells otherwise, each with where it stands: a renamed namespace where a
// route starts (after the REST root, the mock's port, `rest_route=` or a batch item's quote:
// `/slider` is not `/sliderrevolution`, nor `/installer/v1` the end of `/otgs/installer/v1`), a renamed
// route segment after a slash, a parameter as a whole name (`ml_job_id` is not the end of
// `wpml_job_id`). A path template's parameter (`{mlJobId}`) never reaches a URL, which holds its value.
const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const templateNames = Object.values(FESTIVAL_PLATFORM.segments ?? {}).flatMap((t) =>
  Object.keys(t)
    .filter((x) => x.startsWith('{'))
    .map((x) => x.slice(1, -1)),
);
const neutral: { name: string; re: RegExp }[] = [
  ...Object.entries(FESTIVAL_PLATFORM.namespaces)
    .filter(([spec, site]) => spec !== site)
    .map(([ns]) => ({ name: `/${ns}`, re: new RegExp(`(?<=wp-json|rest_route=|"|:\\d+)/${esc(ns)}(?![\\w-])`) })),
  ...Object.values(FESTIVAL_PLATFORM.segments ?? {}).flatMap((t) =>
    Object.keys(t)
      .filter((x) => !x.startsWith('{'))
      .map((x) => ({ name: x, re: new RegExp(`(?<=/)${esc(x)}(?![\\w-])`) })),
  ),
  ...Object.keys(FESTIVAL_PLATFORM.params)
    .filter((p) => !templateNames.includes(p))
    .map((p) => ({ name: p, re: new RegExp(`(?<![\\w-])${esc(p)}(?![\\w-])`) })),
];

describe('curl samples in both namings', () => {
  it('the mock sample calls the spec route on the mock', () => {
    for (const { o, name, mock } of samples) {
      const url = new URL(urlOf(mock));
      expect(url.origin, name).toBe(MOCK_URL);
      const template = new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      expect(url.pathname, name).toMatch(template);
    }
  });

  it("the real site's URL is mapPath and mapQueryString of the mock's, under the site's REST root", () => {
    for (const { name, mock, site } of samples) {
      const route = urlOf(mock).slice(MOCK_URL.length);
      const q = route.indexOf('?');
      const path = q < 0 ? route : route.slice(0, q);
      const query = q < 0 ? '' : route.slice(q + 1);
      const expected = `${SITE_URL}${mapPath(path, FESTIVAL_PLATFORM, 'toSite')}${query ? `?${mapQueryString(query, FESTIVAL_PLATFORM, 'toSite')}` : ''}`;
      expect(urlOf(site), name).toBe(expected);
    }
  });

  it("the real site's body has its field names mapped (a batch item's path too) and its other lines are the mock's", () => {
    for (const { o, name, mock, site } of samples) {
      expect(otherLines(site), name).toEqual(otherLines(mock));
      const body = bodyOf(mock) as { requests?: { path: string }[] } | undefined;
      const expected =
        o.path === '/batch/v1' && body?.requests
          ? { ...body, requests: body.requests.map((r) => ({ ...r, path: mapRoutePath(r.path, FESTIVAL_PLATFORM, 'toSite') })) }
          : mapFields(body, FESTIVAL_PLATFORM, 'toSite');
      expect(bodyOf(site), name).toEqual(expected);
    }
  });

  it('no real-site curl sample holds a neutral name', () => {
    for (const { name, site } of samples) for (const n of neutral) expect(n.re.test(site), `${name}: ${n.name}`).toBe(false);
  });

  it('the samples exercise every renamed name (so the checks above are not vacuous)', () => {
    const all = samples.map((s) => s.mock).join('\n');
    for (const n of neutral) expect(n.re.test(all), n.name).toBe(true);
    const batch = samples.find((s) => s.o.method === 'post' && s.o.path === '/batch/v1');
    expect(bodyOf(batch!.mock)).toMatchObject({
      requests: expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/^\/core\/v2\//) })]),
    });
  });
});

describe('typed client samples', () => {
  it("call the spec's route on a real site, passing the platform's mapping", () => {
    for (const { o, name, client } of samples) {
      expect(client, name).toContain(`import { `);
      expect(client, name).toMatch(/import \{[^}]*\bFESTIVAL_PLATFORM\b[^}]*\} from 'festival-site-api';/);
      expect(client, name).toContain(`  baseUrl: '${SITE_URL}',`);
      expect(client, name).toMatch(/\n {2}mapping: FESTIVAL_PLATFORM,/);
      expect(client, name).toContain(`site.${o.method.toUpperCase()}('${o.path}'`);
    }
  });

  const work = join(ROOT, 'test-output');
  mkdirSync(work, { recursive: true });
  const dir = mkdtempSync(join(work, 'samples-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('every client sample compiles under strict, importing festival-site-api (a broken control file fails)', () => {
    samples.forEach(({ name, client }, i) => writeFileSync(join(dir, `sample-${i}.ts`), `// ${name}\n${client}\n`));
    // The control: a sample with an unknown route must be the only file that fails.
    const control = samples[0].client.replace(/site\.([A-Z]+)\('[^']*'/, "site.$1('/core/v2/no-such-route'");
    writeFileSync(join(dir, 'control.ts'), control);
    const tsconfig = {
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: { noEmit: true, paths: { 'festival-site-api': [join(ROOT, 'src', 'index.ts')] } },
      include: ['*.ts'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    const res = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 240_000,
    });
    const errors = `${res.stdout}${res.stderr}`.split('\n').filter((l) => /error TS\d+/.test(l));
    expect(errors.length, 'the control file fails').toBeGreaterThan(0);
    expect(errors.filter((l) => !l.includes('control.ts'))).toEqual([]);
    expect(res.status).not.toBe(0);
  }, 240_000);
});
