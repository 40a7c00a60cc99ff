// The add-ons that run for real (Forminator 1.53.2 with its hub connector and cross-sell module, the
// NPS Survey library 1.0.16) against a real WordPress: on a site that has them (the sandbox's wp71,
// DECISIONS D194; or WP_BASE_URL whose index lists them) every call the fact sheet names is made
// through the spec's names, each answer mapped back and validated strictly against the spec, with
// only calls that change nothing (D196): previews of the seeded form, poll and quiz; the connector's
// sync and logout while it is not logged in; the cross-sell install of a plugin the site already runs
// (400) and the activation of an active one; the survey's routes with an application password (refused
// by the library's own nonce check). On a sandbox site the records in its database are counted before
// and after. On a site without them, their namespaces are absent: 404 `rest_no_route`, never a failure.
// The mapping is given here (the real names, addon-facts.md) until the default mapping knows them.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapPath, parseMapping, WORDPRESS } from '../../src/mapping.js';
import { caller, liveSite, type Answer, type CallOptions } from '../support/site.js';
import { ROOT, type Json } from '../support/spec.js';
import { conforms } from '../support/conforms.js';

const SITE = liveSite();
/** The four add-on namespaces that run here, spec name -> real name (addon-facts.md). */
const ADDONS: Record<string, string> = {
  'forms/v1': 'forminator/v1',
  'connector/v1': 'hub-connector/v1',
  'crosssell/v1': 'wpmudev_pcs/v1',
  'survey/v1': 'nps-survey/v1',
};
const MAPPING = parseMapping(
  Object.entries(ADDONS).map(([spec, site]) => `${spec}=${site}`),
  WORDPRESS,
);
const call = caller(SITE, MAPPING);
const anonymous = caller({ ...SITE, user: undefined, appPassword: undefined }, MAPPING);

async function siteIndex(): Promise<Json> {
  const res = await fetch(`${SITE.baseUrl}/`, { signal: AbortSignal.timeout(20_000), headers: { Accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`${SITE.baseUrl}/ answered ${res.status}`);
  return res.json();
}
const INDEX = await siteIndex();
const SITE_NAMESPACES: string[] = Array.isArray(INDEX.namespaces) ? INDEX.namespaces : [];
/** A sandbox site says what it runs (env.json `addons`); another site is read from its index. */
const HAS_ADDONS = SITE.isSandbox ? Boolean(SITE.env.addons?.forminator) : SITE_NAMESPACES.includes('forminator/v1');
const MODULES: { form?: number; poll?: number; quiz?: number } = SITE.isSandbox ? (SITE.env.addonIds ?? {}) : {};

async function expectCall(status: number, method: string, specPath: string, opts: CallOptions = {}, as = call): Promise<Answer> {
  const a = await as(method, specPath, opts);
  expect(a.status, `${method} ${specPath}: ${a.text.slice(0, 300)}`).toBe(status);
  expect(conforms(method, specPath, a)).toEqual([]);
  return a;
}

/** The site's records counted in its database (sandbox sites only; scripts/sandbox/count.sh). */
function dbCounts(): Json {
  const r = spawnSync('bash', [join(ROOT, 'scripts', 'sandbox', 'count.sh'), SITE.name!], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`counting the records of ${SITE.name} in its database failed: ${r.stderr.trim()}`);
  return JSON.parse(r.stdout);
}

if (HAS_ADDONS)
  describe(`the add-ons on ${SITE.baseUrl}`, () => {
    let before: Json;
    beforeAll(() => {
      if (SITE.isSandbox) before = dbCounts();
    });
    afterAll(() => {
      // Checked here too, so that a failing test above cannot hide a left-over record.
      if (SITE.isSandbox) expect(dbCounts()).toEqual(before);
    });

    it("the site's index lists the four real namespaces", () => {
      expect(SITE_NAMESPACES).toEqual(expect.arrayContaining(Object.values(ADDONS)));
    });

    it.each([
      ['forms', 'form'],
      ['polls', 'poll'],
      ['quizzes', 'quiz'],
    ] as const)('forms/v1: the preview of the seeded %s renders it', async (kind, module) => {
      const id = MODULES[module];
      if (id === undefined) throw new Error(`this test needs the seeded ${module}'s id (.sandbox/env.json addonIds)`);
      const a = await expectCall(200, 'GET', `/forms/v1/preview/${kind}`, { query: { module_id: String(id) }, auth: true });
      expect(a.json.success).toBe(true);
      expect(a.json.data.markup).toContain(`forminator-module-${id}`);
    });

    it('forms/v1: an unknown module answers 200 {success:false}; anonymous 401; no module_id 400', async () => {
      const none = await expectCall(200, 'GET', '/forms/v1/preview/forms', { query: { module_id: '999999' }, auth: true });
      expect(none.json).toEqual({ success: false });
      const anon = await expectCall(401, 'GET', '/forms/v1/preview/forms', { query: { module_id: String(MODULES.form ?? 1) } }, anonymous);
      expect(anon.json.code).toBe('rest_forbidden');
      const missing = await expectCall(400, 'GET', '/forms/v1/preview/forms', { auth: true });
      expect(missing.json.code).toBe('rest_missing_callback_param');
    });

    it.each(['sync', 'logout'])('connector/v1/%s: offline and not logged in to the hub, 200 {success:false} "Not logged in."', async (route) => {
      const a = await expectCall(200, 'POST', `/connector/v1/${route}`, { auth: true, body: {} });
      expect(a.json).toEqual({ success: false, error: 'Not logged in.' });
      const anon = await expectCall(401, 'POST', `/connector/v1/${route}`, { body: {} }, anonymous);
      expect(anon.json.code).toBe('rest_forbidden');
    });

    it('crosssell/v1: installing a plugin the site runs is refused (400); activating an active one changes nothing (200)', async () => {
      const install = await expectCall(400, 'POST', '/crosssell/v1/plugincrosssell/install_plugin', { auth: true, body: { plugin_slug: 'forminator' } });
      expect(install.json).toMatchObject({ success: false, message: 'You are already using this plugin.' });
      const activate = await expectCall(200, 'POST', '/crosssell/v1/plugincrosssell/activate_plugin', { auth: true, body: { plugin_slug: 'forminator' } });
      expect(activate.json.success).toBe(true);
      const missing = await expectCall(400, 'POST', '/crosssell/v1/plugincrosssell/install_plugin', { auth: true, body: {} });
      expect(missing.json.code).toBe('rest_missing_callback_param');
      const anon = await expectCall(401, 'POST', '/crosssell/v1/plugincrosssell/install_plugin', { body: { plugin_slug: 'forminator' } }, anonymous);
      expect(anon.json.code).toBe('rest_forbidden');
    });

    it.each(['dismiss-nps-survey', 'rating'])(
      'survey/v1/%s: an application password passes the capability check and is refused by the nonce check (200, nothing stored)',
      async (route) => {
        const a = await expectCall(200, 'POST', `/survey/v1/${route}`, { auth: true, body: {} });
        expect(a.json).toEqual({ success: false, data: { data: 'Nonce verification failed.', status: false } });
        const anon = await expectCall(401, 'POST', `/survey/v1/${route}`, { body: {} }, anonymous);
        expect(anon.json.code).toBe('gt_rest_cannot_access');
      },
    );
  });
else
  describe(`no add-ons on ${SITE.baseUrl}: their namespaces are absent`, () => {
    it.each(Object.keys(ADDONS))('%s is not in the index and its root answers 404 rest_no_route', async (ns) => {
      expect(SITE_NAMESPACES).not.toContain(ADDONS[ns]);
      const a = await call('GET', `/${ns}`);
      expect(a.status, `${mapPath(`/${ns}`, MAPPING)}: ${a.text.slice(0, 200)}`).toBe(404);
      expect(a.json.code).toBe('rest_no_route');
    });
  });
